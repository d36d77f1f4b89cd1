import type { Stmt } from '../engine/types';

import type { Db } from '../db';
import { pgOf } from '../engine/pg';
import * as pgJobs from '../pg/jobs';
import { toJob, type Job, type JobRow, type NewJob } from '../records/jobs';
export { toJob, type Job, type JobRow, type NewJob } from '../records/jobs';


const SQL = {
  insert: `INSERT INTO jobs (kind, payload, status, run_at, attempts, max_attempts, user_id, dedupe_key, created_at)
    VALUES (@kind, @payload, 'queued', @run_at, 0, @max_attempts, @user_id, @dedupe_key, @now)
    ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
  byDedupe: `SELECT id FROM jobs WHERE dedupe_key = ?`,
  byId: `SELECT * FROM jobs WHERE id = ?`,
  // One atomic statement picks the oldest due job of a kind (queued and due, or running with an expired
  // lease) while the kind's and the user's running counts are under their limits, and leases it.
  claim: `UPDATE jobs SET status = 'running', attempts = attempts + 1, lease_until = @lease_until, started_at = @now
    WHERE id = (
      SELECT j.id FROM jobs j
      WHERE j.kind = @kind AND j.attempts < j.max_attempts
        AND ((j.status = 'queued' AND j.run_at <= @now) OR (j.status = 'running' AND j.lease_until <= @now))
        AND (SELECT count(*) FROM jobs r WHERE r.kind = @kind AND r.status = 'running' AND r.lease_until > @now) < @kind_limit
        AND (j.user_id IS NULL OR (SELECT count(*) FROM jobs r WHERE r.kind = @kind AND r.user_id = j.user_id
              AND r.status = 'running' AND r.lease_until > @now) < @user_limit)
      ORDER BY j.run_at, j.id LIMIT 1)
    RETURNING *`,
  renew: `UPDATE jobs SET lease_until = @lease_until WHERE id = @id AND attempts = @attempts AND status = 'running'`,
  done: `UPDATE jobs SET status = 'done', lease_until = NULL, finished_at = @now
    WHERE id = @id AND attempts = @attempts AND status = 'running'`,
  retry: `UPDATE jobs SET status = 'queued', lease_until = NULL, run_at = @run_at, last_error = @error
    WHERE id = @id AND attempts = @attempts AND status = 'running'`,
  fail: `UPDATE jobs SET status = 'failed', lease_until = NULL, finished_at = @now, last_error = @error
    WHERE id = @id AND attempts = @attempts AND status = 'running'`,
  // A job whose last permitted attempt died with its process can never be claimed again: close it.
  failAbandoned: `UPDATE jobs SET status = 'failed', lease_until = NULL, finished_at = @now,
      last_error = coalesce(last_error || '; ', '') || 'lease expired on the last attempt'
    WHERE status = 'running' AND lease_until <= @now AND attempts >= max_attempts`,
  queueStats: `SELECT kind, status, count(*) AS n, min(CASE WHEN status = 'queued' THEN run_at ELSE started_at END) AS oldest
    FROM jobs WHERE status IN ('queued', 'running') AND (status = 'running' OR run_at <= @now) GROUP BY kind, status`,
  requeueRunning: `UPDATE jobs SET status = 'queued', lease_until = NULL, run_at = @now WHERE status = 'running'`,
  nextDue: `SELECT min(CASE WHEN status = 'queued' THEN run_at ELSE lease_until END) AS at FROM jobs
    WHERE status IN ('queued', 'running') AND kind IN (SELECT value FROM json_each(?))`,
} as const;

const cache = new WeakMap<Db, Map<keyof typeof SQL, Stmt>>();
function stmt(db: Db, key: keyof typeof SQL): Stmt {
  let m = cache.get(db);
  if (!m) cache.set(db, (m = new Map()));
  let s = m.get(key);
  if (!s) m.set(key, (s = db.engine.prepare(SQL[key])));
  return s;
}


// Inserts a job; with a dedupe key already taken, returns the existing job's id and created = false.
export async function insertJob(db: Db, j: NewJob): Promise<{ id: number; created: boolean }> {
  if (db.kind === 'pg') return pgJobs.insertJob(pgOf(db), j);
  const row = await stmt(db, 'insert').get({
    kind: j.kind, payload: JSON.stringify(j.payload ?? null), run_at: j.runAt, max_attempts: j.maxAttempts,
    user_id: j.userId, dedupe_key: j.dedupeKey, now: j.now,
  }) as { id: number } | undefined;
  if (row) return { id: row.id, created: true };
  const existing = await stmt(db, 'byDedupe').get(j.dedupeKey) as { id: number };
  return { id: existing.id, created: false };
}

export async function getJob(db: Db, id: number): Promise<Job | undefined> {
  if (db.kind === 'pg') return pgJobs.getJob(pgOf(db), id);
  const r = await stmt(db, 'byId').get(id) as JobRow | undefined;
  return r && toJob(r);
}

export async function claimJob(db: Db, q: { kind: string; now: string; leaseUntil: string; kindLimit: number; userLimit: number }): Promise<Job | undefined> {
  if (db.kind === 'pg') return pgJobs.claimJob(pgOf(db), q);
  const r = await stmt(db, 'claim').get({ kind: q.kind, now: q.now, lease_until: q.leaseUntil, kind_limit: q.kindLimit, user_limit: q.userLimit }) as JobRow | undefined;
  return r && toJob(r);
}

// Each returns false when the job is no longer this attempt's (its lease expired and it was re-claimed).
export const renewLease = async (db: Db, id: number, attempts: number, leaseUntil: string) => db.kind === 'pg' ? await pgJobs.renewLease(pgOf(db), id, attempts, leaseUntil) :
  (await stmt(db, 'renew').run({ id, attempts, lease_until: leaseUntil })).changes === 1;
export const markDone = async (db: Db, id: number, attempts: number, now: string) => db.kind === 'pg' ? await pgJobs.markDone(pgOf(db), id, attempts, now) :
  (await stmt(db, 'done').run({ id, attempts, now })).changes === 1;
export const markRetry = async (db: Db, id: number, attempts: number, runAt: string, error: string) => db.kind === 'pg' ? await pgJobs.markRetry(pgOf(db), id, attempts, runAt, error) :
  (await stmt(db, 'retry').run({ id, attempts, run_at: runAt, error })).changes === 1;
export const markFailed = async (db: Db, id: number, attempts: number, now: string, error: string) => db.kind === 'pg' ? await pgJobs.markFailed(pgOf(db), id, attempts, now, error) :
  (await stmt(db, 'fail').run({ id, attempts, now, error })).changes === 1;
export const failAbandoned = async (db: Db, now: string): Promise<number> => db.kind === 'pg' ? await pgJobs.failAbandoned(pgOf(db), now) : (await stmt(db, 'failAbandoned').run({ now })).changes;

// For /metrics: due and running jobs per kind, and since when the oldest of them has been waiting or running.
export async function queueStats(db: Db, now: string): Promise<Array<{ kind: string; status: 'queued' | 'running'; n: number; oldest: string | null }>> {
  if (db.kind === 'pg') return pgJobs.queueStats(pgOf(db), now);
  return await stmt(db, 'queueStats').all({ now }) as Array<{ kind: string; status: 'queued' | 'running'; n: number; oldest: string | null }>;
}

// At start-up: jobs left running by a worker that was killed (crash, deploy) are due again at once instead of
// waiting out their lease. Only a process that is the database's one worker may do this (the default set-up).
export const requeueRunningJobs = async (db: Db, now: string): Promise<number> => db.kind === 'pg' ? await pgJobs.requeueRunningJobs(pgOf(db), now) : (await stmt(db, 'requeueRunning').run({ now })).changes;

// When the next job of these kinds becomes due (or its lease expires), to sleep no longer than needed.
export async function nextDueAt(db: Db, kinds: string[]): Promise<string | null> {
  if (db.kind === 'pg') return pgJobs.nextDueAt(pgOf(db), kinds);
  return (await stmt(db, 'nextDue').get(JSON.stringify(kinds)) as { at: string | null }).at;
}
