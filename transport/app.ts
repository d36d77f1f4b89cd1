import { Hono, type Context } from 'hono';
import type { AppDeps } from '../app-context';
import type { JobPort } from '../tools/job-port';
import { queuedJobs } from '../jobs/port';
import { registry } from '../tools/registry';
import { registerAuthRoutes } from '../auth/routes';
import { API_PREFIX, errorResponse, registerRestRoutes, requestIdOf, type RestDeps } from '../rest-adapter/routes';
import { createLimits } from './limits';
import { buildOpenApi } from '../rest-adapter/openapi';
import { readRoutes } from '../rest-adapter/read-routes';
import { problemResponse } from '../rest-adapter/problem';
import { ToolError } from '../tools/errors';
import { registerMcpRoute } from './mcp-route';
import { cors, corsAnswerHeaders, type CorsOptions } from './cors';
import { preparedReads } from './prepared-reads';
import { mcpLane } from './mcp-lane';
import { mcpFront } from './mcp-front';
import { pageFront } from './page-front';
import { mcpToolByName } from '../tools/registry';
import { appRequestListener } from './node-front';
import { compress } from './compress';
import { httpCache } from './http-cache';
import { etagOf } from '../domain/etag';
import { createLogger, type Logger } from './ops/logger';
import { createMetrics, type Metrics } from './ops/metrics';
import { noteUser, registerOps, requestRecorder } from './ops/routes';
import { bodyLimit } from './read-body';
import { siteViewer } from '../site/viewer';
import { keptAddressCount } from '../site/kept-page';
import { registerSite } from '../site/routes';
import { keepJsxRenderContextSynchronous } from '../site/jsx-render-context';
import { securityHeaders } from '../site/security-headers';
import { unhandledErrorPage } from '../site/render';
import { registerAccountRoutes } from '../site/account/routes';
import { renderOAuthError } from '../site/account/oauth-error';
import { setKeptBytes } from '../storage/queries/memo';

// What createApp is given: the application context (app-context/) less the job port, which is wired here, plus
// transport's own logging and metrics.
export type CreateAppDeps = Omit<AppDeps, 'jobs'> & { logger?: Logger; metrics?: Metrics };

// Tools enqueue through this port (tools/job-port.ts); jobs/port.ts implements it over the jobs table. The
// annotation is where the compiler checks the fit, since jobs/ does not import tools/.
const jobPort: JobPort = queuedJobs;

