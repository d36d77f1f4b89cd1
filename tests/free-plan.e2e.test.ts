import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { mcpClient, startApp, type TestApp } from './harness';
import { addListing } from './fixtures';
import { call, keyFor, newOwner, ownedListing, runJobs, tool, type Owner } from './my-listings-helpers';
import { scheduleRecurringJobs } from '../jobs/index';
import { setSetting } from '../storage/queries/settings';

// The free plan end to end: choose_free_listing queues a submitted listing, the badge-check job reads a fixture
// homepage on 127.0.0.1 (without, then with the badge; robots.txt honoured), and the controllable clock drives the
// hourly re-check and the go-live at Monday 00:00 UTC of the launch week. TEST_NOW is Wednesday 2026-11-18.

type Site = { origin: string; pages: Map<string, { status: number; html: string }>; robots: string | null; requests: string[]; close(): Promise<void> };
async function startSite(): Promise<Site> {
  const site = { pages: new Map<string, { status: number; html: string }>(), robots: null as string | null, requests: [] as string[] };
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    site.requests.push(path);
    if (path === '/robots.txt') {
      if (site.robots === null) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('none');
      return void res.writeHead(200, { 'content-type': 'text/plain' }).end(site.robots);
    }
    const page = site.pages.get(path);
    if (!page) return void res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    res.writeHead(page.status, { 'content-type': 'text/html; charset=utf-8' }).end(page.html);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(site, { origin, close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }) });
}

const homepage = (extra = '') => ({ status: 200, html: `<!doctype html><html><head><title>Product</title></head><body><h1>Our product</h1>${extra}</body></html>` });

let app: TestApp;
let site: Site;
let blocked: Site;
let ada: Owner;
let bob: Owner;
const clients: Partial<Record<'modern' | 'legacy', Client>> = {};

beforeAll(async () => {
  [site, blocked] = await Promise.all([startSite(), startSite()]);
  blocked.robots = 'User-agent: *\nDisallow: /\n';
  app = await startApp({ demo: false, env: { CRAWLER_ALLOW_PRIVATE: 'true' } });
  ada = await newOwner(app, 'ada@free.test');
  bob = await newOwner(app, 'bob@free.test');
  await scheduleRecurringJobs(app.db, app.clock);
  for (const era of ['modern', 'legacy'] as const) clients[era] = await mcpClient(app, era, { authorization: ada.auth });
});
afterAll(async () => {
  await clients.modern?.close();
  await clients.legacy?.close();
  await app?.close();
  await Promise.all([site?.close(), blocked?.close()]);
});

const mine = async (id: number) => (await call(app, 'GET', `/me/listings/${id}`, ada.auth)).body;
const choose = (id: number, auth = ada.auth, headers: Record<string, string> = {}) => call(app, 'POST', `/me/listings/${id}/free`, auth, undefined, headers);
const HOUR = 3_600_000;

describe('from submitted to live', () => {
  let id: number;

  it('queues a submitted listing for the first free week 6-8 weeks ahead and answers with the snippet to embed', async () => {
    site.pages.set('/p1/', homepage());
    id = await ownedListing(app, ada, { name: 'Badge Co', slug: 'badge-co', status: 'submitted', url: `${site.origin}/p1/` });
    const res = await choose(id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      listing_id: id, status: 'awaiting_badge', plan: 'free', launch_week: '2026-12-28', homepage: `${site.origin}/p1/`,
      page_url: `${app.url}/listings/badge-co`, embed_html: (await mine(id)).badge.embed_html,
    });
    expect(res.body.next_step).toContain('2026-12-28');
    expect((await call(app, 'GET', '/listings/badge-co', null)).status).toBe(404); // not public while it waits
  });

  it('checks the homepage at once: without the badge it keeps waiting, and says why', async () => {
    await runJobs(app);
    const l = await mine(id);
    expect(l.status).toBe('awaiting_badge');
    expect(l.badge.last_check).toMatchObject({ checked_at: app.clock.now().toISOString(), found: false, snippet: null });
    expect(l.badge.last_check.detail).toContain(`No link to ${app.url}/listings/badge-co was found on ${site.origin}/p1/`);
    expect(site.requests).toContain('/robots.txt');
  });

  it('finds the badge at the hourly re-check and schedules the listing for its week', async () => {
    const { embed_html } = (await mine(id)).badge;
    site.pages.set('/p1/', homepage(`<footer>${embed_html}</footer>`));
    app.clock.advance(HOUR);
    await runJobs(app);
    const l = await mine(id);
    expect(l).toMatchObject({ status: 'scheduled', plan: 'free', launch_week: '2026-12-28', launched_at: null, is_public: true });
    expect(l.badge.last_check).toMatchObject({ found: true, snippet: `${app.url}/listings/badge-co?ref=badge` });
    expect((await call(app, 'GET', '/listings/badge-co', null)).body).toMatchObject({ status: 'scheduled', launch_week: '2026-12-28' });
  });

  it('goes live when its launch week starts, Monday 00:00 UTC', async () => {
    app.clock.set('2026-12-27T23:59:00Z');
    await runJobs(app);
    expect((await mine(id)).status).toBe('scheduled');
    app.clock.set('2026-12-28T00:00:00Z');
    await runJobs(app);
    expect(await mine(id)).toMatchObject({ status: 'live', launched_at: '2026-12-28T00:00:00.000Z', launch_week: '2026-12-28' });
    const pub = (await call(app, 'GET', '/listings/badge-co', null)).body;
    expect(pub).toMatchObject({ status: 'live', launched_at: '2026-12-28T00:00:00.000Z' });
    app.clock.set('2026-11-18T12:00:00Z');
  });
});

