import { Hono, type Context } from 'hono';
import type { Db } from '../storage/db';
import type { AppConfig } from '../tools/context';
import type { Clock } from '../tools/clock';
import type { Actor } from '../tools/actor';
import { registry, toolByName } from '../tools/registry';
import { registerAuthRoutes } from '../auth/routes';
import { API_PREFIX, errorResponse, registerRestRoutes, requestIdOf, type RestDeps } from '../rest-adapter/routes';
import { buildOpenApi } from '../rest-adapter/openapi';
import { problemFromToolError, problemResponse } from '../rest-adapter/problem';
import { ToolError } from '../tools/errors';
import { createMcpEndpoint } from './mcp';
import { mcpAuthGate } from './mcp-auth-gate';
import { registerSite } from '../site/routes';

export type AppDeps = { db: Db; config: AppConfig; clock: Clock };

const MAX_MCP_BODY = 4 * 1024 * 1024;

// Composes OAuth, REST, OpenAPI, MCP and the site on one Hono app. Everything reads the one registry.
export function createApp(deps: AppDeps) {
  const app = new Hono();
  const baseContext = { db: deps.db, config: deps.config, clock: deps.clock };
  // First: oidc-provider reads raw Node requests, so nothing may consume a body before /oauth/*.
  const auth = registerAuthRoutes(app, deps);
  const rest: RestDeps = {
    baseContext,
    authenticate: (c) => auth.authenticate(c, 'api'),
    challengeHeaders: (p) => auth.challengeHeaders.api(p),
  };

  const openapi = JSON.stringify(buildOpenApi(registry, deps.config));
  app.get(`${API_PREFIX}/openapi.json`, () => new Response(openapi, { headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=300', 'access-control-allow-origin': '*' } }));
  registerRestRoutes(app, registry, rest);
  app.all(`${API_PREFIX}/*`, (c) =>
    errorResponse(new ToolError('not_found', `No operation at ${c.req.method} ${new URL(c.req.url).pathname}. See ${API_PREFIX}/openapi.json.`), c, rest));

  const mcp = createMcpEndpoint(registry, { baseContext });
  const mcpProblem = (c: Context, err: ToolError) => {
    const problem = problemFromToolError(err, requestIdOf(c), deps.config.siteUrl);
    return problemResponse(problem, auth.challengeHeaders.mcp(problem));
  };
  app.all('/mcp', async (c) => {
    let actor: Actor;
    try {
      actor = await auth.authenticate(c, 'mcp');
    } catch (err) {
      if (err instanceof ToolError) return mcpProblem(c, err);
      throw err;
    }
    const authInfo = { token: '', clientId: actor.kind === 'oauth' ? actor.clientId : '', scopes: actor.kind === 'anonymous' ? [] : actor.scopes, extra: { actor } };
    if (c.req.method !== 'POST') return mcp.fetch(c.req.raw, { authInfo });
    const text = await c.req.text();
    if (text.length > MAX_MCP_BODY) return mcp.fetch(new Request(c.req.raw.url, { method: 'POST', headers: c.req.raw.headers, body: text }), { authInfo });
    let parsedBody: unknown;
    try {
      parsedBody = JSON.parse(text);
    } catch {
      // Let the SDK answer malformed JSON with its own JSON-RPC parse error.
      return mcp.fetch(new Request(c.req.raw.url, { method: 'POST', headers: c.req.raw.headers, body: text }), { authInfo });
    }
    const denied = mcpAuthGate(parsedBody, actor, toolByName);
    if (denied) return mcpProblem(c, denied);
    return mcp.fetch(c.req.raw, { authInfo, parsedBody });
  });

  registerSite(app, deps);
  return { app, auth, close: () => mcp.close() };
}
