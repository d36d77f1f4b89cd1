import { beforeEach, describe, expect, it } from 'vitest';
import type pg from 'pg';
import type { Db } from '../storage/db';
import * as lite from '../storage/queries/jobs';
import type { Job, NewJob } from '../storage/queries/jobs';
import * as pgJobs from '../storage/pg/jobs';
import { DRAFT_BUILD_JOB, draftBuildHandler } from '../jobs/draft-build';
import { bothEngines, withClients, storeEachTest } from './support/both-engines';

// The job queue's storage, one contract for both engines: SQLite (storage/queries/jobs.ts) and PostgreSQL
// (storage/pg/jobs.ts) give the same results for the same calls. Then what only PostgreSQL has to prove, with
// workers on separate connections at the same time: no job claimed twice, the kind's and the user's running limits
// never exceeded, and one job for many inserts of one dedupe key.

type ClaimQuery = { kind: string; now: string; leaseUntil: string; kindLimit: number; userLimit: number };
type Stat = { kind: string; status: 'queued' | 'running'; n: number; oldest: string | null };

// Both engines behind one async face.
type Store = {
  insertJob(j: NewJob): Promise<{ id: number; created: boolean }>;
  getJob(id: number): Promise<Job | undefined>;
  claimJob(q: ClaimQuery): Promise<Job | undefined>;
  renewLease(id: number, attempts: number, leaseUntil: string): Promise<boolean>;
  markDone(id: number, attempts: number, now: string): Promise<boolean>;
  markRetry(id: number, attempts: number, runAt: string, error: string): Promise<boolean>;
  markFailed(id: number, attempts: number, now: string, error: string): Promise<boolean>;
  failAbandoned(now: string): Promise<number>;
  queueStats(now: string): Promise<Stat[]>;
  requeueRunningJobs(now: string): Promise<number>;
  nextDueAt(kinds: string[]): Promise<string | null>;
  reset(): Promise<void>;
};

const sqliteStore = (db: Db): Store => ({
  insertJob: async (j) => lite.insertJob(db, j),
  getJob: async (id) => lite.getJob(db, id),
  claimJob: async (q) => lite.claimJob(db, q),
  renewLease: async (...a) => lite.renewLease(db, ...a),
  markDone: async (...a) => lite.markDone(db, ...a),
  markRetry: async (...a) => lite.markRetry(db, ...a),
  markFailed: async (...a) => lite.markFailed(db, ...a),
  failAbandoned: async (now) => lite.failAbandoned(db, now),
  queueStats: async (now) => lite.queueStats(db, now),
  requeueRunningJobs: async (now) => lite.requeueRunningJobs(db, now),
  nextDueAt: async (kinds) => lite.nextDueAt(db, kinds),
  reset: async () => void db.sqlite.exec("DELETE FROM jobs; DELETE FROM sqlite_sequence WHERE name = 'jobs'"),
});

const pgStore = (pool: pg.Pool): Store => ({
  insertJob: (j) => pgJobs.insertJob(pool, j),
  getJob: (id) => pgJobs.getJob(pool, id),
  claimJob: (q) => pgJobs.claimJob(pool, q),
  renewLease: (...a) => pgJobs.renewLease(pool, ...a),
  markDone: (...a) => pgJobs.markDone(pool, ...a),
  markRetry: (...a) => pgJobs.markRetry(pool, ...a),
  markFailed: (...a) => pgJobs.markFailed(pool, ...a),
  failAbandoned: (now) => pgJobs.failAbandoned(pool, now),
  queueStats: (now) => pgJobs.queueStats(pool, now),
  requeueRunningJobs: (now) => pgJobs.requeueRunningJobs(pool, now),
  nextDueAt: (kinds) => pgJobs.nextDueAt(pool, kinds),
  reset: async () => void (await pool.query('TRUNCATE jobs RESTART IDENTITY')),
});

const env = bothEngines('jobs_store', { sqlite: sqliteStore, postgres: pgStore }, { poolMax: 20 });
const stores = env.stores;

// Minutes after a fixed start, as the ISO text the Clock gives.
const t = (minutes: number) => new Date(Date.UTC(2026, 10, 18, 12, 0, 0) + minutes * 60_000).toISOString();
const NO_LIMIT = Number.MAX_SAFE_INTEGER; // what the worker passes without a perUser limit

