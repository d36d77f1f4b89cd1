import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../storage/db';
import { openTestDb, type TestDb } from './support/test-db';
import { fixedClock } from '../tools/clock';
import { claimJob, getJob, markDone } from '../storage/queries/jobs';
import { enqueue, PermanentJobError, type Handlers, type HandlerSpec } from '../jobs/queue';
import { runDueJobs, startWorker } from '../jobs/worker';
const TEST_NOW = '2026-11-18T12:00:00Z'; // as tests/harness.ts

let testDb: TestDb;
let db: Db;
let clock: ReturnType<typeof fixedClock>;
beforeEach(async () => {
  testDb = await openTestDb();
  db = testDb.db;
  clock = fixedClock(TEST_NOW);
});
afterEach(async () => {
  await testDb.close();
});

const quiet = () => {};
const run = (handlers: Handlers) => runDueJobs({ db, clock, handlers, log: quiet });

// A handler whose runs wait until released, recording how many run at once.
function gated(spec: Partial<HandlerSpec> = {}) {
  let running = 0;
  const stats = { max: 0, ran: [] as unknown[], byUser: new Map<number, number>(), maxPerUser: 0 };
  const waiters: Array<() => void> = [];
  const handler: HandlerSpec = {
    ...spec,
    async run(payload, { job }) {
      running++;
      stats.max = Math.max(stats.max, running);
      const u = job.userId ?? -1;
      stats.byUser.set(u, (stats.byUser.get(u) ?? 0) + 1);
      stats.maxPerUser = Math.max(stats.maxPerUser, ...[...stats.byUser.entries()].filter(([k]) => k !== -1).map(([, v]) => v), 0);
      await new Promise<void>((r) => waiters.push(r));
      stats.byUser.set(u, stats.byUser.get(u)! - 1);
      running--;
      stats.ran.push(payload);
    },
  };
  // Releases runs one at a time until `total` have finished, each once `atOnce` runs (or all those left) are
  // waiting: the workers get the chance to start every job they may before one ends, on either engine however
  // long a claim takes.
  const releaseAll = async (total: number, atOnce = 1) => {
    while (stats.ran.length < total) {
      await new Promise((r) => setTimeout(r, 5));
      if (waiters.length >= Math.min(atOnce, total - stats.ran.length)) waiters.shift()?.();
    }
  };
  return { handler, stats, releaseAll };
}

