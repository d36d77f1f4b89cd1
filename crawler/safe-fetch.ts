import http from 'node:http';
import https from 'node:https';
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import zlib from 'node:zlib';
import type { Readable } from 'node:stream';
import { blockedAddressReason } from '../domain/ip-ranges';
import { decodeBody, parseContentType } from './charset';

// Every request the crawler makes goes through here: http(s) only, the host resolved and every
// address it has checked against the non-public ranges, the connection pinned to the checked
// address (so a second DNS answer cannot swap in an internal one), each redirect hop checked the
// same way, and body size and total time capped.

export { BOT_TOKEN, userAgentFor } from '../domain/bot-identity';

export type FetchErrorCode =
  | 'bad_url' | 'bad_scheme' | 'blocked_address' | 'dns' | 'network' | 'timeout' | 'too_many_redirects' | 'not_html' | 'refused';

export class FetchError extends Error {
  override name = 'FetchError';
  constructor(readonly code: FetchErrorCode, message: string, readonly url: string) {
    super(message);
  }
}

export type SafeFetchOptions = {
  allowPrivate: boolean; // CRAWLER_ALLOW_PRIVATE: tests and local use only
  userAgent: string;
  timeoutMs?: number; // whole request including redirects (default 15 s)
  maxBytes?: number; // decoded body cap; the download stops there and the start is kept (default 2 MB)
  maxRedirects?: number; // default 5
  accept?: 'html' | 'any'; // 'html': a 2xx answer must be text/html or application/xhtml+xml
  signal?: AbortSignal;
  // Called before each hop (the first URL and every redirect target); throw to refuse it (robots.txt).
  beforeRequest?: (url: URL) => void | Promise<void>;
  // Tests only: addresses to treat as public although they are not (a fixture server on 127.0.0.1).
  trustAddress?: (address: string) => boolean;
};

export type SafeResponse = {
  url: string; // final URL after redirects
  status: number;
  headers: http.IncomingHttpHeaders;
  mediaType: string;
  charset: string | null;
  text: string; // decoded body ('' for non-2xx answers, which are not read)
  body: Buffer; // the same body as received (after Content-Encoding), for images
  bytes: number;
  truncated: boolean;
  redirects: string[]; // the URLs that redirected, in order
  address: string; // the IP address the final request went to
};

export const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export async function safeFetch(input: string, opts: SafeFetchOptions): Promise<SafeResponse> {
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(new FetchError('timeout', `No complete answer within ${timeoutMs / 1000} s`, input)), timeoutMs);
  const onOuterAbort = () => ctl.abort(opts.signal!.reason ?? new FetchError('timeout', 'Request aborted', input));
  opts.signal?.addEventListener('abort', onOuterAbort, { once: true });
  if (opts.signal?.aborted) onOuterAbort();
  // DNS lookups cannot be cancelled: racing the abort keeps the deadline even while one hangs.
  const aborted = new Promise<never>((_, reject) => ctl.signal.addEventListener('abort', () => reject(ctl.signal.reason), { once: true }));
  aborted.catch(() => {});
  try {
    return await Promise.race([follow(input, opts, ctl.signal), aborted]);
  } catch (e) {
    throw toFetchError(ctl.signal.aborted ? ctl.signal.reason : e, input);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onOuterAbort);
  }
}

async function follow(input: string, opts: SafeFetchOptions, signal: AbortSignal): Promise<SafeResponse> {
  const redirects: string[] = [];
  let url = parseUrl(input);
  for (;;) {
    const address = await vetHost(url, opts);
    await opts.beforeRequest?.(url);
    if (signal.aborted) throw signal.reason;
    const res = await request(url, address, opts, signal);
    const location = res.headers.location;
    if (!REDIRECTS.has(res.statusCode ?? 0) || !location) return readResponse(url, address, res, redirects, opts, signal);
    res.resume();
    const max = opts.maxRedirects ?? 5;
    if (redirects.length >= max) throw new FetchError('too_many_redirects', `More than ${max} redirects`, url.href);
    redirects.push(url.href);
    url = parseUrl(location, url);
  }
}

function parseUrl(s: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(s, base);
  } catch {
    throw new FetchError('bad_url', `Not a valid URL: ${s.slice(0, 200)}`, s);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchError('bad_scheme', `Only http and https URLs are fetched, not ${url.protocol}`, url.href);
  if (url.username || url.password) throw new FetchError('bad_url', 'URLs with a user name or password are not fetched', url.href);
  url.hash = '';
  return url;
}

const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

// Resolves the host and returns the address to connect to; every address the name has must be public.
async function vetHost(url: URL, opts: SafeFetchOptions): Promise<{ address: string; family: 4 | 6 }> {
  const host = bareHost(url);
  let addrs: Array<{ address: string; family: number }>;
  if (isIP(host)) addrs = [{ address: host, family: isIP(host) }];
  else {
    try {
      addrs = await dnsLookup(host, { all: true, verbatim: true });
    } catch (e) {
      throw new FetchError('dns', `The host ${host} could not be resolved (${(e as NodeJS.ErrnoException).code ?? 'error'})`, url.href);
    }
  }
  if (addrs.length === 0) throw new FetchError('dns', `The host ${host} has no address`, url.href);
  if (!opts.allowPrivate) {
    for (const a of addrs) {
      const why = opts.trustAddress?.(a.address) ? null : blockedAddressReason(a.address);
      const what = a.address === host ? host : `${host} resolves to ${a.address}, which`;
      if (why) throw new FetchError('blocked_address', `${what} is not a public address (${why})`, url.href);
    }
  }
  return { address: addrs[0].address, family: addrs[0].family === 6 ? 6 : 4 };
}

