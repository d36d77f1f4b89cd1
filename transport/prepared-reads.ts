import type { Context, MiddlewareHandler } from 'hono';
import type { AnyTool } from '../tools/define';
import type { AppConfig, ToolContext } from '../tools/context';
import { invokeTool, jsonEtag, jsonText } from '../tools/invoke';
import { clientIpOf, headersOf } from './node-request';
import { Lru } from '../domain/fuzzy';
import { API_PREFIX, noteRateDecision } from '../rest-adapter/routes';
import { rateLimitHeaders, type RequestLimiter } from '../rest-adapter/rate-limit';
import { carriesCredentials, sendsCredentials, etagMatches, lifetimeOf, NOT_MODIFIED_HEADERS } from './http-cache';
import { chooseEncoding, encodedAnswer } from './compress';
import { requestIdFrom, type RecordRequest } from './ops/routes';

// The prepared-read lane: anonymous GETs of public reads, answered before the middleware stack.
//
// Why: a cached get_listing cost ~140 µs of server CPU, of which the answer itself (a remembered read) was a few
// µs; the rest was the way through seven middleware layers and the REST route (request id, log, metrics, br/gzip,
// ETag, CORS, viewer, authentication, rate limit, idempotency), each re-deciding per request what, for an
// anonymous public read of a URL already answered once, is known in advance. This lane remembers, per URL, which
// tool answered it with which input; the next request for that URL runs the tool again (so the answer is exactly as
// fresh as the full path's: the tool's own remembered reads decide) and sends it with the headers the middleware
// would have added, using the middleware's own rules (http-cache, compress, cors, ops). Anything out of the
// ordinary is handed on to the full path: credentials, a session cookie, an Idempotency-Key, HEAD, an error from
// the tool, a refused rate limit (the decision is handed on with it, so the request is charged once).
// tests/prepared-reads.e2e.test.ts proves both paths answer alike, header for header.

type Entry = { tool: AnyTool; raw: unknown; route: string; lifetime: string };

export type PreparedReadsDeps = {
  baseContext: Omit<ToolContext, 'actor'>;
  limiter?: RequestLimiter;
  config: Pick<AppConfig, 'trustProxy'>;
  cors: (origin: string | undefined) => Record<string, string>;
  record: RecordRequest;
  // Answers served by the lane (a counter for operators and the tests).
  served?: () => void;
};

const MAX_URLS = 20_000;
// What the compress middleware (outermost) and http-cache (inside it) leave in Vary for an API answer, in that order.
const VARY = 'Authorization, Accept-Encoding';
const VARY_NOT_MODIFIED = 'Authorization';

// The path and query of a request URL (the key: the host plays no part in an API answer).
const pathAndQuery = (url: string) => url.slice(url.indexOf('/', url.indexOf('//') + 2));

export function preparedReads(deps: PreparedReadsDeps) {
  const entries = new Lru<string, Entry>(MAX_URLS);

  function remember(c: Context, tool: AnyTool, raw: unknown): void {
    const lifetime = lifetimeOf(c.req.path);
    // Answers that are not cached publicly (none under /api/v1 today) keep the full path's rules.
    if (!lifetime || carriesCredentials(c)) return;
    entries.set(pathAndQuery(c.req.url), { tool, raw, route: API_PREFIX + tool.http.path, lifetime });
  }

  const middleware: MiddlewareHandler = async (c, next) => {
    if (c.req.method !== 'GET') return next();
    const key = pathAndQuery(c.req.url);
    const entry = entries.get(key);
    if (!entry) return next();
    const headers = headersOf(c);
    if (headers['idempotency-key'] !== undefined || sendsCredentials(headers.authorization, headers.cookie)) return next();
    const start = performance.now();
    const actor = { kind: 'anonymous' as const, ip: clientIpOf(c, headers, deps.config) };
    let result: unknown;
    try {
      result = await invokeTool(entry.tool, { ...deps.baseContext, actor }, entry.raw);
    } catch {
      // Gone, or failing: the full path answers (and words the error) from now on.
      entries.delete(key);
      return next();
    }
    // Charged after the run, unlike the full path: a run that fails is handed on uncharged, and the full path
    // charges it; a refused request is handed on with its decision. Either way one charge per request.
    const decision = await deps.limiter?.take(actor);
    if (decision && !decision.allowed) {
      noteRateDecision(c, decision);
      return next();
    }
    const requestId = requestIdFrom(headers['x-request-id']);
    const etag = jsonEtag(result);
    const out: Record<string, string> = {
      'content-type': 'application/json',
      etag,
      ...(decision ? rateLimitHeaders(decision) : {}),
      'x-request-id': requestId,
      ...deps.cors(headers.origin),
      'cache-control': entry.lifetime,
    };
    let response: Response;
    const ifNoneMatch = headers['if-none-match'];
    if (ifNoneMatch && etagMatches(ifNoneMatch, etag)) {
      const kept: Record<string, string> = { vary: VARY_NOT_MODIFIED };
      for (const h of NOT_MODIFIED_HEADERS) if (out[h] !== undefined) kept[h] = out[h];
      response = new Response(null, { status: 304, headers: kept });
    } else {
      out.vary = VARY;
      const text = jsonText(result);
      const encoding = chooseEncoding(headers['accept-encoding']);
      const encoded = encoding ? await encodedAnswer(text, etag, encoding) : null;
      if (encoded) out['content-encoding'] = encoding!;
      response = new Response((encoded ?? text) as BodyInit, { status: 200, headers: out });
    }
    deps.record({ route: entry.route, method: 'GET', status: response.status, seconds: (performance.now() - start) / 1000, requestId });
    deps.served?.();
    return response;
  };

  return { remember, middleware };
}
