import pg from 'pg';
import { toJob, type Job, type JobRow, type NewJob } from '../records/jobs';
import type { PgQueryable } from './pool';

// The job queue's storage on PostgreSQL: storage/queries/jobs.ts, operation for operation, with the same results.
// Times stay ISO 8601 text and compare as text: the columns are COLLATE "C", so `<=` compares bytes as SQLite does.
//
// What SQLite gets from having one writer at a time, PostgreSQL has to be told:
// - Dedupe: INSERT … ON CONFLICT (dedupe_key) DO NOTHING. A second insert of a key whose first insert is still
//   uncommitted waits for it, then does nothing; the SELECT after it (a new statement, so a new snapshot under
//   READ COMMITTED) then sees the first job. Every caller gets the one job's id.
// - Claim: see claimJob.

export type { Job, NewJob } from '../records/jobs';

// The first key of the claim lock (pg_advisory_xact_lock(int, int)); the second is the kind's hash. Two-key advisory
// locks are a space of their own, apart from the one-key locks of the migrations and logs (7346110214…16).
export const JOB_CLAIM_LOCK = 734611021;

const SQL = {
  insert: `INSERT INTO jobs (kind, payload, status, run_at, attempts, max_attempts, user_id, dedupe_key, created_at)
    VALUES ($1, $2, 'queued', $3, 0, $4, $5, $6, $7)
    ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
  byDedupe: `SELECT id FROM jobs WHERE dedupe_key = $1`,
  byId: `SELECT * FROM jobs WHERE id = $1`,
  lockKind: `SELECT pg_advisory_xact_lock(${JOB_CLAIM_LOCK}, hashtext($1))`,
  // As SQLite's: the oldest due job of the kind (queued and due, or running with an expired lease) while the kind's
  // and the user's running counts are under their limits (a NULL limit is none). FOR UPDATE OF j SKIP LOCKED: a row
  // another transaction holds (a claim of it, or its worker's renew/done/retry) is passed over, never taken twice;
  // a row that changed meanwhile is checked again against these conditions before it is locked.
  claim: `UPDATE jobs SET status = 'running', attempts = attempts + 1, lease_until = $3, started_at = $2
    WHERE id = (
      SELECT j.id FROM jobs j
      WHERE j.kind = $1 AND j.attempts < j.max_attempts
        AND ((j.status = 'queued' AND j.run_at <= $2) OR (j.status = 'running' AND j.lease_until <= $2))
        AND ($4::bigint IS NULL OR (SELECT count(*) FROM jobs r WHERE r.kind = $1 AND r.status = 'running' AND r.lease_until > $2) < $4::bigint)
        AND ($5::bigint IS NULL OR j.user_id IS NULL OR (SELECT count(*) FROM jobs r WHERE r.kind = $1 AND r.user_id = j.user_id
              AND r.status = 'running' AND r.lease_until > $2) < $5::bigint)
      ORDER BY j.run_at, j.id LIMIT 1
      FOR UPDATE OF j SKIP LOCKED)
    RETURNING *`,
  renew: `UPDATE jobs SET lease_until = $3 WHERE id = $1 AND attempts = $2 AND status = 'running'`,
  done: `UPDATE jobs SET status = 'done', lease_until = NULL, finished_at = $3
    WHERE id = $1 AND attempts = $2 AND status = 'running'`,
  retry: `UPDATE jobs SET status = 'queued', lease_until = NULL, run_at = $3, last_error = $4
    WHERE id = $1 AND attempts = $2 AND status = 'running'`,
  fail: `UPDATE jobs SET status = 'failed', lease_until = NULL, finished_at = $3, last_error = $4
    WHERE id = $1 AND attempts = $2 AND status = 'running'`,
  failAbandoned: `UPDATE jobs SET status = 'failed', lease_until = NULL, finished_at = $1,
      last_error = coalesce(last_error || '; ', '') || 'lease expired on the last attempt'
    WHERE status = 'running' AND lease_until <= $1 AND attempts >= max_attempts`,
  // ORDER BY: SQLite's GROUP BY happens to return groups in this order; here it is asked for.
  queueStats: `SELECT kind, status, count(*) AS n, min(CASE WHEN status = 'queued' THEN run_at ELSE started_at END) AS oldest
    FROM jobs WHERE status IN ('queued', 'running') AND (status = 'running' OR run_at <= $1) GROUP BY kind, status
    ORDER BY kind, status`,
  requeueRunning: `UPDATE jobs SET status = 'queued', lease_until = NULL, run_at = $1 WHERE status = 'running'`,
  nextDue: `SELECT min(CASE WHEN status = 'queued' THEN run_at ELSE lease_until END) AS at FROM jobs
    WHERE status IN ('queued', 'running') AND kind = ANY($1::text[])`,
} as const;

// Inserts a job; with a dedupe key already taken, returns the existing job's id and created = false.
export async function insertJob(db: PgQueryable, j: NewJob): Promise<{ id: number; created: boolean }> {
  // Jobs are not deleted today; should one holding the key vanish between the two statements, insert again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const ins = await db.query<{ id: number }>(SQL.insert, [
      j.kind, JSON.stringify(j.payload ?? null), j.runAt, j.maxAttempts, j.userId, j.dedupeKey, j.now,
    ]);
    if (ins.rows[0]) return { id: ins.rows[0].id, created: true };
    const existing = await db.query<{ id: number }>(SQL.byDedupe, [j.dedupeKey]);
    if (existing.rows[0]) return { id: existing.rows[0].id, created: false };
  }
  throw new Error(`job with dedupe key ${JSON.stringify(j.dedupeKey)}: neither inserted nor found`);
}

export async function getJob(db: PgQueryable, id: number): Promise<Job | undefined> {
  const { rows } = await db.query<JobRow>(SQL.byId, [id]);
  return rows[0] && toJob(rows[0]);
}

// A limit no count can reach (the worker passes Number.MAX_SAFE_INTEGER for "no per-user limit") is no limit.
// For a whole count, count < n is count < ceil(n), as SQLite compares it.
const limitOrNull = (n: number) => (Number.isFinite(n) && n < Number.MAX_SAFE_INTEGER ? Math.max(0, Math.ceil(n)) : null);

export type ClaimQuery = { kind: string; now: string; leaseUntil: string; kindLimit: number; userLimit: number };

// Claims the next due job of a kind, or undefined. Takes a pool (a connection is borrowed for the transaction) or a
// connected client that is not inside a transaction.
//
// Why an advisory lock per kind: under READ COMMITTED, counting a kind's running jobs and then claiming one is
// check-then-act. Two workers counting at once both see room for one more and both claim, and SKIP LOCKED cannot
// help, since they take different rows. So a claim with a limit first takes a transaction-scoped advisory lock on the
// kind (pg_advisory_xact_lock(JOB_CLAIM_LOCK, hashtext(kind))), in a statement of its own, so that the claim's
// statement takes its snapshot after the previous claimer of the kind has committed and counts that claim. Claims
// of one kind then run one at a time (each is one short UPDATE); other kinds and every other operation are not held
// up. The per-user limit counts within the kind, so the kind's lock covers it too. Writes that race with a claim
// (done, retry, fail, requeue) only lower the count, so a claim that misses them is conservative, never over.
// SERIALIZABLE would also be exact, but with eight workers on one kind most claims would fail and retry; a lock
// makes them wait their turn instead, and needs no retry loop. Two kinds whose hashes collide merely share a lock.
// A claim with no limit at all takes no lock: FOR UPDATE … SKIP LOCKED alone keeps two workers off one job.
export async function claimJob(db: pg.Pool | PgQueryable, q: ClaimQuery): Promise<Job | undefined> {
  const kindLimit = limitOrNull(q.kindLimit);
  const userLimit = limitOrNull(q.userLimit);
  const params = [q.kind, q.now, q.leaseUntil, kindLimit, userLimit];
  if (kindLimit === null && userLimit === null) {
    const { rows } = await db.query<JobRow>(SQL.claim, params);
    return rows[0] && toJob(rows[0]);
  }
  const client = db instanceof pg.Pool ? await db.connect() : db;
  try {
    await client.query('BEGIN');
    try {
      await client.query(SQL.lockKind, [q.kind]);
      const { rows } = await client.query<JobRow>(SQL.claim, params);
      await client.query('COMMIT');
      return rows[0] && toJob(rows[0]);
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    }
  } finally {
    if (db instanceof pg.Pool) (client as pg.PoolClient).release();
  }
}

const changed = (r: pg.QueryResult) => r.rowCount === 1;

// Each returns false when the job is no longer this attempt's (its lease expired and it was re-claimed).
export const renewLease = async (db: PgQueryable, id: number, attempts: number, leaseUntil: string) =>
  changed(await db.query(SQL.renew, [id, attempts, leaseUntil]));
export const markDone = async (db: PgQueryable, id: number, attempts: number, now: string) =>
  changed(await db.query(SQL.done, [id, attempts, now]));
export const markRetry = async (db: PgQueryable, id: number, attempts: number, runAt: string, error: string) =>
  changed(await db.query(SQL.retry, [id, attempts, runAt, error]));
export const markFailed = async (db: PgQueryable, id: number, attempts: number, now: string, error: string) =>
  changed(await db.query(SQL.fail, [id, attempts, now, error]));
export const failAbandoned = async (db: PgQueryable, now: string): Promise<number> =>
  (await db.query(SQL.failAbandoned, [now])).rowCount ?? 0;

export type QueueStat = { kind: string; status: 'queued' | 'running'; n: number; oldest: string | null };

// For /metrics: due and running jobs per kind, and since when the oldest of them has been waiting or running.
export async function queueStats(db: PgQueryable, now: string): Promise<QueueStat[]> {
  return (await db.query<QueueStat>(SQL.queueStats, [now])).rows;
}

// At start-up: jobs left running by a killed worker are due again at once (only for the database's one worker).
export const requeueRunningJobs = async (db: PgQueryable, now: string): Promise<number> =>
  (await db.query(SQL.requeueRunning, [now])).rowCount ?? 0;

// When the next job of these kinds becomes due (or its lease expires), to sleep no longer than needed.
export async function nextDueAt(db: PgQueryable, kinds: string[]): Promise<string | null> {
  return (await db.query<{ at: string | null }>(SQL.nextDue, [kinds])).rows[0].at;
}
