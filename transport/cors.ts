import type { MiddlewareHandler } from 'hono';
import { addVary } from './http-cache';

// CORS for the REST API and the MCP endpoint. Not hono/cors: it sets headers on c.res before the handler runs, so
// Hono merges the handler's response into a new one, and @hono/node-server then can no longer send it from its
// cached string body (measured: REST get_listing fell from ~19,000 to ~8,000 requests/s). Here headers are added
// to the handler's own response after it ran, and preflights are answered without running any handler.
export type CorsOptions = {
  origin: '*' | ((origin: string) => string | null); // '*' or the allowed origin to echo (null = not allowed)
  allowMethods: string[];
  allowHeaders: string[];
  exposeHeaders: string[];
  maxAge: number;
};

export function cors(o: CorsOptions): MiddlewareHandler {
  const methods = o.allowMethods.join(', ');
  const allowHeaders = o.allowHeaders.join(', ');
  const answerHeaders = corsAnswerHeaders(o);
  const allowed = (origin: string | undefined): string | null =>
    o.origin === '*' ? '*' : origin ? o.origin(origin) : null;
  return async (c, next) => {
    const origin = c.req.header('origin');
    const allow = allowed(origin);
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) {
      const headers = new Headers({ 'access-control-allow-methods': methods, 'access-control-allow-headers': allowHeaders, 'access-control-max-age': String(o.maxAge) });
      if (allow) headers.set('access-control-allow-origin', allow);
      if (o.origin !== '*') headers.set('vary', 'Origin');
      return new Response(null, { status: 204, headers });
    }
    await next();
    // Only browsers send Origin, and only they read these headers.
    if (!origin || c.res.headers.has('x-hono-already-sent')) return;
    for (const [name, value] of Object.entries(answerHeaders(origin))) c.res.headers.set(name, value);
    if (o.origin !== '*') addVary(c.res.headers, 'Origin');
  };
}

// The CORS headers of an answer (not a preflight) to a request with this Origin: what the middleware above adds,
// for the prepared-read lane that answers before it (transport/prepared-reads.ts). Vary is the caller's.
export function corsAnswerHeaders(o: CorsOptions): (origin: string | undefined) => Record<string, string> {
  const expose = o.exposeHeaders.join(', ');
  return (origin): Record<string, string> => {
    const allow = !origin ? null : o.origin === '*' ? '*' : o.origin(origin);
    return allow ? { 'access-control-allow-origin': allow, 'access-control-expose-headers': expose } : {};
  };
}
