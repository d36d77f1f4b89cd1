import { describe, expect, it } from 'vitest';
import { withTransaction, type Db } from '../storage/db';
import { pgDbOver } from '../storage/pg/open';
import type { PgEngine } from '../storage/engine/pg';
import { lockParentRow } from '../storage/queries/row-locks';
import { insertMilestone, milestoneCount } from '../storage/queries/my-listings';
import { bothEngines } from './support/both-engines';

// A limit kept by counting then inserting (a listing's milestones, a draft's invites) is exact on PostgreSQL only
// because the parent row is locked first (storage/queries/row-locks.ts): READ COMMITTED lets transactions that
// start together all count the same children. The same rule as add_milestone's, run by many at once.
const env = bothEngines('row_locks', { sqlite: () => null, postgres: () => null }, { poolMax: 25 });
const LIMIT = 3;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function addUnderLimit(db: Db, listingId: number, lock: boolean): Promise<boolean> {
  return withTransaction(db, async () => {
    if (lock) await lockParentRow(db, 'listings', listingId);
    if (await milestoneCount(db, listingId) >= LIMIT) return false;
    await sleep(10); // the others count meanwhile
    await insertMilestone(db, { listingId, date: '2026-11-18', title: 'm', description: null, url: null });
    return true;
  });
}

async function newListing(db: Db): Promise<number> {
  return (await db.engine.prepare(`INSERT INTO listings (slug, name, url, domain, status, created_at, updated_at)
    VALUES (?, 'L', 'https://l.example/', 'l.example', 'live', '2026-11-18T00:00:00Z', '2026-11-18T00:00:00Z')`)
    .run(`l-${Math.random().toString(36).slice(2)}`)).lastInsertRowid;
}

describe('count-then-insert limits on PostgreSQL', () => {
  it('hold exactly with the parent row locked: 12 at once, 3 added', async () => {
    const db = await pgDbOver(env.pool);
    const id = await newListing(db);
    const added = await Promise.all(Array.from({ length: 12 }, () => addUnderLimit(db, id, true)));
    expect(added.filter(Boolean)).toHaveLength(LIMIT);
    expect(await milestoneCount(db, id)).toBe(LIMIT);
  });

  // The app's write transactions also run one at a time (storage/engine/pg.ts takes the change log's lock at BEGIN),
  // so the race is shown on plain READ COMMITTED transactions of the pool's own: the row lock keeps the limit without
  // relying on that.
  it('overfill without the lock (what the lock prevents)', async () => {
    const db = await pgDbOver(env.pool);
    const id = await newListing(db);
    await Promise.all(Array.from({ length: 12 }, async () => {
      const client = await env.pool.connect();
      try {
        await client.query('BEGIN');
        const { n } = (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM milestones WHERE listing_id = $1', [id])).rows[0];
        if (n < LIMIT) {
          await sleep(10); // the others count meanwhile
          await client.query("INSERT INTO milestones (listing_id, date, title) VALUES ($1, '2026-11-18', 'm')", [id]);
        }
        await client.query('COMMIT');
      } finally {
        client.release();
      }
    }));
    expect(await milestoneCount(db, id)).toBeGreaterThan(LIMIT);
  });

  it('holds with every writer of the app one at a time, the parent row unlocked', async () => {
    const db = await pgDbOver(env.pool);
    const id = await newListing(db);
    const added = await Promise.all(Array.from({ length: 12 }, () => addUnderLimit(db, id, false)));
    expect(added.filter(Boolean)).toHaveLength(LIMIT);
  });
});

// Writers take their locks in one order (storage/engine/pg.ts: the change log's lock at BEGIN). Before, a transaction
// that had bumped a topic held that lock and could want a row another held while that one's trigger waited for the
// lock: a deadlock, found only after deadlock_timeout and run again. Counted here by the bodies' runs.
describe('write transactions on PostgreSQL', () => {
  // Two listings, and a transaction that holds the log's lock (its first write, to b), waits, then wants a's row;
  // `other` starts while it waits. Returns other's result and how many times the transaction's body ran.
  async function againstHolder<T>(other: (db: Db, a: number) => Promise<T>): Promise<{ db: Db; a: number; result: T; runs: number }> {
    const db = await pgDbOver(env.pool);
    const [a, b] = [await newListing(db), await newListing(db)];
    const touch = (id: number) => db.engine.prepare('UPDATE listings SET views_count = views_count + 1 WHERE id = ?').run(id);
    let runs = 0;
    const [, result] = await Promise.all([
      withTransaction(db, async () => { runs++; await touch(b); await sleep(60); await touch(a); }),
      sleep(20).then(() => other(db, a)),
    ]);
    return { db, a, result, runs };
  }

  it('never wait on each other in a circle: each body runs once', async () => {
    let otherRuns = 0;
    const { runs } = await againstHolder((db, a) => withTransaction(db, async () => {
      otherRuns++;
      await db.engine.prepare('UPDATE listings SET views_count = views_count + 1 WHERE id = ?').run(a);
    }));
    expect(runs + otherRuns).toBe(2);
  });

  it('know from the schema which tables bump topics (their bare writes run in a transaction of their own)', async () => {
    const db = await pgDbOver(env.pool);
    const engine = db.engine as PgEngine;
    for (const t of ['listings', 'votes', 'users', 'settings', 'listing_categories']) expect(engine.bumps(t), t).toBe(true);
    for (const t of ['sessions', 'drafts', 'api_keys', 'jobs']) expect(engine.bumps(t), t).toBe(false);
    expect(engine.bumps(null)).toBe(true); // a write whose table is not known is taken to bump
  });

  it('take the same order with a write made outside any transaction: it neither fails nor makes one run again', async () => {
    // The bare UPDATE comes while the transaction holds the log's lock and before it wants row a. As a bare statement
    // it would lock row a, then wait in its trigger for the lock: PostgreSQL would fail one of the two after a second.
    const { db, a, result: bare, runs } = await againstHolder((db, a) => db.engine.prepare("UPDATE listings SET name = 'Renamed' WHERE id = ?").run(a));
    expect(bare.changes).toBe(1);
    expect(runs).toBe(1);
    const row = await db.engine.prepare('SELECT name, views_count FROM listings WHERE id = ?').get(a) as { name: string; views_count: number };
    expect(row).toEqual({ name: 'Renamed', views_count: 1 });
  });
});
