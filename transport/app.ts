import { Hono } from 'hono';
import type { Db } from '../storage/db';
import type { AppConfig } from '../tools/context';
import type { Clock } from '../tools/clock';
import { registry } from '../tools/registry';
import { authenticate } from '../auth/actor';
import { API_PREFIX, errorResponse, registerRestRoutes, type RestDeps } from '../rest-adapter/routes';
import { buildOpenApi } from '../rest-adapter/openapi';
import { ToolError } from '../tools/errors';
import { createMcpEndpoint } from './mcp';
import { registerSite } from '../site/routes';

export type AppDeps = { db: Db; config: AppConfig; clock: Clock };

// Composes REST, OpenAPI, MCP and the site on one Hono app. Everything reads the one registry.
export function createApp(deps: AppDeps) {
  const app = new Hono();
  const baseContext = { db: deps.db, config: deps.config, clock: deps.clock };
  const rest: RestDeps = { baseContext, authenticate };

  const openapi = JSON.stringify(buildOpenApi(registry, deps.config));
  app.get(`${API_PREFIX}/openapi.json`, () => new Response(openapi, { headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=300' } }));
  registerRestRoutes(app, registry, rest);
  app.all(`${API_PREFIX}/*`, (c) =>
    errorResponse(new ToolError('not_found', `No operation at ${c.req.method} ${new URL(c.req.url).pathname}. See ${API_PREFIX}/openapi.json.`), c, rest));

  const mcp = createMcpEndpoint(registry, { baseContext });
  app.all('/mcp', async (c) => {
    const actor = await authenticate(c);
    return mcp.fetch(c.req.raw, { authInfo: { token: '', clientId: '', scopes: [], extra: { actor } } });
  });

  registerSite(app, deps);
  return { app, close: () => mcp.close() };
}
