import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, startApp, type TestApp } from './harness';
import { addCategory, addFounder, addListing } from './fixtures';
import { Browser, signUp } from './auth-helpers';
import { ownerAuthorization, secondConnection } from './support/second-writer';
import type { Db } from '../storage/db';
import { memoComputes } from '../storage/queries/memo';
import { flushListingViews } from '../storage/queries/views';

// A listing page a signed-out visitor opens is rendered once and kept (site/kept-page.ts) until something it shows
// changes: every write below is on the very next page, made by this process or another one on the same database,
// while page views and writes to listings the page does not show leave the kept page alone. Signed-in visitors and
// addresses with a query string get a page made for them.

let app: TestApp;
let other: Db; // a second connection to the same database, as a second process would have
let owner: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  app = await startApp({ demo: false });
  await addCategory(app.db, 'kp-bakeries', { name: 'Bakery software' });
  ids.main = await addListing(app.db, { name: 'Crumb Ledger', slug: 'crumb-ledger', tagline: 'Bookkeeping for bakeries', category: 'kp-bakeries' });
  ids.alt = await addListing(app.db, { name: 'Proof Planner', slug: 'proof-planner', tagline: 'Dough schedules', category: 'kp-bakeries', votesCount: 9 });
  ids.unrelated = await addListing(app.db, { name: 'Harbour Rota', slug: 'harbour-rota', tagline: 'Shifts for marinas' });
  await addFounder(app.db, 'Maren Oakes', { listingId: ids.main });
  owner = await ownerAuthorization(app, ids.main, 'kp-owner@example.test', ['listings:write']);
  other = await secondConnection(app);
});
afterAll(async () => {
  await other?.engine.close();
  await app?.close();
});

const made = () => memoComputes(app.db, 'page:listing');
const page = async (path = '/listings/crumb-ledger', init?: RequestInit) => {
  const res = await fetch(`${app.url}${path}`, init);
  return { status: res.status, etag: res.headers.get('etag'), cache: res.headers.get('cache-control'), html: await res.text() };
};
// Opens the page twice: the second visit must be the kept one (nothing made, the same text).
async function keptAfterOneVisit(path?: string) {
  const first = await page(path);
  const before = made();
  const second = await page(path);
  expect(made(), 'the second visit was rendered again').toBe(before);
  expect(second.html).toBe(first.html);
  expect(second.etag).toBe(first.etag);
  return second;
}
const editAsOwner = async (fields: Record<string, unknown>) => {
  const res = await getJson(`${app.api}/me/listings/${ids.main}`, {
    method: 'PATCH', headers: { authorization: owner, 'content-type': 'application/json' }, body: JSON.stringify({ fields }),
  });
  expect(res.status).toBe(200);
};

