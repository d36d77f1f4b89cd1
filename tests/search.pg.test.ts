import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { openDb, type Db } from '../storage/db';
import { seedDatabase } from '../storage/seed';
import { categoryTreeIds } from '../storage/queries/listings';
import { matchExpression, searchListingIds, type SearchQuery } from '../storage/queries/search';
import { searchListingIdsPg, tsQueryFor } from '../storage/pg/search';
import { applyPgMigrations } from '../storage/pg/migrate';
import { createPgPool, endPgPool } from '../storage/pg/pool';
import { createDatabase, startPgCluster, type PgCluster } from './support/pg-cluster';
import { FIXTURE_LISTINGS, FIXTURE_VOTES, NOW, THIS_MONDAY } from './fixtures/search-listings';
import type { RememberedCount } from '../storage/records/search';

// The engine's search called directly: every total counted afresh (searchListingIds remembers them).
const countEachTime: RememberedCount = (_key, count) => count();

// Listing search, one results contract on both engines: the same fixture written to SQLite (FTS5, bm25) and
// PostgreSQL (tsvector + GIN, ts_rank) with the same ids, then a table of queries run on both. On every query: the
// same total and the same set of ids; on every order but text relevance, the same order. For text relevance: the
// same order wherever bm25 scores listings equally (votes, then id decide), and name matches before
// description-only matches on both.
//
// Relevance differences that remain (storage/pg/search.ts, `rank`): ts_rank has no inverse document frequency, normalises
// by the whole listing's word count rather than per column, counts repeats differently from bm25's saturation, and
// on a query of several words rewards the words standing close together. So among listings bm25 scores differently,
// the order may differ. The tie check below runs on every text query of the table and holds there because the listings
// bm25 ties have the same words in the same places; two listings bm25 ties on a two-word query whose words stand at
// different distances would be ordered by that distance on PostgreSQL, not by votes.

let cluster: PgCluster;
let pool: pg.Pool;
let dir: string;
let db: Db;
const idOf = new Map(FIXTURE_LISTINGS.map((l) => [l.slug, l.id]));
const slugOf = new Map(FIXTURE_LISTINGS.map((l) => [l.id, l.slug]));
let categoryPick: number[] = [];

function writeSqlite(): void {
  const cats = db.sqlite.prepare('SELECT id, slug FROM categories WHERE parent_id IS NULL ORDER BY id').all() as { id: number }[];
  const children = db.sqlite.prepare('SELECT id FROM categories WHERE parent_id = ? ORDER BY id');
  // Six categories: two top-level ones, and children of the first.
  const kids = (children.all(cats[0].id) as { id: number }[]).map((c) => c.id);
  categoryPick = [cats[1].id, kids[0], kids[1], cats[2].id, kids[2] ?? kids[0], cats[0].id];
  const created = NOW;
  const user = db.sqlite.prepare('INSERT INTO users (id, email, name, created_at) VALUES (?, ?, ?, ?)');
  for (let i = 1; i <= 20; i++) user.run(i, `voter${i}@example.test`, `Voter ${i}`, created);
  const listing = db.sqlite.prepare(`INSERT INTO listings (id, slug, name, url, domain, tagline, description, keywords, status,
    launch_week, launched_at, stage, pricing_model, country, primary_category_id, votes_count, views_count, follows_count,
    created_at, updated_at) VALUES (@id, @slug, @name, @url, @domain, @tagline, @description, @keywords, @status, @launchWeek,
    @launchedAt, @stage, @pricingModel, @country, @category, @votes, @views, @follows, @createdAt, @createdAt)`);
  const membership = db.sqlite.prepare('INSERT INTO listing_categories (listing_id, category_id, is_primary) VALUES (?, ?, ?)');
  for (const l of FIXTURE_LISTINGS) {
    const category = categoryPick[l.category];
    listing.run({ ...l, url: `https://${l.domain}/`, keywords: JSON.stringify(l.keywords), category });
    membership.run(l.id, category, 1);
    // Every fifth listing also has a paid extra category.
    if (l.id % 5 === 0) membership.run(l.id, categoryPick[(l.category + 3) % 6], 0);
  }
  const vote = db.sqlite.prepare('INSERT INTO votes (listing_id, user_id, created_at) VALUES (?, ?, ?)');
  FIXTURE_VOTES.forEach(([slug, hours], i) => {
    const id = idOf.get(slug);
    if (!id) throw new Error(`fixture vote for unknown listing ${slug}`);
    vote.run(id, (i % 20) + 1, new Date(Date.parse(NOW) - hours * 3_600_000).toISOString());
  });
}

