import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { callOp, DRIVERS, startApp, type Driver, type TestApp, openClients, closeAll } from './harness';
import { addCategory, addListing, addVotes } from './fixtures';

let app: TestApp;
const clients: Partial<Record<Driver, Client>> = {};

const call = (d: Driver, tool: string, args: Record<string, unknown> = {}) => callOp(app, clients, d, tool, args);

type Node = { slug: string; name: string; live_listings: number; children: Node[] };
const find = (nodes: Node[], slug: string): Node | undefined => {
  for (const n of nodes) {
    if (n.slug === slug) return n;
    const hit = find(n.children, slug);
    if (hit) return hit;
  }
  return undefined;
};
const everyNode = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...everyNode(n.children)]);

beforeAll(async () => {
  app = await startApp({ demo: false });
  const db = app.db;
  await addCategory(db, 'zt-software', { name: 'ZT Software' });
  await addCategory(db, 'zt-dev-tools', { name: 'ZT Dev Tools', parent: 'zt-software' });
  await addCategory(db, 'zt-ci', { name: 'ZT CI', parent: 'zt-dev-tools' });
  await addCategory(db, 'zt-design', { name: 'ZT Design' });
  await addCategory(db, 'zt-empty', { name: 'ZT Empty' });
  await db.engine.prepare('UPDATE categories SET faqs = ? WHERE slug = ?')
    .run(JSON.stringify([{ question: 'What is dev tooling?', answer: 'Tools for developers.' }]), 'zt-dev-tools');
  // zt-ci: a, b (extra) | zt-dev-tools: a, b (primary and via zt-ci, counted once) | zt-software: a, b, c (extra) | zt-design: c
  await addVotes(db, await addListing(db, { name: 'Zt Alpha', category: 'zt-ci' }), 5);
  await addVotes(db, await addListing(db, { name: 'Zt Bravo', category: 'zt-dev-tools', extraCategories: ['zt-ci'] }), 9);
  await addVotes(db, await addListing(db, { name: 'Zt Charlie', category: 'zt-design', extraCategories: ['zt-software'] }), 2);
  await addListing(db, { name: 'Zt Scheduled', category: 'zt-ci', status: 'scheduled', launchWeek: '2026-11-30' });
  await addListing(db, { name: 'Zt Draft', category: 'zt-empty', status: 'draft' });
  await openClients(app, clients);
});

afterAll(() => closeAll(app, clients));

describe.each(DRIVERS)('categories over %s', (d) => {
  it('lists the tree with live counts that include subcategories and count a listing once', async () => {
    const { status, body } = await call(d, 'list_categories');
    expect(status).toBe(200);
    const software = find(body.items, 'zt-software')!;
    expect(body.items.map((n: Node) => n.slug)).toContain('zt-software'); // a root
    expect(software.live_listings).toBe(3);
    expect(software.children.map((n) => n.slug)).toEqual(['zt-dev-tools']);
    expect(software.children[0].live_listings).toBe(2);
    expect(software.children[0].children[0]).toMatchObject({ slug: 'zt-ci', name: 'ZT CI', live_listings: 2, children: [] });
    expect(find(body.items, 'zt-design')!.live_listings).toBe(1);
    expect(find(body.items, 'zt-empty')).toMatchObject({ live_listings: 0, children: [] });
  });

  it('drops empty categories when include_empty=false', async () => {
    const { status, body } = await call(d, 'list_categories', { include_empty: false });
    expect(status).toBe(200);
    expect(find(body.items, 'zt-empty')).toBeUndefined();
    expect(find(body.items, 'zt-ci')!.live_listings).toBe(2);
    expect(everyNode(body.items).every((n) => n.live_listings > 0)).toBe(true);
  });

  it('rejects a non-boolean include_empty', async () => {
    const { status, body } = await call(d, 'list_categories', { include_empty: 'maybe' });
    expect(status).toBe(400);
    expect(body.errors.map((e: any) => e.path)).toContain('include_empty');
  });

  it('gets a category with parent, subcategories, FAQs and its listings most voted first', async () => {
    const { status, body } = await call(d, 'get_category', { slug: 'zt-dev-tools' });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      slug: 'zt-dev-tools', name: 'ZT Dev Tools', live_listings: 2,
      parent: { slug: 'zt-software', name: 'ZT Software' },
      subcategories: [{ slug: 'zt-ci', name: 'ZT CI', live_listings: 2 }],
      faqs: [{ question: 'What is dev tooling?', answer: 'Tools for developers.' }],
    });
    expect(body.listings.items.map((l: any) => l.slug)).toEqual(['zt-bravo', 'zt-alpha']);
    expect(body.listings.items[0]).toMatchObject({ name: 'Zt Bravo', votes: 9, url: 'https://zt-bravo.example.com' });
  });

  it('pages the listings of a category and its subcategories', async () => {
    const p1 = await call(d, 'get_category', { slug: 'zt-software', per_page: 2 });
    expect(p1.body.parent).toBeNull();
    expect(p1.body.listings).toMatchObject({ page: 1, per_page: 2, total: 3 });
    expect(p1.body.listings.items.map((l: any) => l.slug)).toEqual(['zt-bravo', 'zt-alpha']);
    const p2 = await call(d, 'get_category', { slug: 'zt-software', per_page: 2, page: 2 });
    expect(p2.body.listings.items.map((l: any) => l.slug)).toEqual(['zt-charlie']);
    expect(p2.body.listings.total).toBe(3);
  });

  it('answers 404 for an unknown category', async () => {
    const { status, body } = await call(d, 'get_category', { slug: 'zt-no-such-category' });
    expect(status).toBe(404);
    expect(body.code).toBe('not_found');
  });

  it.each([
    [{ slug: 'Bad_Slug' }, 'slug'],
    [{ slug: 'zt-ci', per_page: 101 }, 'per_page'],
    [{ slug: 'zt-ci', page: 0 }, 'page'],
    [{ slug: 'zt-ci', sort: 'name' }, 'sort'],
  ])('rejects %o naming the field', async (args, field) => {
    const { status, body } = await call(d, 'get_category', args);
    expect(status).toBe(400);
    expect(body.errors.map((e: any) => e.path)).toContain(field);
  });
});