describe('a kept listing page', () => {
  it('is sent as it was made, with its validator, and answers If-None-Match with 304', async () => {
    const p = await keptAfterOneVisit();
    expect(p.status).toBe(200);
    expect(p.html).toContain('Crumb Ledger');
    expect(p.html).toContain('Proof Planner'); // the alternative beside it
    const res = await fetch(`${app.url}/listings/crumb-ledger`, { headers: { 'if-none-match': p.etag! } });
    expect(res.status).toBe(304);
  });

  it("shows an owner's edit on the very next visit", async () => {
    await keptAfterOneVisit();
    await editAsOwner({ tagline: 'Bookkeeping for patisseries' });
    const p = await page();
    expect(p.html).toContain('Bookkeeping for patisseries');
    expect(p.html).not.toContain('Bookkeeping for bakeries');
  });

  it('shows a vote, a follow and a review made on the site at once', async () => {
    const b = new Browser(app.url);
    await signUp(b, 'kp-voter@example.test', 'a long password here', 'Ilse Brandt');
    const csrf = /name="csrf" value="([^"]+)"/.exec(await (await b.get('/listings/crumb-ledger')).text())![1];
    const before = await keptAfterOneVisit();
    expect(before.html).toContain('0 votes');
    expect((await b.post('/listings/crumb-ledger/vote', { csrf })).status).toBe(303);
    expect((await page()).html).toContain('1 vote<');
    await keptAfterOneVisit();
    expect((await b.post('/listings/crumb-ledger/follow', { csrf })).status).toBe(303);
    expect((await page()).html).toContain('1 follower');
    await keptAfterOneVisit();
    expect((await b.post('/listings/crumb-ledger/reviews', { csrf, rating: '5', body: 'Our croissant costs finally add up.' })).status).toBe(303);
    const reviewed = await page();
    expect(reviewed.html).toContain('Our croissant costs finally add up.');
    expect(reviewed.html).toContain('Ilse Brandt');
  });

  it("shows a reviewer's new name: the page depends on the people it quotes", async () => {
    await keptAfterOneVisit();
    await other.engine.prepare("UPDATE users SET name = 'Ilse Brandt-Moreau' WHERE email = 'kp-voter@example.test'").run();
    expect((await page()).html).toContain('Ilse Brandt-Moreau');
  });

  it('shows an edit of an alternative it lists, of a category name and of a founder', async () => {
    await keptAfterOneVisit();
    await other.engine.prepare("UPDATE listings SET name = 'Proof Planner Pro' WHERE id = ?").run(ids.alt);
    expect((await page()).html).toContain('Proof Planner Pro');
    await keptAfterOneVisit();
    await other.engine.prepare("UPDATE categories SET name = 'Software for bakers' WHERE slug = 'kp-bakeries'").run();
    expect((await page()).html).toContain('Software for bakers');
    await keptAfterOneVisit();
    await other.engine.prepare("UPDATE founders SET name = 'Maren Oakes-Lind' WHERE slug = 'maren-oakes'").run();
    expect((await page()).html).toContain('Maren Oakes-Lind');
  });

  it('lists a listing that joins the category as an alternative at once, and drops one that goes', async () => {
    await keptAfterOneVisit();
    const joined = await addListing(other, { name: 'Levain Lists', slug: 'levain-lists', category: 'kp-bakeries' });
    expect((await page()).html).toContain('Levain Lists');
    await keptAfterOneVisit();
    await other.engine.prepare("UPDATE listings SET status = 'archived' WHERE id = ?").run(joined);
    expect((await page()).html).not.toContain('Levain Lists');
  });

  it('ranks the alternatives by votes as of the minute, as search does: a listing that climbs into them is listed from the next minute', async () => {
    await addCategory(app.db, 'kp-florists');
    await addListing(app.db, { name: 'Stem Sums', slug: 'stem-sums', category: 'kp-florists' });
    for (let i = 1; i <= 5; i++) await addListing(app.db, { name: `Bloom Book ${i}`, slug: `bloom-book-${i}`, category: 'kp-florists', votesCount: 10 + i });
    const climber = await addListing(app.db, { name: 'Petal Payroll', slug: 'petal-payroll', category: 'kp-florists', votesCount: 1 });
    expect((await keptAfterOneVisit('/listings/stem-sums')).html).not.toContain('Petal Payroll'); // five alternatives shown
    await other.engine.prepare('UPDATE listings SET votes_count = 99 WHERE id = ?').run(climber);
    // The counts it shows are current: each alternative shown is a topic of the page.
    await other.engine.prepare("UPDATE listings SET votes_count = 42 WHERE slug = 'bloom-book-1'").run();
    expect((await page('/listings/stem-sums')).html).toContain('42 votes');
    app.clock.advance(60_000);
    expect((await page('/listings/stem-sums')).html).toContain('Petal Payroll');
  });

  it('is a 404 once the listing is no longer public', async () => {
    await addListing(app.db, { name: 'Short Lived', slug: 'short-lived' });
    await keptAfterOneVisit('/listings/short-lived');
    await other.engine.prepare("UPDATE listings SET status = 'archived' WHERE slug = 'short-lived'").run();
    expect((await page('/listings/short-lived')).status).toBe(404);
  });
});

