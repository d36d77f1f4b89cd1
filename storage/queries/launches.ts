import type { Stmt } from '../engine/types';

import type { Db } from '../db';
import { decayWeight } from '../../domain/ranking';
import { weekRange } from '../../domain/weeks';
import { memoOn } from './memo';

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
const IN_WEEK = `(launch_week = @week OR (launch_week IS NULL AND launched_at >= @start AND launched_at < @end))`;

function prepare(db: Db) {
  const s = db.engine;
  // The decay formula lives in domain/ranking.ts; SQLite calls it per recent vote (PostgreSQL has it as a SQL
  // function of its own, storage/pg/migrations, checked against this one by tests/sqlite-functions.pg.test.ts).
  if (db.kind === 'sqlite') db.sqlite.function('ranking_decay_weight', { deterministic: true }, (age, halfLife) => decayWeight(Number(age), Number(halfLife)));
  const ordered = Object.fromEntries(
    Object.entries(SECTION_ORDER).map(([k, sql]) => [k, s.prepare(`SELECT id FROM listings WHERE ${sql} LIMIT ? OFFSET ?`)]),
  ) as Record<OrderedSection, Stmt>;
  return {
    ordered,
    countStatus: s.prepare(`SELECT count(*) AS n FROM listings WHERE status = ?`),
    weekLive: s.prepare(`SELECT id, votes_count AS votes, launched_at AS "launchedAt" FROM listings WHERE status = 'live' AND ${IN_WEEK}`),
    weekScheduled: s.prepare(`SELECT id FROM listings WHERE status = 'scheduled' AND launch_week = ? ORDER BY name COLLATE NOCASE, id`),
    // Earliest week any public listing launched or is booked in; weeks before it have no launch page.
    firstWeek: s.prepare(`SELECT MIN(COALESCE(launch_week, date(launched_at, 'weekday 0', '-6 days'))) AS week
      FROM listings WHERE status IN ('live', 'scheduled')`, {
      // The Monday (UTC) of the launch's week, as SQLite's date modifiers give it: week_of (migration 0002).
      pg: `SELECT MIN(COALESCE(launch_week, week_of(launched_at))) AS week
      FROM listings WHERE status IN ('live', 'scheduled')` }),
    launchedBetween: s.prepare(`SELECT id FROM listings WHERE status = 'live' AND launched_at >= ? AND launched_at < ?
      ORDER BY votes_count DESC, launched_at ASC, id ASC LIMIT ? OFFSET ?`),
    countLaunchedBetween: s.prepare(`SELECT count(*) AS n FROM listings WHERE status = 'live' AND launched_at >= ? AND launched_at < ?`),
    // Trending in two parts, so the listings without recent votes are read in index order instead of being
    // sorted with the scored ones: first every live listing with votes in the window, by decayed score ...
    trendingScored: s.prepare(`WITH scores AS (
        SELECT listing_id, SUM(ranking_decay_weight((julianday(@now) - julianday(created_at)) * 24.0, @halfLife)) AS score
        FROM votes WHERE created_at >= @since GROUP BY listing_id)
      SELECT l.id FROM scores sc JOIN listings l ON l.id = sc.listing_id WHERE l.status = 'live'
      ORDER BY sc.score DESC, l.votes_count DESC, l.launched_at DESC, l.id DESC`),
    // ... then the rest (score 0) by all-time votes, newest launch first on ties.
    trendingRest: s.prepare(`SELECT l.id FROM listings l WHERE l.status = 'live'
      AND NOT EXISTS (SELECT 1 FROM votes v WHERE v.listing_id = l.id AND v.created_at >= @since)
      ORDER BY l.votes_count DESC, l.launched_at DESC, l.id DESC LIMIT @limit OFFSET @offset`),
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

export const firstLaunchWeek = async (db: Db): Promise<string | null> => (await stmts(db).firstWeek.get() as { week: string | null }).week;

export async function launchedBetweenIds(db: Db, start: string, end: string, limit: number, offset: number): Promise<IdPage> {
  const s = stmts(db);
  return { ids: ids(await s.launchedBetween.all(start, end, limit, offset)), total: countOf(await s.countLaunchedBetween.get(start, end)) };
}

// Scores are computed as of the start of the current minute (a vote cast since then weighs 1) and the ranking is
// materialised once per minute: votes cast during the minute move it at the next minute (the counts shown are
// live), while a listing going live or down recomputes it at once.
export async function trendingIds(db: Db, now: Date, halfLifeHours: number, windowHours: number, limit: number, offset: number): Promise<IdPage> {
  const s = stmts(db);
  const asOf = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const since = new Date(asOf.getTime() - windowHours * 3_600_000).toISOString();
  const scored = await memoOn(db, 'trending', `${asOf.toISOString()}|${halfLifeHours}|${windowHours}`, ['listing_status'], async () =>
    ids(await s.trendingScored.all({ now: asOf.toISOString(), since, halfLife: halfLifeHours })), { kept: 64, period: asOf.getTime() });
  const page = scored.slice(offset, offset + limit);
  if (page.length < limit) {
    page.push(...ids(await s.trendingRest.all({ since, limit: limit - page.length, offset: Math.max(0, offset - scored.length) })));
  }
  return { ids: page, total: countOf(await s.countStatus.get('live')) };
}

