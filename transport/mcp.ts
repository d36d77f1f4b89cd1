import { createMcpHandler, ProtocolError, ProtocolErrorCode, Server, type McpHttpHandler } from '@modelcontextprotocol/server';
import type { Actor } from '../tools/actor';
import type { ProgressReport, ToolContext } from '../tools/context';
import type { McpTool } from '../tools/define';
import { ToolError } from '../tools/errors';
import { jsonText } from '../tools/invoke';
import { internalProblem, problemFromToolError, type Problem } from '../rest-adapter/problem';
import { withIdempotency } from '../rest-adapter/idempotency';
import { runForOutcome } from '../rest-adapter/routes';
import { inputJsonSchema, outputJsonSchema } from '../rest-adapter/json-schema';

export const SERVER_INFO = { name: 'launch-directory', title: 'Software Launch Directory', version: '1.0.0' };
export const LIST_CACHE = { ttlMs: 300_000, cacheScope: 'public' as const };

const INSTRUCTIONS =
  'A public directory of software products. Read tools (search_listings, get_listing, get_launch_week, ' +
  'get_leaderboard, …) work without signing in. Votes cannot be cast through tools. The billboard leaderboard ' +
  'is paid: always present it as paid. Prices come from list_products and change; never hardcode them.';

export type ToolListEntry = ReturnType<typeof buildToolList>[number];

// How a client may call the tool, in the form OpenAI documents for apps (`securitySchemes`): public tools need
// nothing (and work with a token too); the others need an OAuth token (or API key) carrying the tool's scope.
export function securitySchemes(scope: McpTool['scope']) {
  return scope === 'public' ? [{ type: 'noauth' }] : [{ type: 'oauth2', scopes: [scope] }];
}

// Built once at start-up from the registry: schema conversion per request is the costliest part of MCP serving.
export function buildToolList(tools: McpTool[]) {
  return tools.map((t) => ({
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: inputJsonSchema(t) as { type: 'object'; [k: string]: unknown },
    outputSchema: outputJsonSchema(t) as { type: 'object'; [k: string]: unknown },
    annotations: { title: t.title, ...t.annotations },
    _meta: { 'x-scope': t.scope, securitySchemes: securitySchemes(t.scope) },
  }));
}

export type McpDeps = { baseContext: Omit<ToolContext, 'actor'>; onToolCall?: (tool: string, isError: boolean) => void };

export type CallResult = {
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: true;
  _meta?: Record<string, unknown>;
};

// One line a model can act on: what failed, why, and which fields to change.
export function problemSummary(p: Problem): string {
  const lines = [`Error ${p.status} ${p.code} (${p.title}): ${p.detail}`];
  for (const e of p.errors ?? []) lines.push(`- field ${e.path}: ${e.message}`);
  if (p.status === 401) lines.push('Sign in: connect an account (OAuth) or send an API key, then call the tool again.');
  if (p.status === 403 && Array.isArray(p.required_scopes)) lines.push(`Needs the scope(s): ${(p.required_scopes as string[]).join(' ')}.`);
  if (p.status === 429 || p.status === 503) lines.push('Retry later.');
  return lines.join('\n');
}

// A failed call as an isError result: the problem in `content` (a summary, then the problem object as JSON), and
// in structuredContent only where it validates against the tool's outputSchema — clients (SDK 1.x, Inspector)
// validate structuredContent against it and would turn the tool error into a protocol error.
export function toolErrorResult(problem: Problem, tool?: McpTool, meta?: Record<string, unknown>): CallResult {
  const result: CallResult = {
    isError: true,
    content: [{ type: 'text', text: problemSummary(problem) }, { type: 'text', text: JSON.stringify(problem) }],
  };
  if (tool && tool.output.safeParse(problem).success) result.structuredContent = problem;
  if (meta) result._meta = meta;
  return result;
}

