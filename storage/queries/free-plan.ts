import type { Stmt } from '../engine/types';
import type { Db } from '../db';
import { getNumberSetting } from './settings';
import { statusesMovingTo } from '../../domain/listing-status';
import { chooseFreeWeek, freeQueueWindow, type FreeQueueSettings } from '../../domain/free-plan';
import { mondayOf } from '../../domain/weeks';
import { preparedFor } from '../prepared';
import { withTransaction } from '../write-lock';
import { FREE_WEEK_LOCK, weekLockKey } from '../pg/free-plan';
import type { FreeWeekClaim } from '../records/free-plan';
export type { FreeWeekClaim } from '../records/free-plan';

// The free plan's storage: the queue's weekly counts, the badge checks, and the status moves the jobs make.
// Every move is a conditional UPDATE guarded by the statuses domain/listing-status allows, so a listing that
// moved meanwhile (a paid launch, a rejection) is left alone.

export type BadgeCheck = { checked_at: string; found: boolean; detail: string; snippet: string | null };
export type BadgeSubject = { id: number; slug: string; url: string; status: string; launch_week: string | null };

const KEEP_CHECKS = 20; // per listing; older results are only noise

const inList = (statuses: string[]) => statuses.map((s) => `'${s}'`).join(', ');

type Statements = Record<'used' | 'queue' | 'subject' | 'addCheck' | 'pruneChecks' | 'lastCheck' | 'awaiting' | 'found' | 'due',
  Stmt>;
const statements = preparedFor((p): Statements => ({
  // A free launch holds its week's place from the moment it is queued.
  // The weeks come as one JSON array (a list of any length in one parameter).
  used: p(`SELECT launch_week AS week, count(*) AS n FROM listings
    WHERE plan = 'free' AND status IN ('awaiting_badge', 'scheduled', 'live') AND launch_week IN (SELECT value FROM json_each(?))
    GROUP BY launch_week`),
  queue: p(`UPDATE listings SET plan = 'free', status = 'awaiting_badge', launch_week = @week, updated_at = @at
    WHERE id = @id AND status IN (${inList(statusesMovingTo('awaiting_badge'))})`),
  subject: p('SELECT id, slug, url, status, launch_week FROM listings WHERE id = ?'),
  addCheck: p('INSERT INTO badge_checks (listing_id, checked_at, found, detail, snippet) VALUES (@listingId, @at, @found, @detail, @snippet)'),
  pruneChecks: p(`DELETE FROM badge_checks WHERE listing_id = @listingId AND id NOT IN
    (SELECT id FROM badge_checks WHERE listing_id = @listingId ORDER BY checked_at DESC, id DESC LIMIT ${KEEP_CHECKS})`),
  lastCheck: p('SELECT checked_at, found, detail, snippet FROM badge_checks WHERE listing_id = ? ORDER BY checked_at DESC, id DESC LIMIT 1'),
  awaiting: p("SELECT id FROM listings WHERE status = 'awaiting_badge' ORDER BY id"),
  found: p(`UPDATE listings SET status = @status, launch_week = @week, updated_at = @at,
    launched_at = CASE WHEN @status = 'live' THEN @at ELSE launched_at END
    WHERE id = @id AND status = 'awaiting_badge'`),
  due: p(`UPDATE listings SET status = 'live', launched_at = @at, updated_at = @at
    WHERE status = 'scheduled' AND launch_week IS NOT NULL AND launch_week <= @monday RETURNING id`),
}));

export const freeQueueSettings = async (db: Db): Promise<FreeQueueSettings> => ({
  minWeeks: await getNumberSetting(db, 'free_queue_min_weeks'),
  maxWeeks: await getNumberSetting(db, 'free_queue_max_weeks'),
  capacity: await getNumberSetting(db, 'free_week_capacity'),
});

export async function freeLaunchesByWeek(db: Db, weeks: string[]): Promise<Map<string, number>> {
  const rows = await statements(db).used.all(JSON.stringify(weeks)) as { week: string; n: number }[];
  return new Map(rows.map((r) => [r.week, r.n]));
}

// True when the listing moved to awaiting_badge in that week (false: its status no longer allows it).
export const queueFreeListing = async (db: Db, id: number, week: string, at: string): Promise<boolean> =>
  (await statements(db).queue.run({ id, week, at })).changes === 1;


// Queues a listing in the first week of the free-queue window with room (domain/free-plan chooseFreeWeek).
// Counting the weeks' places and taking one happen in one transaction that no other claim can interleave with, so
// two listings never take the last place: on SQLite, BEGIN IMMEDIATE (one writer at a time); on PostgreSQL, where
// READ COMMITTED would let two transactions count the same free place, each week of the window is first locked
// with a transaction-level advisory lock, in ascending order (so two claims never wait on each other in a circle).
// `alsoInTransaction` runs inside it once queued (the first badge check's job), so both commit or neither.
export async function claimFreeLaunchWeek(db: Db, id: number, now: Date, alsoInTransaction: (week: string) => Promise<unknown> | void = () => {}): Promise<FreeWeekClaim> {
  return await withTransaction(db, async (): Promise<FreeWeekClaim> => {
    const settings = await freeQueueSettings(db);
    const current = mondayOf(now);
    const window = freeQueueWindow(current, settings); // nearest first, so ascending
    if (db.kind === 'pg') for (const week of window) await lockFreeWeek(db).run(FREE_WEEK_LOCK, weekLockKey(week));
    const choice = chooseFreeWeek(current, settings, await freeLaunchesByWeek(db, window));
    if (choice.week === null) return { outcome: 'full', reason: choice.reason };
    if (!await queueFreeListing(db, id, choice.week, now.toISOString())) return { outcome: 'status_changed' };
    await alsoInTransaction(choice.week);
    return { outcome: 'queued', week: choice.week };
  });
}
const lockFreeWeek = preparedFor((p) => p('SELECT pg_advisory_xact_lock(?::int, ?::int)'));

export const badgeSubject = async (db: Db, id: number): Promise<BadgeSubject | undefined> => await statements(db).subject.get(id) as BadgeSubject | undefined;

export async function addBadgeCheck(db: Db, listingId: number, c: { at: string; found: boolean; detail: string; snippet: string | null }): Promise<void> {
  const s = statements(db);
  await s.addCheck.run({ listingId, at: c.at, found: c.found ? 1 : 0, detail: c.detail, snippet: c.snippet });
  await s.pruneChecks.run({ listingId });
}

export async function lastBadgeCheck(db: Db, listingId: number): Promise<BadgeCheck | null> {
  const r = await statements(db).lastCheck.get(listingId) as (Omit<BadgeCheck, 'found'> & { found: number }) | undefined;
  return r ? { ...r, found: r.found === 1 } : null;
}

export const listingsAwaitingBadge = async (db: Db): Promise<number[]> => (await statements(db).awaiting.all() as { id: number }[]).map((r) => r.id);

// The badge was found: scheduled for its week, or live at once (domain/free-plan afterBadgeFound decides).
export const markBadgeFound = async (db: Db, id: number, o: { status: 'scheduled' | 'live'; launchWeek: string }, at: string): Promise<boolean> =>
  (await statements(db).found.run({ id, status: o.status, week: o.launchWeek, at })).changes === 1;

// Scheduled listings whose launch week has begun go live; returns their ids.
export const promoteDueListings = async (db: Db, currentMonday: string, at: string): Promise<number[]> =>
  (await statements(db).due.all({ monday: currentMonday, at }) as { id: number }[]).map((r) => r.id);
