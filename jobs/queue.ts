import type { Db } from '../storage/db';
import type { Clock } from '../domain/clock';
import { insertJob, type Job } from '../storage/queries/jobs';

export type { Job } from '../storage/queries/jobs';

export type EnqueueOptions = {
  runAt?: Date; // default now
  maxAttempts?: number; // default 5
  userId?: number | null; // counts against the kind's per-user limit while running
  dedupeKey?: string | null; // a second enqueue with the same key returns the first job
};

export async function enqueue(db: Db, clock: Clock, kind: string, payload: unknown, opts: EnqueueOptions = {}): Promise<{ id: number; created: boolean }> {
  const now = clock.now();
  return await insertJob(db, {
    kind, payload,
    runAt: (opts.runAt ?? now).toISOString(),
    maxAttempts: Math.max(1, opts.maxAttempts ?? 5),
    userId: opts.userId ?? null,
    dedupeKey: opts.dedupeKey ?? null,
    now: now.toISOString(),
  });
}

export type JobContext = {
  db: Db;
  clock: Clock;
  job: Job;
  // True on the job's last permitted attempt: a handler records a final failure itself before throwing.
  lastAttempt: boolean;
  // Aborted when the worker stops or the job's lease is lost to another worker.
  signal: AbortSignal;
};

export type JobHandler<P = any> = (payload: P, ctx: JobContext) => Promise<void>;

export type HandlerSpec<P = any> = {
  run: JobHandler<P>;
  concurrency?: number; // jobs of this kind running at once, across all workers (default 1)
  perUser?: number; // jobs of this kind running at once for one user (default: no limit)
  leaseMs?: number; // renewed while the handler runs (default 60 s)
  backoffMs?: number; // first retry delay, doubled each attempt (default 5 s), capped at 1 h
};

export type Handlers = Record<string, HandlerSpec>;

// Thrown by a handler for failures a retry cannot fix (bad payload, a site refusing us…).
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export const MAX_BACKOFF_MS = 60 * 60_000;
export function backoffDelay(attempt: number, baseMs = 5_000): number {
  return Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, attempt - 1));
}
