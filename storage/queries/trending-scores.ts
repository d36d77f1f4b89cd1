import type { Db } from '../db';
import { preparedOnUse } from '../prepared';
import { perDatabase } from '../per-database';
import { listingsChangedBetween, logReachesBack, logSpan } from './change-log';
import { trendingReference, type TrendingMinute } from '../../domain/trending-step';

// The trending scores every trending search of a minute reads (storage/queries/search.ts `trendingPage`), kept in a
// temporary table of this connection (per process, like the searches: nothing another node must see) and brought
// up to each new minute by what changed, not made again from every vote of the window.
//
// A listing's score is Σ 0.5^(max(0, now − t) / h) over its votes since the window's start (domain/ranking.ts). Written
// against a fixed reference time t0 instead of now, that is 0.5^((now − t0) / h) · Σ 2^((min(t, now) − t0) / h): the
// first factor is the same for every listing, so the sum alone orders them as the score does, and a vote's term
// stays what it was as the minutes pass. From one minute to the next, a listing's sum changes only when
//   - one of its votes was cast, withdrawn or moved: every such write is in change_log (change-log.ts) as the topic
//     `listing:<id>` (0011's vote triggers), whichever process made it;
//   - one of its votes left the window (stamped between the last window's start and this one's);
//   - one of its votes is stamped after the last minute (cast since, or stamped ahead by a clock): its term counted
//     as of then (min(t, now)) and now counts more.
// Those listings are scored again from their own votes, in the order a full build sums them (the votes_listing_created
// index: the same votes in the same order give the same sum, so exact ties stay ties). Everything else keeps its row.
// A full build (~150 ms at 100,000 listings, 50,000 votes in the window, blocking) happens at the first trending
// search, when the half-life or the window changes, when the clock goes back or jumps a whole window, when change_log
// no longer reaches back to the last position read (it keeps 100,000 changes), and when the terms would grow past
// what a double holds comfortably (t0 then moves to the window's start): domain/trending-step.ts, the rule both engines
// follow.

export type Trending = TrendingMinute;

// What the table holds is written in the table's own row beside it (temp.trending_state), in the same transaction as
// the scores: a search rolled back (its snapshot ended by an error) takes both back together, tables made in it
// included, so each call goes by what the tables hold. Only a minute reached outside any transaction is remembered
// by the process, to skip even that look.
type Kept = { now_sec: number; since: string; half_life: number; t0: number; log_seq: number };
type PerDb = { asked?: string; builds: number; steps: number };
const state = perDatabase<PerDb>(() => ({ builds: 0, steps: 0 }));
const stmt = preparedOnUse();

const TERM = 'pow(2.0, (min(unixepoch(created_at), @nowSec) - @t0) / 3600.0 / @halfLife)';
const SCORE_BY_LISTING = `SELECT listing_id, sum(${TERM}) FROM votes INDEXED BY votes_listing_created`;

// How many full builds and steps this process made for `db` (tests tell a step from a build by them).
export const trendingScoreWork = (db: Db): { builds: number; steps: number } => ({ builds: state(db).builds, steps: state(db).steps });

// Brings temp.trending_scores (listing_id, score) to the minute `t`; a no-op when it is there already.
export async function keepTrendingScores(db: Db, t: Trending): Promise<void> {
  const s = state(db);
  const asked = `${t.nowSec}|${t.since}|${t.halfLife}`;
  if (s.asked === asked) return;
  const k = await keptState(db);
  if (!(k && k.now_sec === t.nowSec && k.since === t.since && k.half_life === t.halfLife)) await bringUp(db, k, t);
  if (!db.sqlite.inTransaction) s.asked = asked;
}

async function keptState(db: Db): Promise<Kept | undefined> {
  try {
    return await stmt(db, 'SELECT now_sec, since, half_life, t0, log_seq FROM temp.trending_state').get() as Kept | undefined;
  } catch {
    // Not made yet on this connection, or made in a transaction that was rolled back.
    await db.engine.exec(`CREATE TEMP TABLE IF NOT EXISTS trending_scores (listing_id INTEGER PRIMARY KEY, score REAL NOT NULL);
      CREATE INDEX IF NOT EXISTS temp.trending_order ON trending_scores (score DESC);
      CREATE TEMP TABLE IF NOT EXISTS trending_touched (id INTEGER PRIMARY KEY);
      CREATE TEMP TABLE IF NOT EXISTS trending_state (one INTEGER PRIMARY KEY CHECK (one = 1), now_sec REAL NOT NULL,
        since TEXT NOT NULL, half_life REAL NOT NULL, t0 REAL NOT NULL, log_seq INTEGER NOT NULL);`);
    return undefined;
  }
}

async function bringUp(db: Db, k: Kept | undefined, t: Trending): Promise<void> {
  const log = await logSpan(db);
  const kept = k && { nowSec: k.now_sec, since: k.since, halfLife: k.half_life, t0: k.t0 };
  const { step: stepping, t0 } = trendingReference(kept, t, !!k && logReachesBack(log, k.log_seq));
  if (stepping) await step(db, k!, t, log.last);
  else await build(db, t, t0);
  await stmt(db, `INSERT OR REPLACE INTO temp.trending_state (one, now_sec, since, half_life, t0, log_seq)
    VALUES (1, @nowSec, @since, @halfLife, @t0, @logSeq)`).run({ ...t, t0, logSeq: log.last });
}

async function build(db: Db, t: Trending, t0: number): Promise<void> {
  await stmt(db, 'DELETE FROM temp.trending_scores').run();
  await stmt(db, `INSERT INTO temp.trending_scores ${SCORE_BY_LISTING} WHERE created_at >= @since GROUP BY listing_id`)
    .run({ ...t, t0 });
  state(db).builds++;
}

async function step(db: Db, k: Kept, t: Trending, logSeq: number): Promise<void> {
  const touch = (from: string) => stmt(db, `INSERT OR IGNORE INTO temp.trending_touched (id) ${from}`);
  await touch('SELECT CAST(value AS INTEGER) FROM json_each(@ids)').run({ ids: JSON.stringify(await listingsChangedBetween(db, k.log_seq, logSeq)) });
  await touch('SELECT listing_id FROM votes INDEXED BY votes_created WHERE created_at >= @before AND created_at < @since').run({ before: k.since, since: t.since });
  await touch('SELECT listing_id FROM votes INDEXED BY votes_created WHERE created_at > @last').run({ last: new Date(k.now_sec * 1000).toISOString() });
  await stmt(db, 'DELETE FROM temp.trending_scores WHERE listing_id IN (SELECT id FROM temp.trending_touched)').run();
  await stmt(db, `INSERT INTO temp.trending_scores ${SCORE_BY_LISTING}
    WHERE listing_id IN (SELECT id FROM temp.trending_touched) AND created_at >= @since GROUP BY listing_id`).run({ ...t, t0: k.t0 });
  await stmt(db, 'DELETE FROM temp.trending_touched').run();
  state(db).steps++;
}
