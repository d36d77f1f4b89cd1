import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, startApp, type TestApp } from './harness';
import { addCategory, addListing } from './fixtures';
import { ownerAuthorization, secondConnection } from './support/second-writer';
import type { Db } from '../storage/db';
import { memoComputes, memoKept } from '../storage/queries/memo';
import { mondayOf } from '../domain/weeks';

// The lists of listings the API answers from memory (tools/remembered.ts): list_launches, get_launch_week,
// get_category and get_alternatives (and get_badges, which shows one listing). Each is remembered until something it shows changes — a listing it lists (votes included), which
// listings are live and where, the categories — while the order by votes is taken as of the minute. Every write
// below is made by another connection to the same database (as a second process would) and read right after.

let app: TestApp;
let other: Db;
let owner: string;
const ids: Record<string, number> = {};
let week: string;

beforeAll(async () => {
  app = await startApp({ demo: false });
  week = mondayOf(app.clock.now());
  const now = app.clock.now().toISOString();
  await addCategory(app.db, 'rl-kitchens', { name: 'Kitchen software' });
  ids.stock = await addListing(app.db, { name: 'Stock Pot', slug: 'stock-pot', category: 'rl-kitchens', launchedAt: now, votesCount: 5 });
  ids.menu = await addListing(app.db, { name: 'Menu Mill', slug: 'menu-mill', category: 'rl-kitchens', launchedAt: now, votesCount: 3 });
  owner = await ownerAuthorization(app, ids.menu, 'rl-owner@example.test', ['listings:write']);
  other = await secondConnection(app);
});
afterAll(async () => {
  await other?.engine.close();
  await app?.close();
});

type Summary = { slug: string; name: string; tagline: string | null; votes: number };
const slugs = (items: Summary[]) => items.map((i) => i.slug);
const thisWeek = async () => (await getJson(`${app.api}/launches?section=this-week`)).body as { items: Summary[]; total: number };
const launchWeek = async () => (await getJson(`${app.api}/launches/weeks/${week}`)).body as { items: Summary[]; awards: Array<{ rank: number; listing: Summary }> };
const category = async () => (await getJson(`${app.api}/categories/rl-kitchens`)).body as { name: string; live_listings: number; listings: { items: Summary[]; total: number } };

// Reads twice: the second read must come from memory (nothing computed) and be the same answer.
async function remembered<T>(read: () => Promise<T>, scope: string): Promise<T> {
  const first = await read();
  const before = memoComputes(app.db, scope);
  const second = await read();
  expect(memoComputes(app.db, scope), `${scope} was computed again`).toBe(before);
  expect(second).toEqual(first);
  return second;
}

const reads: Array<[string, string, () => Promise<{ items: Summary[] }>]> = [
  ['list_launches this-week', 'list_launches', thisWeek],
  ['get_launch_week', 'get_launch_week', launchWeek],
  ['get_category', 'get_category', async () => (await category()).listings],
  ['get_alternatives', 'get_alternatives', async () => (await getJson(`${app.api}/listings/stock-pot/alternatives`)).body],
];

describe.each(reads)('%s', (_label, scope, read) => {
  it("is remembered, and shows a vote on a listing it lists and its owner's edit at once", async () => {
    await remembered(read, scope);
    await other.engine.prepare('UPDATE listings SET votes_count = votes_count + 1 WHERE id = ?').run(ids.menu);
    const votes = (await read()).items.find((i) => i.slug === 'menu-mill')!.votes;
    expect(votes).toBe((await getJson(`${app.api}/listings/menu-mill`)).body.votes);
    await remembered(read, scope);
    const res = await getJson(`${app.api}/me/listings/${ids.menu}`, {
      method: 'PATCH', headers: { authorization: owner, 'content-type': 'application/json' }, body: JSON.stringify({ fields: { tagline: `Menus for ${scope}` } }),
    });
    expect(res.status).toBe(200);
    expect((await read()).items.find((i) => i.slug === 'menu-mill')!.tagline).toBe(`Menus for ${scope}`);
  });

  it('lists a listing that launches into it at once, and drops one taken down', async () => {
    await remembered(read, scope);
    const id = await addListing(other, { name: `Sauce Sheet ${scope}`, slug: `sauce-sheet-${scope.replace(/_/g, '-')}`, category: 'rl-kitchens', launchedAt: app.clock.now().toISOString() });
    expect(slugs((await read()).items)).toContain(`sauce-sheet-${scope.replace(/_/g, '-')}`);
    await remembered(read, scope);
    await other.engine.prepare("UPDATE listings SET status = 'archived' WHERE id = ?").run(id);
    expect(slugs((await read()).items)).not.toContain(`sauce-sheet-${scope.replace(/_/g, '-')}`);
  });

  it('orders by votes as of the minute: a listing that overtakes another moves up from the next minute', async () => {
    const before = slugs((await remembered(read, scope)).items);
    const last = before[before.length - 1];
    await other.engine.prepare('UPDATE listings SET votes_count = 1000 WHERE slug = ?').run(last);
    const within = await read();
    expect(within.items.find((i) => i.slug === last)!.votes).toBe(1000); // the count is current
    app.clock.advance(60_000);
    expect(slugs((await read()).items)[0]).toBe(last);
    await other.engine.prepare('UPDATE listings SET votes_count = 0 WHERE slug = ?').run(last);
    app.clock.advance(60_000);
  });
});

