import type { Stmt } from '../engine/types';

import type { Db } from '../db';
import { mondayOf, weekRange } from '../../domain/weeks';
import { searchListingIds } from './search';

export type VoteRankRow = { id: number; votes: number; launchedAt: string | null };
export type IdPage = { ids: number[]; total: number };

// Sections that are a plain ORDER BY over one status; ties always end on id so pages never overlap.
// Orders lead with an indexed column (listings_status_*) so a page reads the index instead of sorting every row.
const SECTION_ORDER = {
  'most-voted': `status = 'live' ORDER BY votes_count DESC, launched_at ASC, id ASC`,
  recent: `status = 'live' ORDER BY launched_at DESC, id DESC`,
  'most-viewed': `status = 'live' ORDER BY views_count DESC, votes_count DESC, id ASC`,
  'most-followed': `status = 'live' ORDER BY follows_count DESC, votes_count DESC, id ASC`,
  upcoming: `status = 'scheduled' ORDER BY launch_week IS NULL, launch_week ASC, name COLLATE NOCASE ASC, id ASC`,
} as const;
export type OrderedSection = keyof typeof SECTION_ORDER;

// A week's launches: listings whose launch week is that Monday, or (no launch week recorded) that went live in it.
// Two reads, each through its own index (the week's, then the live listings' launch times). Written as one condition
// with OR, no index served both sides and SQLite read every live listing: ~400 ms at 100,000 listings for a week of
// 2,000, once a minute for the home page's this-week section.
const WEEK_COLUMNS = `id, votes_count AS votes, launched_at AS "launchedAt"`;
const LIVE_IN_WEEK = `SELECT ${WEEK_COLUMNS} FROM listings WHERE launch_week = @week AND status = 'live'
  UNION ALL SELECT ${WEEK_COLUMNS} FROM listings WHERE status = 'live' AND launched_at >= @start AND launched_at < @end AND launch_week IS NULL`;

function prepare(db: Db) {
  const s = db.engine;
  const ordered = Object.fromEntries(
    Object.entries(SECTION_ORDER).map(([k, sql]) => [k, s.prepare(`SELECT id FROM listings WHERE ${sql} LIMIT CAST(? AS INTEGER) OFFSET CAST(? AS INTEGER)`)]),
  ) as Record<OrderedSection, Stmt>;
  return {
    ordered,
    countStatus: s.prepare(`SELECT count(*) AS n FROM listings WHERE status = ?`),
    weekLive: s.prepare(LIVE_IN_WEEK),
    weekScheduled: s.prepare(`SELECT id FROM listings WHERE status = 'scheduled' AND launch_week = ? ORDER BY name COLLATE NOCASE, id`),
    // The earliest week any public listing launched or is booked in (weeks before it have no launch page), from its two
    // kinds of listing, each read in order from an index (migration 0018): the first booked week, and the first launch
    // time of the listings launched without one (the week is its Monday). Named, the indexes hold whatever statistics
    // say (without any, SQLite took a status index and sorted every public listing).
    firstBookedWeek: s.prepare(`SELECT launch_week AS week FROM listings INDEXED BY listings_week
      WHERE launch_week IS NOT NULL AND status IN ('live', 'scheduled') ORDER BY launch_week LIMIT 1`),
    firstUnbookedLaunch: s.prepare(`SELECT launched_at AS at FROM listings INDEXED BY listings_unbooked_launched
      WHERE launch_week IS NULL AND status IN ('live', 'scheduled') AND launched_at IS NOT NULL ORDER BY launched_at LIMIT 1`),
    launchedBetween: s.prepare(`SELECT id FROM listings WHERE status = 'live' AND launched_at >= ? AND launched_at < ?
      ORDER BY votes_count DESC, launched_at ASC, id ASC LIMIT CAST(? AS INTEGER) OFFSET CAST(? AS INTEGER)`),
    countLaunchedBetween: s.prepare(`SELECT count(*) AS n FROM listings WHERE status = 'live' AND launched_at >= ? AND launched_at < ?`),
  };
}

const cache = new WeakMap<Db, ReturnType<typeof prepare>>();
function stmts(db: Db) {
  let s = cache.get(db);
  if (!s) cache.set(db, (s = prepare(db)));
  return s;
}

const ids = (rows: unknown[]) => (rows as { id: number }[]).map((r) => r.id);
const countOf = (row: unknown) => (row as { n: number }).n;

export async function orderedSectionIds(db: Db, section: OrderedSection, limit: number, offset: number): Promise<IdPage> {
  const s = stmts(db);
  const status = section === 'upcoming' ? 'scheduled' : 'live';
  return { ids: ids(await s.ordered[section].all(limit, offset)), total: countOf(await s.countStatus.get(status)) };
}

// Unranked: callers order them with compareByVotes (a week holds at most a few hundred launches).
export async function weekLaunchRows(db: Db, week: string): Promise<VoteRankRow[]> {
  const { start, end } = weekRange(week);
  return await stmts(db).weekLive.all({ week, start, end }) as VoteRankRow[];
}

export const scheduledIdsForWeek = async (db: Db, week: string): Promise<number[]> => ids(await stmts(db).weekScheduled.all(week));

// A week's Monday is never after any day of the week, so the Monday of the first launch time is the first such week.
export async function firstLaunchWeek(db: Db): Promise<string | null> {
  const s = stmts(db);
  const booked = (await s.firstBookedWeek.get() as { week: string } | undefined)?.week ?? null;
  const at = (await s.firstUnbookedLaunch.get() as { at: string } | undefined)?.at;
  const launched = at === undefined || Number.isNaN(Date.parse(at)) ? null : mondayOf(new Date(at));
  if (booked === null || launched === null) return booked ?? launched;
  return launched < booked ? launched : booked;
}

export async function launchedBetweenIds(db: Db, start: string, end: string, limit: number, offset: number): Promise<IdPage> {
  const s = stmts(db);
  return { ids: ids(await s.launchedBetween.all(start, end, limit, offset)), total: countOf(await s.countLaunchedBetween.get(start, end)) };
}

// Trending is search_listings' trending order over every live listing (storage/queries/search.ts): scores as of the
// start of the current minute (a vote cast since then weighs 1), made once a minute and shared with every trending
// search of that minute. This section had its own query, which called a JavaScript decay function per recent vote:
// ~300 ms at 100,000 listings once a minute, beside the search's ~100 ms for the same scores. The order is the same:
// score, then all-time votes, newest launch and id; the listings without recent votes follow by all-time votes.
export async function trendingIds(db: Db, now: Date, halfLifeHours: number, windowHours: number, limit: number, offset: number): Promise<IdPage> {
  const asOf = Math.floor(now.getTime() / 60_000) * 60_000;
  return await searchListingIds(db, {
    match: null, categoryIds: null, status: 'live', thisMonday: mondayOf(now), sort: 'trending', limit, offset,
    trending: { now: new Date(asOf).toISOString(), since: new Date(asOf - windowHours * 3_600_000).toISOString(), halfLifeHours },
  });
}
