import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../storage/db';
import { openDatabase } from '../storage/boot';
import { seedDatabase } from '../storage/seed';
import { pgPoolOf } from '../storage/engine/pg';
import { rankedFromVectors } from '../storage/pg/search';
import { matchExpression, searchListingIds } from '../storage/queries/search';
import { fixedClock } from '../tools/clock';
import { loadListings } from '../bench/load-listings';
import { createDatabase, startPgCluster, type PgCluster } from './support/pg-cluster';
import { TWO_STEP_EDITS, TWO_STEP_LISTINGS, TWO_STEP_NOW, TWO_STEP_PAGES, TWO_STEP_QUERIES, TWO_STEP_TAKEN, twoStepQuery } from './support/two-step-directory';

// PostgreSQL's ranked text search in two steps (storage/pg/search.ts `rankedFromVectors`: every match scored from
// listings_fts alone, then the listing rows of only those scoring as well as the page's last place or better) must
// answer exactly as the one statement that joins and ranks every match: same ids in the same order, same total, on
// every page, on the directory SQLite's two steps are tested on (tests/support/two-step-directory.ts).
let cluster: PgCluster;
let db: Db;

beforeAll(async () => {
  cluster = await startPgCluster();
  db = await openDatabase({ databasePath: '', databaseUrl: await createDatabase(cluster.url, 'two_step') });
  await seedDatabase(db, { demo: false, clock: fixedClock(TWO_STEP_NOW) });
  await loadListings(db, TWO_STEP_LISTINGS, new Date(TWO_STEP_NOW));
  for (const edit of TWO_STEP_EDITS) await db.engine.exec(edit);
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

describe('ranked text search in two steps, on PostgreSQL', () => {
  for (const q of TWO_STEP_QUERIES) {
    it(`"${q}": every page as the one statement ranks it`, async () => {
      const match = (await matchExpression(db, q))!;
      for (const [offset, limit] of TWO_STEP_PAGES) {
        expect({ offset, limit, ...(await searchListingIds(db, twoStepQuery(match, offset, limit))) }).toEqual({ offset, limit, ...await oneQuery(match, offset, limit) });
      }
    });
  }

  // So that the table above is not passed by the one statement alone: the two steps answer the common pages.
  it.each(TWO_STEP_TAKEN)('"%s" at offset %i, %i a page: taken by the two steps: %s', async (q, offset, limit, taken) => {
    const match = (await matchExpression(db, q))!;
    const page = await rankedFromVectors(pgPoolOf(db), twoStepQuery(match, offset, limit));
    expect(page !== null).toBe(taken);
    if (page) expect(page).toEqual(await oneQuery(match, offset, limit));
  });

  it('a filter that may leave few candidates, or another order, takes the one statement', async () => {
    const match = (await matchExpression(db, 'analytics'))!;
    expect(await rankedFromVectors(pgPoolOf(db), { ...twoStepQuery(match, 0, 20), country: 'DE' })).toBeNull();
    expect(await rankedFromVectors(pgPoolOf(db), { ...twoStepQuery(match, 0, 20), status: 'upcoming' })).toBeNull();
    expect(await rankedFromVectors(pgPoolOf(db), { ...twoStepQuery(match, 0, 20), sort: 'newest' })).toBeNull();
  });
});