const job = (over: Partial<NewJob> = {}): NewJob => ({
  kind: 'crawl', payload: { n: 1 }, runAt: t(0), maxAttempts: 3, userId: null, dedupeKey: null, now: t(0), ...over,
});
const claimAt = (s: Store, minutes: number, over: Partial<ClaimQuery> = {}) =>
  s.claimJob({ kind: 'crawl', now: t(minutes), leaseUntil: t(minutes + 1), kindLimit: 10, userLimit: NO_LIMIT, ...over });

describe.each(['sqlite', 'postgres'])('job storage contract: %s', (engine) => {
  const s = storeEachTest(stores, engine);

  it('inserts a job and reads it back whole', async () => {
    const r = await s.insertJob(job({ payload: { url: 'https://a.example/', deep: [1, 'two'] }, userId: 7, dedupeKey: 'k1', runAt: t(2) }));
    expect(r).toEqual({ id: 1, created: true });
    expect(await s.getJob(1)).toEqual({
      id: 1, kind: 'crawl', payload: { url: 'https://a.example/', deep: [1, 'two'] }, status: 'queued', runAt: t(2), attempts: 0,
      maxAttempts: 3, leaseUntil: null, lastError: null, userId: 7, dedupeKey: 'k1', createdAt: t(0), startedAt: null, finishedAt: null,
    });
    expect(await s.getJob(99)).toBeUndefined();
  });

  it('dedupes on the key: the second insert gets the first job, unchanged; no key never collides', async () => {
    const first = await s.insertJob(job({ dedupeKey: 'same', payload: 'first' }));
    await s.insertJob(job({ dedupeKey: 'other' }));
    expect(await s.insertJob(job({ dedupeKey: 'same', payload: 'second', runAt: t(9) }))).toEqual({ id: first.id, created: false });
    expect((await s.getJob(first.id))).toMatchObject({ payload: 'first', runAt: t(0) });
    // A key stays taken after its job finished.
    const c = await claimAt(s, 0);
    await s.markDone(c!.id, c!.attempts, t(0));
    expect(await s.insertJob(job({ dedupeKey: 'same' }))).toEqual({ id: first.id, created: false });
    const a = await s.insertJob(job());
    const b = await s.insertJob(job());
    expect([a.created, b.created, a.id === b.id]).toEqual([true, true, false]);
    expect(await s.insertJob(job({ payload: undefined }))).toMatchObject({ created: true });
  });

  it('claims the oldest due job of the kind first (run_at, then id), and leases it', async () => {
    await s.insertJob(job({ runAt: t(2) })); // 1
    await s.insertJob(job({ runAt: t(1) })); // 2
    await s.insertJob(job({ runAt: t(1) })); // 3
    await s.insertJob(job({ runAt: t(10) })); // 4: not due
    await s.insertJob(job({ kind: 'mail' })); // 5: another kind
    const first = await claimAt(s, 5);
    expect(first).toMatchObject({ id: 2, status: 'running', attempts: 1, leaseUntil: t(6), startedAt: t(5) });
    const order = [first!.id];
    for (let j = await claimAt(s, 5); j; j = await claimAt(s, 5)) order.push(j.id);
    expect(order).toEqual([2, 3, 1]);
    expect((await s.getJob(4))!.status).toBe('queued');
    expect((await s.getJob(5))!.status).toBe('queued');
  });

  it('never claims a job that has used its attempts; takes over a running job whose lease ran out', async () => {
    await s.insertJob(job({ maxAttempts: 1 })); // 1
    const c = await claimAt(s, 0); // lease until t(1)
    expect(c).toMatchObject({ id: 1, attempts: 1 });
    expect(await claimAt(s, 5)).toBeUndefined(); // lease ran out, but no attempt is left
    await s.insertJob(job({ maxAttempts: 3 })); // 2
    const a = await claimAt(s, 5); // lease until t(6)
    expect(a).toMatchObject({ id: 2, attempts: 1 });
    expect(await claimAt(s, 5.5)).toBeUndefined(); // still leased
    expect(await claimAt(s, 6)).toMatchObject({ id: 2, attempts: 2, leaseUntil: t(7), startedAt: t(6) }); // lease_until <= now
    // The first attempt is fenced off.
    expect(await s.markDone(2, 1, t(6))).toBe(false);
    expect(await s.renewLease(2, 1, t(9))).toBe(false);
    expect(await s.markDone(2, 2, t(6))).toBe(true);
  });

  it('holds the kind limit: counts running jobs with a live lease only, of this kind only', async () => {
    for (let i = 0; i < 5; i++) await s.insertJob(job());
    await s.insertJob(job({ kind: 'mail' }));
    const lim = { kindLimit: 2 };
    const a = await claimAt(s, 0, lim);
    const b = await claimAt(s, 0, lim);
    expect([a?.id, b?.id]).toEqual([1, 2]);
    expect(await claimAt(s, 0, lim)).toBeUndefined();
    expect(await claimAt(s, 0, { kind: 'mail', kindLimit: 1 })).toMatchObject({ id: 6 }); // other kinds are not held
    await s.markDone(a!.id, a!.attempts, t(0));
    expect(await claimAt(s, 0, lim)).toMatchObject({ id: 3 });
    expect(await claimAt(s, 0, lim)).toBeUndefined();
    // Leases ran out (t(1)): they count no more, and the oldest of them is taken over first.
    expect(await claimAt(s, 2, lim)).toMatchObject({ id: 2, attempts: 2 });
    expect(await claimAt(s, 2, lim)).toMatchObject({ id: 3, attempts: 2 });
    expect(await claimAt(s, 2, lim)).toBeUndefined();
    expect(await claimAt(s, 2, { kindLimit: 0 })).toBeUndefined();
  });

  it('holds the per-user limit within a kind, passing over a full user to the next job', async () => {
    await s.insertJob(job({ userId: 1 })); // 1
    await s.insertJob(job({ userId: 1 })); // 2
    await s.insertJob(job({ userId: 1 })); // 3
    await s.insertJob(job({ userId: 2 })); // 4
    await s.insertJob(job({ userId: null })); // 5
    await s.insertJob(job({ userId: null })); // 6
    await s.insertJob(job({ kind: 'mail', userId: 1 })); // 7
    const per = { userLimit: 1 };
    const got: number[] = [];
    for (let j = await claimAt(s, 0, per); j; j = await claimAt(s, 0, per)) got.push(j.id);
    expect(got).toEqual([1, 4, 5, 6]); // jobs without a user have no per-user limit
    expect(await claimAt(s, 0, { kind: 'mail', userLimit: 1 })).toMatchObject({ id: 7 }); // counted per kind
    await s.markRetry(1, 1, t(0), 'later');
    expect(await claimAt(s, 0, per)).toMatchObject({ id: 1, attempts: 2 });
    expect(await claimAt(s, 0, { userLimit: 2 })).toMatchObject({ id: 2 });
  });

  it('renews, finishes, retries and fails only the current attempt of a running job', async () => {
    await s.insertJob(job()); // 1
    await s.insertJob(job()); // 2
    const j = (await claimAt(s, 0))!;
    expect(await s.renewLease(j.id, j.attempts + 1, t(5))).toBe(false);
    expect(await s.renewLease(j.id, j.attempts, t(5))).toBe(true);
    expect((await s.getJob(j.id))!.leaseUntil).toBe(t(5));
    expect(await s.markDone(j.id, j.attempts, t(2))).toBe(true);
    expect(await s.getJob(j.id)).toMatchObject({ status: 'done', leaseUntil: null, finishedAt: t(2) });
    expect(await s.markDone(j.id, j.attempts, t(3))).toBe(false);
    expect(await s.renewLease(j.id, j.attempts, t(9))).toBe(false); // not running

    const k = (await claimAt(s, 0))!;
    expect(await s.markRetry(k.id, k.attempts, t(4), 'timeout')).toBe(true);
    expect(await s.getJob(k.id)).toMatchObject({ status: 'queued', leaseUntil: null, runAt: t(4), lastError: 'timeout', attempts: 1 });
    expect(await s.markRetry(k.id, k.attempts, t(4), 'again')).toBe(false); // no longer running
    expect(await claimAt(s, 3)).toBeUndefined();
    const k2 = (await claimAt(s, 4))!;
    expect(k2).toMatchObject({ id: k.id, attempts: 2 });
    expect(await s.markFailed(k.id, 1, t(5), 'stale')).toBe(false);
    expect(await s.markFailed(k.id, 2, t(5), 'gone for good')).toBe(true);
    expect(await s.getJob(k.id)).toMatchObject({ status: 'failed', leaseUntil: null, finishedAt: t(5), lastError: 'gone for good' });
    expect(await s.markDone(k.id, 2, t(6))).toBe(false);
  });

  it('fails jobs whose last permitted attempt lost its lease, keeping the earlier error', async () => {
    await s.insertJob(job({ maxAttempts: 1 })); // 1
    await s.insertJob(job({ maxAttempts: 2 })); // 2
    await s.insertJob(job({ maxAttempts: 2, runAt: t(1) })); // 3: will have attempts left
    await claimAt(s, 0); // 1, lease until t(1)
    await claimAt(s, 0); // 2
    await s.markRetry(2, 1, t(0), 'boom');
    expect(await claimAt(s, 0)).toMatchObject({ id: 2, attempts: 2 });
    expect(await claimAt(s, 1)).toMatchObject({ id: 3, attempts: 1 }); // lease until t(2)
    expect(await s.failAbandoned(t(0.5))).toBe(0); // leases still live
    expect(await s.failAbandoned(t(5))).toBe(2);
    expect(await s.getJob(1)).toMatchObject({ status: 'failed', leaseUntil: null, finishedAt: t(5), lastError: 'lease expired on the last attempt' });
    expect(await s.getJob(2)).toMatchObject({ status: 'failed', lastError: 'boom; lease expired on the last attempt' });
    expect(await s.getJob(3)).toMatchObject({ status: 'running', leaseUntil: t(2) });
    expect(await s.failAbandoned(t(5))).toBe(0);
  });

  it('requeues every running job, due at once', async () => {
    for (let i = 0; i < 3; i++) await s.insertJob(job());
    await s.insertJob(job({ kind: 'mail' }));
    await claimAt(s, 0);
    await claimAt(s, 0);
    await claimAt(s, 0, { kind: 'mail' });
    const done = (await claimAt(s, 0))!;
    await s.markDone(done.id, done.attempts, t(0));
    expect(await s.requeueRunningJobs(t(3))).toBe(3);
    for (const id of [1, 2, 4]) expect(await s.getJob(id)).toMatchObject({ status: 'queued', leaseUntil: null, runAt: t(3), attempts: 1 });
    expect((await s.getJob(3))!.status).toBe('done');
    expect(await s.requeueRunningJobs(t(4))).toBe(0);
  });

  it('counts due and running jobs per kind, with the oldest of each', async () => {
    expect(await s.queueStats(t(0))).toEqual([]);
    await s.insertJob(job({ runAt: t(-3) })); // 1
    await s.insertJob(job({ runAt: t(-1) })); // 2
    await s.insertJob(job({ runAt: t(-2) })); // 3
    await s.insertJob(job({ runAt: t(5) })); // 4: not due
    await s.insertJob(job({ kind: 'mail', runAt: t(-5) })); // 5
    await s.insertJob(job({ kind: 'mail', runAt: t(-4) })); // 6
    await claimAt(s, -1); // 1, started t(-1)
    const m = (await claimAt(s, -0.5, { kind: 'mail' }))!; // 5
    await s.markDone(m.id, m.attempts, t(0));
    const stats = await s.queueStats(t(0));
    const byKey = (a: Stat, b: Stat) => `${a.kind}/${a.status}`.localeCompare(`${b.kind}/${b.status}`);
    expect([...stats].sort(byKey)).toEqual([
      { kind: 'crawl', status: 'queued', n: 2, oldest: t(-2) },
      { kind: 'crawl', status: 'running', n: 1, oldest: t(-1) },
      { kind: 'mail', status: 'queued', n: 1, oldest: t(-4) },
    ]);
  });

  it('tells when the next job of the given kinds is due or its lease runs out', async () => {
    expect(await s.nextDueAt(['crawl'])).toBeNull();
    await s.insertJob(job({ runAt: t(8) }));
    await s.insertJob(job({ kind: 'mail', runAt: t(3) }));
    expect(await s.nextDueAt(['crawl'])).toBe(t(8));
    expect(await s.nextDueAt(['crawl', 'mail'])).toBe(t(3));
    expect(await s.nextDueAt([])).toBeNull();
    await s.insertJob(job({ runAt: t(0) })); // 3
    await claimAt(s, 0); // 3, lease until t(1)
    expect(await s.nextDueAt(['crawl'])).toBe(t(1));
    await s.markDone(3, 1, t(0));
    expect(await s.nextDueAt(['crawl'])).toBe(t(8));
    expect(await s.nextDueAt(['other'])).toBeNull();
  });
});

