import type { Context, Hono } from 'hono';
import { cors } from './cors';
import type { Actor } from '../tools/actor';
import type { ToolContext } from '../tools/context';
import { ToolError } from '../tools/errors';
import { mcpToolByName, mcpTools } from '../tools/registry';
import type { AuthRoutes } from '../auth/routes';
import { rateLimited, requestIdOf, takenRateDecision } from '../rest-adapter/routes';
import { rateLimitHeaders, type RequestLimiter } from '../rest-adapter/rate-limit';
import { problemFromToolError, problemResponse, type Problem } from '../rest-adapter/problem';
import { hostAllowed, originAllowed } from '../domain/origins';
import { buildToolList, createMcpEndpoint, toolErrorResult } from './mcp';
import { createFastPath } from './mcp-fast-path';
import { mcpAuthGate } from './mcp-auth-gate';
import { precheck, protocolOnly } from './mcp-protocol';
import { readBodyText } from './read-body';
import { noteUser } from './ops/routes';

const MAX_MCP_BODY = 4 * 1024 * 1024;
const MAX_MCP_BATCH = 20;

const ALLOW_HEADERS = ['authorization', 'content-type', 'accept', 'mcp-protocol-version', 'mcp-session-id', 'mcp-method', 'mcp-name', 'last-event-id'];
const EXPOSE_HEADERS = ['Mcp-Session-Id', 'Mcp-Protocol-Version', 'WWW-Authenticate', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After', 'X-Request-Id'];

export type McpRouteDeps = {
  baseContext: Omit<ToolContext, 'actor'>;
  auth: AuthRoutes;
  limiter: RequestLimiter;
  // Protocol messages answered from memory (initialize, tools/list, ping, discovery): a larger allowance of
  // their own (transport/limits.ts).
  protocolLimiter: RequestLimiter;
  tooLarge: (c: Context, limit: number) => Response;
  onToolCall?: (tool: string, isError: boolean) => void;
};

// The MCP endpoint: Origin/Host checks (DNS rebinding), CORS for browser-based clients, sign-in and scope checks
// that clients can act on, rate limits, then the fast path or the SDK handler.
export function registerMcpRoute(app: Hono, deps: McpRouteDeps) {
  const { baseContext, auth, limiter, protocolLimiter } = deps;
  const { config } = baseContext;
  const listed = config.mcpAllowedOrigins ?? [];
  const mcp = createMcpEndpoint(mcpTools, { baseContext, onToolCall: deps.onToolCall });
  const fastPath = createFastPath(mcpTools, buildToolList(mcpTools), { baseContext, onToolCall: deps.onToolCall });

  const problem = (c: Context, err: ToolError): Problem => problemFromToolError(err, requestIdOf(c), config.siteUrl);
  const mcpProblem = (c: Context, err: ToolError, headers: Record<string, string> = {}) => {
    const p = problem(c, err);
    return problemResponse(p, { ...headers, ...auth.challengeHeaders.mcp(p) });
  };

  // MUST per the transport spec: a present Origin that is not allowed is refused, and so is a rebound Host.
  app.use('/mcp', async (c, next) => {
    const origin = c.req.header('origin');
    if (!hostAllowed(c.req.header('host'), config.siteUrl) || (origin !== undefined && !originAllowed(origin, config.siteUrl, listed))) {
      return mcpProblem(c, new ToolError('forbidden', `Requests from origin ${origin ?? '(none)'} to host ${c.req.header('host') ?? '(none)'} are not allowed. Set MCP_ALLOWED_ORIGINS to allow a browser-based client.`));
    }
    return next();
  });
  app.use('/mcp', cors({
    origin: (origin) => (originAllowed(origin, config.siteUrl, listed) ? origin : null),
    allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
    allowHeaders: ALLOW_HEADERS,
    exposeHeaders: EXPOSE_HEADERS,
    maxAge: 86400,
  }));

  app.all('/mcp', (c) => answer(c));

  // The endpoint itself, after the Origin/Host check and CORS above; transport/mcp-lane.ts calls it directly for
  // requests those two have nothing to do with.
  async function answer(c: Context): Promise<Response> {
    let actor: Actor;
    try {
      actor = noteUser(c, await auth.authenticate(c, 'mcp'));
    } catch (err) {
      if (err instanceof ToolError) return mcpProblem(c, err);
      throw err;
    }
    if (c.req.method !== 'POST') return charged(c, actor, limiter, async (h) => withHeaders(await mcp.fetch(c.req.raw, { authInfo: authInfoOf(actor) }), h));
    const text = await readBodyText(c, MAX_MCP_BODY);
    if (text === null) return deps.tooLarge(c, MAX_MCP_BODY);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      // The SDK answers malformed JSON with its own JSON-RPC parse error.
      return charged(c, actor, limiter, async (h) => withHeaders(await mcp.fetch(rebuilt(c, text), { authInfo: authInfoOf(actor) }), h));
    }
    const checked = precheck(parsed, c.req.header('mcp-protocol-version') ?? null);
    if ('refuse' in checked) return checked.refuse;
    const body = checked.body;
    return charged(c, actor, protocolOnly(body) ? protocolLimiter : limiter, async (rateHeaders) => {
      const denied = mcpAuthGate(body, actor, mcpToolByName);
      if (denied) return withHeaders(authResult(c, denied.error, denied.id), rateHeaders);
      const overBudget = await chargeBatch(body, actor);
      if (overBudget) return withHeaders(overBudget(c), rateHeaders);
      // The SDK's request is rebuilt only when the fast path declines: building one costs more than the call itself.
      const fast = await fastPath.answer(body, c.req.raw.headers, actor, { ...rateHeaders, ...answerHeadersOf(c) });
      if (fast) c.set(ANSWER_HEADERS_USED as never, true as never);
      return fast ?? withHeaders(await mcp.fetch(rebuilt(c, body === parsed ? text : JSON.stringify(body)), { authInfo: authInfoOf(actor), parsedBody: body }), rateHeaders);
    });
  }

  // Takes a token from the bucket, refuses with 429 when it is empty, and hands the RateLimit headers to `serve`,
  // which puts them on its answer.
  async function charged(c: Context, actor: Actor, bucket: RequestLimiter, serve: (rateHeaders: Record<string, string>) => Promise<Response>): Promise<Response> {
    // Taken already when the MCP front handed the request on refused (transport/mcp-front.ts).
    const decision = takenRateDecision(c) ?? await bucket.take(actor);
    const headers = decision ? rateLimitHeaders(decision) : {};
    if (decision && !decision.allowed) return mcpProblem(c, rateLimited(decision), headers);
    return serve(headers);
  }

  // 401 (no or failed credential) and 403 (missing scope) keep their HTTP status and WWW-Authenticate, which MCP
  // clients act on; the body is the tool's error result, with the challenge in `_meta["mcp/www_authenticate"]`
  // as OpenAI documents for ChatGPT apps, so a client that reads the body can start sign-in from it too.
  function authResult(c: Context, err: ToolError, id: unknown): Response {
    const p = problem(c, err);
    const headers = auth.challengeHeaders.mcp(p);
    const challenge = headers['www-authenticate'];
    const result = toolErrorResult(p, undefined, challenge ? { 'mcp/www_authenticate': [challenge] } : undefined);
    return new Response(JSON.stringify({ jsonrpc: '2.0', id: id ?? null, result }), {
      status: p.status, headers: { 'content-type': 'application/json', ...headers },
    });
  }

  // The initialize-based eras before 2025-06-18 accept JSON-RPC batches: each message is a request of its own, so
  // each one past the first (charged on arrival) takes a rate-limit token too, and a batch has a size cap.
  async function chargeBatch(body: unknown, actor: Actor): Promise<((c: Context) => Response) | null> {
    if (!Array.isArray(body) || body.length <= 1) return null;
    if (body.length > MAX_MCP_BATCH) {
      return (c) => mcpProblem(c, new ToolError('invalid_input', `A JSON-RPC batch may hold at most ${MAX_MCP_BATCH} messages; this one holds ${body.length}.`, [{ path: '(body)', message: `at most ${MAX_MCP_BATCH} messages` }]));
    }
    for (let i = 1; i < body.length; i++) {
      const decision = await limiter.take(actor);
      if (decision && !decision.allowed) return (c) => mcpProblem(c, rateLimited(decision), rateLimitHeaders(decision));
    }
    return null;
  }

  return { close: () => mcp.close(), answer, fastPath, maxBody: MAX_MCP_BODY };
}

