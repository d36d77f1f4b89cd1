import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../storage/db';
import { loadedSqlite, type LoadedSqlite } from './support/loaded-sqlite';
import { awardsOfWeek, awardsPage } from '../storage/queries/awards';
import { searchListingIds, type SearchQuery } from '../storage/queries/search';
import { sitemapEntriesBetween, sitemapSections } from '../storage/queries/sitemap';
import { liveCountsByCategory, rankedLiveListingIdsInCategory } from '../storage/queries/categories';
import { firstLaunchWeek, weekLaunchRows } from '../storage/queries/launches';

// SQLite plans a query from the statistics ANALYZE leaves, and a directory may have none (never analysed, or its
// listing indexes remade by a migration since). Reads whose good plan rested on them walked every listing there:
// list_awards (14–420 ms a call at 100,000 listings) and a search by domain (730 ms). These queries must plan the
// same way with and without statistics: the awards drive and look each listing up by id; a domain is found through
// its index. Checked on the plans SQLite gives for the statements the reads really prepare.
const NOW = '2026-11-18T12:00:00Z';
const directories: LoadedSqlite[] = [];

// Statistics: none; row counts only (sqlite_stat1, what ANALYZE leaves under an analysis limit); or all of them (a full
// ANALYZE, which also samples keys into sqlite_stat4).
type Statistics = 'none' | 'row counts' | 'full';
async function directory(name: string, statistics: Statistics): Promise<Db> {
  const loaded = await loadedSqlite(`plans-${name}`, 2000, NOW);
  directories.push(loaded);
  const { db } = loaded;
  db.sqlite.prepare("INSERT INTO awards (week, rank, listing_id, votes) SELECT '2026-11-09', 1, id, 5 FROM listings WHERE id = 7").run();
  if (statistics !== 'full') db.sqlite.exec('DROP TABLE IF EXISTS sqlite_stat1; DROP TABLE IF EXISTS sqlite_stat4;');
  if (statistics === 'row counts') db.sqlite.exec('PRAGMA analysis_limit = 400; ANALYZE');
  // A new connection plans with what is on disk now (kept: the app would drop statistics it finds at open, but one
  // that another process's ANALYZE reaches while it runs plans with them).
  db.sqlite.close();
  return openDb(loaded.path, { statistics: 'keep' });
}

