import type pg from 'pg';
import type { PgQueryable } from './pool';

// The minute's trending scores on PostgreSQL, kept in temporary tables of each pooled connection and read by every
// trending search of that minute, whatever it filters by: what storage/queries/trending-scores.ts does for SQLite's
// one connection. Summed inside each query instead, a trending search cost 250–550 ms of PostgreSQL's CPU per filter
// and minute at 100,000 listings (a category's trending, for every category). Each connection sums the window once a
// minute, as the query did (the same expression, the same votes): a pool of ten pays ten sums a minute instead of one
// per filter. Scores are as of the minute, as the SQLite table's are: a vote cast later in the minute counts from the
// next.
//
// Only inside a transaction (a remembered read's snapshot, or a write's): there every query runs on one connection,
// and what the tables hold is written in that transaction, so a transaction rolled back takes the scores and the
// state row back together. A snapshot is READ ONLY, which PostgreSQL allows to write temporary tables but not to
// create them: each pooled connection creates them as it opens (createTrendingTables, storage/pg/open.ts).
//
// The score index lets a trending page walk the scores in order and stop after the page (0.3 ms for page 1 of every
// live listing, against a sort of every scored listing); ANALYZE after each sum (~30 ms, allowed on a temporary table
// inside a READ ONLY transaction) gives the planner the table's size, which a temporary table never gets otherwise.
export const TRENDING_TABLES = `CREATE TEMP TABLE IF NOT EXISTS trending_scores (listing_id integer PRIMARY KEY, score float8 NOT NULL);
  CREATE INDEX IF NOT EXISTS trending_order ON pg_temp.trending_scores (score DESC);
  CREATE TEMP TABLE IF NOT EXISTS trending_state (one integer PRIMARY KEY CHECK (one = 1), now_sec float8 NOT NULL, since text NOT NULL, half_life float8 NOT NULL)`;

export type PgTrending = { nowSec: number; since: string; halfLife: number };

// The score of a listing as of now: Σ 0.5^(max(0, now − t) / h) over its votes since the window's start; unixepoch()
// on SQLite gives whole seconds, hence floor(). `nowSec` and `halfLife` are the placeholders of the two values.
export const trendingScoreSql = (nowSec: string, halfLife: string): string =>
  `sum(power(0.5, greatest(0.0, (${nowSec}::float8 - floor(extract(epoch FROM created_at::timestamptz))::float8) / 3600.0) / ${halfLife}::float8))`;
const SCORE = trendingScoreSql('$1', '$3');

// Brings pg_temp.trending_scores (listing_id, score) to the minute `t` on this transaction's connection.
export async function keepPgTrendingScores(conn: PgQueryable, t: PgTrending): Promise<void> {
  const { rows } = await conn.query<{ now_sec: number; since: string; half_life: number }>('SELECT now_sec, since, half_life FROM pg_temp.trending_state');
  const k = rows[0];
  if (k && k.now_sec === t.nowSec && k.since === t.since && k.half_life === t.halfLife) return;
  await conn.query('DELETE FROM pg_temp.trending_scores');
  await conn.query(`INSERT INTO pg_temp.trending_scores (listing_id, score)
    SELECT listing_id, ${SCORE} FROM votes WHERE created_at >= $2 GROUP BY listing_id`, [t.nowSec, t.since, t.halfLife]);
  await conn.query('ANALYZE pg_temp.trending_scores');
  await conn.query(`INSERT INTO pg_temp.trending_state (one, now_sec, since, half_life) VALUES (1, $1, $2, $3)
    ON CONFLICT (one) DO UPDATE SET now_sec = excluded.now_sec, since = excluded.since, half_life = excluded.half_life`, [t.nowSec, t.since, t.halfLife]);
}

// For a pool's onConnect, awaited before the connection is first handed out (so that nothing else runs on it at the
// same time). A failure is swallowed: the connection serves as before, and its trending searches sum in the query
// (search.ts trendingTablesReady says which).
export async function createTrendingTables(client: Pick<pg.ClientBase, 'query'>): Promise<void> {
  await client.query(TRENDING_TABLES).catch(() => {});
}
