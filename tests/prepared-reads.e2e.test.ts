import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness';
import { decoded, raw, rawTarget, type Raw } from './support/raw-http';
import { openDb, type Db } from '../storage/db';
import { openPgDb } from '../storage/pg/open';
import { testEngine } from './support/pg-test-db';

// The prepared-read lane (transport/prepared-reads.ts): an anonymous GET of a public read is answered ahead of the
// middleware, from its first request (the lane routes a URL it has not seen as the REST route would). These tests
// prove it answers exactly as the full path does, header for header, for the requests clients really send; that it
// is as fresh as the full path; and that everything out of the ordinary still takes the full path. Which path
// answered is read from /metrics (http_lane_answers_total). The full path's answer to compare with is had by sending
// an Idempotency-Key, which the lane leaves to the full path and which an anonymous read ignores.

async function laneCount(app: TestApp, lane = 'rest_read', metric = 'http_lane_answers_total'): Promise<number> {
  const text = await (await fetch(`${app.url}/metrics`)).text();
  const m = new RegExp(`^${metric}\\{lane="${lane}"\\} (\\d+)$`, 'm').exec(text);
  return m ? Number(m[1]) : 0;
}
// Of those, the answers written on Node's own request, before the app (the lane's `front`).
const frontCount = (app: TestApp) => laneCount(app, 'rest_read', 'http_front_answers_total');

// Headers that legitimately differ between two answers to the same request: the clock, the connection, a fresh
// request id, and the rate-limit countdown (one request later).
const VOLATILE = new Set(['date', 'connection', 'keep-alive', 'x-request-id', 'ratelimit-remaining', 'ratelimit-reset']);
const stable = (r: Raw) => Object.fromEntries(Object.entries(r.headers).filter(([k]) => !VOLATILE.has(k)).sort(([a], [b]) => a.localeCompare(b)));

const FULL_PATH = { 'idempotency-key': 'take-the-full-path' };
// First request of a URL: the lane (routing it). Then the same request through the full path.
async function bothPaths(app: TestApp, path: string, headers: Record<string, string>, method = 'GET') {
  const before = await laneCount(app);
  const frontBefore = await frontCount(app);
  const lane = await raw(app, path, headers, method);
  const afterLane = await laneCount(app);
  const laneUsedFront = (await frontCount(app)) - frontBefore;
  const full = await raw(app, path, { ...headers, ...FULL_PATH }, method);
  return { full, lane, fullUsedLane: (await laneCount(app)) - afterLane, laneUsedLane: afterLane - before, laneUsedFront };
}

let app: TestApp;
let slugs: string[];
let categories: string[];
beforeAll(async () => {
  app = await startApp({ demo: true });
  // Learning them warms the lane for these two URLs only.
  slugs = JSON.parse(decoded(await raw(app, '/api/v1/listings?per_page=50'))).items.map((i: { slug: string }) => i.slug);
  type Node = { slug: string; children?: Node[] };
  categories = (JSON.parse(decoded(await raw(app, '/api/v1/categories'))).items as Node[]).flatMap((c) => [c.slug, ...(c.children ?? []).map((k) => k.slug)]);
  expect(slugs.length).toBeGreaterThanOrEqual(36);
  expect(categories.length).toBeGreaterThanOrEqual(7);
});
afterAll(async () => {
  await app?.close();
});

