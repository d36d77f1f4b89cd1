import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, TEST_DB_NOW, type TestDb } from './support/test-db';
import {
  categoriesOf, communityRatingOf, domainRatingOf, foundersOf, latestUpdatesOf, profilePartsOf, votesByWeekOf,
} from '../storage/queries/listing-profile';
import { mondayOf } from '../domain/weeks';

// A profile's parts (storage/queries/listing-profile.ts profilePartsOf): on PostgreSQL one statement, on SQLite the
// six statements one by one. Either way they must be what the six statements give, value for value and in order,
// for every listing: the demo directory's, and one made to reach each statement's edges (more updates than are
// shown, two at the same instant, more Domain Ratings than the history keeps, an average that rounds, votes before
// the chart, on its first instant and in this week, no founders or reviews at all).
let t: TestDb;
let edge: number;
let bare: number;
const thisMonday = mondayOf(new Date(TEST_DB_NOW));

beforeAll(async () => {
  t = await openTestDb({ seed: 'demo' });
  const run = (sql: string, ...params: unknown[]) => t.db.engine.prepare(sql).run(...params);
  const newListing = async (slug: string) => (await run(`INSERT INTO listings (slug, name, url, domain, status, created_at, updated_at)
    VALUES (?, ?, ?, ?, 'live', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`, slug, slug, `https://${slug}.example/`, `${slug}.example`)).lastInsertRowid;
  edge = await newListing('edge-profile');
  bare = await newListing('bare-profile');
  const cats = await t.db.engine.prepare('SELECT id FROM categories ORDER BY id LIMIT 3').all() as { id: number }[];
  for (const [i, c] of cats.entries()) await run('INSERT INTO listing_categories (listing_id, category_id, is_primary) VALUES (?, ?, ?)', edge, c.id, i === 2 ? 1 : 0);
  const founders = await t.db.engine.prepare('SELECT id FROM founders ORDER BY id LIMIT 2').all() as { id: number }[];
  for (const [i, f] of founders.entries()) await run('INSERT INTO listing_founders (listing_id, founder_id, title, position) VALUES (?, ?, ?, ?)', edge, f.id, i ? null : 'CEO', 2 - i);
  for (let i = 0; i < 7; i++) {
    await run('INSERT INTO listing_updates (listing_id, title, body, created_at) VALUES (?, ?, ?, ?)', edge, `Update ${i}`, `Body ${i}`, `2026-11-${String(10 + Math.min(i, 5)).padStart(2, '0')}T09:00:00Z`);
  }
  for (let i = 0; i < 15; i++) await run('INSERT INTO domain_ratings (listing_id, rating, recorded_on) VALUES (?, ?, ?)', edge, 20 + (i % 4), `2026-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + Math.floor(i / 12)).padStart(2, '0')}`);
  const users = await t.db.engine.prepare('SELECT id FROM users ORDER BY id LIMIT 5').all() as { id: number }[];
  expect(users).toHaveLength(5);
  for (const [i, u] of users.slice(0, 3).entries()) {
    await run('INSERT INTO reviews (listing_id, user_id, rating, body, genuine, created_at) VALUES (?, ?, ?, ?, ?, ?)', edge, u.id, [5, 4, 4][i], 'ok', 1, TEST_DB_NOW);
  }
  const chartStart = new Date(Date.parse(thisMonday) - 11 * 7 * 86_400_000).toISOString();
  const voteTimes = [new Date(Date.parse(chartStart) - 1000).toISOString(), chartStart, '2026-11-16T00:00:00.000Z', TEST_DB_NOW, '2026-10-01T12:00:00Z'];
  for (const [i, at] of voteTimes.entries()) await run('INSERT INTO votes (listing_id, user_id, created_at) VALUES (?, ?, ?)', edge, users[i].id, at);
});
afterAll(async () => {
  await t?.close();
});

const oneByOne = async (id: number) => ({
  categories: await categoriesOf(t.db, id),
  founders: await foundersOf(t.db, id),
  latest_updates: await latestUpdatesOf(t.db, id),
  community_rating: await communityRatingOf(t.db, id),
  domain_rating: await domainRatingOf(t.db, id),
  votes_by_week: await votesByWeekOf(t.db, id, thisMonday),
});

describe('a profile\'s parts', () => {
  it('are the six statements\' answers for the listing made to reach their edges, and for one with nothing around it', async () => {
    const parts = await profilePartsOf(t.db, edge, thisMonday);
    expect(JSON.stringify(parts)).toBe(JSON.stringify(await oneByOne(edge)));
    expect(parts.categories).toHaveLength(3);
    expect(parts.categories[0].primary).toBe(true);
    expect(parts.founders.map((f) => f.title)).toEqual([null, 'CEO']);
    expect(parts.latest_updates).toHaveLength(5);
    expect(parts.latest_updates.slice(0, 2).map((u) => u.title)).toEqual(['Update 6', 'Update 5']);
    expect(parts.domain_rating?.history).toHaveLength(12);
    expect(parts.community_rating).toEqual({ average: 4.3, count: 3 });
    expect(parts.votes_by_week.reduce((n, w) => n + w.votes, 0)).toBe(4);
    const none = await profilePartsOf(t.db, bare, thisMonday);
    expect(JSON.stringify(none)).toBe(JSON.stringify(await oneByOne(bare)));
    expect(none).toMatchObject({ categories: [], founders: [], latest_updates: [], community_rating: { average: null, count: 0 }, domain_rating: null });
  });

  it('are the six statements\' answers for every listing of the demo directory', async () => {
    const ids = (await t.db.engine.prepare('SELECT id FROM listings ORDER BY id').all() as { id: number }[]).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(30);
    for (const id of ids) expect(JSON.stringify(await profilePartsOf(t.db, id, thisMonday)), `listing ${id}`).toBe(JSON.stringify(await oneByOne(id)));
  });
});
