import type { Context, MiddlewareHandler } from 'hono';
import type { AnyTool } from '../tools/define';
import type { AppConfig, ToolContext } from '../tools/context';
import { invokeTool, jsonBytes, jsonEtag } from '../tools/invoke';
import { clientIpOf, headersOf, incomingClientIp, type HeaderBag } from './node-request';
import { AddressMap } from '../domain/asked-before';
import { pathAndQueryOf } from '../domain/request-target';
import { API_PREFIX, noteRateDecision } from '../rest-adapter/routes';
import { queryOf, urlInput } from '../rest-adapter/input';
import type { ReadRoutes } from '../rest-adapter/read-routes';
import { rateLimitHeaders, type RateDecision, type RequestLimiter } from '../rest-adapter/rate-limit';
import { carriesCredentials, sendsCredentials, etagMatches, lifetimeOf, NOT_MODIFIED_HEADERS } from './http-cache';
import { chooseEncoding, encodedAnswer } from './compress';
import { requestIdFrom, type RecordRequest } from './ops/routes';
import { handedOverBy, sendAnswer, type NodeFront } from './node-front';

// The prepared-read lane: anonymous GETs of public reads, answered before the middleware stack.
//
// Why: a cached get_listing cost ~140 µs of server CPU, of which the answer itself (a remembered read) was a few
// µs; the rest was the way through seven middleware layers and the REST route (request id, log, metrics, br/gzip,
// ETag, CORS, viewer, authentication, rate limit, idempotency), each re-deciding per request what, for an
// anonymous public read, is known in advance. This lane finds which tool answers a URL with which input, as the REST
// route would (rest-adapter/read-routes.ts, rest-adapter/input.ts), and remembers it per URL; a request runs the
// tool (so the answer is exactly as fresh as the full path's: the tool's own remembered reads decide) and sends it
// with the headers the middleware would have added, using the middleware's own rules (http-cache, compress, cors,
// ops). A HEAD is answered as its GET, with the headers the full path gives it (no body, no Content-Length, never
// compressed): link checkers and monitors send them, and the full path cost one twice a GET (33–39 against ~16 µs
// in process). Anything out of the ordinary is handed on to the full path: credentials, a session cookie, an
// Idempotency-Key, an error from the tool, a refused rate limit (the decision is handed on with it, so the request is
// charged once). tests/prepared-reads.e2e.test.ts proves both paths answer alike, header for header.
// Routing a URL never seen matters for the long tail: the first read of a listing through the full path cost
// ~360 µs of server CPU in the bench, ~285 µs here (the same tool run, without Hono's Request and middleware).
//
// The lane is entered first on Node's own request and response (`front`, see transport/node-front.ts), before
// @hono/node-server builds a fetch Request and Hono routes it, and writes its answer with writeHead/end: for a
// remembered read those cost more than the lane's own work. The same lane is also a Hono middleware, for requests
// that reach the app as fetch Requests (app.fetch, app.request) and for what the front hands over.

type Entry = { tool: AnyTool; raw: unknown; route: string; lifetime: string };

export type PreparedReadsDeps = {
  baseContext: Omit<ToolContext, 'actor'>;
  // Which public read answers an API path the lane has not seen (rest-adapter/read-routes.ts); without it, the lane
  // answers only the URLs the full path answered before.
  routes?: ReadRoutes;
  limiter?: RequestLimiter;
  config: Pick<AppConfig, 'trustProxy'>;
  cors: (origin: string | undefined) => Record<string, string>;
  record: RecordRequest;
  // Answers served by the lane (a counter for operators and the tests), and those of them served by `front`.
  served?: () => void;
  servedAtFront?: () => void;
};

// An entry (the URL, the tool and its input) holds ~450 bytes of heap, and pays only when its URL is asked for again:
// a directory's URLs asked for more than once are its front pages and its most read listings, far fewer than this.
// At 20,000 a crawler's run through every listing kept ~5 MB of URLs asked for once. So a URL is taken in at its
// second ask (domain/asked-before.ts): a crawler's URLs, each asked once, leave a hash each for a while and no entry.
const MAX_URLS = 10_000;
// What the compress middleware (outermost) and http-cache (inside it) leave in Vary for an API answer, in that order.
const VARY = 'Authorization, Accept-Encoding';
const VARY_NOT_MODIFIED = 'Authorization';


// A request-target (path and query) that Hono's router, the URL parser and the query's parser all read as it is
// written: a path of unreserved characters with no empty, `.` or `..` segment (which the URL parser would resolve or
// a router read otherwise) and no percent-encoding, and a query of visible ASCII without a fragment. Every URL a
// client builds from slugs and encoded search words is one; anything else takes the full path.
const PLAIN_TARGET = /^(?:\/(?!\.{1,2}(?:[/?]|$))[A-Za-z0-9\-._~]+)+\/?(?:\?[\x21-\x22\x24-\x7e]*)?$/;
export const plainTarget = (target: string): boolean => PLAIN_TARGET.test(target);