// One script of calls on both engines: the whole transcript of results is the same.
it('gives the same transcript on SQLite and PostgreSQL', async () => {
  const script = async (s: Store) => {
    await s.reset();
    const out: unknown[] = [];
    for (let i = 0; i < 12; i++) {
      out.push(await s.insertJob(job({ kind: i % 3 ? 'crawl' : 'mail', runAt: t(i % 4), userId: i % 2 ? 1 : 2, dedupeKey: i % 5 ? `k${i % 7}` : null, payload: { i } })));
    }
    for (let m = 0; m < 8; m++) {
      for (const kind of ['crawl', 'mail']) {
        const j = await s.claimJob({ kind, now: t(m), leaseUntil: t(m + 2), kindLimit: 2, userLimit: 1 });
        out.push(j);
        if (j && j.id % 2) out.push(await s.markRetry(j.id, j.attempts, t(m + 1), `e${m}`));
        else if (j && j.id % 3 === 0) out.push(await s.markDone(j.id, j.attempts, t(m)));
      }
      out.push(await s.failAbandoned(t(m)), await s.queueStats(t(m)), await s.nextDueAt(['crawl', 'mail']));
    }
    out.push(await s.requeueRunningJobs(t(9)));
    for (let id = 1; id <= 12; id++) out.push(await s.getJob(id));
    return out;
  };
  const onSqlite = await script(stores.sqlite);
  expect(onSqlite.filter(Boolean).length).toBeGreaterThan(40);
  expect(await script(stores.postgres)).toEqual(onSqlite);
});

