import type { Db } from '../storage/db';
import type { Clock } from '../domain/clock';
import { claimJob, failAbandoned, markDone, markFailed, markRetry, nextDueAt, renewLease, type Job } from '../storage/queries/jobs';
import { backoffDelay, PermanentJobError, type Handlers } from './queue';

export type JobEvent = { kind: string; id: number; attempt: number; phase: 'start' | 'done' | 'retry' | 'failed'; seconds?: number; error?: string };

export type WorkerOptions = {
  db: Db;
  clock: Clock;
  handlers: Handlers;
  log?: (line: string) => void;
  observe?: (event: JobEvent) => void; // start, end and failure of each attempt (logs and metrics)
};

export type RunSummary = { started: number; done: number; retried: number; failed: number };

const iso = (d: Date) => d.toISOString();
const message = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 2000);

// Claims due jobs within the limits and runs them; shared by runDueJobs (drain once) and startWorker (poll).
class Runner {
  readonly running = new Map<number, Promise<void>>();
  private readonly aborts = new Map<number, AbortController>();
  private readonly perKind = new Map<string, number>();
  readonly summary: RunSummary = { started: 0, done: 0, retried: 0, failed: 0 };
  // Attempts ended so far (done, retried, failed or aborted): a drain compares it across a look.
  settled = 0;

  constructor(private readonly o: WorkerOptions, private readonly onSettled: () => void = () => {}) {}

  // Starts every job that may run now; returns how many it started.
  async tick(): Promise<number> {
    const { db, clock, handlers } = this.o;
    await failAbandoned(db, iso(clock.now()));
    let started = 0;
    for (const [kind, spec] of Object.entries(handlers)) {
      const limit = Math.max(1, spec.concurrency ?? 1);
      while ((this.perKind.get(kind) ?? 0) < limit) {
        const now = clock.now();
        const job = await claimJob(db, {
          kind, now: iso(now), leaseUntil: iso(new Date(now.getTime() + (spec.leaseMs ?? 60_000))),
          kindLimit: limit, userLimit: spec.perUser ?? Number.MAX_SAFE_INTEGER,
        });
        if (!job) break;
        await this.start(job);
        started++;
      }
    }
    return started;
  }

  private async start(job: Job): Promise<void> {
    const { db, clock, handlers, log = console.warn } = this.o;
    const spec = handlers[job.kind];
    const leaseMs = spec.leaseMs ?? 60_000;
    const abort = new AbortController();
    this.aborts.set(job.id, abort);
    this.perKind.set(job.kind, (this.perKind.get(job.kind) ?? 0) + 1);
    this.summary.started++;
    // Renew the lease while the handler runs; losing it means another worker owns the job now.
    // A renewal that fails (the database briefly unreachable) is tried again at the next beat.
    const heartbeat = setInterval(() => {
      renewLease(db, job.id, job.attempts, iso(new Date(clock.now().getTime() + leaseMs)))
        .then((held) => { if (!held) abort.abort(new Error('lease lost')); }, () => {});
    }, Math.max(50, Math.floor(leaseMs / 3)));
    heartbeat.unref?.();
    const lastAttempt = job.attempts >= job.maxAttempts;
    const started = performance.now();
    const event = (phase: JobEvent['phase'], error?: string) =>
      this.o.observe?.({ kind: job.kind, id: job.id, attempt: job.attempts, phase, ...(phase === 'start' ? {} : { seconds: (performance.now() - started) / 1000 }), ...(error ? { error } : {}) });
    event('start');
    const p = (async () => {
      try {
        await spec.run(job.payload, { db, clock, job, lastAttempt, signal: abort.signal });
        if (await markDone(db, job.id, job.attempts, iso(clock.now()))) this.summary.done++;
        event('done');
      } catch (e) {
        const now = clock.now();
        if (e instanceof PermanentJobError || lastAttempt) {
          if (await markFailed(db, job.id, job.attempts, iso(now), message(e))) this.summary.failed++;
          log(`[jobs] ${job.kind} #${job.id} failed after ${job.attempts} attempt(s): ${message(e)}`);
          event('failed', message(e));
        } else {
          const at = new Date(now.getTime() + backoffDelay(job.attempts, spec.backoffMs));
          if (await markRetry(db, job.id, job.attempts, iso(at), message(e))) this.summary.retried++;
          log(`[jobs] ${job.kind} #${job.id} attempt ${job.attempts} failed, retrying at ${iso(at)}: ${message(e)}`);
          event('retry', message(e));
        }
      } finally {
        clearInterval(heartbeat);
        this.aborts.delete(job.id);
        this.running.delete(job.id);
        this.perKind.set(job.kind, (this.perKind.get(job.kind) ?? 1) - 1);
        this.settled++;
        this.onSettled();
      }
    })();
    this.running.set(job.id, p);
  }

