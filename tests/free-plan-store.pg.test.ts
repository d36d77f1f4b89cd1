import { beforeEach, describe, expect, it } from 'vitest';
import type pg from 'pg';
import type { Db } from '../storage/db';
import * as lite from '../storage/queries/free-plan';
import type { FreeWeekClaim } from '../storage/queries/free-plan';
import { setSetting } from '../storage/queries/settings';
import { pgDbOver } from '../storage/pg/open';
import { bothEngines, storeEachTest } from './support/both-engines';

// Choosing the free plan's launch week (storage/queries/free-plan.ts claimFreeLaunchWeek, one function for both
// engines, with the week locks of storage/pg/free-plan.ts on PostgreSQL): both choose the same weeks for the same requests. Then what only PostgreSQL has
// to prove: listings choosing at the same moment on separate connections never put more than the capacity in a week.

type Store = {
  claim(id: number, now: Date): Promise<FreeWeekClaim>;
  addListing(status?: string, o?: { plan?: string; week?: string }): Promise<number>;
  setSettings(s: { min?: number; max?: number; capacity?: number }): Promise<void>;
  listing(id: number): Promise<{ status: string; plan: string | null; launch_week: string | null; updated_at: string }>;
  weeks(): Promise<Record<string, number>>; // free places taken per week
  reset(): Promise<void>;
};

const INSERT = `INSERT INTO listings (slug, name, url, domain, status, plan, launch_week, created_at, updated_at)
  VALUES ($1, $2, 'https://example.test/', 'example.test', $3, $4, $5, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`;
const WEEKS = `SELECT launch_week AS week, count(*) AS n FROM listings
  WHERE plan = 'free' AND status IN ('awaiting_badge', 'scheduled', 'live') GROUP BY launch_week ORDER BY launch_week`;
const settingRows = (s: { min?: number; max?: number; capacity?: number }) => [
  ['free_queue_min_weeks', s.min], ['free_queue_max_weeks', s.max], ['free_week_capacity', s.capacity],
].filter(([, v]) => v !== undefined) as [string, number][];

let slugs = 0;
const slugTwice = () => [`l${++slugs}`, `l${slugs}`]; // slug and name

const sqliteStore = (db: Db): Store => ({
  claim: async (id, now) => lite.claimFreeLaunchWeek(db, id, now),
  addListing: async (status = 'submitted', o = {}) =>
    Number(db.sqlite.prepare(INSERT.replace(/\$\d/g, '?')).run(...slugTwice(), status, o.plan ?? null, o.week ?? null).lastInsertRowid),
  setSettings: async (s) => { for (const [k, v] of settingRows(s)) await setSetting(db, k, String(v)); },
  listing: async (id) => db.sqlite.prepare('SELECT status, plan, launch_week, updated_at FROM listings WHERE id = ?').get(id) as never,
  weeks: async () => Object.fromEntries((db.sqlite.prepare(WEEKS).all() as { week: string; n: number }[]).map((r) => [r.week, r.n])),
  reset: async () => void db.sqlite.exec("DELETE FROM listings; DELETE FROM settings; DELETE FROM sqlite_sequence WHERE name = 'listings'"),
});

// The repository's view of the PostgreSQL database: claims run through the engine as the app runs them.
let pgDbOf: Promise<Db> | undefined;
const pgDb = (pool: pg.Pool) => (pgDbOf ??= pgDbOver(pool));
const pgStore = (pool: pg.Pool): Store => ({
  claim: async (id, now) => lite.claimFreeLaunchWeek(await pgDb(pool), id, now),
  addListing: async (status = 'submitted', o = {}) => {
    await pool.query(INSERT, [...slugTwice(), status, o.plan ?? null, o.week ?? null]);
    return (await pool.query<{ id: number }>('SELECT max(id) AS id FROM listings')).rows[0].id;
  },
  setSettings: async (s) => {
    for (const [k, v] of settingRows(s)) {
      await pool.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value', [k, String(v)]);
    }
  },
  listing: async (id) => (await pool.query('SELECT status, plan, launch_week, updated_at FROM listings WHERE id = $1', [id])).rows[0],
  weeks: async () => Object.fromEntries((await pool.query<{ week: string; n: number }>(WEEKS)).rows.map((r) => [r.week, r.n])),
  reset: async () => void (await pool.query('TRUNCATE listings, settings RESTART IDENTITY CASCADE')),
});

