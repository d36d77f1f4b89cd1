import type { AppDeps } from '../app-context';
import { keptAddress } from '../site/kept-page';
import { HTML_TYPE } from '../site/render';
import { pageHeadersFor } from '../site/security-headers';
import { chooseEncoding, encodedAnswer } from './compress';
import { etagMatches, lifetimeOf, sendsCredentials } from './http-cache';
import type { HeaderBag } from './node-request';
import { sendAnswer, type NodeFront } from './node-front';
import { requestIdFrom, type RecordRequest } from './ops/routes';

// The kept-page lane: a signed-out GET of a page kept for its address (site/kept-page.ts), sent on Node's own
// request before @hono/node-server builds a fetch Request and the app routes it through its middleware.
//
// Why: a kept page cost ~375 µs of server CPU a visit at 100,000 listings, against ~160 µs for a REST read of the
// prepared-read lane (transport/prepared-reads.ts): the page itself was ready, and the rest was the way through the
// middleware (request id and log line, br/gzip, ETag and Cache-Control, who is signed in, security headers), the
// router, the handler's own tool calls and a fetch Response per visit. This lane asks the kept page whether it is
// still current (the checks its handler would make: the remembered read it was kept under, or the answers it was made
// from, called again) and sends it with the headers the middleware would have added, by the middleware's own rules
// (http-cache, compress, security-headers, ops). Anything else goes to the full path: a session cookie or an
// Authorization header, an address not kept, a page no longer current or kept in an earlier minute. A HEAD is sent as
// its GET is, with the full path's headers for it: no body, no Content-Length, never compressed.
// tests/page-front.e2e.test.ts proves both paths answer alike, header for header.

export type PageFrontDeps = {
  deps: Pick<AppDeps, 'db' | 'clock'>;
  // HSTS, as security-headers adds it on a site served over HTTPS.
  https: boolean;
  record: RecordRequest;
  served?: () => void;
};

// What compress (outermost) and http-cache (inside it) leave in Vary for a signed-out page, in that order.
const VARY = 'Cookie, Accept-Encoding';
const VARY_NOT_MODIFIED = 'Cookie';

export function pageFront({ deps, https, record, served }: PageFrontDeps): NodeFront {
  const security = pageHeadersFor(https);
  return (req, res, handOver) => {
    const address = req.url ?? '';
    const method = req.method;
    if ((method !== 'GET' && method !== 'HEAD') || address.startsWith('/api/') || address.startsWith('/mcp')) return false;
    const headers = req.headers as HeaderBag;
    if (sendsCredentials(headers.authorization, headers.cookie)) return false;
    const kept = keptAddress(deps, address);
    const lifetime = kept ? lifetimeOf(address.split('?', 1)[0]) : null;
    if (!kept || !lifetime) return false;
    const start = performance.now();
    kept.current().then(async (page) => {
      if (!page) {
        handOver();
        return;
      }
      const requestId = requestIdFrom(headers['x-request-id']);
      let status: 200 | 304;
      let out: Record<string, string>;
      let body: Uint8Array | null;
      const ifNoneMatch = headers['if-none-match'];
      if (ifNoneMatch && etagMatches(ifNoneMatch, page.etag)) {
        status = 304;
        out = { 'cache-control': lifetime, etag: page.etag, vary: VARY_NOT_MODIFIED, 'x-request-id': requestId };
        body = null;
      } else {
        status = 200;
        out = { 'content-type': HTML_TYPE, etag: page.etag, ...security, vary: VARY, 'cache-control': lifetime, 'x-request-id': requestId };
        if (method === 'HEAD') {
          body = null;
        } else {
          const encoding = chooseEncoding(headers['accept-encoding']);
          const encoded = encoding ? await encodedAnswer(page.body, page.etag, encoding) : null;
          if (encoded) out['content-encoding'] = encoding!;
          body = encoded ?? page.body;
        }
      }
      sendAnswer(res, status, out, body);
      record({ route: kept.route, method, status, seconds: (performance.now() - start) / 1000, requestId });
      served?.();
    }).catch(() => {
      // Nothing written yet (the page's check threw): the full path answers, or words the error.
      if (!res.headersSent) handOver();
    });
    return true;
  };
}