// A search filtered by a category alone takes its total from the category counts, which follow every change by the
// change log (storage/queries/search.ts): it must move exactly as a count of the live listings in the category's
// subtree would, through every kind of change that moves one, on either engine.
describe('search_listings filtered by a category alone', () => {
  const counted = async (slug: string) => Number(await app.db.engine.prepare(`WITH RECURSIVE sub(id) AS (
      SELECT id FROM categories WHERE slug = ? UNION SELECT c.id FROM categories c JOIN sub ON c.parent_id = sub.id)
    SELECT count(*) FROM listings l WHERE l.status = 'live' AND l.id IN (SELECT listing_id FROM listing_categories WHERE category_id IN (SELECT id FROM sub))`)
    .pluck().get(slug));
  const totals = async () => {
    const out: Record<string, [number, number, number]> = {};
    for (const slug of ['zt-software', 'zt-dev-tools', 'zt-ci', 'zt-design', 'zt-empty']) {
      const browse = await call('rest', 'search_listings', { category: slug });
      const trending = await call('rest', 'search_listings', { category: slug, sort: 'trending', per_page: 1 });
      out[slug] = [browse.body.total, trending.body.total, await counted(slug)];
    }
    return out;
  };
  const expectCounted = async () => {
    for (const [slug, [browse, trending, count]] of Object.entries(await totals())) expect({ slug, browse, trending }).toEqual({ slug, browse: count, trending: count });
  };

  it('totals the live listings of the subtree, each once, through going live, leaving, moving and extra categories', async () => {
    const db = app.db;
    await expectCounted();
    expect((await totals())['zt-software'][0]).toBe(3);
    const id = (slug: string) => db.engine.prepare('SELECT id FROM listings WHERE slug = ?').pluck().get(slug);
    // The scheduled launch goes live (into zt-ci), the draft too (zt-empty).
    await db.engine.prepare("UPDATE listings SET status = 'live', launched_at = '2026-11-30T09:00:00Z' WHERE slug IN ('zt-scheduled', 'zt-draft')").run();
    await expectCounted();
    // Charlie moves its primary category from zt-design to zt-ci; Alpha gains zt-design as an extra.
    const ci = await db.engine.prepare("SELECT id FROM categories WHERE slug = 'zt-ci'").pluck().get();
    const design = await db.engine.prepare("SELECT id FROM categories WHERE slug = 'zt-design'").pluck().get();
    await db.engine.prepare('UPDATE listing_categories SET category_id = ? WHERE listing_id = ? AND category_id = ?').run(ci, await id('zt-charlie'), design);
    await db.engine.prepare('UPDATE listings SET primary_category_id = ? WHERE slug = ?').run(ci, 'zt-charlie');
    await db.engine.prepare('INSERT INTO listing_categories (listing_id, category_id, is_primary) VALUES (?, ?, 0)').run(await id('zt-alpha'), design);
    await expectCounted();
    // Bravo leaves the site; a new live listing arrives in zt-design; Alpha's extra category goes again.
    await db.engine.prepare("UPDATE listings SET status = 'rejected' WHERE slug = 'zt-bravo'").run();
    await addListing(db, { name: 'Zt Delta', category: 'zt-design' });
    await db.engine.prepare('DELETE FROM listing_categories WHERE listing_id = ? AND category_id = ?').run(await id('zt-alpha'), design);
    await expectCounted();
    expect(await totals()).toMatchObject({ 'zt-design': [1, 1, 1], 'zt-empty': [1, 1, 1], 'zt-ci': [3, 3, 3] });
  });

  // Any other filter narrows the search, so its total is what matched, not the category's count (every filter that
  // narrows, each matching nothing here).
  it.each([
    ['text', { q: 'xqzvwk' }], ['stage', { stage: 'no-such-stage' }], ['country', { country: 'AQ' }],
    ['pricing model', { pricing_model: 'no-such-model' }], ['domain', { domain: 'no-such-site.example' }],
  ])('with a %s filter besides, totals what matched', async (_, filter) => {
    expect((await call('rest', 'search_listings', { category: 'zt-software' })).body.total).toBeGreaterThan(0);
    const { body } = await call('rest', 'search_listings', { category: 'zt-software', ...filter });
    expect({ total: body.total, items: body.items }).toEqual({ total: 0, items: [] });
  });
});