const env = bothEngines('free_plan_store', { sqlite: sqliteStore, postgres: pgStore }, { poolMax: 25 });
const stores = env.stores;

// Wednesday 18 November 2026: its week's Monday is 2026-11-16.
const NOW = new Date(Date.UTC(2026, 10, 18, 12, 0, 0));
const week = (k: number) => new Date(Date.UTC(2026, 10, 16 + 7 * k)).toISOString().slice(0, 10);

describe.each(['sqlite', 'postgres'])('free launch week contract: %s', (engine) => {
  const s = storeEachTest(stores, engine);

  it('with the default settings (6 to 8 weeks ahead, 50 a week) queues in the week 6 weeks ahead', async () => {
    const id = await s.addListing();
    expect(await s.claim(id, NOW)).toEqual({ outcome: 'queued', week: week(6) });
    expect(await s.listing(id)).toEqual({ status: 'awaiting_badge', plan: 'free', launch_week: week(6), updated_at: NOW.toISOString() });
  });

  it('fills the weeks in order, capacity in each, and refuses once the whole window is full', async () => {
    await s.setSettings({ min: 1, max: 3, capacity: 2 });
    const chosen: (string | null)[] = [];
    for (let i = 0; i < 7; i++) {
      const c = await s.claim(await s.addListing(), NOW);
      chosen.push(c.outcome === 'queued' ? c.week : null);
    }
    expect(chosen).toEqual([week(1), week(1), week(2), week(2), week(3), week(3), null]);
    const full = await s.claim(await s.addListing(), NOW);
    expect(full).toMatchObject({ outcome: 'full' });
    expect((full as { reason: string }).reason).toContain(`from ${week(1)} to ${week(3)} is full (2 free launches a week)`);
    expect(await s.weeks()).toEqual({ [week(1)]: 2, [week(2)]: 2, [week(3)]: 2 });
  });

  it('counts the places already taken (awaiting badge, scheduled, live free launches only)', async () => {
    await s.setSettings({ min: 2, max: 4, capacity: 2 });
    await s.addListing('awaiting_badge', { plan: 'free', week: week(2) });
    await s.addListing('scheduled', { plan: 'free', week: week(2) });
    await s.addListing('live', { plan: 'free', week: week(3) });
    await s.addListing('scheduled', { plan: 'paid', week: week(3) }); // a paid launch takes no free place
    await s.addListing('rejected', { plan: 'free', week: week(3) }); // nor does a rejected one
    const c = await s.claim(await s.addListing(), NOW);
    expect(c).toEqual({ outcome: 'queued', week: week(3) });
    expect(await s.claim(await s.addListing(), NOW)).toEqual({ outcome: 'queued', week: week(4) });
  });

  it('honours a window that starts this week and a capacity of zero', async () => {
    await s.setSettings({ min: 0, max: 0, capacity: 1 });
    expect(await s.claim(await s.addListing(), NOW)).toEqual({ outcome: 'queued', week: week(0) });
    expect((await s.claim(await s.addListing(), NOW)).outcome).toBe('full');
    await s.setSettings({ min: 1, max: 5, capacity: 0 });
    expect((await s.claim(await s.addListing(), NOW)).outcome).toBe('full');
  });

  it('leaves a listing whose status no longer allows it alone, taking no place', async () => {
    await s.setSettings({ min: 1, max: 1, capacity: 1 });
    const draft = await s.addListing('draft');
    expect(await s.claim(draft, NOW)).toEqual({ outcome: 'status_changed' });
    const id = await s.addListing();
    expect(await s.claim(id, NOW)).toEqual({ outcome: 'queued', week: week(1) });
    expect(await s.claim(id, NOW)).toMatchObject({ outcome: 'full' }); // its own place fills the week
    expect(await s.weeks()).toEqual({ [week(1)]: 1 });
    expect((await s.listing(draft)).status).toBe('draft');
  });
});

