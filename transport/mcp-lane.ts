import type { Context, MiddlewareHandler } from 'hono';
import { hostAllowed } from '../domain/origins';
import { chooseEncoding, compressed } from './compress';
import { answerHeadersUsed, setAnswerHeaders } from './mcp-route';
import { headersOf } from './node-request';
import { requestIdFrom, type RecordRequest } from './ops/routes';
import { noteRateDecision } from '../rest-adapter/routes';
import { handedOverBy } from './node-front';

// The MCP lane: POST /mcp without an Origin header — every server-side client (Claude's and ChatGPT's connectors,
// the SDK clients, agents) — answered by the endpoint (transport/mcp-route.ts `answer`) ahead of the middleware.
//
// Why: for such a request the site viewer, HTTP caching (POST), the body cap (the endpoint reads its own) and CORS
// (no Origin) have nothing to do, yet passing through them cost ~25 µs of a ~160 µs tools/call. What they would
// still do is done here with their own code: the Host check of the Origin/Host guard, br/gzip with Vary
// (compress.ts `compressed`), the request id, the log line and the metrics (ops). Browsers (they send Origin),
// other methods and a rebound Host take the full path. tests/mcp-lane.e2e.test.ts proves both answer alike.

export type McpLaneDeps = {
  siteUrl: string;
  record: RecordRequest;
  // The endpoint, once registered (the lane is registered first, ahead of the middleware).
  answer: () => ((c: Context) => Promise<Response>) | undefined;
  // What app.onError makes of an error the endpoint throws.
  onError: (err: unknown, c: Context) => Response | Promise<Response>;
  // Counts the answers served here (metrics).
  served?: () => void;
};

export function mcpLane(deps: McpLaneDeps): MiddlewareHandler {
  return async (c, next) => {
    const answer = deps.answer();
    if (c.req.method !== 'POST' || !answer) return next();
    const headers = headersOf(c);
    if (headers.origin !== undefined || !hostAllowed(headers.host, deps.siteUrl)) return next();
    // A refused rate limit the MCP front (transport/mcp-front.ts) handed on: the endpoint answers the 429 with it.
    const handed = handedOverBy(c);
    if (handed) noteRateDecision(c, handed);
    const start = performance.now();
    const requestId = requestIdFrom(headers['x-request-id']);
    c.set('requestId' as never, requestId as never);
    setAnswerHeaders(c, { 'x-request-id': requestId });
    let res: Response;
    try {
      res = await answer(c);
    } catch (err) {
      res = await deps.onError(err, c);
    }
    // A fast-path answer was made with the request id and its Vary; unless it is to be compressed it is sent as it
    // is (touching its headers would turn @hono/node-server's light response into a full one).
    if (!answerHeadersUsed(c) || chooseEncoding(headers['accept-encoding'])) {
      // As transport/http-cache.ts does for any POST: validators are for reads (the endpoint sets none).
      res.headers.delete('etag');
      res = await compressed(res, headers['accept-encoding'], 'POST');
      res.headers.set('x-request-id', requestId);
    }
    const userId = c.get('userId' as never) as number | undefined;
    deps.record({ route: '/mcp', method: 'POST', status: res.status, seconds: (performance.now() - start) / 1000, requestId, userId });
    deps.served?.();
    return res;
  };
}