describe('badge checks that find nothing', () => {
  it('honours robots.txt: a homepage the site disallows is not read, even with the badge on it', async () => {
    const id = await ownedListing(app, ada, { name: 'Robots Co', slug: 'robots-co', status: 'submitted', url: `${blocked.origin}/` });
    expect((await choose(id)).status).toBe(200);
    blocked.pages.set('/', homepage((await mine(id)).badge.embed_html));
    await runJobs(app);
    const l = await mine(id);
    expect(l.status).toBe('awaiting_badge');
    expect(l.badge.last_check.detail).toMatch(/robots\.txt does not allow/);
    expect(blocked.requests).toEqual(['/robots.txt']);
  });

  it('records a homepage that fails to load', async () => {
    site.pages.set('/down/', { status: 500, html: 'oops' });
    const id = await ownedListing(app, ada, { name: 'Down Co', slug: 'down-co', status: 'submitted', url: `${site.origin}/down/` });
    await choose(id);
    await runJobs(app);
    expect((await mine(id)).badge.last_check).toMatchObject({ found: false, detail: expect.stringContaining('answered HTTP 500') });
  });

  it('a badge found after the queued week began puts the listing live at once', async () => {
    const id = await ownedListing(app, ada, { name: 'Late Co', slug: 'late-co', status: 'submitted', url: `${site.origin}/late/` });
    site.pages.set('/late/', homepage());
    const week = (await choose(id)).body.launch_week;
    await runJobs(app);
    site.pages.set('/late/', homepage((await mine(id)).badge.embed_html));
    app.clock.set('2027-02-03T09:30:00Z'); // a Wednesday after the queued week
    await runJobs(app);
    expect(await mine(id)).toMatchObject({ status: 'live', launch_week: '2027-02-01', launched_at: '2027-02-03T09:30:00.000Z' });
    expect(week < '2027-02-01').toBe(true);
    app.clock.set('2026-11-18T12:00:00Z');
  });
});

describe('the queue window and its capacity', () => {
  it('takes the first week with room and refuses with 409 when the whole window is full', async () => {
    await setSetting(app.db, 'free_week_capacity', '1');
    try {
      // 2026-12-28 is taken by Badge Co; fill 2027-01-04 with someone else's free launch.
      await addListing(app.db, { name: 'Filler', slug: 'filler', status: 'scheduled', plan: 'free', launchWeek: '2027-01-04' });
      const a = await ownedListing(app, ada, { name: 'Queue A', slug: 'queue-a', status: 'submitted' });
      expect((await choose(a)).body.launch_week).toBe('2027-01-11');
      const b = await ownedListing(app, ada, { name: 'Queue B', slug: 'queue-b', status: 'submitted' });
      const full = await choose(b);
      expect(full.status).toBe(409);
      expect(full.body.code).toBe('conflict');
      expect(full.body.detail).toContain('Every free launch week from 2026-12-28 to 2027-01-11 is full');
      expect((await mine(b)).status).toBe('submitted');
      await setSetting(app.db, 'free_queue_max_weeks', '9');
      expect((await choose(b)).body.launch_week).toBe('2027-01-18');
    } finally {
      await setSetting(app.db, 'free_week_capacity', '50');
      await setSetting(app.db, 'free_queue_max_weeks', '8');
    }
  });
});

describe('who may choose the free plan', () => {
  it.each([
    ['draft', /still a draft/],
    ['awaiting_badge', /already on the free plan/],
    ['scheduled', /already scheduled/],
    ['live', /already live/],
    ['rejected', /rejected/],
  ] as const)('a %s listing gets 409 with the reason', async (status, reason) => {
    const id = await ownedListing(app, ada, { name: `State ${status}`, slug: `state-${status.replace('_', '-')}`, status, launchWeek: '2027-01-04' });
    const res = await choose(id);
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(reason);
  });

  it('is 404 for another user\'s listing, 401 anonymous, 403 without listings:write', async () => {
    const bobs = await ownedListing(app, bob, { name: 'Bob Free', slug: 'bob-free', status: 'submitted' });
    expect((await choose(bobs)).status).toBe(404);
    expect((await choose(bobs, '')).status).toBe(401);
    expect((await choose(bobs, await keyFor(app, bob.id, ['account:read']))).status).toBe(403);
    expect((await call(app, 'GET', `/me/listings/${bobs}`, bob.auth)).body.status).toBe('submitted');
  });

  it('replays a retried request with the same Idempotency-Key instead of refusing it', async () => {
    const id = await ownedListing(app, ada, { name: 'Retry Co', slug: 'retry-co', status: 'submitted' });
    const first = await choose(id, ada.auth, { 'idempotency-key': 'free-1' });
    const again = await choose(id, ada.auth, { 'idempotency-key': 'free-1' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await choose(id)).status).toBe(409);
  });

  it.each(['modern', 'legacy'] as const)('works over MCP (%s era)', async (era) => {
    const id = await ownedListing(app, ada, { name: `Mcp ${era}`, slug: `mcp-${era}`, status: 'submitted' });
    const ok = await tool(clients[era]!, 'choose_free_listing', { listing_id: id });
    expect(ok).toMatchObject({ isError: false, body: { listing_id: id, status: 'awaiting_badge', plan: 'free' } });
    const again = await tool(clients[era]!, 'choose_free_listing', { listing_id: id });
    expect(again).toMatchObject({ isError: true, body: { status: 409, code: 'conflict' } });
  });
});
