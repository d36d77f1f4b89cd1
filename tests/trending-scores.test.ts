import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../storage/db';
import { loadedSqlite, type LoadedSqlite } from './support/loaded-sqlite';
import { searchListingIds, type SearchQuery } from '../storage/queries/search';
import { trendingScoreWork } from '../storage/queries/trending-scores';

// A trending search reads the minute's scores from a table kept from minute to minute
// (storage/queries/trending-scores.ts), whatever it filters by, and walks or joins them by filter (`scoredFrom`). It must answer exactly
// as the one query that scored the window's votes inside each search: same ids, same order, same total, on every page
// and filter, across the cut from scored listings to those without a vote in the window, and a minute later with
// the votes cast meanwhile. The directory has exact ties: listings whose votes fall at the same instants score the
// same and have the same vote count, so that their launch times decide, and half of them the same launch time too,
// so that only the id does.
const NOW = '2026-11-18T12:00:00Z';
const MONDAY = '2026-11-16';
let loaded: LoadedSqlite;
let db: Db;

beforeAll(async () => {
  loaded = await loadedSqlite('trending-scores', 3000, NOW);
  db = loaded.db;
  db.sqlite.exec(`UPDATE votes SET created_at = '2026-11-17T08:00:00.000Z' WHERE listing_id % 17 = 3`);
  db.sqlite.exec(`UPDATE listings SET votes_count = 7 WHERE id % 17 = 3`);
  db.sqlite.exec(`UPDATE listings SET launched_at = '2026-11-09T09:00:00.000Z' WHERE id % 34 = 3`);
  db.sqlite.exec(`UPDATE listings SET status = 'draft' WHERE id % 11 = 0`);
  db.sqlite.exec(`UPDATE listings SET status = 'scheduled', launch_week = '2026-11-23' WHERE id % 23 = 0`);
  db.sqlite.exec(`UPDATE listings SET status = 'scheduled', launch_week = '2026-11-02' WHERE id % 29 = 0`);
}, 120_000);
afterAll(() => loaded?.close());

type Filter = Partial<Pick<SearchQuery, 'categoryIds' | 'stage' | 'country' | 'pricingModel' | 'domain' | 'status'>>;
const query = (f: Filter, now: string, offset: number, limit: number): SearchQuery => ({
  match: null, categoryIds: null, status: 'live', ...f, thisMonday: MONDAY, sort: 'trending',
  trending: { now, since: new Date(Date.parse(now) - 72 * 3_600_000).toISOString(), halfLifeHours: 24 }, limit, offset,
});