describe('the lane answers as the full path does', () => {
  // Every kind of public read, under every request shape clients send. Each case uses URLs of its own, so its
  // first request is the full path's answer.
  const READS: Array<[string, (i: number) => string]> = [
    ['get_listing', (i) => `/api/v1/listings/${slugs[i]}`],
    ['search_listings (words)', (i) => `/api/v1/listings?q=${encodeURIComponent('team notes')}&per_page=${3 + i}`],
    ['search_listings (typo)', (i) => `/api/v1/listings?q=${encodeURIComponent('analitics')}&per_page=${3 + i}`],
    ['search_listings (browse)', (i) => `/api/v1/listings?sort=votes&per_page=${3 + i}`],
    ['get_leaderboard', (i) => `/api/v1/leaderboards/community-all-time?per_page=${3 + i}`],
    ['get_category', (i) => `/api/v1/categories/${categories[i % categories.length]}`],
  ];
  const SHAPES: Array<[string, Record<string, string>]> = [
    ['no extra headers', {}],
    ['a browser Origin', { origin: 'https://someone-elses-site.example' }],
    ['Accept-Encoding: br', { 'accept-encoding': 'br' }],
    ['Accept-Encoding: gzip, deflate (Node fetch, curl --compressed)', { 'accept-encoding': 'gzip, deflate' }],
    ['Accept-Encoding refusing everything', { 'accept-encoding': 'identity, *;q=0' }],
    ['a request id of the caller', { 'x-request-id': 'client-chosen.id:42' }],
    ['a cookie that is not a session', { cookie: 'theme=dark; consent=yes' }],
  ];
  for (const [read, pathOf] of READS) {
    SHAPES.forEach(([shape, headers], i) => {
      it(`${read}, ${shape}`, async () => {
        const path = pathOf(i);
        const { full, lane, fullUsedLane, laneUsedLane, laneUsedFront } = await bothPaths(app, path, headers);
        expect(fullUsedLane).toBe(0);
        expect(laneUsedLane).toBe(1);
        expect(laneUsedFront).toBe(1);
        expect(full.status).toBe(200);
        expect(lane.status).toBe(full.status);
        expect(stable(lane)).toEqual(stable(full));
        expect(decoded(lane)).toBe(decoded(full));
        if (headers['x-request-id']) expect(lane.headers['x-request-id']).toBe(headers['x-request-id']);
        else expect(lane.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      });
    });
  }

  // HEAD, as link checkers and monitors send it: the GET's headers without a body, a Content-Length or compression.
  READS.forEach(([read, pathOf]) => {
    it(`${read}, HEAD`, async () => {
      for (const [i, headers] of [[SHAPES.length, {}], [SHAPES.length + 1, { 'accept-encoding': 'br, gzip' }]] as const) {
        const path = pathOf(i);
        const { full, lane, fullUsedLane, laneUsedLane, laneUsedFront } = await bothPaths(app, path, headers, 'HEAD');
        expect([fullUsedLane, laneUsedLane, laneUsedFront]).toEqual([0, 1, 1]);
        expect(full.status).toBe(200);
        expect(lane.status).toBe(200);
        expect(stable(lane)).toEqual(stable(full));
        expect(lane.body.length).toBe(0);
        expect(lane.headers['content-encoding']).toBeUndefined();
        // The GET of the same URL carries the same validator.
        expect((await raw(app, path)).headers.etag).toBe(lane.headers.etag);
      }
    });
  });

  it('answers a request that reaches the app as a fetch Request (no Node request) the same, through its middleware', async () => {
    const path = `/api/v1/listings/${slugs[31]}`;
    const full = await raw(app, path, FULL_PATH);
    const before = await laneCount(app);
    const frontBefore = await frontCount(app);
    const res = await app.hono.request(path);
    expect(await laneCount(app)).toBe(before + 1);
    expect(await frontCount(app)).toBe(frontBefore);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(decoded(full));
    expect(res.headers.get('etag')).toBe(full.headers.etag);
    expect(res.headers.get('cache-control')).toBe(full.headers['cache-control']);
  });

  it('answers If-None-Match with the same 304', async () => {
    const path = `/api/v1/listings/${slugs[30]}`;
    // The ETag from the full path's answer.
    const etag = (await raw(app, path, FULL_PATH)).headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    for (const inm of [etag, `"stale", ${etag}`, '*']) {
      const { full, lane, laneUsedLane } = await bothPaths(app, path, { 'if-none-match': inm, origin: 'https://a.example' });
      expect(full.status).toBe(304);
      expect(lane.status).toBe(304);
      expect(laneUsedLane).toBe(1);
      expect(stable(lane)).toEqual(stable(full));
      expect(lane.body.length).toBe(0);
    }
    // A HEAD with the validator: the same 304.
    const head = await bothPaths(app, path, { 'if-none-match': etag }, 'HEAD');
    expect([head.full.status, head.lane.status, head.laneUsedLane]).toEqual([304, 304, 1]);
    expect(stable(head.lane)).toEqual(stable(head.full));
    // A stale validator gets the whole answer.
    const changed = await raw(app, path, { 'if-none-match': 'W/"something-else"' });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).toBe(etag);
  });
});

