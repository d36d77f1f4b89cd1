import type { MiddlewareHandler } from 'hono';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { addVary, replaceResponse } from './http-cache';
import { splicedGzip } from './gzip-splice';
import { bodyBytes } from './node-front';
import { ownSized } from './own-sized';
import { Lru } from '../domain/lru';
import { OrderedMap } from '../domain/ordered-map';

// br or gzip for text answers (JSON, HTML, SVG, XML, CSS), chosen by the client's Accept-Encoding q-values.
// hono/compress speaks only gzip and deflate, so this uses Node's zlib. Bodies that carry an ETag are compressed
// once and kept (the OpenAPI document, cached pages and reads), so a hot answer costs one hash lookup.
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /^(application\/(json|problem\+json|xml|javascript|manifest\+json)|text\/(html|plain|css|xml|javascript)|image\/svg\+xml)/;
const MIN_BYTES = 1024;
// Compressed answers kept, by their size: a count of 500 was fewer than the listings a busy directory is read for,
// and readers going round more listings than that found none of them kept (each was compressed again, ~60 µs).
// 8 MB holds some 5,000 listings in br.
const MAX_KEPT_BYTES = 8 * 1024 * 1024;

export type Encoding = 'br' | 'gzip';

// The encoding the client prefers among those we offer; identity when it accepts neither (or refuses them, q=0).
// `oneAnswer`: the body is compressed for this answer only (no ETag: nothing is kept), and gzip wins a tie with br
// (fetch offers "br, gzip, deflate" over HTTPS): at the settings below both cost about the same for such a body, and
// one made of a part shared by many answers is spliced in gzip without compressing that part again (gzip-splice.ts).
// Answers that are compressed once and kept (they carry an ETag) go by the client's order.
export function chooseEncoding(acceptEncoding: string | undefined, oneAnswer = false): Encoding | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qp ? Number(qp.slice(2)) : 1;
    if (name) q.set(name, Number.isFinite(value) ? value : 0);
  }
  const of = (e: string) => q.get(e) ?? q.get('*') ?? 0;
  const br = of('br');
  const gzipQ = of('gzip');
  if (br <= 0 && gzipQ <= 0) return null;
  if (oneAnswer && gzipQ > 0 && gzipQ >= br) return 'gzip';
  return br >= gzipQ && br > 0 ? 'br' : 'gzip';
}

// The ETags of answers found too small to compress. An ETag names the bytes (as `kept` relies on), so such an answer
// is sent as it is from then on without reading its body: reading it turns @hono/node-server's light response into a
// full one and a new one is made: the sitemap index (323 bytes) cost 58–60 µs a request that way, 27–28 uncompressed
// (in process, 100,000 listings).
const tooSmall = new Lru<string, true>(10_000);

const kept = new OrderedMap<string, Uint8Array>();
let keptBytes = 0;
// Returns what it keeps: the body in a buffer of its own size (own-sized.ts).
function keep(key: string, body: Uint8Array): Uint8Array {
  const value = ownSized(body);
  const before = kept.get(key);
  if (before) {
    kept.delete(key);
    keptBytes -= before.byteLength;
  }
  kept.set(key, value);
  keptBytes += value.byteLength;
  while (keptBytes > MAX_KEPT_BYTES) keptBytes -= kept.shift()![1].byteLength;
  return value;
}

// Answers being compressed now, by the key they will be kept under: a request for one of them waits for that work
// rather than compressing the same body again. A crawler asks for the sitemap's parts (~4.9 MB each at 100,000
// listings) on many connections at once; each compressed its own copy until the first was kept, and 32 at a time took
// the server from ~270 to 536–690 MB of resident memory. The flight begins before the body is read: reading a light
// response's body is itself asynchronous (a stream over a copy of it), and while the first request read its copy,
// every other request that had the same answer read one too. On PostgreSQL, where a sitemap part is made over a few
// round trips, 32 requests got it at once and read 32 copies of ~4.9 MB each (RSS 121 → 351 MB, 86 MB of it still
// held after the load ended). `body` resolves to null when there is nothing worth compressing; so does the flight.
const compressing = new Map<string, Promise<Uint8Array | null>>();
function compressAndKeep(key: string, encoding: Encoding, body: () => Promise<Uint8Array | null>): Promise<Uint8Array | null> {
  const flying = compressing.get(key);
  if (flying) return flying;
  const made = body().then((bytes) => bytes && encode(bytes, encoding).then((out) => keep(key, out))).finally(() => compressing.delete(key));
  compressing.set(key, made);
  return made;
}

// brotli's window (2^bits − 16 bytes) just large enough to hold the whole body, rather than its 4 MB default: the
// output is as small (nothing lies further back than the body's start), and the encoder, sized by its window,
// allocates less. First reads of listing pages as a browser asks (br), 32 at a time at 100,000 listings, added
// 56–57 MB to the server's resident memory with the default window and 28–42 MB with this one (two runs of each;
// peak RSS 276–283 against 261–266 MB), at the same pages a second.
export const brotliWindowBits = (bytes: number): number => Math.min(24, Math.max(10, Math.ceil(Math.log2(bytes + 16))));