// The REST API may be called from any web page: public reads, and authenticated calls with an Authorization
// header. Never with cookies: the site's session is not an API credential, so credentials mode stays off.
const API_CORS: CorsOptions = {
  origin: '*',
  allowMethods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'],
  allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'If-None-Match', 'X-Request-Id'],
  exposeHeaders: ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy', 'Retry-After', 'X-Request-Id', 'ETag', 'Idempotent-Replayed', 'WWW-Authenticate', 'Location'],
  maxAge: 86400,
};

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
export function createApp(given: CreateAppDeps) {
  // Before any page renders (site/jsx-render-context.tsx).
  keepJsxRenderContextSynchronous();
  const deps: AppDeps & CreateAppDeps = { ...given, jobs: jobPort };
  const app = new Hono();
  const logger = deps.logger ?? createLogger();
  const metrics = deps.metrics ?? createMetrics(deps);
  const record = requestRecorder(logger, metrics);
  const restLane = metrics.laneAnswers.labels('rest_read');
  const mcpLaneCount = metrics.laneAnswers.labels('mcp');
  const restFront = metrics.frontAnswers.labels('rest_read');
  const mcpFrontCount = metrics.frontAnswers.labels('mcp');
  const pageLaneCount = metrics.laneAnswers.labels('page');
  const pageFrontCount = metrics.frontAnswers.labels('page');
  if (deps.config.cacheMb !== undefined) setKeptBytes(deps.db, deps.config.cacheMb * 1024 * 1024);
  const baseContext = { db: deps.db, config: deps.config, clock: deps.clock, jobs: deps.jobs };
  // Rate limits and failed sign-ins, counted per process or shared by all (LIMITS_STORE).
  const limits = createLimits(deps.config, deps.clock);
  // Ahead of everything: anonymous public reads, routed as the REST routes below would (transport/prepared-reads.ts).
  const OPENAPI_PATH = `${API_PREFIX}/openapi.json`;
  const prepared = preparedReads({
    baseContext, routes: readRoutes(registry, [OPENAPI_PATH]), limiter: limits.api, config: deps.config, cors: corsAnswerHeaders(API_CORS), record, served: () => restLane.inc(), servedAtFront: () => restFront.inc(),
  });
  app.use(`${API_PREFIX}/*`, prepared.middleware);
  metrics.addressCounts.set('rest_read', prepared.rememberedUrls);
  metrics.addressCounts.set('page', () => keptAddressCount(deps.db));
  // And MCP calls from clients that send no Origin (transport/mcp-lane.ts).
  let mcpAnswer: ((c: Context) => Promise<Response>) | undefined;
  app.use('/mcp', mcpLane({ siteUrl: deps.config.siteUrl, record, answer: () => mcpAnswer, onError: (err, c) => lastLine(err, c), served: () => mcpLaneCount.inc() }));
  // Then: request id, one log line and the metrics for every request; /health and /metrics.
  registerOps(app, { db: deps.db, config: deps.config, logger, metrics, record });
  // Then br/gzip around ETags and Cache-Control (compression sees the final, possibly 304, answer).
  app.use('*', compress());
  app.use('*', httpCache());
  // Site pages (and the account pages registered with OAuth) know who is looking, for the header.
  app.use('*', siteViewer(deps));
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
  const auth = registerAuthRoutes(app, deps, { registerAccountRoutes, renderOAuthError }, { throttle: limits.signIns });
  const rest: RestDeps = {
    baseContext,
    limiter: limits.api,
    authenticate: async (c) => noteUser(c, await auth.authenticate(c, 'api')),
    challengeHeaders: (p) => auth.challengeHeaders.api(p),
    answeredPublicRead: prepared.remember,
  };

  app.use(`${API_PREFIX}/*`, cors(API_CORS));
  const openapi = JSON.stringify(buildOpenApi(registry, deps.config));
  const openapiEtag = etagOf(openapi);
  app.get(OPENAPI_PATH, () => new Response(openapi, { headers: { 'content-type': 'application/json', etag: openapiEtag, 'access-control-allow-origin': '*' } }));
  registerRestRoutes(app, registry, rest);
  app.all(`${API_PREFIX}/*`, (c) =>
    errorResponse(new ToolError('not_found', `No operation at ${c.req.method} ${new URL(c.req.url).pathname}. See ${API_PREFIX}/openapi.json.`), c, rest));

  const mcp = registerMcpRoute(app, { baseContext, auth, limiter: limits.api, protocolLimiter: limits.protocol, tooLarge, onToolCall: (tool, isError) => metrics.mcpCalls.inc({ tool, outcome: isError ? 'error' : 'ok' }) });

  // Registered after the API and MCP routes, so it runs for site pages only (those answer without next()).
  app.use('*', securityHeaders({ https: deps.config.siteUrl.startsWith('https:') }));
  registerSite(app, { ...deps, views: limits.views, searches: limits.api });
  mcpAnswer = mcp.answer;
  // Last line of defence: an error a route did not handle becomes a problem (API, MCP) or an error page (site) with
  // the status its kind means, never a bare 500 from the framework.
  const lastLine = (err: unknown, c: Context) => (c.req.path === '/mcp' || c.req.path.startsWith(`${API_PREFIX}/`)
    ? errorResponse(err, c, rest)
    : unhandledErrorPage(c, deps, err, requestIdOf(c)));
  app.onError(lastLine);
  return {
    app, auth, logger, metrics,
    // What Node's HTTP server should call: the prepared-read lane, the MCP front and the kept-page lane on Node's own
    // request, then the app.
    listener: appRequestListener(app.fetch, [prepared.front, mcpFront({
      siteUrl: deps.config.siteUrl, config: deps.config, maxBody: mcp.maxBody, authenticate: auth.authenticate.fromHeader,
      limiter: limits.api, protocolLimiter: limits.protocol, fast: mcp.fastPath, toolByName: mcpToolByName,
      record, served: () => { mcpLaneCount.inc(); mcpFrontCount.inc(); },
    }), pageFront({
      deps, https: deps.config.siteUrl.startsWith('https:'), record, served: () => { pageLaneCount.inc(); pageFrontCount.inc(); },
    })], deps.config.host),
    async close() {
      await mcp.close();
      limits.close();
    },
  };
}