describe('what leaves a kept page alone', () => {
  it('page views (the beacon and its flush) and edits of listings it does not show', async () => {
    await keptAfterOneVisit();
    const before = made();
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${app.url}/v/crumb-ledger.gif`, { headers: { 'user-agent': `Mozilla/5.0 kept-pages ${i}`, 'x-forwarded-for': `10.9.0.${i}` } });
      expect(res.status).toBe(200);
    }
    await flushListingViews(app.db);
    await other.engine.prepare("UPDATE listings SET tagline = 'Shifts for harbours' WHERE id = ?").run(ids.unrelated);
    await page();
    expect(made()).toBe(before);
  });
});

describe('pages made for one visitor', () => {
  it("a signed-in visitor gets their own page, not kept and not shared, and the kept page never shows their state", async () => {
    const b = new Browser(app.url);
    await signUp(b, 'kp-reader@example.test', 'a long password here', 'Reader');
    const anonymous = await keptAfterOneVisit();
    const before = made();
    const res = await b.get('/listings/crumb-ledger');
    const html = await res.text();
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(html).toContain('name="csrf"');
    expect(made()).toBe(before);
    expect(anonymous.html).not.toContain('name="csrf"');
    expect((await page()).html).toBe(anonymous.html);
  });

  it('an address with a query string is made for that request (its notice shown)', async () => {
    await keptAfterOneVisit();
    const before = made();
    const p = await page('/listings/crumb-ledger?notice=voted');
    expect(p.status).toBe(200);
    expect(p.html).toContain('Thanks, your vote counts.');
    expect(made()).toBe(before);
    expect((await page()).html).not.toContain('Thanks, your vote counts.');
  });
});

describe('the kept home page', () => {
  const home = () => page('/');
  const madeHome = () => memoComputes(app.db, 'page:home');
  async function homeKept() {
    const first = await home();
    const before = madeHome();
    const second = await home();
    expect(madeHome(), 'the second visit was rendered again').toBe(before);
    expect(second.html).toBe(first.html);
    return second;
  }

  it("shows a launch of this week, its votes, the site's tagline and the live count at once", async () => {
    const kept = await homeKept();
    expect(kept.html).not.toContain('Sourdough Sums');
    const id = await addListing(other, { name: 'Sourdough Sums', slug: 'sourdough-sums', launchedAt: app.clock.now().toISOString() });
    expect((await home()).html).toContain('Sourdough Sums');
    await homeKept();
    await other.engine.prepare('UPDATE listings SET votes_count = 77 WHERE id = ?').run(id);
    expect((await home()).html).toContain('77 votes');
    await homeKept();
    await other.engine.prepare("INSERT INTO settings (key, value) VALUES ('site_tagline', 'Software made by bakers') ON CONFLICT (key) DO UPDATE SET value = excluded.value").run();
    expect((await home()).html).toContain('Software made by bakers');
  });

  it('is made for a signed-in visitor, and kept through page views', async () => {
    const kept = await homeKept();
    const b = new Browser(app.url);
    await signUp(b, 'kp-home@example.test', 'a long password here', 'Home Reader');
    const before = madeHome();
    const mine = await (await b.get('/')).text();
    expect(mine).toContain('Home Reader');
    expect(kept.html).not.toContain('Home Reader');
    await fetch(`${app.url}/v/crumb-ledger.gif`, { headers: { 'user-agent': 'Mozilla/5.0 kept-pages home', 'x-forwarded-for': '10.9.1.1' } });
    await flushListingViews(app.db);
    expect((await home()).html).toBe(kept.html);
    expect(madeHome()).toBe(before);
  });
});

describe('the kept category pages', () => {
  const made = (scope: string) => memoComputes(app.db, `page:${scope}`);
  async function kept(path: string, scope: string) {
    const first = await page(path);
    const before = made(scope);
    const second = await page(path);
    expect(made(scope), `${path} was rendered again`).toBe(before);
    expect(second.html).toBe(first.html);
    return second;
  }

  it("a category's first page shows a listing that joins it, a vote on a listing it shows and its own new name at once", async () => {
    await addCategory(app.db, 'kp-cafes', { name: 'Cafe tools' });
    const first = await addListing(app.db, { name: 'Latte Ledger', slug: 'latte-ledger', category: 'kp-cafes' });
    expect((await kept('/categories/kp-cafes', 'category')).html).toContain('Latte Ledger');
    await addListing(other, { name: 'Crema Counts', slug: 'crema-counts', category: 'kp-cafes' });
    const joined = await page('/categories/kp-cafes');
    expect(joined.html).toContain('Crema Counts');
    expect(joined.html).toContain('2 live products');
    await kept('/categories/kp-cafes', 'category');
    await other.engine.prepare('UPDATE listings SET votes_count = 31 WHERE id = ?').run(first);
    expect((await page('/categories/kp-cafes')).html).toContain('31 votes');
    await kept('/categories/kp-cafes', 'category');
    await other.engine.prepare("UPDATE categories SET name = 'Coffee shop tools' WHERE slug = 'kp-cafes'").run();
    expect((await page('/categories/kp-cafes')).html).toContain('Coffee shop tools');
  });

  it('the list of categories counts a listing that goes live or leaves at once', async () => {
    await addCategory(app.db, 'kp-bars', { name: 'Bar tools' });
    const id = await addListing(app.db, { name: 'Tap Tally', slug: 'tap-tally', category: 'kp-bars', status: 'scheduled' });
    const count = (html: string) => /Bar tools<\/strong><\/a> <span class="muted small">\((\d+)\)/.exec(html)?.[1];
    expect(count((await kept('/categories', 'categories')).html)).toBe('0');
    await other.engine.prepare("UPDATE listings SET status = 'live', launched_at = ? WHERE id = ?").run(app.clock.now().toISOString(), id);
    expect(count((await page('/categories')).html)).toBe('1');
    await kept('/categories', 'categories');
    await other.engine.prepare("UPDATE listing_categories SET category_id = (SELECT id FROM categories WHERE slug = 'kp-cafes') WHERE listing_id = ?").run(id);
    expect(count((await page('/categories')).html)).toBe('0');
  });

  it('a later page is made for the request', async () => {
    await kept('/categories/kp-cafes', 'category');
    const before = made('category');
    expect((await page('/categories/kp-cafes?page=2')).status).toBe(200);
    expect(made('category')).toBe(before);
  });
});