// In libuv's thread pool even for a small body, though that way costs more CPU in all (a zlib stream, a pool thread
// and callbacks: ~130 µs more a body than compressing on the event loop): only ~35–70 µs of it falls on the main
// thread, which is what one node runs out of, and the rest runs on another core. Tried on the loop for bodies up to
// 64 KB, a listing page read for the first time as a browser asks cost less CPU in all but more on the main thread
// (1,630 against 1,270–1,340 µs), and the server answered 592–596 such pages a second against 662–701 (100,000
// listings, 32 connections, the two builds in turns).
async function encode(body: Uint8Array, encoding: Encoding): Promise<Uint8Array> {
  return encoding === 'br'
    ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength, [constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(body.byteLength) } })
    : gz(body, { level: 6 });
}

// A JSON answer with this ETag in this encoding, compressed once and kept; null when it is too small to be worth
// it. For the prepared-read lane (transport/prepared-reads.ts), which answers before the middleware below.
export async function encodedAnswer(body: Uint8Array, etag: string, encoding: Encoding): Promise<Uint8Array | null> {
  const key = `${encoding}|${etag}`;
  const out = kept.get(key) ?? await compressing.get(key);
  if (out) return out;
  if (body.byteLength < MIN_BYTES) return null;
  return await compressAndKeep(key, encoding, async () => body);
}

export function compress(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const out = await compressed(c.res, c.req.header('accept-encoding'), c.req.method);
    if (out !== c.res) replaceResponse(c, out);
  };
}

// What compressed() below does to an answer made as bytes rather than a Response (transport/mcp-front.ts, which
// writes to Node's response itself): the body in the client's preferred encoding, or null to send it as it is.
// The caller adds Vary: Accept-Encoding to compressible types either way.
export async function encodedBody(body: Uint8Array, contentType: string, acceptEncoding: string | undefined): Promise<{ encoding: Encoding; body: Uint8Array } | null> {
  if (!COMPRESSIBLE.test(contentType)) return null;
  const encoding = chooseEncoding(acceptEncoding, true);
  if (!encoding || body.byteLength < MIN_BYTES) return null;
  return { encoding, body: await encode(body, encoding) };
}

// The same for a body made of a part shared by many answers and a part of its own (transport/mcp-fast-path.ts):
// in gzip, the shared part is compressed once (transport/gzip-splice.ts).
export async function encodedParts(parts: { key: object; shared: string | Uint8Array; own: string }, contentType: string, acceptEncoding: string | undefined): Promise<{ encoding: Encoding; body: Uint8Array } | null> {
  if (COMPRESSIBLE.test(contentType) && chooseEncoding(acceptEncoding, true) === 'gzip' && Buffer.byteLength(parts.shared) + Buffer.byteLength(parts.own) >= MIN_BYTES) {
    return { encoding: 'gzip', body: await splicedGzip(parts.key, parts.shared, parts.own) };
  }
  return await encodedBody(bodyBytes([parts.shared, parts.own]), contentType, acceptEncoding);
}

// The answer in the encoding the client prefers (the same answer when there is nothing to do), with Vary:
// Accept-Encoding on every compressible type. The middleware above applies it to every answer; the MCP lane
// (transport/mcp-lane.ts), which answers before the middleware, to its own.
export async function compressed(res: Response, acceptEncoding: string | undefined, method: string): Promise<Response> {
  // Touch the body only to compress it: reading `.body` turns @hono/node-server's light response into a full one.
  if (res.headers.has('x-hono-already-sent') || res.status === 204 || res.status === 304 || res.headers.has('content-encoding')) return res;
  const type = res.headers.get('content-type') ?? '';
  if (!COMPRESSIBLE.test(type)) return res; // event streams, images, octets
  addVary(res.headers, 'Accept-Encoding');
  const etag = res.headers.get('etag');
  const encoding = chooseEncoding(acceptEncoding, !etag);
  if (!encoding || method === 'HEAD') return res;
  if (etag && tooSmall.get(etag)) return res;
  const cacheKey = etag ? `${encoding}|${etag}` : null;
  // This request's body, once read (only when nothing kept or being compressed holds its bytes).
  let read: Uint8Array<ArrayBuffer> | undefined;
  const worthCompressing = async (): Promise<Uint8Array | null> => {
    read = new Uint8Array(await res.arrayBuffer());
    if (read.byteLength >= MIN_BYTES) return read;
    if (etag) tooSmall.set(etag, true);
    return null;
  };
  const out = cacheKey ? kept.get(cacheKey) ?? await compressAndKeep(cacheKey, encoding, worthCompressing)
    : await worthCompressing().then((bytes) => bytes && encode(bytes, encoding));
  // Too small: sent as it is (rebuilt around its bytes when this request read them; a waiter's own is unread).
  if (!out) return read ? new Response(read, res) : res;
  const headers = new Headers(res.headers);
  headers.set('content-encoding', encoding);
  headers.delete('content-length');
  // No statusText: reading it turns the light response into a full one (a stream over its body), which cost a
  // compressed page ~5 % of its CPU; every answer here has the reason phrase of its status.
  return new Response(out as unknown as BodyInit, { status: res.status, headers });
}
