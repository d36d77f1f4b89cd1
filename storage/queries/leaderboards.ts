import type { Db } from '../db';
import type { VoteRankRow } from './launches';
import { memoOn } from './memo';
import { NOT_LIVE_SQL } from './statuses';
import { preparedForLength } from '../prepared';

export type BillboardRow = { id: number; amount_cents: number };
export type RatingRow = { id: number; rating: number; recorded_on: string; previous: number | null };
export type RevenueRow = { id: number; mrr_cents: number; period: string; verified_by: string; recorded_on: string };
export type BoardPage<R> = { rows: R[]; total: number };

// Boards list live listings that have a value on that board (a vote, a contribution, a rating, a report).
const BILLBOARD = `SELECT l.id, SUM(b.amount_cents) AS amount_cents, MIN(b.created_at) AS first_at
  FROM billboard_contributions b JOIN listings l ON l.id = b.listing_id
  WHERE l.status = 'live' GROUP BY l.id HAVING SUM(b.amount_cents) > 0`;

// Latest reading per listing, with the reading just before it for the trend.
const RATINGS = `WITH r AS (
    SELECT listing_id, rating, recorded_on,
      ROW_NUMBER() OVER (PARTITION BY listing_id ORDER BY recorded_on DESC) AS rn
    FROM domain_ratings)
  SELECT l.id, cur.rating, cur.recorded_on, prev.rating AS previous
  FROM r cur JOIN listings l ON l.id = cur.listing_id AND l.status = 'live'
  LEFT JOIN r prev ON prev.listing_id = cur.listing_id AND prev.rn = 2
  WHERE cur.rn = 1`;

// Latest reported month per listing; every stored report is verified (verified_by names by whom).
const REVENUE = `WITH r AS (
    SELECT listing_id, mrr_cents, period, verified_by, recorded_on,
      ROW_NUMBER() OVER (PARTITION BY listing_id ORDER BY period DESC) AS rn
    FROM revenue_reports WHERE verified_by <> '')
  SELECT l.id, r.mrr_cents, r.period, r.verified_by, r.recorded_on
  FROM r JOIN listings l ON l.id = r.listing_id AND l.status = 'live' WHERE r.rn = 1`;

function prepare(db: Db) {
  const s = db.engine;
  return {
    // weekly_votes is kept by triggers on votes (migration 0011): one row per listing voted for that week, ranked by
    // its index (week, votes DESC). A page reads the index in vote order and stops once it has the page; only the
    // listings of equal votes it reads are sorted by the tie-breaks (earliest launch, then id: compareByVotes).
    weeklyVotes: s.prepare(`SELECT w.listing_id AS id, w.votes, l.launched_at AS "launchedAt"
      FROM weekly_votes w INDEXED BY weekly_votes_rank JOIN listings l ON l.id = w.listing_id
      WHERE w.week = ? AND w.votes > 0 AND l.status = 'live'
      ORDER BY w.votes DESC, coalesce(l.launched_at, '9999') ASC, l.id ASC LIMIT CAST(? AS INTEGER) OFFSET CAST(? AS INTEGER)`),
    // The week's count: its rows in the index less those of listings not live (few, found through the status index),
    // rather than joining every row of a busy week to its listing (20 ms for 35,000 voted listings).
    weeklyRows: s.prepare('SELECT count(*) AS n FROM weekly_votes WHERE week = ? AND votes > 0'),
    weeklyNotLive: s.prepare(`SELECT count(*) AS n FROM listings l WHERE l.status IN (${NOT_LIVE_SQL})
      AND EXISTS (SELECT 1 FROM weekly_votes w WHERE w.week = ? AND w.listing_id = l.id AND w.votes > 0)`),
    // INDEXED BY is SQLite's (storage/engine/pg-text.ts drops it for PostgreSQL, whose planner picks the index itself).
    allTime: s.prepare(`SELECT id, votes_count AS votes, launched_at AS "launchedAt" FROM listings INDEXED BY listings_live_votes_rank
      WHERE status = 'live' AND votes_count > 0
      ORDER BY votes_count DESC, coalesce(launched_at, '9999') ASC, id ASC LIMIT CAST(? AS INTEGER) OFFSET CAST(? AS INTEGER)`),
    allTimeCount: s.prepare(`SELECT count(*) AS n FROM listings WHERE status = 'live' AND votes_count > 0`),
    // Ties: whoever contributed first keeps the higher place.
    billboard: s.prepare(`${BILLBOARD} ORDER BY amount_cents DESC, first_at ASC, l.id ASC LIMIT CAST(? AS INTEGER) OFFSET CAST(? AS INTEGER)`),
    billboardCount: s.prepare(`SELECT count(*) AS n FROM (${BILLBOARD}) AS board`),
    ratings: s.prepare(`${RATINGS} ORDER BY cur.rating DESC, l.id ASC LIMIT CAST(? AS INTEGER) OFFSET CAST(? AS INTEGER)`),
    ratingsCount: s.prepare(`SELECT count(*) AS n FROM (${RATINGS}) AS board`),
    revenue: s.prepare(`${REVENUE} ORDER BY r.mrr_cents DESC, l.id ASC LIMIT CAST(? AS INTEGER) OFFSET CAST(? AS INTEGER)`),
    revenueCount: s.prepare(`SELECT count(*) AS n FROM (${REVENUE}) AS board`),
  };
}