// The one query: what trendingPage ran before the scores were kept (the scores made inside it), with the same filters
// as storage/queries/search.ts writes them. Its whole ranking is made once per filter and minute while nothing is
// written (the connection's count of changed rows stands still) and each page is cut from it.
const rankings = new Map<string, number[]>();
function oneQuery(q: SearchQuery): { ids: number[]; total: number } {
  const key = JSON.stringify([{ ...q, offset: 0, limit: 0 }, db.sqlite.prepare('SELECT total_changes()').pluck().get()]);
  let ids = rankings.get(key);
  if (!ids) {
    if (rankings.size > 100) rankings.clear();
    rankings.set(key, (ids = oneRanking(q)));
  }
  return { ids: ids.slice(q.offset, q.offset + q.limit), total: ids.length };
}
function oneRanking(q: SearchQuery): number[] {
  const where: string[] = [];
  const params: Record<string, unknown> = { nowSec: Date.parse(q.trending.now) / 1000, since: q.trending.since, halfLife: q.trending.halfLifeHours };
  if (q.status === 'live') where.push(`l.status = 'live'`);
  else { where.push(`l.status = 'scheduled'`, 'l.launch_week >= @thisMonday'); params.thisMonday = q.thisMonday; }
  if (q.categoryIds) { where.push('l.id IN (SELECT listing_id FROM listing_categories WHERE category_id IN (SELECT value FROM json_each(@cats)))'); params.cats = JSON.stringify(q.categoryIds); }
  if (q.stage) { where.push('l.stage = @stage COLLATE NOCASE'); params.stage = q.stage; }
  if (q.country) { where.push('upper(l.country) = upper(@country)'); params.country = q.country; }
  if (q.pricingModel) { where.push('l.pricing_model = @pricing COLLATE NOCASE'); params.pricing = q.pricingModel; }
  if (q.domain) { where.push('l.domain = @domain'); params.domain = q.domain; }
  const w = where.join(' AND ');
  const scores = `WITH sc AS (SELECT listing_id, sum(pow(0.5, max(0.0, (@nowSec - unixepoch(created_at)) / 3600.0) / @halfLife)) AS score
    FROM votes WHERE created_at >= @since GROUP BY listing_id)`;
  const all = db.sqlite.prepare(`${scores} SELECT l.id FROM sc JOIN listings l ON l.id = sc.listing_id WHERE ${w}
    ORDER BY sc.score DESC, l.votes_count DESC, l.launched_at DESC, l.id DESC`).pluck().all(params) as number[];
  const rest = db.sqlite.prepare(`SELECT l.id FROM listings l WHERE ${w} AND NOT EXISTS (SELECT 1 FROM votes v WHERE v.listing_id = l.id AND v.created_at >= @since)
    ORDER BY l.votes_count DESC, l.launched_at DESC, l.id DESC`).pluck().all(params) as number[];
  return [...all, ...rest];
}

const PAGES: Array<[number, number]> = [[0, 20], [20, 20], [0, 100], [300, 50], [900, 100], [2600, 100], [5000, 20]];

