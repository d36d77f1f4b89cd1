import { createMcpHandler, ProtocolError, ProtocolErrorCode, Server, type McpHttpHandler } from '@modelcontextprotocol/server';
import type { Actor } from '../tools/actor';
import type { ToolContext } from '../tools/context';
import type { AnyTool } from '../tools/define';
import { ToolError } from '../tools/errors';
import { jsonText } from '../tools/invoke';
import { internalProblem, problemFromToolError } from '../rest-adapter/problem';
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

// Built once at start-up from the registry: schema conversion per request is the costliest part of MCP serving.
export function buildToolList(tools: AnyTool[]) {
  return tools.map((t) => ({
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: inputJsonSchema(t) as { type: 'object'; [k: string]: unknown },
    outputSchema: outputJsonSchema(t) as { type: 'object'; [k: string]: unknown },
    annotations: { title: t.title, ...t.annotations },
    _meta: { 'x-scope': t.scope },
  }));
}

export type McpDeps = { baseContext: Omit<ToolContext, 'actor'> };

export type CallResult = {
  content: { type: 'text'; text: string }[];
  structuredContent: Record<string, unknown>;
  isError?: true;
};

// Idempotency over MCP: tools/call `params._meta.idempotencyKey` plays the Idempotency-Key header's part.
export const idempotencyKeyOf = (meta: unknown): string | undefined => {
  const key = (meta as { idempotencyKey?: unknown } | undefined)?.idempotencyKey;
  return key === undefined ? undefined : String(key);
};

// tools/call for a known tool, shared by the SDK handler and the fast path: a failure becomes an
// isError result carrying the same problem object REST would send.
export async function callToolResult(tool: AnyTool, actor: Actor, args: unknown, deps: McpDeps, idempotencyKey?: string): Promise<CallResult> {
  const requestId = crypto.randomUUID();
  const { db, clock, config } = deps.baseContext;
  try {
    const input = args ?? {};
    const outcome = await withIdempotency({ db, now: clock.now(), actor, tool, key: idempotencyKey, input },
      () => runForOutcome(tool, { ...deps.baseContext, actor }, input, requestId));
    const body = outcome.body as Record<string, unknown>;
    if (outcome.status >= 400) return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }], structuredContent: body };
    return { content: [{ type: 'text', text: jsonText(body) }], structuredContent: body };
  } catch (err) {
    const problem = err instanceof ToolError
      ? problemFromToolError(err, requestId, config.siteUrl)
      : internalProblem(requestId, config.siteUrl);
    if (!(err instanceof ToolError)) console.error(`[${requestId}] ${tool.name}`, err);
    return { isError: true, content: [{ type: 'text', text: JSON.stringify(problem) }], structuredContent: problem };
  }
}

export function createMcpEndpoint(tools: AnyTool[], deps: McpDeps): McpHttpHandler {
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
    server.setRequestHandler('tools/call', async (request) => {
      const tool = byName.get(request.params.name);
      // An unknown tool is a protocol error (-32602), not a tool result, per the MCP tools spec.
      if (!tool) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
      return callToolResult(tool, actor, request.params.arguments, deps, idempotencyKeyOf(request.params._meta));
    });
    return server;
  };

  return createMcpHandler(factory, { legacy: 'stateless', responseMode: 'auto' });
}
