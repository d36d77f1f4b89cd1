import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../storage/db';
import { loadedSqlite, type LoadedSqlite } from './support/loaded-sqlite';
import { matchExpression, rankedFromIndex, searchListingIds, type SearchQuery } from '../storage/queries/search';

// Ranked text search in two steps (storage/queries/search.ts `rankedFromIndex`: the best-scored matches from the
// FTS table alone, then just the rows of those that score as well as the page's last place or better) must answer
// exactly as the one query that ranks every match: same ids in the same order, same total, on every page. The
// directory here has what makes that hard: thousands of matches per word, listings that are not live among them (for
// one word, all of its best), and two hundred listings with the same text (equal scores across the cut, where only
// votes and ids decide).
const NOW = '2026-11-18T12:00:00Z';
let loaded: LoadedSqlite;
let db: Db;

beforeAll(async () => {
  loaded = await loadedSqlite('search-two-step', 3000, NOW);
  db = loaded.db;
  // Texts of many lengths, so that most scores differ (the loader's listings share ten phrases word for word).
  db.sqlite.exec(`UPDATE listings SET description = description || ' ' || substr('lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua ut enim ad minim veniam quis nostrud exercitation', 1, (id * 7) % 131)`);
  db.sqlite.exec(`UPDATE listings SET status = 'draft' WHERE id % 9 = 0`);
  db.sqlite.exec(`UPDATE listings SET status = 'rejected' WHERE id % 13 = 0`);
  // A word the best scorers of which are not live (said three times by drafts, once by a few live listings).
  db.sqlite.exec(`UPDATE listings SET keywords = 'phantom phantom phantom' WHERE id % 9 = 0`);
  db.sqlite.exec(`UPDATE listings SET keywords = 'phantom' WHERE id % 9 = 1 AND id < 600`);
  db.sqlite.exec(`UPDATE listings SET name = 'Twin ledger', tagline = 'The twin ledger for teams', description = 'A twin ledger.',
    keywords = 'twin' WHERE id % 15 = 1`);
  db.sqlite.exec(`UPDATE listings SET votes_count = id % 4 WHERE id % 15 = 1`); // ties on votes too: ids decide
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

const query = (match: string, offset: number, limit: number): SearchQuery => ({
  match, categoryIds: null, status: 'live', thisMonday: '2026-11-16', sort: 'relevance',
  trending: { now: NOW, since: '2026-11-15T12:00:00Z', halfLifeHours: 24 }, limit, offset,
});
// The caller's remembered totals, here always counted afresh: the cheaper count the two steps offer when there is one.
const countAll = async (from: string, f: { where: string; params: Record<string, unknown> }, count?: () => Promise<number>) =>
  (count ? await count() : (db.sqlite.prepare(`SELECT count(*) AS n FROM ${from} WHERE ${f.where}`).get(f.params) as { n: number }).n);

const QUERIES = ['analytics', 'analitics', 'projct managment', 'cloud', 'twin', 'twin ledger', 'invoicing freelancers', 'secrt',
  'meeting', 'uptime monitorng', 'xyzzyq', 'phantom'];
const PAGES: Array<[number, number]> = [[0, 20], [20, 20], [0, 1], [0, 100], [180, 20], [300, 50], [480, 20], [600, 20], [5000, 20]];

describe('ranked text search in two steps', () => {
  for (const q of QUERIES) {
    it(`"${q}": every page as the one query ranks it`, async () => {
      const match = (await matchExpression(db, q))!;
      for (const [offset, limit] of PAGES) {
        expect({ offset, limit, ...(await searchListingIds(db, query(match, offset, limit))) }).toEqual({ offset, limit, ...oneQuery(match, offset, limit) });
      }
    });
  }

  // So that the table above is not passed by the one query alone: the two steps answer the common pages.
  it.each<[string, number, number, boolean]>([
    ['analitics', 0, 20, true],
    ['projct managment', 20, 20, true],
    ['xyzzyq', 0, 20, true], // no match at all: complete, empty
    ['twin', 0, 20, true], // 200 equal scores across the cut: all read, votes and ids order them
    ['twin', 100, 20, true], // deeper into the tie
    ['phantom', 0, 20, false], // the best scorers are not live: the cut lets too few through
    ['analytics', 600, 20, false], // deeper than the two steps go
  ])('"%s" at offset %i, %i a page: taken by the two steps: %s', async (q, offset, limit, taken) => {
    const match = (await matchExpression(db, q))!;
    const page = await rankedFromIndex(db, query(match, offset, limit), countAll);
    expect(page !== null).toBe(taken);
    if (page) expect(page).toEqual(oneQuery(match, offset, limit));
  });

  it('a filter that may leave few candidates takes the one query', async () => {
    const match = (await matchExpression(db, 'analytics'))!;
    expect(await rankedFromIndex(db, { ...query(match, 0, 20), country: 'DE' }, countAll)).toBeNull();
    expect(await rankedFromIndex(db, { ...query(match, 0, 20), status: 'upcoming' }, countAll)).toBeNull();
  });
});
