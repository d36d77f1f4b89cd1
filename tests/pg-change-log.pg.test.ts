import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { applyPgMigrations } from '../storage/pg/migrate';
import { createPgPool, endPgPool } from '../storage/pg/pool';
import { createDatabase, startPgCluster, type PgCluster } from './support/pg-cluster';

// The change log on PostgreSQL (storage/pg/migrations/0003_change_log.sql, as SQLite's 0014): every bump of a topic
// is logged, and with writers at the same time the log's seqs become visible in the order the writers commit, so a
// reader that follows it by seq never steps past a change that commits later.

let cluster: PgCluster;
let pool: pg.Pool;
beforeAll(async () => {
  cluster = await startPgCluster();
  pool = createPgPool(await createDatabase(cluster.url, 'change_log'));
  await applyPgMigrations(pool);
});
afterAll(async () => {
  if (pool) await endPgPool(pool);
  await cluster?.stop();
});

const bump = (db: pg.ClientBase | pg.Pool, topic: string) => db.query('SELECT cv_bump($1)', [topic]);
const logged = async () => (await pool.query<{ seq: number; topic: string }>('SELECT seq, topic FROM change_log ORDER BY seq')).rows;

describe('change_log on PostgreSQL', () => {
  it('logs every bump, first and later ones', async () => {
    await bump(pool, 'alpha');
    await bump(pool, 'alpha');
    await bump(pool, 'beta');
    expect((await logged()).map((r) => r.topic)).toEqual(['alpha', 'alpha', 'beta']);
    const { rows } = await pool.query("SELECT version FROM change_versions WHERE topic = 'alpha'");
    expect(Number(rows[0].version)).toBe(2);
  });

  it('a second writer waits for the first to commit, so seqs are visible in commit order', async () => {
    const first = await pool.connect();
    const second = await pool.connect();
    try {
      await first.query('BEGIN');
      await bump(first, 'first-writer');
      await second.query('BEGIN');
      let secondDone = false;
      const secondBump = bump(second, 'second-writer').then(() => { secondDone = true; });
      // The second writer is waiting on the log's lock while the first is open.
      for (let i = 0; i < 50; i++) {
        const { rows } = await pool.query("SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted");
        if (rows[0].n > 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(secondDone).toBe(false);
      await first.query('COMMIT');
      await secondBump;
      await second.query('COMMIT');
      const order = (await logged()).filter((r) => r.topic.endsWith('-writer')).map((r) => r.topic);
      expect(order).toEqual(['first-writer', 'second-writer']);
    } finally {
      first.release();
      second.release();
    }
  });

  it('keeps the last 100,000 changes', async () => {
    const { rows } = await pool.query<{ seq: number }>('SELECT max(seq) AS seq FROM change_log');
    await pool.query("INSERT INTO change_log (seq, topic) VALUES ($1, 'far ahead')", [rows[0].seq + 150_000]);
    const oldest = await pool.query<{ seq: number }>('SELECT min(seq) AS seq FROM change_log');
    expect(oldest.rows[0].seq).toBeGreaterThan(rows[0].seq + 150_000 - 100_000);
  });
});
