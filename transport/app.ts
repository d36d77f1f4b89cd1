import { Hono, type Context } from 'hono';
import type { Db } from '../storage/db';
import type { AppConfig } from '../tools/context';
import type { Clock } from '../tools/clock';
import type { Actor } from '../tools/actor';
import { registry, toolByName } from '../tools/registry';
import { registerAuthRoutes } from '../auth/routes';
import { API_PREFIX, errorResponse, rateLimited, registerRestRoutes, requestIdOf, type RestDeps } from '../rest-adapter/routes';
import { RateLimiter, rateLimitHeaders } from '../rest-adapter/rate-limit';
import { buildOpenApi } from '../rest-adapter/openapi';
import { problemFromToolError, problemResponse } from '../rest-adapter/problem';
import { ToolError } from '../tools/errors';
import { buildToolList, createMcpEndpoint } from './mcp';
import { createFastPath } from './mcp-fast-path';
import { mcpAuthGate } from './mcp-auth-gate';
import { bodyLimit, readBodyText } from './read-body';
import { registerSite } from '../site/routes';
import { securityHeaders } from '../site/security-headers';

export type AppDeps = { db: Db; config: AppConfig; clock: Clock };

const MAX_MCP_BODY = 4 * 1024 * 1024;
const MAX_MCP_BATCH = 20;
const MAX_REST_BODY = 1024 * 1024;
const MAX_FORM_BODY = 1024 * 1024; // site forms and the Stripe webhook

// Which cap applies to a request body; null leaves it unread (oidc-provider parses its own, with its own
// limits; the MCP endpoint reads its larger body itself).
function bodyCapFor(path: string): number | null {
  if (path === '/mcp') return null;
  if ((path.startsWith('/oauth/') && !path.startsWith('/oauth/interaction/')) || path.startsWith('/.well-known/')) return null;
  return path.startsWith(`${API_PREFIX}/`) ? MAX_REST_BODY : MAX_FORM_BODY;
}

// Composes OAuth, REST, OpenAPI, MCP and the site on one Hono app. Everything reads the one registry.
export function createApp(deps: AppDeps) {
  const app = new Hono();
  const baseContext = { db: deps.db, config: deps.config, clock: deps.clock };
  // A 413 problem (RFC 9457) for the API and MCP, a short text for browsers.
  const tooLarge = (c: Context, limit: number) => {
    const detail = `The request body is larger than ${limit} bytes.`;
    if (c.req.path === '/mcp' || c.req.path.startsWith(`${API_PREFIX}/`)) {
      const requestId = requestIdOf(c);
      return problemResponse({
        type: `${deps.config.siteUrl}/docs/api#error-payload_too_large`, title: 'Payload too large', status: 413, detail, code: 'payload_too_large', request_id: requestId,
      }, { 'x-request-id': requestId });
    }
    return new Response(`${detail}\n`, { status: 413, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  };
  // Before every route: no handler may parse an unbounded body.
  app.on(['POST', 'PUT', 'PATCH', 'DELETE'], '*', bodyLimit((c) => bodyCapFor(c.req.path), tooLarge));
  // First: oidc-provider reads raw Node requests, so nothing may consume a body before /oauth/*.
  const auth = registerAuthRoutes(app, deps);
  const limiter = new RateLimiter(deps.config.rateLimits, deps.clock);
  const rest: RestDeps = {
    baseContext,
    limiter,
    authenticate: (c) => auth.authenticate(c, 'api'),
    challengeHeaders: (p) => auth.challengeHeaders.api(p),
  };

  const openapi = JSON.stringify(buildOpenApi(registry, deps.config));
  app.get(`${API_PREFIX}/openapi.json`, () => new Response(openapi, { headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=300', 'access-control-allow-origin': '*' } }));
  registerRestRoutes(app, registry, rest);
  app.all(`${API_PREFIX}/*`, (c) =>
    errorResponse(new ToolError('not_found', `No operation at ${c.req.method} ${new URL(c.req.url).pathname}. See ${API_PREFIX}/openapi.json.`), c, rest));

  const mcp = createMcpEndpoint(registry, { baseContext });
  const mcpFastPath = createFastPath(registry, buildToolList(registry), { baseContext });
  const mcpProblem = (c: Context, err: ToolError, headers: Record<string, string> = {}) => {
    const problem = problemFromToolError(err, requestIdOf(c), deps.config.siteUrl);
    return problemResponse(problem, { ...headers, ...auth.challengeHeaders.mcp(problem) });
  };
  app.all('/mcp', async (c) => {
    let actor: Actor;
    try {
      actor = await auth.authenticate(c, 'mcp');
    } catch (err) {
      if (err instanceof ToolError) return mcpProblem(c, err);
      throw err;
    }
    const decision = limiter.take(actor);
    const rateHeaders = decision ? rateLimitHeaders(decision) : {};
    if (decision && !decision.allowed) return mcpProblem(c, rateLimited(decision), rateHeaders);
    const res = await serveMcp(c, actor);
    for (const [k, v] of Object.entries(rateHeaders)) res.headers.set(k, v);
    return res;
  });

  // The initialize-based eras accept JSON-RPC batches: each message is a request of its own, so each one
  // past the first (charged on arrival) takes a rate-limit token too, and a batch has a size cap.
  function chargeBatch(body: unknown, actor: Actor): ((c: Context) => Response) | null {
    if (!Array.isArray(body) || body.length <= 1) return null;
    if (body.length > MAX_MCP_BATCH) {
      return (c) => mcpProblem(c, new ToolError('invalid_input', `A JSON-RPC batch may hold at most ${MAX_MCP_BATCH} messages; this one holds ${body.length}.`, [{ path: '(body)', message: `at most ${MAX_MCP_BATCH} messages` }]));
    }
    for (let i = 1; i < body.length; i++) {
      const decision = limiter.take(actor);
      if (decision && !decision.allowed) return (c) => mcpProblem(c, rateLimited(decision), rateLimitHeaders(decision));
    }
    return null;
  }

  async function serveMcp(c: Context, actor: Actor): Promise<Response> {
    const authInfo = { token: '', clientId: actor.kind === 'oauth' ? actor.clientId : '', scopes: actor.kind === 'anonymous' ? [] : actor.scopes, extra: { actor } };
    if (c.req.method !== 'POST') return mcp.fetch(c.req.raw, { authInfo });
    const text = await readBodyText(c, MAX_MCP_BODY);
    if (text === null) return tooLarge(c, MAX_MCP_BODY);
    // The body has been read here, so the SDK gets a request rebuilt from the text (or the parsed value).
    const replay = () => new Request(c.req.raw.url, { method: 'POST', headers: c.req.raw.headers, body: text });
    let parsedBody: unknown;
    try {
      parsedBody = JSON.parse(text);
    } catch {
      // Let the SDK answer malformed JSON with its own JSON-RPC parse error.
      return mcp.fetch(replay(), { authInfo });
    }
    const denied = mcpAuthGate(parsedBody, actor, toolByName);
    if (denied) return mcpProblem(c, denied);
    const overBudget = chargeBatch(parsedBody, actor);
    if (overBudget) return overBudget(c);
    return (await mcpFastPath(parsedBody, c.req.raw.headers, actor)) ?? mcp.fetch(replay(), { authInfo, parsedBody });
  }

  // Registered after the API and MCP routes, so it runs for site pages only (those answer without next()).
  app.use('*', securityHeaders({ https: deps.config.siteUrl.startsWith('https:') }));
  registerSite(app, deps);
  return { app, auth, close: () => mcp.close() };
}