describe('what the lane hands to the full path', () => {
  it('a credential or a session cookie: private answers, never from the lane', async () => {
    const path = `/api/v1/listings/${slugs[31]}`;
    await raw(app, path);
    const shapes: Array<Record<string, string>> = [{ authorization: 'Bearer not-a-real-key' }, { cookie: 'theme=dark; sid=whatever' }, { cookie: '__Host-sid=abc' }];
    for (const headers of shapes) {
      const before = await laneCount(app);
      const res = await raw(app, path, headers);
      expect(await laneCount(app)).toBe(before);
      if (headers.authorization) {
        expect(res.status).toBe(401);
      } else {
        expect(res.status).toBe(200);
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(res.headers.etag).toBeUndefined();
      }
    }
  });

  it('a URL never seen whose input or target is not an answer: the full path words it, as it would anyway', async () => {
    const cases: Array<[string, number, string]> = [
      ['/api/v1/listings?per_page=abc', 400, 'invalid_input'],
      ['/api/v1/listings?unknown_filter=1', 400, 'invalid_input'],
      [`/api/v1/listings/${slugs[36]}?slug=other`, 400, 'invalid_input'],
      ['/api/v1/listings/no-such-listing-anywhere', 404, 'not_found'],
      ['/api/v1/categories/', 404, 'not_found'],
      ['/api/v1/me', 401, 'unauthenticated'],
    ];
    for (const [path, status, code] of cases) {
      const before = await laneCount(app);
      const res = await raw(app, path, { origin: 'https://a.example' });
      expect(await laneCount(app), path).toBe(before);
      expect(res.status, path).toBe(status);
      expect(JSON.parse(decoded(res)).code, path).toBe(code);
      const full = await raw(app, path, { origin: 'https://a.example', ...FULL_PATH });
      expect(stable(res), path).toEqual(stable(full));
    }
  });

  // Node's request-target as written is not what the app routes: the fetch Request the app builds from it resolves dot
  // segments and percent-encoding. Such a target is left to the app (not answered at the front), whose own lane
  // (the middleware) reads the resolved URL. (As written, these would also find no route or fail the slug's pattern;
  // tests/read-routes.test.ts checks the rule that keeps them from being tried at all.)
  it('a target the router and the URL parser could read differently: not at the front, and the same answer', async () => {
    const slug = slugs[37];
    const expected = decoded(await raw(app, `/api/v1/listings/${slug}`, FULL_PATH));
    for (const path of [`/api/v1/listings/./${slug}`, `/api/v1/x/../listings/${slug}`, `/api/v1/listings/${slug.replace(/^./, (ch) => `%${ch.charCodeAt(0).toString(16)}`)}`]) {
      const before = await frontCount(app);
      const res = await rawTarget(app, path);
      expect(await frontCount(app), path).toBe(before);
      expect(res.status, path).toBe(200);
      expect(decoded(res), path).toBe(expected);
    }
  });

  it('an Idempotency-Key, on a GET or a HEAD', async () => {
    const path = `/api/v1/listings/${slugs[32]}`;
    await raw(app, path);
    const before = await laneCount(app);
    expect((await raw(app, path, { 'idempotency-key': 'k-123456789' })).status).toBe(200);
    expect((await raw(app, path, { 'idempotency-key': 'k-123456789' }, 'HEAD')).status).toBe(200);
    expect(await laneCount(app)).toBe(before);
  });

  it('a listing that is no longer public: the full path words the 404, and keeps doing so', async () => {
    const slug = slugs[33];
    const path = `/api/v1/listings/${slug}`;
    expect((await raw(app, path)).status).toBe(200);
    expect((await raw(app, path)).status).toBe(200); // from the lane
    await app.db.engine.prepare("UPDATE listings SET status = 'draft' WHERE slug = ?").run(slug);
    const before = await laneCount(app);
    const gone = await raw(app, path, { origin: 'https://a.example' });
    expect(gone.status).toBe(404);
    expect(gone.headers['content-type']).toMatch(/problem\+json/);
    expect(JSON.parse(decoded(gone)).code).toBe('not_found');
    expect(gone.headers['access-control-allow-origin']).toBe('*');
    expect((await raw(app, path)).status).toBe(404);
    expect(await laneCount(app)).toBe(before);
  });
});