function request(url: URL, pinned: { address: string; family: 4 | 6 }, opts: SafeFetchOptions, signal: AbortSignal): Promise<http.IncomingMessage> {
  // The connection goes to the vetted address whatever DNS says now; Host and SNI keep the name.
  const lookup: LookupFunction = (_host, options, cb) => {
    if ((options as { all?: boolean }).all) (cb as any)(null, [{ address: pinned.address, family: pinned.family }]);
    else cb(null, pinned.address, pinned.family);
  };
  const mod = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = mod.request({
      protocol: url.protocol, hostname: bareHost(url), port: url.port || undefined, path: `${url.pathname}${url.search}`,
      method: 'GET', lookup, agent: false, signal,
      ...(url.protocol === 'https:' && !isIP(bareHost(url)) ? { servername: bareHost(url) } : {}),
      headers: {
        'user-agent': opts.userAgent,
        accept: opts.accept === 'any' ? '*/*' : 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
        'accept-encoding': 'gzip, deflate, br',
        'accept-language': 'en;q=1, *;q=0.5',
      },
    }, resolve);
    req.on('error', reject);
    req.end();
  });
}

async function readResponse(url: URL, pinned: { address: string }, res: http.IncomingMessage, redirects: string[], opts: SafeFetchOptions, signal: AbortSignal): Promise<SafeResponse> {
  const status = res.statusCode ?? 0;
  const { mediaType, charset } = parseContentType(res.headers['content-type']);
  const base = { url: url.href, status, headers: res.headers, mediaType, charset, redirects, address: pinned.address };
  if (status < 200 || status > 299) {
    res.destroy(); // error pages are not read
    return { ...base, text: '', body: Buffer.alloc(0), bytes: 0, truncated: false };
  }
  if (opts.accept !== 'any' && !HTML_TYPES.has(mediaType)) {
    res.destroy();
    throw new FetchError('not_html', `Not an HTML page (Content-Type ${mediaType || 'missing'})`, url.href);
  }
  const { body, truncated } = await readCapped(decoded(res), opts.maxBytes ?? DEFAULT_MAX_BYTES, signal);
  res.destroy();
  const { text, charset: used } = decodeBody(body, charset, HTML_TYPES.has(mediaType));
  return { ...base, charset: used, text, body, bytes: body.length, truncated };
}

function decoded(res: http.IncomingMessage): Readable {
  const enc = String(res.headers['content-encoding'] ?? '').trim().toLowerCase();
  const z = enc === 'gzip' || enc === 'x-gzip' ? zlib.createGunzip() : enc === 'deflate' ? zlib.createInflate() : enc === 'br' ? zlib.createBrotliDecompress() : null;
  if (!z) return res;
  res.on('error', (e) => z.destroy(e));
  return res.pipe(z);
}

// Reads at most max bytes (counted after decompression, so a small zip bomb cannot blow up).
async function readCapped(stream: Readable, max: number, signal: AbortSignal): Promise<{ body: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      if (signal.aborted) throw signal.reason;
      const buf = chunk as Buffer;
      if (size + buf.length > max) {
        chunks.push(buf.subarray(0, max - size));
        size = max;
        stream.destroy();
        return { body: Buffer.concat(chunks), truncated: true };
      }
      chunks.push(buf);
      size += buf.length;
    }
  } catch (e) {
    if (signal.aborted) throw signal.reason;
    throw e;
  }
  return { body: Buffer.concat(chunks), truncated: false };
}

const NETWORK_WORDS: Record<string, string> = {
  ECONNREFUSED: 'connection refused', ECONNRESET: 'connection reset by the server', ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable', ENETUNREACH: 'network unreachable', EPIPE: 'connection closed',
  ERR_TLS_CERT_ALTNAME_INVALID: 'the TLS certificate does not match the host', CERT_HAS_EXPIRED: 'the TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'the TLS certificate is self-signed', UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'the TLS certificate cannot be verified',
  HPE_INVALID_CONSTANT: 'the server sent a malformed HTTP answer',
};

function toFetchError(e: unknown, url: string): FetchError {
  if (e instanceof FetchError) return e;
  const err = e as NodeJS.ErrnoException;
  if (err?.name === 'AbortError') return new FetchError('timeout', 'Request aborted', url);
  // In words, not error codes: Crawlee reads ECONNREFUSED/ECONNRESET in a message as a proxy failure.
  const words = NETWORK_WORDS[err?.code ?? ''] ?? err?.message ?? String(e);
  return new FetchError('network', `Could not fetch ${url}: ${words}`, url);
}
