import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../storage/db';
import { loadedSqlite, type LoadedSqlite } from './support/loaded-sqlite';
import { matchExpression, rankedFromIndex, searchListingIds } from '../storage/queries/search';
import { TWO_STEP_EDITS, TWO_STEP_LISTINGS, TWO_STEP_NOW, TWO_STEP_PAGES, TWO_STEP_QUERIES, TWO_STEP_TAKEN, twoStepQuery } from './support/two-step-directory';

// Ranked text search in two steps (storage/queries/search.ts `rankedFromIndex`: the best-scored matches from the
// FTS table alone, then just the rows of those that score as well as the page's last place or better) must answer
// exactly as the one query that ranks every match: same ids in the same order, same total, on every page, on a
// directory made to be hard for it (tests/support/two-step-directory.ts).
let loaded: LoadedSqlite;
let db: Db;

beforeAll(async () => {
  loaded = await loadedSqlite('search-two-step', TWO_STEP_LISTINGS, TWO_STEP_NOW);
  db = loaded.db;
  for (const edit of TWO_STEP_EDITS) db.sqlite.exec(edit);
}, 120_000);
afterAll(() => loaded?.close());

// The one query (what plainPage ran before the two steps, and still runs when they decline).
function oneQuery(match: string, offset: number, limit: number): { ids: number[]; total: number } {
  const where = `l.status = 'live' AND listings_fts MATCH @match`;
  const rows = db.sqlite.prepare(`SELECT id, count(*) OVER () AS n FROM (SELECT l.id, bm25(listings_fts, 10.0, 5.0, 1.0, 3.0) AS score,
    l.votes_count AS votes FROM listings_fts CROSS JOIN listings l ON l.id = listings_fts.rowid WHERE ${where})
    ORDER BY score, votes DESC, id DESC LIMIT @limit OFFSET @offset`).all({ match, limit, offset }) as { id: number; n: number }[];
  const total = (db.sqlite.prepare(`SELECT count(*) AS n FROM listings_fts CROSS JOIN listings l ON l.id = listings_fts.rowid WHERE ${where}`)
    .get({ match }) as { n: number }).n;
  return { ids: rows.map((r) => r.id), total };
}

// The caller's remembered totals, here always counted afresh: the cheaper count the two steps offer when there is one.
const countAll = async (from: string, f: { where: string; params: Record<string, unknown> }, count?: () => Promise<number>) =>
  (count ? await count() : (db.sqlite.prepare(`SELECT count(*) AS n FROM ${from} WHERE ${f.where}`).get(f.params) as { n: number }).n);

describe('ranked text search in two steps', () => {
  for (const q of TWO_STEP_QUERIES) {
    it(`"${q}": every page as the one query ranks it`, async () => {
      const match = (await matchExpression(db, q))!;
      for (const [offset, limit] of TWO_STEP_PAGES) {
        expect({ offset, limit, ...(await searchListingIds(db, twoStepQuery(match, offset, limit))) }).toEqual({ offset, limit, ...oneQuery(match, offset, limit) });
      }
    });
  }

  // So that the table above is not passed by the one query alone: the two steps answer the common pages.
  it.each(TWO_STEP_TAKEN)('"%s" at offset %i, %i a page: taken by the two steps: %s', async (q, offset, limit, taken) => {
    const match = (await matchExpression(db, q))!;
    const page = await rankedFromIndex(db, twoStepQuery(match, offset, limit), countAll);
    expect(page !== null).toBe(taken);
    if (page) expect(page).toEqual(oneQuery(match, offset, limit));
  });

  it('a filter that may leave few candidates takes the one query', async () => {
    const match = (await matchExpression(db, 'analytics'))!;
    expect(await rankedFromIndex(db, { ...twoStepQuery(match, 0, 20), country: 'DE' }, countAll)).toBeNull();
    expect(await rankedFromIndex(db, { ...twoStepQuery(match, 0, 20), status: 'upcoming' }, countAll)).toBeNull();
  });
});