  abortAll(reason: string): void {
    for (const a of this.aborts.values()) a.abort(new Error(reason));
  }
}

// Runs every job that is due now (and any due job they enqueue) until none is left, then returns.
// Used by `npm run admin -- run-jobs` and by tests.
export async function runDueJobs(o: WorkerOptions & { maxJobs?: number }): Promise<RunSummary> {
  const runner = new Runner(o);
  const max = o.maxJobs ?? 10_000;
  for (;;) {
    const settledBefore = runner.settled;
    const started = runner.summary.started < max ? await runner.tick() : 0;
    // Done when a look found nothing to start, nothing runs, and nothing ended while it looked. A job that ended
    // during the look (the look awaits the database kind by kind) may have freed a per-user or per-kind slot the look
    // found taken, or queued more work due now (a sweep queues checks): look again.
    if (runner.running.size === 0) {
      if (started === 0 && runner.settled === settledBefore) return runner.summary;
      continue;
    }
    await Promise.race(runner.running.values());
  }
}

export type Worker = { stop(opts?: { graceMs?: number }): Promise<void>; readonly summary: RunSummary };

// Polls for due jobs until stopped. stop() waits for running jobs (up to graceMs), then aborts them.
export function startWorker(o: WorkerOptions & { pollMs?: number }): Worker {
  const pollMs = o.pollMs ?? 1_000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  // The look in progress: stop() waits for it, so it never reads a database the caller closes next.
  let looking: Promise<void> = Promise.resolve();
  const schedule = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => { looking = loop().catch((e) => (o.log ?? console.warn)(`[jobs] worker look failed: ${message(e)}`)); }, ms);
    timer.unref?.();
  };
  const runner = new Runner(o, () => schedule(0)); // a finished job frees a slot: look again at once
  async function loop() {
    if (stopped) return;
    try {
      await runner.tick();
    } catch (e) {
      (o.log ?? console.warn)(`[jobs] worker tick failed: ${message(e)}`);
    }
    if (stopped) return;
    // Sleep until the next job is due, but never longer than pollMs (jobs may be added meanwhile).
    // A job already due but not claimed waits for a free slot: a finishing job reschedules at once.
    let next: string | null = null;
    try {
      next = await nextDueAt(o.db, Object.keys(o.handlers));
    } catch (e) {
      (o.log ?? console.warn)(`[jobs] next due job unknown: ${message(e)}`);
    }
    const delta = next ? new Date(next).getTime() - o.clock.now().getTime() : Infinity;
    schedule(delta > 0 ? Math.max(10, Math.min(pollMs, delta)) : pollMs);
  }
  schedule(0);
  return {
    summary: runner.summary,
    async stop({ graceMs = 10_000 } = {}) {
      stopped = true;
      clearTimeout(timer);
      await looking;
      const all = Promise.allSettled(runner.running.values());
      const grace = new Promise<void>((r) => setTimeout(r, graceMs).unref?.());
      await Promise.race([all, grace]);
      runner.abortAll('worker stopped');
      await all;
    },
  };
}