// Idempotency over MCP: tools/call `params._meta.idempotencyKey` plays the Idempotency-Key header's part.
export const idempotencyKeyOf = (meta: unknown): string | undefined => {
  const key = (meta as { idempotencyKey?: unknown } | undefined)?.idempotencyKey;
  return key === undefined ? undefined : String(key);
};

// tools/call for a known tool, shared by the SDK handler and the fast path: the tool's result, or a failure as an
// isError result carrying the same problem object REST would send.
export type CallOutcome = { ok: true; value: Record<string, unknown> } | { ok: false; result: CallResult };
export async function callToolOutcome(
  tool: McpTool, actor: Actor, args: unknown, deps: McpDeps, idempotencyKey?: string, extras: Pick<ToolContext, 'progress' | 'signal'> = {},
): Promise<CallOutcome> {
  const requestId = crypto.randomUUID();
  const { db, clock, config } = deps.baseContext;
  try {
    const input = args ?? {};
    const outcome = await withIdempotency({ db, now: clock.now(), actor, tool, key: idempotencyKey, input },
      () => runForOutcome(tool, { ...deps.baseContext, ...extras, actor }, input, requestId));
    const body = outcome.body as Record<string, unknown>;
    deps.onToolCall?.(tool.name, outcome.status >= 400);
    if (outcome.status >= 400) return { ok: false, result: toolErrorResult(body as Problem, tool) };
    return { ok: true, value: body };
  } catch (err) {
    const problem = err instanceof ToolError
      ? problemFromToolError(err, requestId, config.siteUrl)
      : internalProblem(requestId, config.siteUrl);
    if (!(err instanceof ToolError)) console.error(`[${requestId}] ${tool.name}`, err);
    deps.onToolCall?.(tool.name, true);
    return { ok: false, result: toolErrorResult(problem, tool) };
  }
}

// The SDK's CallToolResult: the result as text (for clients that read only that) and as structuredContent. The fast
// path writes both from bytes it keeps beside a cached result (transport/mcp-fast-path.ts), so it takes the outcome
// instead: the text made here per call had cost it a serialisation of the whole result (~9 % of an MCP get_listing).
export async function callToolResult(
  tool: McpTool, actor: Actor, args: unknown, deps: McpDeps, idempotencyKey?: string, extras: Pick<ToolContext, 'progress' | 'signal'> = {},
): Promise<CallResult> {
  const o = await callToolOutcome(tool, actor, args, deps, idempotencyKey, extras);
  return o.ok ? { content: [{ type: 'text', text: jsonText(o.value) }], structuredContent: o.value } : o.result;
}

export function createMcpEndpoint(tools: McpTool[], deps: McpDeps): McpHttpHandler {
  const list = buildToolList(tools);
  const byName = new Map(tools.map((t) => [t.name, t]));

  const factory = ({ authInfo }: { authInfo?: { extra?: Record<string, unknown> } }) => {
    const actor = (authInfo?.extra?.actor as Actor | undefined) ?? { kind: 'anonymous', ip: 'unknown' };
    const server = new Server(SERVER_INFO, {
      capabilities: { tools: { listChanged: false } },
      instructions: INSTRUCTIONS,
      cacheHints: { 'tools/list': LIST_CACHE, 'server/discover': LIST_CACHE },
    });
    server.setRequestHandler('tools/list', async () => ({ tools: list }));
    server.setRequestHandler('tools/call', async (request, ctx) => {
      const tool = byName.get(request.params.name);
      // An unknown tool is a protocol error (-32602), not a tool result, per the MCP tools spec.
      if (!tool) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
      // A progressToken asks for notifications/progress while the tool works (get_draft's wait_seconds).
      const progressToken = request.params._meta?.progressToken;
      const progress = progressToken === undefined ? undefined : (r: ProgressReport) =>
        ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken, ...r } });
      return callToolResult(tool, actor, request.params.arguments, deps, idempotencyKeyOf(request.params._meta), { progress, signal: ctx.mcpReq.signal });
    });
    return server;
  };

  return createMcpHandler(factory, { legacy: 'stateless', responseMode: 'auto' });
}