describe('what else these lists show', () => {
  it("get_launch_week shows an award recorded for the week at once", async () => {
    await remembered(launchWeek, 'get_launch_week');
    await other.engine.prepare('INSERT INTO awards (week, rank, listing_id, votes) VALUES (?, 1, ?, 5)').run(week, ids.stock);
    const awards = (await launchWeek()).awards;
    expect(awards.map((a) => [a.rank, a.listing.slug])).toEqual([[1, 'stock-pot']]);
  });

  it("get_category shows its new name and counts a listing that moves into it at once", async () => {
    await remembered(category, 'get_category');
    await other.engine.prepare("UPDATE categories SET name = 'Software for kitchens' WHERE slug = 'rl-kitchens'").run();
    expect((await category()).name).toBe('Software for kitchens');
    await addCategory(app.db, 'rl-bakeries');
    const moved = await addListing(app.db, { name: 'Crust Count', slug: 'crust-count', category: 'rl-bakeries' });
    const before = (await remembered(category, 'get_category')).live_listings;
    await other.engine.prepare("UPDATE listing_categories SET category_id = (SELECT id FROM categories WHERE slug = 'rl-kitchens') WHERE listing_id = ?").run(moved);
    const after = await category();
    expect(after.live_listings).toBe(before + 1);
    expect(after.listings.total).toBe(before + 1);
  });

  it('list_categories is remembered, and counts a listing that goes live at once', async () => {
    const count = async () => ((await getJson(`${app.api}/categories?include_empty=true`)).body.items as Array<{ slug: string; live_listings: number }>)
      .find((c) => c.slug === 'rl-kitchens')!.live_listings;
    const before = await count();
    await remembered(count, 'list_categories');
    await addListing(other, { name: 'Grill Guide', slug: 'grill-guide', category: 'rl-kitchens', status: 'scheduled' });
    expect(await count()).toBe(before);
    await other.engine.prepare("UPDATE listings SET status = 'live', launched_at = ? WHERE slug = 'grill-guide'").run(app.clock.now().toISOString());
    expect(await count()).toBe(before + 1);
  });

  it("an owner's edit of a listing's texts does not count every category's listings again", async () => {
    await category();
    const counted = memoComputes(app.db, 'category-counts');
    const res = await getJson(`${app.api}/me/listings/${ids.menu}`, {
      method: 'PATCH', headers: { authorization: owner, 'content-type': 'application/json' }, body: JSON.stringify({ fields: { tagline: 'Menus that cost themselves' } }),
    });
    expect(res.status).toBe(200);
    await category();
    expect(memoComputes(app.db, 'category-counts')).toBe(counted);
  });
});

describe('a listing\'s alternatives and badges', () => {
  const alternatives = async () => (await getJson(`${app.api}/listings/stock-pot/alternatives`)).body as { items: Array<Summary & { approved: boolean }> };
  const badges = async () => (await getJson(`${app.api}/listings/stock-pot/badges`)).body as { badges: Array<{ kind: string }> };

  it('an alternative its owner approves comes first at once', async () => {
    await addCategory(app.db, 'rl-elsewhere');
    const elsewhere = await addListing(app.db, { name: 'Far Fryer', slug: 'far-fryer', category: 'rl-elsewhere' });
    expect(slugs((await remembered(alternatives, 'get_alternatives')).items)).not.toContain('far-fryer');
    await other.engine.prepare('INSERT INTO listing_alternatives (listing_id, alternative_id, approved, position) VALUES (?, ?, 1, 0)').run(ids.stock, elsewhere);
    const first = (await alternatives()).items[0];
    expect([first.slug, first.approved]).toEqual(['far-fryer', true]);
  });

  it('badges show a listing made featured, and an award, at once', async () => {
    const kinds = async () => (await badges()).badges.map((b) => b.kind);
    await remembered(badges, 'get_badges');
    expect(await kinds()).not.toContain('featured');
    await other.engine.prepare('UPDATE listings SET featured = 1 WHERE id = ?').run(ids.stock);
    expect(await kinds()).toContain('featured');
    await remembered(badges, 'get_badges');
    expect(await kinds()).not.toContain('launch-of-the-week-3');
    await other.engine.prepare("INSERT INTO awards (week, rank, listing_id, votes) VALUES ('2026-10-05', 3, ?, 4)").run(ids.stock);
    expect(await kinds()).toContain('launch-of-the-week-3');
  });
});

