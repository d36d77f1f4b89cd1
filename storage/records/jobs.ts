// The job queue's records, as both engines' stores read and write them (storage/queries/jobs.ts, storage/pg/jobs.ts).
import type { JobStatus } from '../schema/jobs';

export type Job<P = unknown> = {
  id: number;
  kind: string;
  payload: P;
  status: JobStatus;
  runAt: string;
  attempts: number;
  maxAttempts: number;
  leaseUntil: string | null;
  lastError: string | null;
  userId: number | null;
  dedupeKey: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
};

// A jobs row as both engines return it (storage/pg/jobs.ts reads the same columns).
export type JobRow = {
  id: number; kind: string; payload: string; status: JobStatus; run_at: string; attempts: number; max_attempts: number;
  lease_until: string | null; last_error: string | null; user_id: number | null; dedupe_key: string | null;
  created_at: string; started_at: string | null; finished_at: string | null;
};

export const toJob = (r: JobRow): Job => ({
  id: r.id, kind: r.kind, payload: JSON.parse(r.payload), status: r.status, runAt: r.run_at, attempts: r.attempts,
  maxAttempts: r.max_attempts, leaseUntil: r.lease_until, lastError: r.last_error, userId: r.user_id,
  dedupeKey: r.dedupe_key, createdAt: r.created_at, startedAt: r.started_at, finishedAt: r.finished_at,
});

export type NewJob = { kind: string; payload: unknown; runAt: string; maxAttempts: number; userId: number | null; dedupeKey: string | null; now: string };
