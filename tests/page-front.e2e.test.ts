import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness';
import { decoded, raw, type Raw } from './support/raw-http';
import { secondConnection } from './support/second-writer';
import type { Db } from '../storage/db';

// The kept-page lane (transport/page-front.ts): a signed-out GET of a page kept for its address is sent on Node's own
// request, ahead of the middleware and the router. These tests prove it answers exactly as the full path does,
// header for header and byte for byte, for the requests browsers and fetch send; that it is as fresh as the full
// path; and that everything else still takes the full path. Which path answered is read from /metrics
// (http_lane_answers_total{lane="page"}).

async function pageLane(app: TestApp): Promise<number> {
  const text = await (await fetch(`${app.url}/metrics`)).text();
  const m = /^http_front_answers_total\{lane="page"\} (\d+)$/m.exec(text);
  return m ? Number(m[1]) : 0;
}

// Headers that legitimately differ between two answers to the same request: the clock, the connection, a fresh
// request id.
const VOLATILE = new Set(['date', 'connection', 'keep-alive', 'x-request-id']);
const stable = (r: Raw) => Object.fromEntries(Object.entries(r.headers).filter(([k]) => !VOLATILE.has(k)).sort(([a], [b]) => a.localeCompare(b)));

let app: TestApp;
let other: Db;
let listing: string;
let category: string;
let founder: string;
let post: string;
beforeAll(async () => {
  app = await startApp({ demo: true });
  const first = async (path: string) => JSON.parse(decoded(await raw(app, path))).items[0];
  listing = (await first('/api/v1/listings?per_page=1')).slug;
  category = (await first('/api/v1/categories')).slug;
  founder = (await first('/api/v1/founders?per_page=1')).slug;
  post = (await first('/api/v1/blog?per_page=1')).slug;
  other = await secondConnection(app);
});
afterAll(async () => {
  await other?.engine.close();
  await app?.close();
});

// The full path's answer, then the lane's, to the same request in the same minute. A page is sent by the lane only in
// the minute it was kept in: moving the clock on makes the next request the full path's (which keeps it again). An
// address is taken in at its second ask, so it is asked for once before.
async function bothPaths(path: string, headers: Record<string, string>, method = 'GET') {
  await raw(app, path, headers, method);
  app.clock.advance(60_000);
  const before = await pageLane(app);
  const full = await raw(app, path, headers, method);
  const afterFull = await pageLane(app);
  const lane = await raw(app, path, headers, method);
  return { full, lane, fullUsedLane: afterFull - before, laneUsedLane: (await pageLane(app)) - afterFull };
}

