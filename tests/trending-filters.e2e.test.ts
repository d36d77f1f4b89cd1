import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, getJson, type TestApp } from './harness';
import { addCategory, addListing, addVotes } from './fixtures';
import { categoryTreeIds } from '../storage/queries/listings';
import { searchListingIds, type SearchQuery } from '../storage/queries/search';
import { trendingWindowHours } from '../domain/ranking';
import { mondayOf } from '../domain/weeks';

// Trending searches, filtered every way, minute after minute, against the trending order computed afresh. The searches
// the API answers read the minute's scores kept for every filter (SQLite: storage/queries/trending-scores.ts; on
// PostgreSQL, inside a remembered read's snapshot: storage/pg/trending-scores.ts). The oracle is the same search run
// outside any transaction, which on PostgreSQL sums the window's votes inside the query. On both engines the answers
// must be the oracle's, as votes are cast and the minutes pass.

let app: TestApp;
const HALF_LIFE = 72;

beforeAll(async () => {
  app = await startApp({ demo: false });
  await addCategory(app.db, 'tf-boats', { name: 'Boats' });
  await addCategory(app.db, 'tf-dinghies', { parent: 'tf-boats', name: 'Dinghies' });
  await addCategory(app.db, 'tf-kitchens', { name: 'Kitchens' });
  const now = app.clock.now().getTime();
  const hoursAgo = (h: number) => new Date(now - h * 3_600_000).toISOString();
  for (let i = 0; i < 24; i++) {
    const id = await addListing(app.db, {
      name: `Trend Filter ${i}`, slug: `trend-filter-${i}`, launchedAt: hoursAgo(400 - i),
      category: ['tf-boats', 'tf-dinghies', 'tf-kitchens'][i % 3], country: ['DE', 'US', 'FR'][i % 4 % 3], stage: ['mvp', 'launched'][i % 2],
    });
    // Votes of every age: inside the window, at its edge and outside it; some listings none.
    if (i % 5 !== 4) await addVotes(app.db, id, 1 + (i * 7) % 5, hoursAgo((i * 37) % 300));
    if (i % 3 === 0) await addVotes(app.db, id, 2, hoursAgo(1 + i));
  }
});
afterAll(async () => { await app?.close(); });

type Filter = { label: string; params: Record<string, string>; query: () => Promise<Partial<SearchQuery>> };
const FILTERS: Filter[] = [
  { label: 'every live listing', params: {}, query: async () => ({}) },
  { label: 'a category and its subcategory', params: { category: 'tf-boats' }, query: async () => ({ categoryIds: await categoryTreeIds(app.db, 'tf-boats') }) },
  { label: 'a country', params: { country: 'de' }, query: async () => ({ country: 'de' }) },
  { label: 'a stage', params: { stage: 'mvp' }, query: async () => ({ stage: 'mvp' }) },
];

// The trending order as of this minute, computed outside every transaction.
async function oracle(f: Filter, page: number, perPage: number): Promise<{ ids: number[]; total: number }> {
  const minute = Math.floor(app.clock.now().getTime() / 60_000) * 60_000;
  const q: SearchQuery = {
    match: null, categoryIds: null, status: 'live', thisMonday: mondayOf(app.clock.now()), sort: 'trending',
    trending: { now: new Date(minute).toISOString(), since: new Date(minute - trendingWindowHours(HALF_LIFE) * 3_600_000).toISOString(), halfLifeHours: HALF_LIFE },
    limit: perPage, offset: (page - 1) * perPage, ...await f.query(),
  };
  return await searchListingIds(app.db, q);
}

async function expectOracle(when: string) {
  const slugOf = async (ids: number[]) => {
    const out: string[] = [];
    for (const id of ids) out.push(await app.db.engine.prepare('SELECT slug FROM listings WHERE id = ?').pluck().get(id) as string);
    return out;
  };
  for (const f of FILTERS) {
    for (const [page, perPage] of [[1, 20], [1, 5], [2, 5], [3, 5]]) {
      const { status, body } = await getJson(`${app.api}/listings?${new URLSearchParams({ ...f.params, sort: 'trending', page: String(page), per_page: String(perPage) })}`);
      expect(status).toBe(200);
      const expected = await oracle(f, page, perPage);
      expect(body.items.map((i: { slug: string }) => i.slug), `${when}, ${f.label}, page ${page} of ${perPage}`).toEqual(await slugOf(expected.ids));
      expect(body.total).toBe(expected.total);
    }
  }
}

describe('trending searches by filter', () => {
  it('follow the trending order of the minute, for every filter and page', async () => {
    await expectOracle('at first');
  });

  it('take votes cast since into account from the next minute, a listing with none climbing to the top', async () => {
    const last = await app.db.engine.prepare("SELECT id FROM listings WHERE slug = 'trend-filter-4'").pluck().get() as number;
    await addVotes(app.db, last, 9, app.clock.now().toISOString());
    app.clock.advance(60_000);
    await expectOracle('a minute after nine votes');
    const top = (await getJson(`${app.api}/listings?sort=trending&per_page=1`)).body.items[0].slug;
    expect(top).toBe('trend-filter-4');
  });

  it('stay right minute after minute as votes age and leave the window', async () => {
    for (const hours of [5, 40, 160]) {
      app.clock.advance(hours * 3_600_000);
      await expectOracle(`${hours} hours on`);
    }
  });
});
