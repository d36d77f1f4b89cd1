import type pg from 'pg';
import type { PgQueryable } from './pool';
import { logReachesBack } from '../queries/change-log';
import { trendingReference, type TrendingMinute } from '../../domain/trending-step';

// The minute's trending scores on PostgreSQL, kept in temporary tables of each pooled connection and read by every
// trending search of that minute, whatever it filters by, and brought up to each new minute by what changed: what
// storage/queries/trending-scores.ts does for SQLite's one connection (its header explains the reckoning).
// - Summed inside each query instead, a trending search cost 250–550 ms of PostgreSQL's CPU per filter and minute at
//   100,000 listings.
// - Summed afresh by each connection each minute, the ten connections of a pool each paid 350 ms a minute alone, and
//   1.5–4 s under load at the minute's turn, when they all did it at once.
// A listing's score is written against a reference time t0 (the window's start at the last full build):
// 2^((min(t, now) − t0) / h) summed over its votes, which is the score Σ 0.5^(max(0, now − t) / h) times the same
// factor for every listing, so it orders listings as the score does. Votes are summed in the order of their time,
// in a build as in a step, so listings with the same votes have the very same sum (exact ties stay ties).
//
// Only inside a transaction (a remembered read's snapshot, or a write's): there every query runs on one connection,
// and what the tables hold is written in that transaction, so a transaction rolled back takes the scores and the
// state row back together. A snapshot is READ ONLY, which PostgreSQL allows to write temporary tables but not to
// create them: each pooled connection creates them as it opens (createTrendingTables, storage/pg/open.ts).
//
// The score index lets a trending page walk the scores in order and stop after the page (0.3 ms for page 1 of every
// live listing, against a sort of every scored listing); ANALYZE after each build (~30 ms, allowed on a temporary
// table inside a READ ONLY transaction) gives the planner the table's size, which a temporary table never gets
// otherwise.
export const TRENDING_TABLES = `CREATE TEMP TABLE IF NOT EXISTS trending_scores (listing_id integer PRIMARY KEY, score float8 NOT NULL);
  CREATE INDEX IF NOT EXISTS trending_order ON pg_temp.trending_scores (score DESC);
  CREATE TEMP TABLE IF NOT EXISTS trending_touched (id integer PRIMARY KEY);
  CREATE TEMP TABLE IF NOT EXISTS trending_state (one integer PRIMARY KEY CHECK (one = 1), now_sec float8 NOT NULL, since text NOT NULL,
    half_life float8 NOT NULL, t0 float8 NOT NULL, log_seq bigint NOT NULL)`;

export type PgTrending = TrendingMinute;
type Kept = { now_sec: number; since: string; half_life: number; t0: number; log_seq: string };

// A vote's time in whole seconds, as SQLite's unixepoch() gives it. date_part, not extract: extract's numeric result
// made the sum twice as dear.
const voteSeconds = "floor(date_part('epoch', created_at::timestamptz))";

// The score of a listing as of now, summed in the query (outside a transaction): Σ 0.5^(max(0, now − t) / h) over its
// votes since the window's start. `nowSec` and `halfLife` are the placeholders of the two values.
export const trendingScoreSql = (nowSec: string, halfLife: string): string =>
  `sum(power(0.5, greatest(0.0, (${nowSec}::float8 - ${voteSeconds}) / 3600.0) / ${halfLife}::float8) ORDER BY created_at)`;

// $1 now, $2 the window's start, $3 the half-life, $4 t0.
const KEPT_SCORE = `sum(power(2.0, (least(${voteSeconds}, $1::float8) - $4::float8) / 3600.0 / $3::float8) ORDER BY created_at)`;

// Brings pg_temp.trending_scores (listing_id, score) to the minute `t` on this transaction's connection.
export async function keepPgTrendingScores(conn: PgQueryable, t: PgTrending): Promise<void> {
  const { rows } = await conn.query<Kept>('SELECT now_sec, since, half_life, t0, log_seq FROM pg_temp.trending_state');
  const k = rows[0];
  if (k && k.now_sec === t.nowSec && k.since === t.since && k.half_life === t.halfLife) return;
  const { rows: [span] } = await conn.query<{ first: string; last: string }>(
    'SELECT coalesce(min(seq), 0) AS first, coalesce(max(seq), 0) AS last FROM change_log');
  const last = Number(span.last);
  const kept = k && { nowSec: k.now_sec, since: k.since, halfLife: k.half_life, t0: k.t0 };
  const { step: stepping, t0 } = trendingReference(kept, t, !!k && logReachesBack({ first: Number(span.first), last }, Number(k.log_seq)));
  const score = [t.nowSec, t.since, t.halfLife, t0];
  if (stepping) {
    // The listings whose sum may have changed: named by a change since (a vote cast, withdrawn or moved), with a vote
    // that left the window, or with a vote stamped after the last minute (its term counted as of then).
    await conn.query(`INSERT INTO pg_temp.trending_touched (id)
      SELECT substr(topic, 9)::int FROM change_log WHERE seq > $1 AND seq <= $2 AND topic ~ '^listing:[0-9]{1,9}$'
      UNION SELECT listing_id FROM votes WHERE created_at >= $3 AND created_at < $4
      UNION SELECT listing_id FROM votes WHERE created_at > $5`, [k.log_seq, last, k.since, t.since, new Date(k.now_sec * 1000).toISOString()]);
    await conn.query('DELETE FROM pg_temp.trending_scores WHERE listing_id IN (SELECT id FROM pg_temp.trending_touched)');
    await conn.query(`INSERT INTO pg_temp.trending_scores (listing_id, score) SELECT listing_id, ${KEPT_SCORE} FROM votes
      WHERE listing_id IN (SELECT id FROM pg_temp.trending_touched) AND created_at >= $2 GROUP BY listing_id`, score);
    await conn.query('DELETE FROM pg_temp.trending_touched');
  } else {
    await conn.query('DELETE FROM pg_temp.trending_scores');
    await conn.query(`INSERT INTO pg_temp.trending_scores (listing_id, score) SELECT listing_id, ${KEPT_SCORE} FROM votes
      WHERE created_at >= $2 GROUP BY listing_id`, score);
    await conn.query('ANALYZE pg_temp.trending_scores');
  }
  await conn.query(`INSERT INTO pg_temp.trending_state (one, now_sec, since, half_life, t0, log_seq) VALUES (1, $1, $2, $3, $4, $5)
    ON CONFLICT (one) DO UPDATE SET now_sec = excluded.now_sec, since = excluded.since, half_life = excluded.half_life,
      t0 = excluded.t0, log_seq = excluded.log_seq`, [...score, last]);
}

// For a pool's onConnect, awaited before the connection is first handed out (so that nothing else runs on it at the
// same time). A failure is swallowed: the connection serves as before, and its trending searches sum in the query
// (search.ts trendingTablesReady says which).
export async function createTrendingTables(client: Pick<pg.ClientBase, 'query'>): Promise<void> {
  await client.query(TRENDING_TABLES).catch(() => {});
}
