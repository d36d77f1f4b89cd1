import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../storage/db';
import { openDatabase } from '../storage/boot';
import { seedDatabase } from '../storage/seed';
import { pgPoolOf } from '../storage/engine/pg';
import { rankedFromVectors } from '../storage/pg/search';
import { matchExpression, searchListingIds, type SearchQuery } from '../storage/queries/search';
import { fixedClock } from '../tools/clock';
import { loadListings } from '../bench/load-listings';
import { createDatabase, startPgCluster, type PgCluster } from './support/pg-cluster';

// PostgreSQL's ranked text search in two steps (storage/pg/search.ts `rankedFromVectors`: every match scored from
// listings_fts alone, then the listing rows of only those scoring as well as the page's last place or better) must
// answer exactly as the one statement that joins and ranks every match: same ids in the same order, same total, on
// every page. The directory is the one tests/search-two-step.test.ts builds for SQLite's two steps: thousands of
// matches per word, listings that are not live among them (for one word, all of its best), and two hundred listings
// with the same text (equal ranks across the cut, where only votes and ids decide).
const NOW = '2026-11-18T12:00:00Z';
let cluster: PgCluster;
let db: Db;

beforeAll(async () => {
  cluster = await startPgCluster();
  db = await openDatabase({ databasePath: '', databaseUrl: await createDatabase(cluster.url, 'two_step') });
  await seedDatabase(db, { demo: false, clock: fixedClock(NOW) });
  await loadListings(db, 3000, new Date(NOW));
  await db.engine.exec(`UPDATE listings SET description = description || ' ' || substr('lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua ut enim ad minim veniam quis nostrud exercitation', 1, (id * 7) % 131)`);
  await db.engine.exec(`UPDATE listings SET status = 'draft' WHERE id % 9 = 0`);
  await db.engine.exec(`UPDATE listings SET status = 'rejected' WHERE id % 13 = 0`);
  // A word the best scorers of which are not live (said three times by drafts, once by a few live listings).
  await db.engine.exec(`UPDATE listings SET keywords = 'phantom phantom phantom' WHERE id % 9 = 0`);
  await db.engine.exec(`UPDATE listings SET keywords = 'phantom' WHERE id % 9 = 1 AND id < 600`);
  await db.engine.exec(`UPDATE listings SET name = 'Twin ledger', tagline = 'The twin ledger for teams', description = 'A twin ledger.',
    keywords = 'twin' WHERE id % 15 = 1`);
  await db.engine.exec(`UPDATE listings SET votes_count = id % 4 WHERE id % 15 = 1`); // ties on votes too: ids decide
}, 180_000);
afterAll(async () => {
  await db?.engine.close();
  await cluster?.stop();
});

// The one statement (what plainPage ran before the two steps, and still runs when they decline).
async function oneQuery(match: string, offset: number, limit: number): Promise<{ ids: number[]; total: number }> {
  const { rows } = await pgPoolOf(db).query<{ total: number; ids: number[] }>(
    `WITH m AS (SELECT l.id, l.votes_count AS votes, ts_rank('{0.1, 0.3, 0.5, 1.0}', s.vector, to_tsquery('listing_search', $1), 1) AS score
       FROM listings_fts s JOIN listings l ON l.id = s.listing_id WHERE l.status = 'live' AND s.vector @@ to_tsquery('listing_search', $1))
     SELECT (SELECT count(*) FROM m)::int AS total, array(SELECT id FROM m ORDER BY score DESC, votes DESC, id DESC LIMIT $2 OFFSET $3) AS ids`,
    [match, limit, offset]);
  return { ids: rows[0].ids, total: rows[0].total };
}

const query = (match: string, offset: number, limit: number): SearchQuery => ({
  match, categoryIds: null, status: 'live', thisMonday: '2026-11-16', sort: 'relevance',
  trending: { now: NOW, since: '2026-11-15T12:00:00Z', halfLifeHours: 24 }, limit, offset,
});

const QUERIES = ['analytics', 'analitics', 'projct managment', 'cloud', 'twin', 'twin ledger', 'invoicing freelancers', 'secrt',
  'meeting', 'uptime monitorng', 'xyzzyq', 'phantom', 'teams'];
const PAGES: Array<[number, number]> = [[0, 20], [20, 20], [0, 1], [0, 100], [180, 20], [300, 50], [480, 20], [600, 20], [5000, 20]];

describe('ranked text search in two steps, on PostgreSQL', () => {
  for (const q of QUERIES) {
    it(`"${q}": every page as the one statement ranks it`, async () => {
      const match = (await matchExpression(db, q))!;
      for (const [offset, limit] of PAGES) {
        expect({ offset, limit, ...(await searchListingIds(db, query(match, offset, limit))) }).toEqual({ offset, limit, ...await oneQuery(match, offset, limit) });
      }
    });
  }

  // So that the table above is not passed by the one statement alone: the two steps answer the common pages.
  it.each<[string, number, number, boolean]>([
    ['analitics', 0, 20, true],
    ['projct managment', 20, 20, true],
    ['teams', 0, 20, true], // a word in nearly every listing
    ['xyzzyq', 0, 20, true], // no match at all: complete, empty
    ['twin', 0, 20, true], // 200 equal ranks across the cut: all read, votes and ids order them
    ['twin', 100, 20, true], // deeper into the tie
    ['phantom', 0, 20, false], // the best scorers are not live: the cut lets too few through
    ['analytics', 600, 20, false], // deeper than the two steps go
  ])('"%s" at offset %i, %i a page: taken by the two steps: %s', async (q, offset, limit, taken) => {
    const match = (await matchExpression(db, q))!;
    const page = await rankedFromVectors(pgPoolOf(db), query(match, offset, limit));
    expect(page !== null).toBe(taken);
    if (page) expect(page).toEqual(await oneQuery(match, offset, limit));
  });

  it('a filter that may leave few candidates, or another order, takes the one statement', async () => {
    const match = (await matchExpression(db, 'analytics'))!;
    expect(await rankedFromVectors(pgPoolOf(db), { ...query(match, 0, 20), country: 'DE' })).toBeNull();
    expect(await rankedFromVectors(pgPoolOf(db), { ...query(match, 0, 20), status: 'upcoming' })).toBeNull();
    expect(await rankedFromVectors(pgPoolOf(db), { ...query(match, 0, 20), sort: 'newest' })).toBeNull();
  });
});