// The rows exactly as SQLite holds them, to PostgreSQL (the columns both tables have).
async function copyToPg(table: string): Promise<void> {
  const rows = db.sqlite.prepare(`SELECT * FROM ${table}`).all() as Record<string, unknown>[];
  const { rows: cols } = await pool.query<{ column_name: string }>(
    'SELECT column_name FROM information_schema.columns WHERE table_name = $1', [table]);
  const names = Object.keys(rows[0]).filter((c) => cols.some((x) => x.column_name === c));
  for (let at = 0; at < rows.length; at += 200) {
    const chunk = rows.slice(at, at + 200);
    const values: unknown[] = [];
    const tuples = chunk.map((r) => `(${names.map((c) => `$${values.push(r[c])}`).join(', ')})`);
    await pool.query(`INSERT INTO ${table} (${names.join(', ')}) VALUES ${tuples.join(', ')}`, values);
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'search-pg-'));
  db = openDb(join(dir, 'search.db'));
  await seedDatabase(db, { demo: false, clock: { now: () => new Date(NOW) } });
  writeSqlite();
  cluster = await startPgCluster();
  pool = createPgPool(await createDatabase(cluster.url, 'search_contract'), { max: 4 });
  await applyPgMigrations(pool);
  for (const table of ['categories', 'users', 'listings', 'listing_categories', 'votes']) await copyToPg(table);
});
afterAll(async () => {
  if (pool) await endPgPool(pool);
  await cluster?.stop();
  db?.sqlite.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

type Case = {
  name: string;
  q?: string;
  query?: Partial<Omit<SearchQuery, 'match' | 'categoryIds'>>;
  category?: number; // index into categoryPick, expanded to its tree as the tool does
  includes?: string[]; // slugs the (full) result must hold on both engines
  excludes?: string[];
  none?: true;
  nameFirst?: [string[], string[]]; // every listing of the first list ranks above every one of the second
  order?: string[]; // the exact leading order of the full result on both engines
};

const HOUR = 3_600_000;
const baseQuery = (): Omit<SearchQuery, 'match'> => ({
  categoryIds: null, status: 'live', thisMonday: THIS_MONDAY, sort: 'relevance',
  trending: { now: NOW, since: new Date(Date.parse(NOW) - 72 * HOUR).toISOString(), halfLifeHours: 24 },
  limit: 100, offset: 0,
});

const CASES: Case[] = [
  // Text
  { name: 'one exact word; equal scores ordered by votes then id; a draft never shows', q: 'ledger',
    order: ['charlie-ledger', 'bravo-ledger', 'alpha-ledger', 'delta-ledger'], excludes: ['echo-ledger', 'launchpad-ledger'] },
  { name: 'a word in names and in descriptions', q: 'invoice',
    includes: ['invoice-pilot', 'invoice-nest', 'billing-hub', 'cash-flowly'], nameFirst: [['invoice-pilot', 'invoice-nest'], ['billing-hub', 'cash-flowly']] },
  { name: 'two words', q: 'pulse analytics', includes: ['pulse-analytics'] },
  { name: 'two words, equal scores', q: 'small ledger', order: ['charlie-ledger', 'bravo-ledger', 'alpha-ledger', 'delta-ledger'] },
  { name: 'a typo', q: 'analitics', includes: ['pulse-analytics', 'metric-den'], nameFirst: [['pulse-analytics'], ['metric-den']] },
  { name: 'a typo in each word', q: 'projct managment', includes: ['taskline', 'boardly'] },
  { name: 'typo of a short word', q: 'ledgr', includes: ['alpha-ledger'] },
  { name: 'the last word as a prefix', q: 'kanb', includes: ['kanbanize-pro', 'kanban-flow', 'boardly'] },
  { name: 'prefix after an exact word', q: 'flow metr', includes: ['kanbanize-pro'] },
  { name: 'accents typed, none indexed: cafe', q: 'cafe', includes: ['cafe-orbita'] },
  { name: 'accented query', q: 'München', includes: ['cafe-orbita'] },
  { name: 'accent left out', q: 'zurich', includes: ['cafe-orbita'] },
  { name: 'Spanish without accents', q: 'facturacion autonomos', includes: ['factura-facil'] },
  { name: 'French with accents', q: 'équipes', includes: ['equipe-agenda'] },
  { name: 'no match', q: 'zzqxv', none: true },
  { name: 'punctuation only is a browse', q: '!!! ---', includes: ['taskline'] },
  // Filters, with and without text
  { name: 'category tree', category: 5, includes: [] },
  { name: 'category and text', category: 1, q: 'ledger', includes: ['alpha-ledger', 'delta-ledger'], excludes: ['charlie-ledger'] },
  { name: 'stage, case-insensitive', query: { stage: 'GROWING' }, includes: ['pulse-analytics', 'metric-den'] },
  { name: 'country, case-insensitive', query: { country: 'de' }, includes: ['invoice-pilot', 'invoice-nest'] },
  { name: 'pricing model, case-insensitive', query: { pricingModel: 'PAID' }, includes: ['invoice-pilot', 'billing-hub'] },
  { name: 'domain', query: { domain: 'taskline.example' }, order: ['taskline'] },
  { name: 'text and country', q: 'invoice', query: { country: 'DE' }, includes: ['invoice-pilot', 'invoice-nest'], excludes: ['billing-hub'] },
  // Sorts
  ...(['relevance', 'votes', 'newest', 'most_viewed', 'most_followed', 'trending'] as const).flatMap((sort): Case[] => [
    { name: `browse by ${sort}`, query: { sort }, includes: ['taskline', 'nulldate-teams'] },
    { name: `"teams" by ${sort}`, q: 'teams', query: { sort }, includes: ['taskline'] },
  ]),
  { name: 'trending leads with recent votes', query: { sort: 'trending' }, order: ['metric-den', 'boardly', 'taskline'] },
  // Paging
  { name: 'page 2 by votes', query: { sort: 'votes', limit: 7, offset: 7 } },
  { name: 'page 3 by newest', query: { sort: 'newest', limit: 9, offset: 18 } },
  { name: 'page 2 of a text search', q: 'teams', query: { limit: 5, offset: 5 } },
  { name: 'trending page across scored and unscored', query: { sort: 'trending', limit: 4, offset: 8 } },
  { name: 'trending page past the scored ones', query: { sort: 'trending', limit: 5, offset: 20 } },
  { name: 'a page past the end', query: { sort: 'votes', limit: 10, offset: 500 } },
  // Scheduled
  { name: 'upcoming: this week and later, not a past week', query: { status: 'upcoming' },
    includes: ['launchpad-ledger', 'orbit-notes', 'stellar-sync'], excludes: ['past-week-tool', 'alpha-ledger'] },
  { name: 'upcoming by newest (created)', query: { status: 'upcoming', sort: 'newest' }, includes: ['orbit-notes'] },
  { name: 'upcoming text search', q: 'ledger', query: { status: 'upcoming' }, order: ['launchpad-ledger'] },
  { name: 'upcoming trending', query: { status: 'upcoming', sort: 'trending' }, order: ['orbit-notes', 'launchpad-ledger'] },
];

type Run = { page: number[]; total: number; all: number[] };

async function runBoth(c: Case): Promise<{ lite: Run; pg: Run }> {
  const categoryIds = c.category === undefined ? null : await categoryTreeIds(db, categorySlug(categoryPick[c.category]));
  const q = { ...baseQuery(), ...c.query, categoryIds };
  const liteMatch = await matchExpression(db, c.q);
  const pgMatch = await tsQueryFor(pool, pool, c.q);
  const run = async (search: (q: SearchQuery) => Promise<{ ids: number[]; total: number }>, match: string | null): Promise<Run> => {
    const page = await search({ ...q, match });
    const all = await search({ ...q, match, limit: 1000, offset: 0 });
    return { page: page.ids, total: page.total, all: all.ids };
  };
  return {
    lite: await run(async (x) => searchListingIds(db, x), liteMatch),
    pg: await run((x) => searchListingIdsPg(pool, x, countEachTime), pgMatch),
  };
}

const categorySlug = (id: number) => (db.sqlite.prepare('SELECT slug FROM categories WHERE id = ?').get(id) as { slug: string }).slug;
const slugs = (ids: number[]) => ids.map((id) => slugOf.get(id));

// bm25 scores of SQLite's matches, to find the listings it scores equally.
function bm25Scores(match: string): Map<number, number> {
  const rows = db.sqlite.prepare('SELECT rowid AS id, bm25(listings_fts, 10.0, 5.0, 1.0, 3.0) AS score FROM listings_fts WHERE listings_fts MATCH ?')
    .all(match) as { id: number; score: number }[];
  return new Map(rows.map((r) => [r.id, r.score]));
}

describe('listing search: the same results on SQLite and PostgreSQL', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const { lite, pg: pgRun } = await runBoth(c);
    expect(pgRun.total).toBe(lite.total);
    expect([...pgRun.all].sort((a, b) => a - b)).toEqual([...lite.all].sort((a, b) => a - b));
    expect(lite.total).toBe(lite.all.length);
    const offset = c.query?.offset ?? 0;
    const limit = c.query?.limit ?? 100;
    for (const r of [lite, pgRun]) {
      expect(r.page).toEqual(r.all.slice(offset, offset + limit)); // a page is a slice of the whole order
      if (c.none) expect(r.total).toBe(0);
      else expect(r.total).toBeGreaterThan(0);
      for (const s of c.includes ?? []) expect(slugs(r.all)).toContain(s);
      for (const s of c.excludes ?? []) expect(slugs(r.all)).not.toContain(s);
      if (c.order) expect(slugs(r.all).slice(0, c.order.length)).toEqual(c.order);
      if (c.nameFirst) {
        const at = (s: string) => slugs(r.all).indexOf(s);
        for (const a of c.nameFirst[0]) for (const b of c.nameFirst[1]) expect(at(a)).toBeLessThan(at(b));
      }
    }
    const textRanked = !!c.q && (c.query?.sort ?? 'relevance') === 'relevance' && lite.all.length > 0 && await matchExpression(db, c.q) !== null;
    if (!textRanked) {
      expect(pgRun.page).toEqual(lite.page);
      expect(pgRun.all).toEqual(lite.all);
      return;
    }
    // Listings bm25 scores equally keep SQLite's order (votes, then id) on PostgreSQL.
    const score = bm25Scores((await matchExpression(db, c.q))!);
    const pgAt = new Map(pgRun.all.map((id, i) => [id, i]));
    let tiedPairs = 0;
    for (let i = 0; i < lite.all.length; i++) {
      for (let j = i + 1; j < lite.all.length; j++) {
        if (score.get(lite.all[i]) !== score.get(lite.all[j])) continue;
        tiedPairs++;
        expect(pgAt.get(lite.all[i]), `${slugOf.get(lite.all[i])} before ${slugOf.get(lite.all[j])}`).toBeLessThan(pgAt.get(lite.all[j])!);
      }
    }
    if (c.order && c.order.length > 1) expect(tiedPairs).toBeGreaterThan(0);
  });

  it('matches with the GIN index of the kept search vectors (listings_fts_vector)', async () => {
    const client = await pool.connect();
    try {
      // 60 rows are read fastest without any index; with plain index scans off, the planner chooses among bitmap
      // scans, where the text match is by far the most selective condition.
      await client.query('ANALYZE listings');
      await client.query('ANALYZE listings_fts');
      await client.query('SET enable_seqscan = off');
      await client.query('SET enable_indexscan = off');
      let sql = '';
      let params: unknown[] = [];
      const spy = { query: (text: string, values: unknown[]) => ((sql = text), (params = values), client.query(text, values)) };
      const match = await tsQueryFor(pool, pool, 'projct managment');
      await searchListingIdsPg(spy as unknown as pg.Pool, { ...baseQuery(), match }, countEachTime);
      const plan = (await client.query(`EXPLAIN ${sql}`, params)).rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).toMatch(/Bitmap Index Scan on listings_fts_vector\b/);
    } finally {
      await client.query('RESET enable_seqscan');
      await client.query('RESET enable_indexscan');
      client.release();
    }
  });

  it('a listing written after the vocabulary was built is found through a typo at the next search', async () => {
    const match = (q: string) => tsQueryFor(pool, pool, q);
    expect(await match('zephyrquill')).not.toContain("'zephyrquil'"); // vocabulary built, word unknown
    await pool.query(`INSERT INTO listings (id, slug, name, url, domain, status, launched_at, created_at, updated_at)
      VALUES (900, 'zephyrquil', 'Zephyrquil', 'https://z.example/', 'z.example', 'live', $1, $1, $1)`, [NOW]);
    const found = await searchListingIdsPg(pool, { ...baseQuery(), match: await match('zephyrquill') }, countEachTime);
    expect(found.ids).toEqual([900]);
    await pool.query('DELETE FROM listings WHERE id = 900');
  });

  it('a search in a snapshot older than the vocabulary uses the vocabulary as it is, without building it again', async () => {
    await tsQueryFor(pool, pool, 'warm'); // built
    const client = await pool.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      await client.query('SELECT 1'); // the snapshot begins here
      await pool.query(`INSERT INTO listings (id, slug, name, url, domain, status, launched_at, created_at, updated_at)
        VALUES (901, 'quorblat', 'Quorblat', 'https://q.example/', 'q.example', 'live', $1, $1, $1)`, [NOW]);
      expect(await tsQueryFor(pool, pool, 'quorblatt')).toContain("'quorblat'"); // the vocabulary reads past the snapshot
      const texts: string[] = [];
      const spy = { query: (text: string, values?: unknown[]) => (texts.push(text), client.query(text, values)) };
      expect(await tsQueryFor(pool, spy as unknown as pg.Pool, 'quorblatt')).toContain("'quorblat'");
      expect(texts.filter((t) => t.includes('listings_fts_vocab'))).toEqual([]);
      await client.query('COMMIT');
    } finally {
      client.release();
      await pool.query('DELETE FROM listings WHERE id = 901');
    }
  });
});