// The SQL each call prepares (statement caches are per database, so a fresh one prepares every statement it uses).
async function preparedBy(db: Db, call: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const prepare = db.sqlite.prepare.bind(db.sqlite);
  db.sqlite.prepare = ((sql: string) => {
    seen.push(sql);
    return prepare(sql);
  }) as typeof db.sqlite.prepare;
  try {
    await call();
  } finally {
    db.sqlite.prepare = prepare as typeof db.sqlite.prepare;
  }
  return seen;
}
// A connection of its own to the same directory: statements are prepared once per database, so a test that must see
// what a read prepares cannot share the connection with one that may have prepared it already.
async function onItsOwnConnection<T>(db: Db, use: (own: Db) => Promise<T>): Promise<T> {
  const own = openDb(db.sqlite.name, { statistics: 'keep' });
  try {
    return await use(own);
  } finally {
    own.sqlite.close();
  }
}
// Named parameters bound to null: a plan does not depend on the values.
const planOf = (db: Db, sql: string) => {
  const named = Object.fromEntries([...sql.matchAll(/@(\w+)/g)].map((m) => [m[1], null]));
  const positional = [...sql.matchAll(/\?/g)].map(() => null);
  const stmt = db.sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`);
  const rows = (Object.keys(named).length ? stmt.all(named) : stmt.all(...positional)) as { detail: string }[];
  return rows.map((r) => r.detail).join(' / ');
};

const domainQuery = (sort: SearchQuery['sort']): SearchQuery => ({
  match: null, categoryIds: null, status: 'live', domain: 'nothing-here.example.com', thisMonday: '2026-11-16', sort,
  trending: { now: NOW, since: '2026-11-15T12:00:00Z', halfLifeHours: 24 }, limit: 20, offset: 0,
});

afterAll(() => {
  for (const d of directories) d.close();
});

describe.each([['analysed', 'full'], ['analysed with a limit', 'row counts'], ['never analysed', 'none']] as const)('a directory %s', (name, statistics) => {
  let db: Db;
  beforeAll(async () => {
    db = await directory(name.replaceAll(' ', '-'), statistics);
    expect(db.sqlite.prepare("SELECT count(*) FROM sqlite_schema WHERE name = 'sqlite_stat1'").pluck().get()).toBe(statistics === 'none' ? 0 : 1);
    const sampled = db.sqlite.prepare("SELECT count(*) FROM sqlite_schema WHERE name = 'sqlite_stat4'").pluck().get() === 1
      && db.sqlite.prepare('SELECT count(*) FROM sqlite_stat4').pluck().get() as number > 0;
    expect(sampled).toBe(statistics === 'full');
  }, 120_000);
  afterAll(() => db?.sqlite.close());

  it('list_awards walks the awards and looks each listing up by id', async () => {
    const sqls = await preparedBy(db, async () => {
      expect((await awardsPage(db, null, 20, 0)).total).toBe(1);
      expect((await awardsPage(db, 'no-such-listing', 20, 0)).total).toBe(0);
      expect(await awardsOfWeek(db, '2026-11-09')).toHaveLength(1);
    });
    expect(sqls.length).toBeGreaterThanOrEqual(3);
    for (const sql of sqls) {
      const plan = planOf(db, sql);
      expect(plan, sql).toMatch(/^(SCAN|SEARCH) a\b/);
      expect(plan, sql).not.toMatch(/(SCAN|SEARCH) l USING (COVERING )?INDEX/);
    }
  });

  // The launch calendar's first week, read by every first read of a launch week. As one MIN over every public listing it
  // read them all (~170 ms at 100,000 listings); each of its two statements reads one index in order and stops.
  it('the first launch week reads the booked weeks and the unbooked launches each from its index, in order', async () => {
    const sqls = await onItsOwnConnection(db, (own) => preparedBy(own, async () => {
      expect(await firstLaunchWeek(own)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }));
    // The module's statements are prepared together; these are the two that ask for a first row in an order.
    const firsts = sqls.filter((sql) => /ORDER BY launch(_week|ed_at) LIMIT 1/.test(sql));
    expect(firsts).toHaveLength(2);
    const plans = firsts.map((sql) => planOf(db, sql));
    expect(plans[0]).toMatch(/^SEARCH listings USING (COVERING )?INDEX listings_week \(launch_week>\?\)$/);
    expect(plans[1]).toMatch(/^SEARCH listings USING INDEX listings_unbooked_launched \(launched_at>\?\)$/);
  });

  // Every sort in one go: sorts that read alike prepare one statement between them.
  it('a search by domain, in every sort, goes through the domain index', async () => {
    const sqls = await preparedBy(db, async () => {
      for (const sort of ['votes', 'newest', 'most_viewed', 'most_followed', 'trending', 'relevance'] as const) {
        expect(await searchListingIds(db, domainQuery(sort)), sort).toEqual({ ids: [], total: 0 });
      }
    });
    const reading = sqls.filter((sql) => sql.includes('l.domain = @domain'));
    expect(reading.length).toBeGreaterThanOrEqual(6);
    for (const sql of reading) expect(planOf(db, sql), sql).toMatch(/SEARCH l USING (COVERING )?INDEX listings_domain \(domain=\?\)/);
  });

  // Counted without statistics, a stage, a pricing model or a country walked a status index and read every live
  // listing's row (226–340 ms at 100,000 listings). A country's count goes through its own index; a stage's or a
  // pricing model's, which have none, scans the index that holds every column such a filter reads.
  it('a count by stage, pricing model or country never walks the live listings by row', async () => {
    const sqls = await preparedBy(db, async () => {
      for (const sort of ['votes', 'trending'] as const) {
        for (const filter of [{ stage: 'mvp' }, { pricingModel: 'free' }, { stage: 'mvp', pricingModel: 'free' }, { country: 'DE' }, { country: 'DE', stage: 'mvp' }]) {
          await searchListingIds(db, { ...domainQuery(sort), domain: undefined, ...filter });
        }
      }
    });
    const counts = sqls.filter((sql) => /^SELECT count\(\*\) AS n FROM listings l/.test(sql) && /l\.(stage|pricing_model|country) /.test(sql));
    const byCountry = counts.filter((sql) => sql.includes('l.country IN'));
    expect(byCountry.length).toBeGreaterThanOrEqual(2);
    for (const sql of byCountry) expect(planOf(db, sql), sql).toBe('SEARCH l USING INDEX listings_country (country=?)');
    const others = counts.filter((sql) => !sql.includes('l.country IN'));
    expect(others.length).toBeGreaterThanOrEqual(3);
    for (const sql of others) expect(planOf(db, sql), sql).toBe('SCAN l USING COVERING INDEX listings_rank_lookup');
  });

  // The two-step text search scores every match, then reads the status and votes of the best. Written with
  // "l.id IN (SELECT value FROM json_each(…))" beside the status filter, it walked the status index over every live
  // listing (12 ms at 100,000 listings, whether 90 candidates or none); the scored matches must drive, by key.
  it('a ranked text search looks its best matches up by id', async () => {
    const sqls = await preparedBy(db, async () => {
      for (const match of ['"zzzznothing"', '"listing"']) {
        await searchListingIds(db, { ...domainQuery('relevance'), domain: undefined, match });
      }
    });
    const lookups = sqls.filter((sql) => sql.includes('AS MATERIALIZED'));
    expect(lookups.length).toBeGreaterThanOrEqual(1);
    for (const sql of lookups) {
      const plan = planOf(db, sql);
      expect(plan, sql).toMatch(/SCAN listings_fts VIRTUAL TABLE.* \/ SCAN s \/ .*SEARCH l USING (INTEGER PRIMARY KEY \(rowid=\?\)|(COVERING )?INDEX \w+ \(id=\?)/);
      expect(plan, sql).not.toMatch(/SCAN l\b/);
    }
  });

  // A ranked search's total when the page does not hold every match: the matches, less those not live, found through
  // a status index. Planned from row counts alone, SQLite looked every match up by id instead (29 ms at 100,000).
  it("a text search's count of matches not live walks a status index", async () => {
    const sqls = await preparedBy(db, async () => {
      const page = await searchListingIds(db, { ...domainQuery('relevance'), domain: undefined, match: '"management"', limit: 5 });
      expect(page.total).toBeGreaterThan(5);
    });
    const notLive = sqls.filter((sql) => sql.includes('l.status IN (') && sql.includes('MATCH @match'));
    expect(notLive).toHaveLength(1);
    const plan = planOf(db, notLive[0]);
    expect(plan).toMatch(/SEARCH l USING COVERING INDEX listings_status_\w+ \(status=\?\)/);
    expect(plan).not.toMatch(/\(id=\?\)/);
  });

  // A week's live launches: those booked in the week through the week index, and those without a week by their
  // launch time. Written with OR, SQLite read every live listing (~400 ms at 100,000, once a minute for the home page).
  it("a week's launches are read through the week and launch-time indexes", async () => {
    const sqls = await preparedBy(db, async () => {
      await weekLaunchRows(db, '2026-11-16');
    });
    const week = sqls.filter((sql) => sql.includes('launch_week = @week'));
    expect(week.length).toBeGreaterThanOrEqual(1);
    for (const sql of week) {
      const plan = planOf(db, sql);
      expect(plan, sql).toMatch(/SEARCH listings USING INDEX listings_week \(launch_week=\? AND status=\?\)/);
      expect(plan, sql).toMatch(/SEARCH listings USING INDEX listings_status_launched \(status=\? AND launched_at>\? AND launched_at<\?\)/);
    }
  });

  // A category's listings ranked: its memberships and each member's votes read from indexes that hold them, not from
  // rows (a parent category of 8,000 listings: ~110 → ~19 ms cold at 100,000 listings, once a minute).
  it("a category's listings are read from indexes alone", async () => {
    const root = db.sqlite.prepare('SELECT id FROM categories WHERE parent_id IS NULL ORDER BY id LIMIT 1').pluck().get() as number;
    await onItsOwnConnection(db, async (own) => {
      const sqls = await preparedBy(own, async () => {
        expect((await rankedLiveListingIdsInCategory(own, root)).length).toBeGreaterThan(0);
      });
      const members = sqls.filter((sql) => sql.includes('WITH RECURSIVE sub') && sql.includes('FROM listings l'));
      expect(members.length).toBeGreaterThanOrEqual(1);
      for (const sql of members) {
        const plan = planOf(own, sql);
        expect(plan, sql).toMatch(/SEARCH l USING COVERING INDEX listings_rank_lookup \(id=\? AND status=\?\)/);
        expect(plan, sql).toMatch(/SEARCH listing_categories USING COVERING INDEX listing_categories_category \(category_id=\?\)/);
      }
    });
  });

  // The category counts read every live membership grouped by listing: in the memberships' own key order, each
  // listing looked up by id, nothing sorted.
  it('the category counts walk the memberships in key order, sorting nothing', async () => {
    await onItsOwnConnection(db, async (own) => {
      const sqls = await preparedBy(own, async () => {
        expect([...(await liveCountsByCategory(own)).values()].some((n) => n > 0)).toBe(true);
      });
      const memberships = sqls.filter((sql) => sql.includes('SELECT lc.listing_id, lc.category_id FROM listing_categories'));
      expect(memberships.length).toBeGreaterThanOrEqual(1);
      for (const sql of memberships) {
        const plan = planOf(own, sql);
        expect(plan).toMatch(/^SCAN lc USING (COVERING )?INDEX sqlite_autoindex_listing_categories_1 \/ SEARCH l USING/);
        expect(plan).not.toMatch(/TEMP B-TREE/);
      }
    });
  });

  // After a change, the counts read the touched listings' memberships by key and the log past its position
  // (storage/queries/category-counts.ts): scanning either would cost what the update is there to spare.
  it('the category counts, once counted, read only the touched listings and the log past its position', async () => {
    await onItsOwnConnection(db, async (own) => {
      // From the first count on: the log's statements are prepared together (storage/queries/change-log.ts).
      const sqls = await preparedBy(own, async () => {
        await liveCountsByCategory(own);
        own.sqlite.prepare(`UPDATE listings SET status = CASE status WHEN 'live' THEN 'archived' ELSE 'live' END
          WHERE id = (SELECT min(listing_id) FROM listing_categories)`).run();
        expect([...(await liveCountsByCategory(own)).values()].some((n) => n > 0)).toBe(true);
      });
      const update = sqls.filter((sql) => /json_each|change_log/.test(sql));
      expect(update.length).toBeGreaterThanOrEqual(2);
      for (const sql of update) {
        const plan = planOf(own, sql);
        expect(plan, sql).not.toMatch(/SCAN (lc|listing_categories|change_log|l|listings)\b/);
        expect(plan, sql).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
      }
    });
  });

  // The sitemap's listings in id order, a batch at a time from a position, and the weeks that have public listings.
  // Through a status index, SQLite read every public listing and sorted them by id for each batch (~1.5 s a sitemap
  // part at 100,000 listings) and read the weeks from every listing's row (0.4 s): no read of listings may sort.
  it('the sitemap walks listings by id and the weeks by their index, sorting nothing', async () => {
    const sqls = await preparedBy(db, async () => {
      const sections = sitemapSections(db, NOW, 50);
      const counts = await Promise.all(sections.map((s) => s.count()));
      expect(counts[0]).toBeGreaterThan(100);
      let entries = 0;
      for await (const batch of sitemapEntriesBetween(sections, counts, 20, 160)) entries += batch.length;
      expect(entries).toBe(140);
    });
    const listings = sqls.filter((sql) => /\bFROM listings\b/.test(sql) && !sql.includes('listing_founders'));
    expect(listings.length).toBeGreaterThanOrEqual(4);
    for (const sql of listings) {
      const plan = planOf(db, sql);
      expect(plan, sql).not.toMatch(/TEMP B-TREE/);
      // Counted or walked through an index that holds what is read, or rows looked up by id: never a table scan.
      expect(plan, sql).not.toMatch(/SCAN listings(?! USING COVERING INDEX)/);
    }
  });

  // A minute's trending step (storage/queries/trending-scores.ts) reads only what changed: the log past its position,
  // the votes of a minute's edge of the window, and the touched listings' own votes. Scanning the votes or the log
  // would cost what the step is there to spare.
  it('a trending minute after the first reads only what changed, by key and index', async () => {
    await onItsOwnConnection(db, async (own) => {
      const at = (now: string): SearchQuery => ({ ...domainQuery('trending'), domain: undefined,
        trending: { now, since: new Date(Date.parse(now) - 72 * 3_600_000).toISOString(), halfLifeHours: 24 } });
      // From the first minute on: the log's statements are prepared together (storage/queries/change-log.ts).
      const sqls = await preparedBy(own, async () => {
        await searchListingIds(own, at(NOW));
        expect((await searchListingIds(own, at('2026-11-18T12:01:00Z'))).ids).toHaveLength(20);
      });
      const step = sqls.filter((sql) => /trending_touched|change_log/.test(sql));
      expect(step.length).toBeGreaterThanOrEqual(5);
      for (const sql of step) {
        const plan = planOf(own, sql);
        expect(plan, sql).not.toMatch(/SCAN (votes|change_log)\b/);
        expect(plan, sql).not.toMatch(/TEMP B-TREE/);
      }
    });
  });
});