describe('durable jobs', () => {
  it('runs a due job once and records it', async () => {
    const seen: unknown[] = [];
    const { id } = await enqueue(db, clock, 'echo', { hello: 'world' });
    const summary = await run({ echo: { run: async (p) => { seen.push(p); } } });
    expect(seen).toEqual([{ hello: 'world' }]);
    expect(summary).toEqual({ started: 1, done: 1, retried: 0, failed: 0 });
    expect(await getJob(db, id)).toMatchObject({ status: 'done', attempts: 1, finishedAt: TEST_NOW.replace('Z', '.000Z'), leaseUntil: null });
    expect((await run({ echo: { run: async (p) => { seen.push(p); } } })).started).toBe(0);
  });

  it('waits for run_at', async () => {
    let ran = 0;
    const handlers = { later: { run: async () => { ran++; } } };
    await enqueue(db, clock, 'later', {}, { runAt: new Date(clock.now().getTime() + 60_000) });
    await run(handlers);
    expect(ran).toBe(0);
    clock.advance(60_000);
    await run(handlers);
    expect(ran).toBe(1);
  });

  it('retries with exponential backoff and gives up after max_attempts', async () => {
    const attempts: Array<{ n: number; last: boolean }> = [];
    const handlers: Handlers = { flaky: { backoffMs: 1_000, run: async (_p, { job, lastAttempt }) => { attempts.push({ n: job.attempts, last: lastAttempt }); throw new Error(`boom ${job.attempts}`); } } };
    const { id } = await enqueue(db, clock, 'flaky', {}, { maxAttempts: 3 });
    expect(await run(handlers)).toMatchObject({ started: 1, retried: 1 });
    expect(await getJob(db, id)).toMatchObject({ status: 'queued', attempts: 1, lastError: 'boom 1', runAt: new Date(Date.parse(TEST_NOW) + 1_000).toISOString() });
    clock.advance(999);
    expect((await run(handlers)).started).toBe(0);
    clock.advance(1);
    await run(handlers);
    expect((await getJob(db, id))!.runAt).toBe(new Date(clock.now().getTime() + 2_000).toISOString()); // doubled
    clock.advance(2_000);
    expect(await run(handlers)).toMatchObject({ failed: 1 });
    expect(await getJob(db, id)).toMatchObject({ status: 'failed', attempts: 3, lastError: 'boom 3' });
    expect(attempts).toEqual([{ n: 1, last: false }, { n: 2, last: false }, { n: 3, last: true }]);
  });

  it('does not retry a permanent failure', async () => {
    const { id } = await enqueue(db, clock, 'bad', {});
    await run({ bad: { run: async () => { throw new PermanentJobError('bad payload'); } } });
    expect(await getJob(db, id)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'bad payload' });
  });

  it('picks up a job whose worker died once its lease expires, and ignores the dead worker', async () => {
    const { id } = await enqueue(db, clock, 'work', {}, { maxAttempts: 3 });
    const now = clock.now().toISOString();
    const dead = await claimJob(db, { kind: 'work', now, leaseUntil: new Date(clock.now().getTime() + 30_000).toISOString(), kindLimit: 1, userLimit: 1 });
    expect(dead).toMatchObject({ id, status: 'running', attempts: 1 });
    let ran = 0;
    const handlers = { work: { leaseMs: 30_000, run: async () => { ran++; } } };
    expect((await run(handlers)).started).toBe(0); // still leased
    clock.advance(30_000);
    await run(handlers);
    expect(ran).toBe(1);
    expect(await getJob(db, id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await markDone(db, id, 1, clock.now().toISOString())).toBe(false); // the old attempt cannot finish it
  });

  it('fails a job whose last attempt died', async () => {
    const { id } = await enqueue(db, clock, 'work', {}, { maxAttempts: 1 });
    await claimJob(db, { kind: 'work', now: clock.now().toISOString(), leaseUntil: new Date(clock.now().getTime() + 1_000).toISOString(), kindLimit: 1, userLimit: 1 });
    clock.advance(1_000);
    await run({ work: { run: async () => {} } });
    expect(await getJob(db, id)).toMatchObject({ status: 'failed', lastError: 'lease expired on the last attempt' });
  });

  it('runs at most `concurrency` jobs of a kind at once, even with two workers', async () => {
    const g = gated({ concurrency: 2 });
    for (let i = 0; i < 6; i++) await enqueue(db, clock, 'build', { i });
    const a = runDueJobs({ db, clock, handlers: { build: g.handler }, log: quiet });
    const b = runDueJobs({ db, clock, handlers: { build: g.handler }, log: quiet });
    await g.releaseAll(6, 2);
    const [sa, sb] = await Promise.all([a, b]);
    expect(g.stats.ran).toHaveLength(6);
    expect(sa.done + sb.done).toBe(6);
    expect(g.stats.max).toBe(2);
  });

  it('limits jobs running at once per user; other users are not held up', async () => {
    const g = gated({ concurrency: 3, perUser: 1 });
    for (let i = 0; i < 3; i++) await enqueue(db, clock, 'draft', { user: 1, i }, { userId: 1 });
    await enqueue(db, clock, 'draft', { user: 2 }, { userId: 2 });
    const done = run({ draft: g.handler });
    await expect.poll(() => g.stats.max, { timeout: 5_000 }).toBe(2); // one of user 1's, and user 2's
    await new Promise((r) => setTimeout(r, 30));
    expect(g.stats.max).toBe(2); // and no more
    await g.releaseAll(4);
    await done;
    expect(g.stats.ran).toHaveLength(4);
    expect(g.stats.maxPerUser).toBe(1);
  });

  it('enqueues a dedupe key once', async () => {
    const a = await enqueue(db, clock, 'award', { week: '2026-11-16' }, { dedupeKey: 'award:2026-11-16' });
    const b = await enqueue(db, clock, 'award', { week: '2026-11-16' }, { dedupeKey: 'award:2026-11-16' });
    expect(a.created).toBe(true);
    expect(b).toEqual({ id: a.id, created: false });
  });

  it('polls with a worker and stops cleanly, letting a running job finish', async () => {
    const seen: number[] = [];
    let release!: () => void;
    const handlers: Handlers = {
      tick: { run: async (p: { n: number }) => { seen.push(p.n); } },
      slow: { run: () => new Promise<void>((r) => { release = r; }) },
    };
    const worker = startWorker({ db, clock, handlers, pollMs: 20, log: quiet });
    await enqueue(db, clock, 'tick', { n: 1 });
    const slow = await enqueue(db, clock, 'slow', {});
    await expect.poll(() => seen, { timeout: 2000 }).toEqual([1]);
    await expect.poll(async () => (await getJob(db, slow.id))!.status, { timeout: 2000 }).toBe('running');
    const stopped = worker.stop({ graceMs: 5_000 });
    release();
    await stopped;
    expect((await getJob(db, slow.id))!.status).toBe('done');
    await enqueue(db, clock, 'tick', { n: 2 });
    await new Promise((r) => setTimeout(r, 80));
    expect(seen).toEqual([1]); // a stopped worker takes nothing new
  });
});
