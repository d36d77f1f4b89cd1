import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startApp, type TestApp } from './harness';
import { Browser, signUp } from './auth-helpers';
import { caller, type Caller } from './drafts-helpers';
import { flushListingViews } from '../storage/queries/views';
import { chooseEncoding } from '../transport/compress';

// HTTP caching, compression, CORS on the REST API and view counting that survives cached pages.
let app: TestApp;
let me: Caller;
let slug: string;
beforeAll(async () => {
  app = await startApp({ demo: true });
  me = await caller(app, 'cache@example.test');
  slug = (await (await fetch(`${app.api}/listings?per_page=1`)).json()).items[0].slug;
});
afterAll(async () => {
  await me.modern.close();
  await me.legacy.close();
  await app?.close();
});

// Raw bytes as sent (fetch would decode them), with the response headers.
function rawGet(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const url = new URL(path, app.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname + url.search, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('ETag and 304', () => {
  it.each([
    ['a REST read', () => `/api/v1/listings/${slug}`],
    ['a search', () => '/api/v1/listings?q=notes'],
    ['a listing page', () => `/listings/${slug}`],
    ['a badge', () => `/badges/${slug}/listed.svg`],
    ['the OpenAPI document', () => '/api/v1/openapi.json'],
    ['the API reference', () => '/docs/api'],
  ])('%s answers If-None-Match with 304 and the same validators', async (_what, path) => {
    const first = await fetch(`${app.url}${path()}`);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    const again = await fetch(`${app.url}${path()}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
    expect(await again.text()).toBe('');
    const changed = await fetch(`${app.url}${path()}`, { headers: { 'if-none-match': 'W/"something-else"' } });
    expect(changed.status).toBe(200);
  });

  it('a change to what a page shows changes its ETag', async () => {
    const before = (await fetch(`${app.api}/listings/${slug}`)).headers.get('etag');
    await app.db.engine.prepare('UPDATE listings SET tagline = ? WHERE slug = ?').run('A brand new tagline', slug);
    const after = await fetch(`${app.api}/listings/${slug}`, { headers: { 'if-none-match': before! } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before);
  });
});

describe('Cache-Control and Vary', () => {
  it.each([
    ['/api/v1/listings?sort=votes', 'public, max-age=60, stale-while-revalidate=300'],
    ['/api/v1/leaderboards/community-weekly', 'public, max-age=60, stale-while-revalidate=300'],
    ['/api/v1/categories', 'public, max-age=300, stale-while-revalidate=3600'],
    ['/api/v1/openapi.json', 'public, max-age=3600, stale-while-revalidate=86400'],
    ['/', 'public, max-age=60, stale-while-revalidate=300'],
    ['/blog', 'public, max-age=300, stale-while-revalidate=3600'],
  ])('anonymous %s is %s', async (path, expected) => {
    const res = await fetch(`${app.url}${path}`);
    expect(res.headers.get('cache-control')).toBe(expected);
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
  });

  it('a request with credentials is private, no-store, and the answer varies on them', async () => {
    const withKey = await fetch(`${app.api}/listings/${slug}`, { headers: { authorization: me.auth } });
    expect(withKey.headers.get('cache-control')).toBe('private, no-store');
    expect(withKey.headers.get('etag')).toBeNull();
    expect(withKey.headers.get('vary')).toMatch(/Authorization/);
    const b = new Browser(app.url);
    await signUp(b, 'cached-visitor@example.test');
    const signedIn = await b.get(`/listings/${slug}`);
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
    expect((await fetch(`${app.url}/listings/${slug}`)).headers.get('vary')).toMatch(/Cookie/);
  });

  it('personal and protocol endpoints are never cached publicly', async () => {
    for (const path of ['/account', '/health', '/metrics', `/v/${slug}.gif`]) {
      const cc = (await fetch(`${app.url}${path}`, { redirect: 'manual' })).headers.get('cache-control') ?? '';
      expect(cc, path).not.toMatch(/public/);
    }
  });
});

describe('compression', () => {
  it.each([
    ['/api/v1/openapi.json', 'application/json'],
    [`/listings/${'SLUG'}`, 'text/html'],
    ['/api/v1/listings?per_page=50', 'application/json'],
  ])('%s comes as br or gzip as asked, and decodes to the same body', async (pathTemplate, type) => {
    const path = pathTemplate.replace('SLUG', slug);
    const plain = await rawGet(path);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers['content-type'])).toContain(type);
    const br = await rawGet(path, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    const gz = await rawGet(path, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(String(br.headers.vary)).toMatch(/Accept-Encoding/);
  });

  it('does not compress event streams', async () => {
    const res = await fetch(`${app.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25', 'accept-encoding': 'br' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_site_info', arguments: {} } }),
    });
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toContain('"result"');
  });

  it.each([
    ['gzip, deflate, br', 'br'], ['br;q=0.5, gzip;q=0.9', 'gzip'], ['gzip', 'gzip'], ['identity', null], ['br;q=0', null],
    ['*', 'br'], ['*;q=0.1, br;q=0', 'gzip'], [undefined, null],
  ])('Accept-Encoding %s → %s', (header, expected) => expect(chooseEncoding(header)).toBe(expected));

  // An answer compressed for one request only (no ETag): gzip wins a tie with br, never a lower q or a refusal.
  it.each([
    ['br, gzip, deflate', 'gzip'], ['gzip, deflate, br', 'gzip'], ['br', 'br'], ['br;q=1, gzip;q=0.5', 'br'], ['gzip;q=0', null],
    ['br, gzip;q=0', 'br'], ['*', 'gzip'], ['*;q=0.1, br', 'br'], ['identity', null], [undefined, null],
  ])('Accept-Encoding %s → %s for an answer made for one request', (header, expected) => expect(chooseEncoding(header, true)).toBe(expected));
});