const cache = new WeakMap<Db, ReturnType<typeof prepare>>();
function stmts(db: Db) {
  let s = cache.get(db);
  if (!s) cache.set(db, (s = prepare(db)));
  return s;
}

const countOf = (row: unknown) => (row as { n: number }).n;

// Rankings are remembered until what they rank changes (memo.ts topics). The vote boards' pages are ranked once a
// minute (`minute`: votes arrive all the time, and each would otherwise make every page again); the counts they show
// are read live by the caller (liveWeeklyVotes, liveVoteCounts), so a vote shows at once and moves places within a
// minute. A listing going live or being taken down re-ranks at once ('listing_status').

// One page of the live listings ranked by the votes cast in the launch week starting on `monday` (compareByVotes:
// votes, then earliest launch, then id), read from the ranked table kept by triggers.
export const weeklyVotesPage = async (db: Db, monday: string, limit: number, offset: number, minute: number): Promise<BoardPage<VoteRankRow>> =>
  await memoOn(db, 'weekly-votes', `${monday}|${limit}|${offset}|${minute}`, ['listing_status'], async () => {
    const s = stmts(db);
    return {
      rows: await s.weeklyVotes.all(monday, limit, offset) as VoteRankRow[],
      total: countOf(await s.weeklyRows.get(monday)) - countOf(await s.weeklyNotLive.get(monday)),
    };
  }, { kept: 256, period: minute });

// The votes of these listings in that week now, in the same order.
// Remembered like liveVoteCounts: weekly_votes only moves with the votes table, whose every change bumps the voted
// listing's topic, so a vote makes again only the counts of pages that show that listing (with the topic 'votes', every
// vote made every board page read them again). In one statement for the page, as liveVoteCounts reads its counts: a
// statement a listing cost PostgreSQL a round trip each, ~690 a second under the bench's voters (ten votes a second)
// while signed-out pages were read.
export async function liveWeeklyVotes(db: Db, monday: string, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  return await memoOn(db, 'live-weekly-votes', `${monday}|${ids.join(',')}`, ids.map((id) => `listing:${id}`), async () => {
    const stmt = weeklyVoteStmts(db, ids.length, (marks) => `SELECT listing_id, votes FROM weekly_votes WHERE week = ? AND listing_id IN (${marks})`);
    const votes = new Map((await stmt.all(monday, ...ids) as Array<{ listing_id: number; votes: number }>).map((r) => [r.listing_id, r.votes]));
    return ids.map((id) => votes.get(id) ?? 0);
  }, { kept: 1000 });
}
const weeklyVoteStmts = preparedForLength();

export const allTimeVotesPage = async (db: Db, limit: number, offset: number, minute: number): Promise<BoardPage<VoteRankRow>> =>
  await memoOn(db, 'board-all-time', `${limit}|${offset}|${minute}`, ['listing_status'], async () => {
    const s = stmts(db);
    return { rows: await s.allTime.all(limit, offset) as VoteRankRow[], total: countOf(await s.allTimeCount.get()) };
  }, { kept: 256, period: minute });

// One page of a board whose ranking lives in SQL, remembered until a listing goes live or down or the board's own
// table changes.
type Stmts = ReturnType<typeof prepare>;
async function rankedPage<R>(db: Db, table: string, rows: keyof Stmts, count: keyof Stmts, limit: number, offset: number): Promise<BoardPage<R>> {
  return await memoOn(db, `board-${table}`, `${limit}|${offset}`, ['listing_status', table], async () => {
    const s = stmts(db);
    return { rows: await s[rows].all(limit, offset) as R[], total: countOf(await s[count].get()) };
  }, { kept: 256 });
}

export const billboardPage = async (db: Db, limit: number, offset: number) =>
  await rankedPage<BillboardRow>(db, 'billboard_contributions', 'billboard', 'billboardCount', limit, offset);
export const domainRatingPage = async (db: Db, limit: number, offset: number) =>
  await rankedPage<RatingRow>(db, 'domain_ratings', 'ratings', 'ratingsCount', limit, offset);
export const revenuePage = async (db: Db, limit: number, offset: number) =>
  await rankedPage<RevenueRow>(db, 'revenue_reports', 'revenue', 'revenueCount', limit, offset);
