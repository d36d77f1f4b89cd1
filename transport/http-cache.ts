import type { Context, MiddlewareHandler } from 'hono';
import { etagOf } from '../domain/etag';
import { isLogoFilePath } from '../domain/logo-files';
import { API_PREFIX } from '../rest-adapter/routes';
import { SESSION_COOKIES } from '../auth/session';

// HTTP caching for anonymous public reads: a weak ETag computed from the body (If-None-Match → 304), a
// Cache-Control lifetime per kind of page (one table, below), and Vary set to what the answer depends on.
// A request carrying credentials (Authorization, or the site's session cookie) gets `private, no-store`: what it
// sees may be personal, and a shared cache must never hand it to someone else.

// [path prefix, max-age, stale-while-revalidate] in seconds, first match wins. Votes, boards and listings change by
// the minute, so they are cached for a minute and served stale for five while a fresh copy is fetched; the
// reference material changes rarely.
const LIFETIMES: Array<[string, number, number]> = [
  [`${API_PREFIX}/openapi.json`, 3600, 86400],
  [`${API_PREFIX}/site`, 3600, 86400],
  [`${API_PREFIX}/categories`, 300, 3600],
  [`${API_PREFIX}/blog`, 300, 3600],
  [`${API_PREFIX}/founders`, 300, 3600],
  [`${API_PREFIX}/products`, 300, 3600],
  [`${API_PREFIX}/interview-questions`, 3600, 86400],
  [`${API_PREFIX}/`, 60, 300], // listings, search, launches, leaderboards, awards, badges
  ['/docs/', 3600, 86400],
  ['/badges/', 300, 3600],
  ['/logos/monogram/', 86400, 604800], // the URL changes with the name (site/logos/monogram.ts)
  ['/categories', 300, 3600],
  ['/blog', 300, 3600],
  ['/founders', 300, 3600],
  ['/assets/', 3600, 86400],
  ['/', 60, 300], // home, listing pages, launches, leaderboards, updates
];

// Paths never cached publicly whatever they answer: personal, transactional or protocol endpoints.
const NEVER = ['/mcp', '/oauth/', '/.well-known/', '/account', '/submit', '/signin', '/signup', '/signout', '/checkout', '/orders', '/drafts', '/invites',
  '/claims', '/v/', '/health', '/metrics', '/webhooks/'];

export function lifetimeOf(path: string): string | null {
  if (NEVER.some((p) => path === p.replace(/\/$/, '') || path.startsWith(p))) return null;
  const hit = LIFETIMES.find(([prefix]) => path.startsWith(prefix));
  return hit ? `public, max-age=${hit[1]}, stale-while-revalidate=${hit[2]}` : null;
}

export const carriesCredentials = (c: Context) => sendsCredentials(c.req.header('authorization'), c.req.header('cookie'));
export const sendsCredentials = (authorization: string | undefined, cookie: string | undefined) =>
  authorization !== undefined || (cookie ?? '').split(';').some((p) => SESSION_COOKIES.some((name) => p.trim().startsWith(`${name}=`)));

// Hono's c.res setter copies the old response's headers onto the new one; a 304 or a re-encoded body must not
// inherit them (Content-Length, Content-Encoding), so the old response is dropped first.
export function replaceResponse(c: Context, res: Response): void {
  c.res = undefined as unknown as Response;
  c.res = res;
}

export function addVary(headers: Headers, ...names: string[]): void {
  const have = (headers.get('vary') ?? '').split(',').map((v) => v.trim()).filter(Boolean);
  for (const n of names) if (!have.some((h) => h.toLowerCase() === n.toLowerCase())) have.push(n);
  if (have.length) headers.set('vary', have.join(', '));
}

// If-None-Match holds a list of ETags (or *); weak comparison, as RFC 9110 asks for GET.
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => bare(t) === bare(etag));
}

// What a 304 keeps of the answer it stands for.
export const NOT_MODIFIED_HEADERS = ['etag', 'cache-control', 'vary', 'x-request-id', 'access-control-allow-origin', 'access-control-expose-headers'];

const CACHEABLE_TYPES = /^(application\/(json|problem\+json|xml)|text\/|image\/svg\+xml)/;
const MAX_ETAG_BODY = 8 * 1024 * 1024;

export function httpCache(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (res.headers.has('x-hono-already-sent')) return; // written by oidc-provider itself
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      res.headers.delete('etag'); // validators are for reads
      return;
    }
    const path = c.req.path;
    // Content-addressed logo files are the same for everyone and never change: their handler's Cache-Control, ETag
    // and 304 stand, with or without credentials, and they do not vary by Cookie.
    if (isLogoFilePath(path)) return;
    addVary(res.headers, path.startsWith(`${API_PREFIX}/`) ? 'Authorization' : 'Cookie');
    if (carriesCredentials(c)) {
      if (!/no-store/.test(res.headers.get('cache-control') ?? '')) res.headers.set('cache-control', 'private, no-store');
      res.headers.delete('etag');
      return;
    }
    const set = res.headers.get('cache-control');
    const lifetime = lifetimeOf(path);
    // The handler knows when an answer is personal; errors and other types are not cached here either.
    if ((set && /private|no-store/.test(set)) || res.status !== 200 || !lifetime || !CACHEABLE_TYPES.test(res.headers.get('content-type') ?? '')) {
      res.headers.delete('etag');
      return;
    }
    res.headers.set('cache-control', lifetime);
    // Most answers bring their ETag (computed where the text is made, and kept for cached results); reading a
    // response body back here costs more than making it, so only the few that do not are hashed here.
    let etag = res.headers.get('etag');
    if (!etag) {
      const body = new Uint8Array(await res.arrayBuffer());
      replaceResponse(c, new Response(body, res));
      if (body.byteLength > MAX_ETAG_BODY) return;
      etag = etagOf(body);
      c.res.headers.set('etag', etag);
    }
    const inm = c.req.header('if-none-match');
    if (inm && etagMatches(inm, etag)) {
      const headers = new Headers();
      for (const h of NOT_MODIFIED_HEADERS) {
        const v = c.res.headers.get(h);
        if (v) headers.set(h, v);
      }
      replaceResponse(c, new Response(null, { status: 304, headers }));
    }
  };
}