describe('the lane answers as the full path does', () => {
  // Every kind of kept page: pages kept under their own topics (home, categories, a listing) and pages made from
  // answers (launches, weeks, boards, founders, the blog, search), with and without a query.
  const PAGES: Array<[string, () => string]> = [
    ['home', () => '/'],
    ['categories', () => '/categories'],
    ['a category', () => `/categories/${category}`],
    ['a listing', () => `/listings/${listing}`],
    ['launches', () => '/launches'],
    ['a launch section, paged', () => '/launches?section=most-voted&page=2'],
    ['this launch week', () => '/launches/weeks/this'],
    ['leaderboards', () => '/leaderboards'],
    ['a leaderboard', () => '/leaderboards/community-all-time'],
    ['founders', () => '/founders'],
    ['a founder', () => `/founders/${founder}`],
    ['the blog', () => '/blog'],
    ['a blog post', () => `/blog/${post}`],
    ['a search', () => `/search?q=${encodeURIComponent('anlytics')}`],
  ];
  // What clients send: nothing (curl), a browser's or fetch's encodings, gzip alone, and a client that refuses both.
  const SHAPES: Array<[string, Record<string, string>]> = [
    ['no Accept-Encoding', {}],
    ['br, gzip, deflate', { 'accept-encoding': 'br, gzip, deflate' }],
    ['gzip only', { 'accept-encoding': 'gzip' }],
    ['identity only', { 'accept-encoding': 'br;q=0, gzip;q=0' }],
    ['a cookie that is not a session', { 'accept-encoding': 'gzip, br', cookie: 'theme=dark; seen_tour=1' }],
    ['its own request id', { 'x-request-id': 'client-req-12345678' }],
  ];

  describe.each(PAGES)('%s', (_label, path) => {
    it.each(SHAPES)('%s: the same status, headers and bytes', async (_shape, headers) => {
      const { full, lane, fullUsedLane, laneUsedLane } = await bothPaths(path(), headers);
      expect(fullUsedLane, 'the first request of the minute takes the full path').toBe(0);
      expect(laneUsedLane, 'the second is sent by the lane').toBe(1);
      expect(lane.status).toBe(200);
      expect(full.status).toBe(200);
      expect(stable(lane)).toEqual(stable(full));
      expect(decoded(lane)).toBe(decoded(full));
      expect(lane.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(lane.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      if (headers['x-request-id']) expect(lane.headers['x-request-id']).toBe(headers['x-request-id']);
      else expect(lane.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('HEAD, as a link checker sends it: the same status and headers, and no body', async () => {
      for (const headers of [{}, { 'accept-encoding': 'br, gzip, deflate' }] as Record<string, string>[]) {
        const { full, lane, fullUsedLane, laneUsedLane } = await bothPaths(path(), headers, 'HEAD');
        expect([fullUsedLane, laneUsedLane]).toEqual([0, 1]);
        expect([full.status, lane.status]).toEqual([200, 200]);
        expect(stable(lane)).toEqual(stable(full));
        expect(lane.body.byteLength).toBe(0);
        expect(lane.headers['content-encoding']).toBeUndefined();
        expect(lane.headers.etag).toBe((await raw(app, path())).headers.etag);
      }
    });

    it('answers If-None-Match with the same 304', async () => {
      const etag = (await raw(app, path())).headers.etag as string;
      const { full, lane, laneUsedLane } = await bothPaths(path(), { 'if-none-match': etag, 'accept-encoding': 'br, gzip' });
      expect(laneUsedLane).toBe(1);
      expect(full.status).toBe(304);
      expect(lane.status).toBe(304);
      expect(stable(lane)).toEqual(stable(full));
      expect(lane.body.byteLength).toBe(0);
    });
  });
});

describe('links with tracking parameters (utm_*, click ids)', () => {
  // A page shared on social sites or in a newsletter is visited through such links: the same page as its plain
  // address, kept once and sent by the lane whichever way it is asked (domain/tracking-params.ts).
  const TRACKED = ['?utm_source=newsletter&utm_medium=email&utm_campaign=launch', '?fbclid=IwAR0xyz', '?gclid=Cj0KCQ&utm_term=crm'];
  const signInNext = (r: Raw) => /class="signin" href="\/signin\?next=([^"]*)"/.exec(decoded(r))?.[1];

  it.each([
    ['home', () => '/'],
    ['a listing', () => `/listings/${listing}`],
    ['a category', () => `/categories/${category}`],
    ['a launch section', () => '/launches?section=most-voted'],
    ['a search', () => `/search?q=${encodeURIComponent('anlytics')}`],
  ])('%s: sent by the lane as the plain address\'s page, whichever link came first', async (_label, path) => {
    await raw(app, path()); // an address is taken in at its second ask
    for (const tracked of TRACKED) {
      const join = (p: string) => (p.includes('?') ? `${p}&${tracked.slice(1)}` : `${p}${tracked}`);
      // The tracked link first (the full path keeps the page), then the plain address and another link: the lane.
      app.clock.advance(60_000);
      const first = await raw(app, join(path()), { 'accept-encoding': 'br, gzip' });
      const before = await pageLane(app);
      const plain = await raw(app, path(), { 'accept-encoding': 'br, gzip' });
      const again = await raw(app, join(path()), { 'accept-encoding': 'br, gzip' });
      expect(await pageLane(app) - before).toBe(2);
      for (const r of [first, plain, again]) expect(r.status).toBe(200);
      expect(stable(plain)).toEqual(stable(first));
      expect(stable(again)).toEqual(stable(first));
      expect(decoded(plain)).toBe(decoded(first));
      expect(decoded(again)).toBe(decoded(first));
      // "Sign in" comes back to the page without the tracking parameters.
      expect(decodeURIComponent(signInNext(first) ?? '')).toBe(path());
    }
  });

  it('any other parameter still makes an address of its own, which the full path answers', async () => {
    app.clock.advance(60_000);
    await raw(app, `/listings/${listing}`);
    const before = await pageLane(app);
    const res = await raw(app, `/listings/${listing}?utm_source=x&theme=dark`);
    expect(res.status).toBe(200);
    expect(await pageLane(app)).toBe(before);
    expect(decodeURIComponent(signInNext(res) ?? '')).toBe(`/listings/${listing}?theme=dark`);
  });
});

describe('what the lane leaves to the full path', () => {
  const path = () => `/categories/${category}`;
  const kept = async () => { await raw(app, path()); await raw(app, path()); };

  it.each([
    ['a session cookie', { cookie: 'sid=not-a-real-session' }],
    ['a session cookie among others', { cookie: 'theme=dark; __Host-sid=not-a-real-session' }],
    ['an Authorization header', { authorization: 'Bearer not-a-real-token' }],
  ])('%s: the full path, which keeps it private', async (_label, headers) => {
    await kept();
    const before = await pageLane(app);
    const res = await raw(app, path(), headers);
    expect(await pageLane(app)).toBe(before);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.etag).toBeUndefined();
  });

  it('a method that is not a read', async () => {
    await kept();
    const before = await pageLane(app);
    expect((await raw(app, path(), {}, 'POST')).status).not.toBe(200);
    expect((await raw(app, path(), {}, 'DELETE')).status).not.toBe(200);
    expect(await pageLane(app)).toBe(before);
  });

  it('a page that is no longer current: the next visit shows the change, and the lane sends the new page after', async () => {
    await kept();
    await other.engine.prepare("UPDATE categories SET name = 'Renamed by another process' WHERE slug = ?").run(category);
    const before = await pageLane(app);
    const after = await raw(app, path(), { 'accept-encoding': 'br' });
    expect(decoded(after)).toContain('Renamed by another process');
    expect(await pageLane(app), 'the changed page was made by the full path').toBe(before);
    const again = await raw(app, path(), { 'accept-encoding': 'br' });
    expect(await pageLane(app)).toBe(before + 1);
    expect(decoded(again)).toBe(decoded(after));
    expect(again.headers.etag).toBe(after.headers.etag);
  });

  it('a page made from answers when one of them changed, and a search whose results did', async () => {
    for (const [page, write, shown] of [
      ['/blog', () => other.engine.prepare('UPDATE blog_posts SET title = ? WHERE slug = ?').run('A title from elsewhere', post), 'A title from elsewhere'],
      [`/search?q=${encodeURIComponent('zebrafish')}`, () => other.engine.prepare('UPDATE listings SET tagline = ? WHERE slug = ?').run('Zebrafish husbandry logs', listing), 'Zebrafish husbandry logs'],
    ] as const) {
      await raw(app, page);
      const keptPage = decoded(await raw(app, page));
      expect(keptPage).not.toContain(shown);
      await write();
      expect(decoded(await raw(app, page)), page).toContain(shown);
    }
  });

  it('an address never kept, a page not found, and paths that are not pages', async () => {
    const before = await pageLane(app);
    for (const path of ['/listings/no-such-listing', '/listings/no-such-listing', '/nowhere', '/nowhere', '/health', '/health', '/robots.txt', '/robots.txt']) {
      await raw(app, path);
    }
    expect((await raw(app, '/listings/no-such-listing')).status).toBe(404);
    expect(await pageLane(app)).toBe(before);
  });
});

describe('the addresses the lane remembers', () => {
  it('takes an address in at its second ask: one asked for once leaves no entry, and the third ask is the lane\'s', async () => {
    const remembered = async () => {
      const text = await (await fetch(`${app.url}/metrics`)).text();
      return Number(/^http_lane_remembered_addresses\{lane="page"\} (\d+)$/m.exec(text)?.[1] ?? 0);
    };
    const paths = Array.from({ length: 6 }, (_, i) => `/search?q=${encodeURIComponent(`asked once ${i}`)}`);
    const kept = await remembered();
    const lane = await pageLane(app);
    const firsts = [];
    for (const path of paths) firsts.push(await raw(app, path));
    expect(firsts.map((r) => r.status)).toEqual(paths.map(() => 200));
    expect(await remembered()).toBe(kept);
    const second = await raw(app, paths[2]);
    expect(await pageLane(app)).toBe(lane); // the full path, which now keeps its address
    expect(await remembered()).toBe(kept + 1);
    const third = await raw(app, paths[2]);
    expect(await pageLane(app)).toBe(lane + 1);
    expect(decoded(third)).toBe(decoded(second));
    expect(decoded(second)).toBe(decoded(firsts[2]));
  });
});

describe("the lane's answers in the metrics", () => {
  it('counts each under the route template of its page', async () => {
    const count = async () => {
      const text = await (await fetch(`${app.url}/metrics`)).text();
      const m = /^http_requests_total\{route="\/founders\/:slug",method="GET",status="200"\} (\d+)$/m.exec(text);
      return m ? Number(m[1]) : 0;
    };
    await raw(app, `/founders/${founder}`);
    const before = await count();
    const lane = await pageLane(app);
    await raw(app, `/founders/${founder}`);
    await raw(app, `/founders/${founder}`);
    expect(await pageLane(app)).toBe(lane + 2);
    expect(await count()).toBe(before + 2);
  });
});
