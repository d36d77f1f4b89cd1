import type { Context, Hono } from 'hono';
import { matchedRoutes, routePath } from 'hono/route';
import { timingSafeEqual } from 'node:crypto';
import type { Db } from '../../storage/db';
import type { AppConfig } from '../../tools/context';
import type { Logger } from './logger';
import type { Metrics } from './metrics';

export type OpsDeps = { db: Db; config: AppConfig; logger: Logger; metrics: Metrics };

// An incoming X-Request-Id is kept when it is a plausible id (a proxy's or a client's); anything else is replaced.
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

// The route template the request matched ("/api/v1/listings/:slug"), never the raw path: raw paths hold slugs,
// invite tokens and the like, and would make every URL its own metric.
// After next(), Hono's route index points at the last handler that ran, the one that answered.
function routeOf(c: Context): string {
  if (!matchedRoutes(c).length) return 'unmatched';
  const path = routePath(c);
  return path === '*' || path === '/*' ? 'unmatched' : path;
}

// The status actually sent: oidc-provider writes its answers to the Node response itself.
function statusOf(c: Context): number {
  if (c.res.headers.has('x-hono-already-sent')) return (c.env as { outgoing?: { statusCode?: number } } | undefined)?.outgoing?.statusCode ?? 200;
  return c.res.status;
}

// The signed-in user of this request, for its log line (set where the credential is checked).
export function noteUser<A extends { kind: string; userId?: number }>(c: Context, actor: A): A {
  if (actor.kind !== 'anonymous' && actor.userId) c.set('userId' as never, actor.userId as never);
  return actor;
}

// An incoming id when it is plausible, else a new one.
export function requestIdFrom(incoming: string | undefined): string {
  return incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
}

// One answered request: its metrics and its log line. The ops middleware calls it for every request; the
// prepared-read lane (transport/prepared-reads.ts), which answers before the middleware, calls it for its own.
export type RecordRequest = (r: { route: string; method: string; status: number; seconds: number; requestId: string; userId?: number }) => void;

// The metrics and log line of answered requests.
export function requestRecorder(logger: Logger, metrics: Metrics): RecordRequest {
  // prom-client hashes a label object on every call; the handles of each (route, method, status) are kept instead.
  // Route templates, methods and statuses are few, so this stays small.
  const handles = new Map<string, { count: { inc(): void }; time: { observe(v: number): void } }>();
  const handlesOf = (route: string, method: string, status: number) => {
    const key = `${route} ${method} ${status}`;
    let h = handles.get(key);
    if (!h) handles.set(key, (h = { count: metrics.requests.labels(route, method, String(status)), time: metrics.duration.labels(route, method) }));
    return h;
  };
  return ({ route, method, status, seconds, requestId, userId }) => {
    const h = handlesOf(route, method, status);
    h.count.inc();
    h.time.observe(seconds);
    if (status === 429) metrics.rateLimited.inc({ surface: route === '/mcp' ? 'mcp' : 'rest' });
    logger.info({ method, route, status, ms: Math.round(seconds * 10_000) / 10, request_id: requestId, ...(userId ? { user_id: userId } : {}) }, 'request');
  };
}

export function registerOps(app: Hono, deps: OpsDeps & { record?: RecordRequest }): void {
  const { logger, metrics } = deps;
  const record = deps.record ?? requestRecorder(logger, metrics);

  // First on every request: a request id (echoed as X-Request-Id), then one log line and the metrics.
  app.use('*', async (c, next) => {
    const start = performance.now();
    const requestId = requestIdFrom(c.req.header('x-request-id'));
    c.set('requestId' as never, requestId as never);
    try {
      await next();
    } finally {
      if (!c.res.headers.has('x-hono-already-sent')) c.res.headers.set('x-request-id', requestId);
      const userId = c.get('userId' as never) as number | undefined;
      record({ route: routeOf(c), method: c.req.method, status: statusOf(c), seconds: (performance.now() - start) / 1000, requestId, userId });
    }
  });

  // Liveness and readiness in one: the process answers and its database does.
  app.get('/health', async (c) => {
    try {
      await deps.db.engine.prepare('SELECT 1').get();
      return c.json({ status: 'ok' }, 200, { 'cache-control': 'no-store' });
    } catch (err) {
      logger.error({ err: (err as Error).message }, 'health check: database unavailable');
      return new Response(JSON.stringify({
        type: `${deps.config.siteUrl}/docs/api#error-unavailable`, title: 'Service unavailable', status: 503,
        detail: 'The database does not answer.', code: 'unavailable', request_id: c.get('requestId' as never),
      }), { status: 503, headers: { 'content-type': 'application/problem+json', 'cache-control': 'no-store' } });
    }
  });

  // Prometheus text. With METRICS_TOKEN set, scrapers must send it as a bearer token.
  app.get('/metrics', async (c) => {
    const token = deps.config.metricsToken;
    if (token) {
      const given = Buffer.from(c.req.header('authorization') ?? '');
      const wanted = Buffer.from(`Bearer ${token}`);
      if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) {
        return c.text('Send the METRICS_TOKEN as "Authorization: Bearer <token>".\n', 401, { 'www-authenticate': 'Bearer realm="metrics"', 'cache-control': 'no-store' });
      }
    }
    await metrics.refreshQueue();
    return c.body(await metrics.registry.metrics(), 200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' });
  });
}