export function preparedReads(deps: PreparedReadsDeps) {
  const entries = new AddressMap<Entry>(MAX_URLS);

  function remember(c: Context, tool: AnyTool, raw: unknown): void {
    const lifetime = lifetimeOf(c.req.path);
    // Answers that are not cached publicly (none under /api/v1 today) keep the full path's rules.
    if (!lifetime || carriesCredentials(c)) return;
    entries.remember(pathAndQueryOf(c.req.url), { tool, raw, route: API_PREFIX + tool.http.path, lifetime });
  }

  // The entry a GET or HEAD of this URL may be answered from, or null when the full path must take it.
  function entryFor(method: string | undefined, key: string, headers: HeaderBag): Entry | null {
    if ((method !== 'GET' && method !== 'HEAD') || headers['idempotency-key'] !== undefined || sendsCredentials(headers.authorization, headers.cookie)) return null;
    return entries.get(key) ?? entryByRoute(key);
  }

  // A URL not answered before: the public read its path routes to, with the input the REST route would build from
  // it. Only for a request-target the router and the URL parser read alike (plainTarget); the rest, and any input
  // the URL cannot give (a path parameter repeated in the query), go the full path, which words the problem.
  // Remembered once asked for again, as the full path's answers are: later requests of the URL skip the routing. A
  // URL whose tool then fails is forgotten again by `answer`, and the full path answers it.
  function entryByRoute(key: string): Entry | null {
    if (!deps.routes || !plainTarget(key)) return null;
    const q = key.indexOf('?');
    const path = q < 0 ? key : key.slice(0, q);
    const lifetime = lifetimeOf(path);
    if (!lifetime) return null;
    const route = deps.routes.match(path);
    if (!route) return null;
    let raw: Record<string, unknown>;
    try {
      raw = urlInput(route.plan, queryOf(key), route.param);
    } catch {
      return null;
    }
    const entry = { tool: route.tool, raw, route: API_PREFIX + route.tool.http.path, lifetime };
    entries.remember(key, entry);
    return entry;
  }

  // The answer, or what to hand on to the full path with.
  async function answer(entry: Entry, key: string, headers: HeaderBag, ip: string, method: 'GET' | 'HEAD'): Promise<Answer | { handOver: RateDecision | null }> {
    const start = performance.now();
    const actor = { kind: 'anonymous' as const, ip };
    let result: unknown;
    try {
      result = await invokeTool(entry.tool, { ...deps.baseContext, actor }, entry.raw);
    } catch {
      // Gone, or failing: the full path answers (and words the error) from now on.
      entries.delete(key);
      return { handOver: null };
    }
    // Charged after the run, unlike the full path: a run that fails is handed on uncharged, and the full path
    // charges it; a refused request is handed on with its decision. Either way one charge per request.
    const decision = await deps.limiter?.take(actor);
    if (decision && !decision.allowed) return { handOver: decision };
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
    let made: Answer;
    const ifNoneMatch = headers['if-none-match'];
    if (ifNoneMatch && etagMatches(ifNoneMatch, etag)) {
      const kept: Record<string, string> = { vary: VARY_NOT_MODIFIED };
      for (const h of NOT_MODIFIED_HEADERS) if (out[h] !== undefined) kept[h] = out[h];
      made = { status: 304, headers: kept, body: null };
    } else {
      out.vary = VARY;
      if (method === 'HEAD') {
        made = { status: 200, headers: out, body: null };
      } else {
        const encoding = chooseEncoding(headers['accept-encoding']);
        const encoded = encoding ? await encodedAnswer(jsonBytes(result), etag, encoding) : null;
        if (encoded) out['content-encoding'] = encoding!;
        made = { status: 200, headers: out, body: encoded ?? jsonBytes(result) };
      }
    }
    deps.record({ route: entry.route, method, status: made.status, seconds: (performance.now() - start) / 1000, requestId });
    deps.served?.();
    return made;
  }

  const middleware: MiddlewareHandler = async (c, next) => {
    // Taken by the front, and handed on: the full path answers.
    const handed = handedOverBy(c);
    if (handed !== undefined) {
      if (handed) noteRateDecision(c, handed);
      return next();
    }
    const key = pathAndQueryOf(c.req.url);
    const method = c.req.method;
    const headers = method === 'GET' || method === 'HEAD' ? headersOf(c) : {};
    const entry = entryFor(method, key, headers);
    if (!entry) return next();
    const made = await answer(entry, key, headers, clientIpOf(c, headers, deps.config), method as 'GET' | 'HEAD');
    if ('handOver' in made) {
      if (made.handOver) noteRateDecision(c, made.handOver);
      return next();
    }
    // Node-server sets Content-Length itself.
    return new Response(made.body as BodyInit | null, { status: made.status, headers: made.headers });
  };

  // The same lane on Node's request: a request-target in origin form is the path and query Hono keys entries by.
  const front: NodeFront = (req, res, handOver) => {
    const key = req.url ?? '';
    const headers = req.headers as HeaderBag;
    const entry = key.startsWith(API_PREFIX) ? entryFor(req.method, key, headers) : null;
    if (!entry) return false;
    answer(entry, key, headers, incomingClientIp(req, headers, deps.config), req.method as 'GET' | 'HEAD').then((made) => {
      if ('handOver' in made) {
        handOver(made.handOver ?? undefined);
        return;
      }
      sendAnswer(res, made.status, made.headers, made.body);
      deps.servedAtFront?.();
    }, () => handOver()); // nothing written yet (answer threw): the full path answers, or words the error
    return true;
  };

  return { remember, middleware, front, rememberedUrls: (): number => entries.size };
}

type Answer = { status: 200 | 304; headers: Record<string, string>; body: string | Uint8Array | null };