describe('job claims on PostgreSQL with workers at the same time', () => {
  beforeEach(async () => {
    await env.pool.query('TRUNCATE jobs RESTART IDENTITY');
  });

  const running = async (kind: string) =>
    (await env.pool.query<{ n: number }>("SELECT count(*) AS n FROM jobs WHERE kind = $1 AND status = 'running'", [kind])).rows[0].n;
  const insertMany = async (n: number, over: Partial<NewJob> = {}) => {
    for (let i = 0; i < n; i++) await pgJobs.insertJob(env.pool, job({ kind: 'bulk', ...over }));
  };
  const claimQ = (over: Partial<ClaimQuery> = {}): ClaimQuery => ({ kind: 'bulk', now: t(0), leaseUntil: t(10), kindLimit: Infinity, userLimit: Infinity, ...over });

  it.each([
    ['no limit (SKIP LOCKED alone)', {}],
    ['a kind limit above the count (under the kind lock)', { kindLimit: 1000, userLimit: NO_LIMIT }],
  ])('8 workers claiming 200 jobs take every job exactly once: %s', async (_, limits) => {
    await insertMany(200);
    const claimed = await withClients(env.pool, 8, async (client) => {
      const mine: number[] = [];
      for (let j = await pgJobs.claimJob(client, claimQ(limits)); j; j = await pgJobs.claimJob(client, claimQ(limits))) mine.push(j.id);
      return mine;
    });
    const all = claimed.flat().sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    const { rows } = await env.pool.query<{ attempts: number; n: number }>("SELECT attempts, count(*) AS n FROM jobs GROUP BY attempts");
    expect(rows).toEqual([{ attempts: 1, n: 200 }]);
  });

  it('8 claimers on 20 due jobs with a kind limit of 3: never more than 3 running, and 3 at the end', async () => {
    await insertMany(20);
    const seen: number[] = [];
    await withClients(env.pool, 8, async (client) => {
      while (await pgJobs.claimJob(client, claimQ({ kindLimit: 3, userLimit: NO_LIMIT }))) seen.push(await running('bulk'));
    });
    expect(seen.length).toBe(3);
    expect(Math.max(...seen)).toBeLessThanOrEqual(3);
    expect(await running('bulk')).toBe(3);
  });

  it('8 claimers on 30 jobs of one user with a per-user limit of 1: exactly 1 running', async () => {
    await insertMany(30, { userId: 42 });
    const seen: number[] = [];
    await withClients(env.pool, 8, async (client) => {
      while (await pgJobs.claimJob(client, claimQ({ kindLimit: 100, userLimit: 1 }))) seen.push(await running('bulk'));
    });
    expect(seen).toEqual([1]);
    expect(await running('bulk')).toBe(1);
  });

  // The per-user draft-build limit is this claim's per-user limit (jobs/draft-build.ts perUser, enforced only when a
  // worker claims a build; submitting a draft only enqueues): with the handler's own limits, several users' builds
  // run side by side and never two of one user's.
  it('draft builds with the handler\'s limits: 8 workers, 3 users with 5 builds each: one running per user', async () => {
    const spec = draftBuildHandler({ fetchOptions: { allowPrivate: false, userAgent: 'test' }, logoBaseUrl: 'http://127.0.0.1/logos' });
    expect([spec.concurrency, spec.perUser]).toEqual([4, 1]);
    for (let i = 0; i < 15; i++) await pgJobs.insertJob(env.pool, job({ kind: DRAFT_BUILD_JOB, userId: 100 + (i % 3) }));
    const limits = { kind: DRAFT_BUILD_JOB, kindLimit: spec.concurrency!, userLimit: spec.perUser! };
    const claimed = await withClients(env.pool, 8, async (client) => {
      const mine: number[] = [];
      for (let j = await pgJobs.claimJob(client, claimQ(limits)); j; j = await pgJobs.claimJob(client, claimQ(limits))) mine.push(j.userId!);
      return mine;
    });
    expect(claimed.flat().sort()).toEqual([100, 101, 102]);
    const { rows } = await env.pool.query("SELECT user_id, count(*) AS n FROM jobs WHERE status = 'running' GROUP BY user_id ORDER BY user_id");
    expect(rows).toEqual([{ user_id: 100, n: 1 }, { user_id: 101, n: 1 }, { user_id: 102, n: 1 }]);
  });

  it('a claim passes over a job another transaction holds, and one kind\'s claim lock does not hold up another kind', async () => {
    await insertMany(2);
    await pgJobs.insertJob(env.pool, job({ kind: 'other' }));
    const [holder, locker, claimer] = await Promise.all([env.pool.connect(), env.pool.connect(), env.pool.connect()]);
    // A claim that waited for the held row or lock would wait forever: let it fail instead.
    await claimer.query("SET lock_timeout = '3s'");
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM jobs WHERE id = 1 FOR UPDATE'); // e.g. its worker's markDone in flight
      expect(await pgJobs.claimJob(claimer, claimQ({ kindLimit: 3 }))).toMatchObject({ id: 2 });
      await locker.query('BEGIN');
      await locker.query(`SELECT pg_advisory_xact_lock(${pgJobs.JOB_CLAIM_LOCK}, hashtext('bulk'))`);
      expect(await pgJobs.claimJob(claimer, claimQ({ kind: 'other', kindLimit: 3 }))).toMatchObject({ id: 3 });
    } finally {
      await holder.query('ROLLBACK');
      await locker.query('ROLLBACK');
      await claimer.query('RESET lock_timeout');
      for (const c of [holder, locker, claimer]) c.release();
    }
    expect(await pgJobs.claimJob(env.pool, claimQ({ kindLimit: 3 }))).toMatchObject({ id: 1 });
  });

  it('10 inserts of one dedupe key at the same time make one job, and every caller gets its id', async () => {
    const results = await withClients(env.pool, 10, (client, i) => pgJobs.insertJob(client, job({ kind: 'bulk', dedupeKey: 'once', payload: { i } })));
    const { rows } = await env.pool.query<{ id: number }>("SELECT id FROM jobs WHERE dedupe_key = 'once'");
    expect(rows).toHaveLength(1);
    expect(results.map((r) => r.id)).toEqual(Array(10).fill(rows[0].id));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect((await env.pool.query('SELECT count(*) AS n FROM jobs')).rows[0].n).toBe(1);
  });
});