// Every page of a category is cut from one ranking of its listings, made once a minute (tools/categories/
// category-ranking.ts): pages read before a listing joins, leaves or goes live must not be cut from the ranking of
// before. Each step reads both pages again after they were remembered.
describe("a category's pages, cut from one ranking", () => {
  const page = async (n: number) => (await call('rest', 'get_category', { slug: 'zt-ranked', per_page: 1, page: n })).body.listings;
  const slugs = async () => [...(await page(1)).items, ...(await page(2)).items, ...(await page(3)).items].map((l: { slug: string }) => l.slug);

  it('follow a listing that joins, goes live, leaves and is taken down, at the next read', async () => {
    const db = app.db;
    await addCategory(db, 'zt-ranked', { name: 'ZT Ranked' });
    await addCategory(db, 'zt-ranked-child', { name: 'ZT Ranked Child', parent: 'zt-ranked' });
    await addVotes(db, await addListing(db, { name: 'Zt Ranked One', category: 'zt-ranked' }), 3);
    expect(await slugs()).toEqual(['zt-ranked-one']);
    expect((await page(1)).total).toBe(1);

    // Joins through the subcategory, with more votes: first on page 1, and page 2 holds what page 1 held.
    const two = await addListing(db, { name: 'Zt Ranked Two', category: 'zt-ranked-child' });
    await addVotes(db, two, 7);
    expect(await slugs()).toEqual(['zt-ranked-two', 'zt-ranked-one']);

    // A scheduled member is not listed until it goes live.
    const three = await addListing(db, { name: 'Zt Ranked Three', category: 'zt-ranked', status: 'scheduled', launchWeek: '2026-11-30' });
    await addVotes(db, three, 5);
    expect(await slugs()).toEqual(['zt-ranked-two', 'zt-ranked-one']);
    await db.engine.prepare("UPDATE listings SET status = 'live', launched_at = '2026-11-18T10:00:00Z' WHERE id = ?").run(three);
    expect(await slugs()).toEqual(['zt-ranked-two', 'zt-ranked-three', 'zt-ranked-one']);
    expect((await page(3)).total).toBe(3);

    // Leaves the category (its membership moved elsewhere), then one is taken down.
    await db.engine.prepare("UPDATE listing_categories SET category_id = (SELECT id FROM categories WHERE slug = 'zt-empty') WHERE listing_id = ?").run(two);
    expect(await slugs()).toEqual(['zt-ranked-three', 'zt-ranked-one']);
    await db.engine.prepare("UPDATE listings SET status = 'rejected' WHERE id = ?").run(three);
    expect(await slugs()).toEqual(['zt-ranked-one']);
  });
});