describe('trending from the minute\'s scores', () => {
  let categories: number[][] = [];
  let domain = '';
  beforeAll(() => {
    const used = db.sqlite.prepare('SELECT category_id FROM listing_categories GROUP BY 1 ORDER BY count(*), 1').pluck().all() as number[];
    categories = [[used[0]], [used[Math.floor(used.length / 2)]], used.slice(-3)];
    domain = db.sqlite.prepare(`SELECT domain FROM listings WHERE id % 17 = 3 AND status = 'live' LIMIT 1`).pluck().get() as string;
  });

  const filters = (): Array<[string, Filter]> => [
    ['no filter', {}],
    ['a small category', { categoryIds: categories[0] }],
    ['a middling category', { categoryIds: categories[1] }],
    ['three large categories', { categoryIds: categories[2] }],
    ['a stage, in another case', { stage: 'MVP' }],
    ['a country', { country: 'de' }],
    ['a pricing model', { pricingModel: 'Freemium' }],
    ['a domain', { domain }],
    ['the upcoming launches', { status: 'upcoming' }],
    ['upcoming in three categories', { status: 'upcoming', categoryIds: categories[2] }],
    ['a category and a country', { categoryIds: categories[2], country: 'US' }],
  ];

  it('answers every filter and page as the one query', async () => {
    for (const [name, f] of filters()) {
      for (const [offset, limit] of PAGES) {
        const q = query(f, NOW, offset, limit);
        const got = await searchListingIds(db, q);
        expect({ name, offset, limit, ...got }, name).toEqual({ name, offset, limit, ...oneQuery(q) });
      }
    }
  });

  it('so that the table above is not passed by empty answers: the filters find scored and unscored listings', () => {
    for (const [name, f] of filters().filter(([n]) => n !== 'a domain')) {
      const { total } = oneQuery(query(f, NOW, 0, 1));
      expect(total, name).toBeGreaterThan(5);
    }
    expect(oneQuery(query({ domain }, NOW, 0, 1)).total).toBe(1);
    // Exact ties on score, decided by votes, launch time and id.
    const tied = db.sqlite.prepare(`SELECT count(*) FROM listings WHERE id % 34 = 3 AND status = 'live'`).pluck().get() as number;
    expect(tied).toBeGreaterThan(40);
  });

  it('a minute later, scores again with the votes cast meanwhile', async () => {
    const later = '2026-11-18T12:01:00Z';
    const before = oneQuery(query({}, later, 0, 20));
    // The listing last on the first page gets many votes: it must lead the next minute's ranking.
    const riser = before.ids[19];
    const users = db.sqlite.prepare(`SELECT id FROM users ORDER BY id LIMIT 300`).pluck().all() as number[];
    const insert = db.sqlite.prepare(`INSERT OR IGNORE INTO votes (listing_id, user_id, created_at) VALUES (?, ?, '2026-11-18T12:00:30.000Z')`);
    for (const u of users) insert.run(riser, u);
    for (const [name, f] of filters()) {
      for (const [offset, limit] of PAGES.slice(0, 4)) {
        const q = query(f, later, offset, limit);
        expect({ name, offset, limit, ...(await searchListingIds(db, q)) }).toEqual({ name, offset, limit, ...oneQuery(q) });
      }
    }
    expect((await searchListingIds(db, query({}, later, 0, 1))).ids).toEqual([riser]);
  });

  const STEP_FILTERS = ['no filter', 'a middling category', 'the upcoming launches'];
  const STEP_PAGES: Array<[number, number]> = [[0, 20], [20, 20], [300, 50]];
  // The scores are kept from minute to minute (storage/queries/trending-scores.ts): each minute only the listings whose
  // votes changed, left the window or were stamped after the last minute are scored again. Every kind of change, one
  // minute after another, must leave the same answer as the one query; and those minutes must be steps, not builds.
  it('minute after minute, kept up by what changed: votes cast, withdrawn, moved, stamped ahead, leaving the window', async () => {
    const users = db.sqlite.prepare('SELECT id FROM users ORDER BY id DESC LIMIT 400').pluck().all() as number[];
    const vote = db.sqlite.prepare('INSERT OR IGNORE INTO votes (listing_id, user_id, created_at) VALUES (?, ?, ?)');
    const top = (now: string, n = 20) => oneQuery(query({}, now, 0, n)).ids;
    const minute = (m: number) => new Date(Date.parse('2026-11-18T12:00:00Z') + m * 60_000).toISOString();
    const checkAll = async (now: string, label: string) => {
      for (const [name, f] of filters().filter(([n]) => STEP_FILTERS.includes(n))) {
        for (const [offset, limit] of STEP_PAGES) {
          const q = query(f, now, offset, limit);
          expect({ label, name, offset, limit, ...(await searchListingIds(db, q)) }).toEqual({ label, name, offset, limit, ...oneQuery(q) });
        }
      }
    };
    const changes: Array<[string, (now: string) => void]> = [
      ['votes cast for a listing far down', (now) => {
        const low = top(now, 400)[399];
        for (const u of users.slice(0, 60)) vote.run(low, u, now);
      }],
      ['every vote of the leader withdrawn', (now) => {
        db.sqlite.prepare('DELETE FROM votes WHERE listing_id = ? AND created_at >= ?').run(top(now, 1)[0], query({}, now, 0, 1).trending.since);
      }],
      ['votes moved from the second to the fifth', (now) => {
        const [, second, , , fifth] = top(now, 5);
        db.sqlite.prepare(`UPDATE OR IGNORE votes SET listing_id = ? WHERE listing_id = ?`).run(fifth, second);
      }],
      // Two listings without a vote in the window, the first ahead of the second on the tie-break: each gets 100 votes,
      // the first's stamped now, the second's half an hour ahead. This minute both count as now (a tie, the first
      // ahead); a minute on, the second's votes are a minute newer than the first's and it must lead.
      ['votes stamped half an hour ahead, tied this minute with votes stamped now', (now) => {
        pair = db.sqlite.prepare(`SELECT l.id FROM listings l WHERE l.status = 'live' AND NOT EXISTS (SELECT 1 FROM votes v
          WHERE v.listing_id = l.id AND v.created_at >= ?) ORDER BY l.votes_count DESC, l.launched_at DESC, l.id DESC LIMIT 2`)
          .pluck().all(query({}, now, 0, 1).trending.since) as number[];
        const ahead = new Date(Date.parse(now) + 30 * 60_000).toISOString();
        for (const u of users.slice(100, 200)) { vote.run(pair[0], u, now); vote.run(pair[1], u, ahead); }
      }],
      ['nothing written: the votes stamped ahead draw nearer', () => {}],
    ];
    await checkAll(minute(1), 'the first minute asked for'); // made afresh when this test runs alone
    let m = 2;
    let pair: number[] = [];
    for (const [label, change] of changes) {
      const now = minute(m++);
      change(now);
      const before = trendingScoreWork(db);
      await checkAll(now, label);
      if (pair.length) {
        const order = top(now).filter((id) => pair.includes(id));
        expect({ label, order }).toEqual({ label, order: label.startsWith('votes stamped') ? pair : [pair[1], pair[0]] });
      }
      const after = trendingScoreWork(db);
      expect({ label, builds: after.builds - before.builds, steps: after.steps - before.steps }).toEqual({ label, builds: 0, steps: 1 });
    }
    // Hours later (within the window): votes have left it, and those stamped ahead are in the past.
    let before = trendingScoreWork(db);
    await checkAll(minute(m + 600), 'ten hours on');
    expect(trendingScoreWork(db).steps - before.steps).toBe(1);
    expect(trendingScoreWork(db).builds - before.builds).toBe(0);
    // change_log no longer reaching back to the position read: made afresh, and right.
    const now = minute(m + 601);
    for (const u of users.slice(200, 240)) vote.run(top(now, 50)[49], u, now);
    db.sqlite.prepare('DELETE FROM change_log WHERE seq <= (SELECT max(seq) FROM change_log)').run();
    vote.run(top(now, 60)[59], users[300], now);
    before = trendingScoreWork(db);
    await checkAll(now, 'log pruned');
    expect(trendingScoreWork(db).builds - before.builds).toBe(1);
    // A clock set back: made afresh for that minute.
    before = trendingScoreWork(db);
    await checkAll(minute(3), 'clock set back');
    expect(trendingScoreWork(db).builds - before.builds).toBe(1);
  }, 180_000);

  // A search whose snapshot is rolled back takes back the minute's step with it; the next minute must start from what
  // the table holds then, not from what the process last made.
  it('a step rolled back with its transaction is made again by the next minute', async () => {
    const minute = (m: number) => new Date(Date.parse('2026-11-18T20:00:00Z') + m * 60_000).toISOString();
    await searchListingIds(db, query({}, minute(0), 0, 20));
    const low = oneQuery(query({}, minute(1), 0, 500)).ids[499];
    const users = db.sqlite.prepare('SELECT id FROM users ORDER BY id LIMIT 150').pluck().all() as number[];
    for (const u of users) db.sqlite.prepare('INSERT OR IGNORE INTO votes (listing_id, user_id, created_at) VALUES (?, ?, ?)').run(low, u, minute(0));
    await expect(db.engine.transaction(async () => {
      expect((await searchListingIds(db, query({}, minute(1), 0, 20))).ids).toContain(low);
      throw new Error('the request failed after its search');
    }, 'deferred')).rejects.toThrow('the request failed');
    const q = query({}, minute(2), 0, 20);
    expect(await searchListingIds(db, q)).toEqual(oneQuery(q));
    expect((await searchListingIds(db, q)).ids).toContain(low);
    // The very first search of a connection rolled back takes its tables with it: the same minute is answered next.
    const own = openDb(loaded.path);
    try {
      await expect(own.engine.transaction(async () => {
        await searchListingIds(own, q);
        throw new Error('the request failed after its search');
      }, 'deferred')).rejects.toThrow('the request failed');
      expect(await searchListingIds(own, q)).toEqual(oneQuery(q));
    } finally {
      own.sqlite.close();
    }
  }, 60_000);
});
