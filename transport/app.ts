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
import { readBodyText } from './read-body';
import { registerSite } from '../site/routes';

export type AppDeps = { db: Db; config: AppConfig; clock: Clock };

const MAX_MCP_BODY = 4 * 1024 * 1024;

// Composes OAuth, REST, OpenAPI, MCP and the site on one Hono app. Everything reads the one registry.
export function createApp(deps: AppDeps) {
  const app = new Hono();
  const baseContext = { db: deps.db, config: deps.config, clock: deps.clock };
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

  async function serveMcp(c: Context, actor: Actor): Promise<Response> {
    const authInfo = { token: '', clientId: actor.kind === 'oauth' ? actor.clientId : '', scopes: actor.kind === 'anonymous' ? [] : actor.scopes, extra: { actor } };
    if (c.req.method !== 'POST') return mcp.fetch(c.req.raw, { authInfo });
    const text = await readBodyText(c, MAX_MCP_BODY);
    if (text === null) return problemResponse(problemFromToolError(new ToolError('invalid_input', `The MCP request body is larger than ${MAX_MCP_BODY} bytes.`), requestIdOf(c), deps.config.siteUrl));
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
    return (await mcpFastPath(parsedBody, c.req.raw.headers, actor)) ?? mcp.fetch(replay(), { authInfo, parsedBody });
  }

  registerSite(app, deps);
  return { app, auth, close: () => mcp.close() };
}