describe('as fresh as the full path', () => {
  it('a write through the app is seen by the next read from the lane', async () => {
    const slug = slugs[34];
    const path = `/api/v1/listings/${slug}`;
    await raw(app, path);
    expect(JSON.parse(decoded(await raw(app, path))).tagline).not.toBe('Rewritten by its owner');
    await app.db.engine.prepare("UPDATE listings SET tagline = 'Rewritten by its owner' WHERE slug = ?").run(slug);
    const before = await laneCount(app);
    const next = await raw(app, path);
    expect(await laneCount(app)).toBe(before + 1);
    expect(JSON.parse(decoded(next)).tagline).toBe('Rewritten by its owner');
  });

  it('a commit by another connection (another process on the same file) is seen by the next request', async () => {
    const slug = slugs[35];
    const path = `/api/v1/listings/${slug}`;
    await raw(app, path);
    await raw(app, path);
    // A connection of its own to the same database: the same SQLite file, or the same PostgreSQL database.
    const other: Db = testEngine() === 'postgres' ? await openPgDb(app.config.databaseUrl!, { poolSize: 1 }) : openDb(app.config.databasePath);
    try {
      await other.engine.prepare("UPDATE listings SET tagline = 'Changed by another node' WHERE slug = ?").run(slug);
    } finally {
      await other.engine.close();
    }
    expect(JSON.parse(decoded(await raw(app, path))).tagline).toBe('Changed by another node');
  });
});

describe('the URLs the lane remembers', () => {
  // /metrics http_lane_remembered_addresses{lane="rest_read"}.
  const remembered = () => laneCount(app, 'rest_read', 'http_lane_remembered_addresses');

  it('answers a URL from its first ask, and takes it in at its second: URLs asked for once leave no entry', async () => {
    const urls = Array.from({ length: 25 }, (_, i) => `/api/v1/listings?q=asked-once-${i}&per_page=4`);
    const kept = await remembered();
    const answered = await laneCount(app);
    for (const url of urls) expect((await raw(app, url)).status).toBe(200);
    expect(await laneCount(app)).toBe(answered + urls.length); // every one by the lane
    expect(await remembered()).toBe(kept);
    // A second ask of two of them: those two are remembered, and answered the same.
    const first = await raw(app, urls[3]);
    await raw(app, urls[7]);
    expect(await remembered()).toBe(kept + 2);
    const again = await raw(app, urls[3]);
    expect(decoded(again)).toBe(decoded(first));
    expect(await remembered()).toBe(kept + 2);
    expect(await laneCount(app)).toBe(answered + urls.length + 3);
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startApp({ demo: true, env: { RATE_LIMIT_ANON_PER_MIN: '5' } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('charges every request once, lane or not, and refuses the one over the limit with the full 429', async () => {
    const path = '/api/v1/categories';
    const answers: Raw[] = [];
    for (let i = 0; i < 6; i++) answers.push(await raw(limited, path, { origin: 'https://a.example' }));
    expect(answers.slice(0, 5).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.slice(0, 5).map((r) => r.headers['ratelimit-remaining'])).toEqual(['4', '3', '2', '1', '0']);
    expect(answers.slice(0, 5).map((r) => r.headers['ratelimit-limit'])).toEqual(['5', '5', '5', '5', '5']);
    const refused = answers[5];
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    expect(JSON.parse(decoded(refused)).code).toBe('rate_limited');
    expect(await laneCount(limited)).toBe(5); // requests 1–5; the refused one took the full path
    const text = await (await fetch(`${limited.url}/metrics`)).text();
    expect(text).toMatch(/^rate_limit_refusals_total\{surface="rest"\} 1$/m);
  });
});