it('chooses the same weeks on SQLite and PostgreSQL for the same sequence of requests', async () => {
  const script = async (s: Store) => {
    await s.reset();
    const out: unknown[] = [];
    await s.setSettings({ min: 1, max: 4, capacity: 3 });
    await s.addListing('scheduled', { plan: 'free', week: week(2) });
    for (let i = 0; i < 16; i++) {
      if (i === 6) await s.setSettings({ capacity: 4 });
      if (i === 10) await s.setSettings({ min: 3, max: 6 });
      // Requests a week later see a window moved on by a week.
      const now = new Date(NOW.getTime() + (i >= 13 ? 7 * 86_400_000 : 0));
      const status = i % 5 === 4 ? 'draft' : 'submitted';
      out.push(await s.claim(await s.addListing(status), now));
    }
    out.push(await s.weeks());
    return out;
  };
  const onSqlite = await script(stores.sqlite);
  expect(new Set(onSqlite.slice(0, -1).map((c) => (c as FreeWeekClaim).outcome))).toEqual(new Set(['queued', 'status_changed']));
  expect(await script(stores.postgres)).toEqual(onSqlite);
});

describe('free launch weeks on PostgreSQL with listings choosing at the same moment', () => {
  beforeEach(async () => {
    await stores.postgres.reset();
  });

  // Holds each transaction open a moment after taking its place, as the badge check's job insert does, so that
  // without the week locks the others' counts would run before it commits.
  const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 20));

  it('capacity 5, 20 listings at once: exactly 5 in each week, in order, never more than 5', async () => {
    const s = stores.postgres;
    await s.setSettings({ min: 1, max: 6, capacity: 5 });
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push(await s.addListing());
    // Each, once queued, counts its week's places as its own transaction sees them (its own and those committed).
    const seen: number[] = [];
    const db = await pgDb(env.pool);
    const countThenPause = async (w: string) => {
      seen.push((await lite.freeLaunchesByWeek(db, [w])).get(w)!);
      await pause();
    };
    const claims = await Promise.all(ids.map((id) => lite.claimFreeLaunchWeek(db, id, NOW, countThenPause)));
    expect(claims.every((c) => c.outcome === 'queued')).toBe(true);
    expect(seen).toHaveLength(20);
    expect(Math.max(...seen)).toBe(5);
    expect(await s.weeks()).toEqual({ [week(1)]: 5, [week(2)]: 5, [week(3)]: 5, [week(4)]: 5 });
  });

  it('the last place of a full window goes to exactly one of 10 listings; the others are refused', async () => {
    const s = stores.postgres;
    await s.setSettings({ min: 1, max: 2, capacity: 3 });
    for (let i = 0; i < 5; i++) await s.claim(await s.addListing(), NOW);
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push(await s.addListing());
    const db = await pgDb(env.pool);
    const claims = await Promise.all(ids.map((id) => lite.claimFreeLaunchWeek(db, id, NOW, pause)));
    expect(claims.filter((c) => c.outcome === 'queued')).toEqual([{ outcome: 'queued', week: week(2) }]);
    expect(claims.filter((c) => c.outcome === 'full')).toHaveLength(9);
    expect(await s.weeks()).toEqual({ [week(1)]: 3, [week(2)]: 3 });
  });

  it('callers whose windows differ (one a week later) still never overfill the weeks they share', async () => {
    const s = stores.postgres;
    await s.setSettings({ min: 1, max: 4, capacity: 2 });
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await s.addListing());
    const nextWeek = new Date(NOW.getTime() + 7 * 86_400_000);
    const db = await pgDb(env.pool);
    const claims = await Promise.all(ids.map((id, i) => lite.claimFreeLaunchWeek(db, id, i % 2 ? nextWeek : NOW, pause)));
    const weeks = await s.weeks();
    expect(Math.max(...Object.values(weeks))).toBeLessThanOrEqual(2);
    const queued = claims.filter((c) => c.outcome === 'queued').length;
    expect(Object.values(weeks).reduce((a, b) => a + b, 0)).toBe(queued);
    // Which caller goes first decides how many fit (weeks 1 to 4 for the one, 2 to 5 for the other): 8 to 10.
    expect(queued).toBeGreaterThanOrEqual(8);
    expect(claims.filter((c) => c.outcome === 'full')).toHaveLength(12 - queued);
  });

  it('the same listing chosen twice at once is queued once', async () => {
    const s = stores.postgres;
    await s.setSettings({ min: 1, max: 3, capacity: 5 });
    const id = await s.addListing();
    const db = await pgDb(env.pool);
    const claims = await Promise.all(Array.from({ length: 5 }, () => lite.claimFreeLaunchWeek(db, id, NOW, pause)));
    expect(claims.filter((c) => c.outcome === 'queued')).toHaveLength(1);
    expect(claims.filter((c) => c.outcome === 'status_changed')).toHaveLength(4);
    expect(await s.weeks()).toEqual({ [week(1)]: 1 });
  });
});