function withHeaders(res: Response, headers: Record<string, string>): Response {
  for (const [k, v] of Object.entries(headers)) res.headers.set(k, v);
  return res;
}

// Headers the MCP lane (transport/mcp-lane.ts) wants on the answer, given to the fast path so that its answer is
// made with them rather than changed afterwards.
const ANSWER_HEADERS = 'mcpAnswerHeaders';
export function setAnswerHeaders(c: Context, headers: Record<string, string>): void {
  c.set(ANSWER_HEADERS as never, headers as never);
}
const answerHeadersOf = (c: Context) => (c.get(ANSWER_HEADERS as never) as Record<string, string> | undefined) ?? {};
const ANSWER_HEADERS_USED = 'mcpAnswerHeadersUsed';
// True when the answer was made with them (the fast path answered).
export const answerHeadersUsed = (c: Context): boolean => c.get(ANSWER_HEADERS_USED as never) === true;

const authInfoOf = (actor: Actor) => ({
  token: '', clientId: actor.kind === 'oauth' ? actor.clientId : '', scopes: actor.kind === 'anonymous' ? [] : actor.scopes, extra: { actor },
});

// The body has been read here, so the SDK gets a request rebuilt from the text.
const rebuilt = (c: Context, text: string) => new Request(c.req.raw.url, { method: 'POST', headers: c.req.raw.headers, body: text });
