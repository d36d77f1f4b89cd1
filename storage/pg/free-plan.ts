import pg from 'pg';
import { chooseFreeWeek, freeQueueWindow, type FreeQueueSettings } from '../../domain/free-plan';
import { statusesMovingTo } from '../../domain/listing-status';
import { mondayOf } from '../../domain/weeks';
import { SETTING_DEFAULTS } from '../queries/settings';
import type { FreeWeekClaim } from '../records/free-plan';
import type { PgQueryable } from './jobs';

// The free queue's weekly places on PostgreSQL: storage/queries/free-plan.ts claimFreeLaunchWeek, with the same
// choice for the same data (the same domain rules: freeQueueWindow, chooseFreeWeek).
//
// SQLite counts the weeks' places and takes one inside one BEGIN IMMEDIATE transaction; it has one writer at a time,
// so that is exact. Under READ COMMITTED the same steps are check-then-act: listings choosing at the same moment all
// count the first week before any of them commits, all see room and all take it (issue 15 measured 11 in a week of 5).
//
// The protection: a transaction-level advisory lock per week of the window, pg_advisory_xact_lock(FREE_WEEK_LOCK,
// yyyymmdd of its Monday), taken week by week in ascending order, each in a statement before the count. Whoever takes
// a place in a week holds that week's lock until it commits, and the count is a later statement, so its snapshot
// includes every place taken by an earlier holder: the count is exact when the choice is made.
// Why this rather than the alternatives:
// - A row lock (SELECT … FOR UPDATE) needs a row per week to lock; there is no such table and the weeks of the window
//   move on every Monday. Locking the listings already in the week does not stop a new one joining an empty week.
// - SERIALIZABLE would be exact too, but every listing choosing at the same moment counts the same week, so all but
//   one would fail with 40001 and retry, over and over when a week fills; the lock makes them wait their turn once.
// - Per week rather than one lock for the whole queue: callers whose windows differ (across a Monday, or after the
//   operator changed the settings) still exclude each other on exactly the weeks they share. Ascending order means
//   no two callers can wait for each other's locks (no deadlock). The Monday as a number (20261123) names the week
//   exactly, with no hash to collide.
// Places are only ever added under these locks; what frees a place (a rejection, a paid launch) lowers the count, so
// a choice that misses it is conservative, never over capacity. The listing's own UPDATE is guarded by its status,
// and the row lock it takes makes a second choice of the same listing find it already moved (status_changed).

// The first key of the two-key advisory locks; apart from the job queue's 734611021.
export const FREE_WEEK_LOCK = 734611022;

const inList = (statuses: string[]) => statuses.map((s) => `'${s}'`).join(', ');

const SQL = {
  settings: `SELECT key, value FROM settings WHERE key IN ('free_queue_min_weeks', 'free_queue_max_weeks', 'free_week_capacity')`,
  lockWeek: `SELECT pg_advisory_xact_lock(${FREE_WEEK_LOCK}, $1::int)`,
  // As SQLite's: a free launch holds its week's place from the moment it is queued.
  used: `SELECT launch_week AS week, count(*) AS n FROM listings
    WHERE plan = 'free' AND status IN ('awaiting_badge', 'scheduled', 'live') AND launch_week = ANY($1::text[])
    GROUP BY launch_week`,
  queue: `UPDATE listings SET plan = 'free', status = 'awaiting_badge', launch_week = $2, updated_at = $3
    WHERE id = $1 AND status IN (${inList(statusesMovingTo('awaiting_badge'))})`,
} as const;

export async function freeQueueSettings(db: PgQueryable): Promise<FreeQueueSettings> {
  const rows = (await db.query<{ key: keyof typeof SETTING_DEFAULTS; value: string }>(SQL.settings)).rows;
  const value = (key: 'free_queue_min_weeks' | 'free_queue_max_weeks' | 'free_week_capacity') =>
    Number(rows.find((r) => r.key === key)?.value ?? SETTING_DEFAULTS[key]);
  return { minWeeks: value('free_queue_min_weeks'), maxWeeks: value('free_queue_max_weeks'), capacity: value('free_week_capacity') };
}

export async function freeLaunchesByWeek(db: PgQueryable, weeks: string[]): Promise<Map<string, number>> {
  const rows = (await db.query<{ week: string; n: number }>(SQL.used, [weeks])).rows;
  return new Map(rows.map((r) => [r.week, r.n]));
}

export const weekLockKey = (monday: string): number => Number(monday.replaceAll('-', ''));

// Queues a listing in the first week of the free-queue window with room, exactly under concurrency (see above).
// Takes a pool (a connection is borrowed for the transaction) or a connected client not inside a transaction.
// `alsoInTransaction` runs inside the transaction once queued (the first badge check's job), so both commit or
// neither.
export async function claimFreeLaunchWeek(
  db: pg.Pool | pg.ClientBase, id: number, now: Date,
  alsoInTransaction: (client: pg.ClientBase, week: string) => Promise<void> = async () => {},
): Promise<FreeWeekClaim> {
  const client = db instanceof pg.Pool ? await db.connect() : db;
  try {
    await client.query('BEGIN');
    try {
      const settings = await freeQueueSettings(client);
      const current = mondayOf(now);
      const window = freeQueueWindow(current, settings); // nearest first, so ascending
      for (const week of window) await client.query(SQL.lockWeek, [weekLockKey(week)]);
      const choice = chooseFreeWeek(current, settings, await freeLaunchesByWeek(client, window));
      let claim: FreeWeekClaim;
      if (choice.week === null) claim = { outcome: 'full', reason: choice.reason };
      else if ((await client.query(SQL.queue, [id, choice.week, now.toISOString()])).rowCount !== 1) claim = { outcome: 'status_changed' };
      else {
        await alsoInTransaction(client, choice.week);
        claim = { outcome: 'queued', week: choice.week };
      }
      await client.query('COMMIT');
      return claim;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    }
  } finally {
    if (db instanceof pg.Pool) (client as pg.PoolClient).release();
  }
}