describe('CORS on the REST API', () => {
  it('answers preflights for any origin, with Authorization allowed and no credentials mode', async () => {
    const res = await fetch(`${app.api}/drafts`, {
      method: 'OPTIONS',
      headers: { origin: 'https://someones-dashboard.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type, idempotency-key' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/Authorization/i);
    expect(res.headers.get('access-control-allow-headers')).toMatch(/Idempotency-Key/i);
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('lets a page read public data and call with a bearer key, exposing the rate-limit headers', async () => {
    const pub = await fetch(`${app.api}/listings?per_page=1`, { headers: { origin: 'https://someones-dashboard.example' } });
    expect(pub.headers.get('access-control-allow-origin')).toBe('*');
    const mine = await fetch(`${app.api}/me`, { headers: { origin: 'https://someones-dashboard.example', authorization: me.auth } });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('access-control-allow-origin')).toBe('*');
    expect(mine.headers.get('access-control-expose-headers')).toMatch(/RateLimit-Remaining/);
  });
});

describe('listing views through the beacon', () => {
  const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
  const views = async (s: string) => (await app.db.engine.prepare('SELECT views_count AS v FROM listings WHERE slug = ?').get(s) as { v: number }).v;
  const beacon = (s: string, ua: string, headers: Record<string, string> = {}) =>
    fetch(`${app.url}/v/${s}.gif`, { headers: { 'user-agent': ua, ...headers } });

  it('rendering or caching a page counts nothing; its beacon counts one view per visitor per day, bots never', async () => {
    const s = (await (await fetch(`${app.api}/listings?per_page=2&page=2`)).json()).items[0].slug;
    await flushListingViews(app.db);
    const start = await views(s);
    const page = await fetch(`${app.url}/listings/${s}`);
    const cached = await fetch(`${app.url}/listings/${s}`, { headers: { 'if-none-match': page.headers.get('etag')! } });
    expect(cached.status).toBe(304);
    await flushListingViews(app.db);
    expect(await views(s)).toBe(start);

    const pixel = await beacon(s, FIREFOX);
    expect(pixel.headers.get('content-type')).toBe('image/gif');
    expect(pixel.headers.get('cache-control')).toBe('no-store, private');
    await beacon(s, FIREFOX); // the same visitor again today
    await beacon(s, 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)');
    await beacon(s, 'curl/8.5.0');
    await beacon(s, FIREFOX, { 'sec-purpose': 'prefetch' });
    await flushListingViews(app.db);
    expect(await views(s)).toBe(start + 1);

    await beacon(s, 'Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15'); // another visitor
    app.clock.advance(24 * 60 * 60 * 1000); // tomorrow the first visitor counts again
    await beacon(s, FIREFOX);
    app.clock.advance(-24 * 60 * 60 * 1000);
    await flushListingViews(app.db);
    expect(await views(s)).toBe(start + 3);
  });

  it('an unknown or malformed slug counts nothing and still answers the pixel', async () => {
    expect((await beacon('no-such-listing', FIREFOX)).status).toBe(200);
    expect((await fetch(`${app.url}/v/..%2F..%2Fetc.gif`)).status).toBe(404);
  });
});
