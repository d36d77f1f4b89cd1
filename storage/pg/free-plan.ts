// The free queue's weekly places on PostgreSQL: the locks storage/queries/free-plan.ts claimFreeLaunchWeek takes there
// (one function for both engines, the same domain rules: freeQueueWindow, chooseFreeWeek).
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

// A week's second key: its Monday as a number (2026-11-23 → 20261123).
export const weekLockKey = (monday: string): number => Number(monday.replaceAll('-', ''));