describe('a comparison and the products', () => {
  type Compare = { a: Summary; b: Summary; rows: Array<{ attribute: string; a: unknown; b: unknown }> };
  const compare = async () => (await getJson(`${app.api}/compare?a=stock-pot&b=menu-mill`)).body as Compare;
  const cell = (c: Compare, attribute: string) => c.rows.find((r) => r.attribute === attribute);

  it('compare_listings is remembered, and shows a vote, a review, a Domain Rating and an edit of either listing at once', async () => {
    await remembered(compare, 'compare_listings');
    await other.engine.prepare('UPDATE listings SET votes_count = votes_count + 1 WHERE id = ?').run(ids.menu);
    const voted = await compare();
    expect(voted.b.votes).toBe((await getJson(`${app.api}/listings/menu-mill`)).body.votes);
    expect(cell(voted, 'votes')!.b).toBe(voted.b.votes);
    await remembered(compare, 'compare_listings');
    await other.engine.prepare("INSERT INTO domain_ratings (listing_id, rating, recorded_on, source) VALUES (?, 61, ?, 'test')").run(ids.stock, app.clock.now().toISOString().slice(0, 10));
    expect(cell(await compare(), 'domain_rating')!.a).toBe(61);
    await remembered(compare, 'compare_listings');
    await other.engine.prepare("UPDATE listings SET country = 'NO' WHERE id = ?").run(ids.stock);
    expect(cell(await compare(), 'country')!.a).toBe('NO');
  });

  it('compare_listings answers 404 at once for a listing taken down, and again once it is back', async () => {
    await remembered(compare, 'compare_listings');
    await other.engine.prepare("UPDATE listings SET status = 'archived' WHERE id = ?").run(ids.menu);
    expect((await getJson(`${app.api}/compare?a=stock-pot&b=menu-mill`)).status).toBe(404);
    await other.engine.prepare("UPDATE listings SET status = 'live' WHERE id = ?").run(ids.menu);
    expect((await getJson(`${app.api}/compare?a=stock-pot&b=menu-mill`)).status).toBe(200);
  });

  it('list_products is remembered, and shows a new price and a week filled by a paid launch at once', async () => {
    type Products = { items: Array<{ code: string; price_cents: number; weeks?: Array<{ week: string; remaining: number }> }> };
    const products = async () => (await getJson(`${app.api}/products`)).body as Products;
    const first = await remembered(products, 'list_products');
    const paid = first.items.find((p) => p.weeks?.length)!;
    await other.engine.prepare('UPDATE products SET price_cents = price_cents + 100 WHERE code = ?').run(paid.code);
    expect((await products()).items.find((p) => p.code === paid.code)!.price_cents).toBe(paid.price_cents + 100);
    const week = paid.weeks![0];
    await remembered(products, 'list_products');
    const slot = await addListing(other, { name: 'Paid Pan', slug: 'paid-pan', category: 'rl-kitchens', status: 'draft' });
    await other.engine.prepare("UPDATE listings SET plan = 'paid', status = 'scheduled', launch_week = ? WHERE id = ?").run(week.week, slot);
    const after = (await products()).items.find((p) => p.code === paid.code)!.weeks!;
    expect(after.find((w) => w.week === week.week)?.remaining ?? 0).toBe(week.remaining - 1);
  });
});

// A read remembered per minute is never asked for again once its minute is over: keeping the first answer of a new
// minute drops the scope's answers of earlier minutes (memo.ts MemoOptions.period), rather than leaving them until
// the scope's count is full. Read the same set in two later minutes: each scope then holds as many answers as the
// set asks of it, not twice as many.
describe('answers of a minute gone by', () => {
  const page = (path: string) => async () => { expect((await fetch(`${app.url}${path}`)).status).toBe(200); };
  const api = (path: string) => async () => { expect((await getJson(`${app.api}${path}`)).status).toBe(200); };
  const perMinute: Array<[string, () => Promise<unknown>]> = [
    ['list_launches', api('/launches?section=this-week')],
    ['get_launch_week', async () => await launchWeek()],
    ['week_ranking', async () => await launchWeek()],
    ['get_category', api('/categories/rl-kitchens')],
    ['get_alternatives', api('/listings/stock-pot/alternatives')],
    ['get_leaderboard', api('/leaderboards/community-weekly')],
    ['weekly-votes', api('/leaderboards/community-weekly')],
    ['search_listings', api('/listings?sort=votes')],
    ['list_blog_posts', api('/blog')],
    ['page:listing', page('/listings/stock-pot')],
    ['page:category', page('/categories/rl-kitchens')],
    ['page:home', page('/')],
  ];
  const readAll = async () => { for (const [, read] of perMinute) await read(); };

  it('are dropped when the same reads are made in a later minute', async () => {
    app.clock.advance(60_000);
    await readAll();
    const first = new Map(perMinute.map(([scope]) => [scope, memoKept(app.db, scope)]));
    app.clock.advance(60_000);
    await readAll();
    for (const [scope] of perMinute) {
      expect(first.get(scope), `${scope} holds answers`).toBeGreaterThan(0);
      expect(memoKept(app.db, scope), `${scope} after a minute`).toBe(first.get(scope));
    }
  });
});
