import { describe, expect, it } from 'vitest';
import { pgDbOver } from '../storage/pg/open';
import { withTransaction, type Db } from '../storage/db';
import { decayWeight } from '../domain/ranking';
import { bothEngines } from './support/both-engines';
import { createPgPool, endPgPool } from '../storage/pg/pool';

// The storage engines behind the repository (storage/engine): the same statements, transactions and SQLite
// functions answer the same on SQLite and on PostgreSQL.
const env = bothEngines('engines', {
  sqlite: () => null,
  postgres: () => null,
});
let pgDb: Promise<Db> | undefined;
const dbs = async (): Promise<Record<'sqlite' | 'postgres', Db>> => ({
  sqlite: env.sqlite,
  postgres: await (pgDb ??= pgDbOver(env.pool)),
});

describe.each(['sqlite', 'postgres'] as const)('%s engine', (kind) => {
  it('runs a statement, reports the inserted id and the rows changed, plucks and reads rows as arrays', async () => {
    const db = (await dbs())[kind];
    const insert = db.engine.prepare("INSERT INTO users (email, name, created_at) VALUES (?, ?, '2026-11-18T12:00:00Z')");
    const a = await insert.run(`a-${kind}@engines.test`, 'A');
    const b = await insert.run(`b-${kind}@engines.test`, 'B');
    expect(b.lastInsertRowid).toBe(a.lastInsertRowid + 1);
    expect(a.changes).toBe(1);
    const byEmail = db.engine.prepare('SELECT id, name FROM users WHERE email = @email');
    expect(await byEmail.get({ email: `a-${kind}@engines.test` })).toEqual({ id: a.lastInsertRowid, name: 'A' });
    expect(await byEmail.pluck().get({ email: `b-${kind}@engines.test` })).toBe(b.lastInsertRowid);
    expect(await byEmail.raw().all({ email: `b-${kind}@engines.test` })).toEqual([[b.lastInsertRowid, 'B']]);
    expect(await byEmail.get({ email: 'nobody@engines.test' })).toBeUndefined();
    const renamed = await db.engine.prepare("UPDATE users SET name = 'same' WHERE email LIKE ?").run(`%-${kind}@ENGINES.TEST`);
    expect(renamed.changes).toBe(2); // LIKE is case-blind on both
  });

  it('commits a transaction whole, rolls it back whole, and a failed nested one leaves the outer one intact', async () => {
    const db = (await dbs())[kind];
    const count = () => db.engine.prepare("SELECT count(*) FROM settings WHERE key LIKE 'tx-%'").pluck().get() as Promise<number>;
    const put = db.engine.prepare('INSERT INTO settings (key, value) VALUES (?, ?)');
    await withTransaction(db, async () => {
      await put.run(`tx-${kind}-1`, 'a');
      await expect(withTransaction(db, async () => {
        await put.run(`tx-${kind}-2`, 'b');
        throw new Error('inner fails');
      })).rejects.toThrow('inner fails');
      expect(db.engine.inTransaction()).toBe(true);
    });
    expect(await count()).toBe(1);
    await expect(withTransaction(db, async () => {
      await put.run(`tx-${kind}-3`, 'c');
      throw new Error('outer fails');
    })).rejects.toThrow('outer fails');
    expect(await count()).toBe(1);
    expect(db.engine.inTransaction()).toBe(false);
    await db.engine.prepare("DELETE FROM settings WHERE key LIKE 'tx-%'").run();
  });

  it('has SQLite\'s scalar and JSON functions with SQLite\'s answers', async () => {
    const db = (await dbs())[kind];
    const one = (sql: string, ...p: unknown[]) => db.engine.prepare(sql).pluck().get(...p);
    expect(await one('SELECT instr(?, ?)', 'launch directory', 'dir')).toBe(8);
    expect(await one('SELECT instr(?, ?)', 'launch', 'x')).toBe(0);
    expect(await one('SELECT julianday(?)', '2000-01-01T12:00:00Z')).toBe(2451545);
    expect(await one('SELECT unixepoch(?)', '2026-11-18T12:00:00.750Z')).toBe(1795003200);
    expect(await one("SELECT json_extract(?, '$.a.b')", '{"a":{"b":"deep"}}')).toBe('deep');
    expect(await db.engine.prepare('SELECT value FROM json_each(?)').pluck().all('["x","y"]')).toEqual(['x', 'y']);
    expect(await db.engine.prepare("SELECT value FROM json_each(?, '$.fields')").pluck().all('{"fields":["name","tagline"]}')).toEqual(['name', 'tagline']);
    expect(await db.engine.prepare('SELECT id FROM users WHERE id IN (SELECT CAST(value AS INTEGER) FROM json_each(?)) ORDER BY id').pluck().all('[1, 2]')).toEqual([1, 2]);
    expect(JSON.parse(await one("SELECT json_group_array(x) FROM (SELECT 'a' AS x UNION ALL SELECT 'b') AS t") as string)).toEqual(['a', 'b']);
    expect(await one('SELECT max(3, 5), min(3, 5)')).toBe(5);
  });

  // SQLite calls domain/ranking.ts's decayWeight itself (registered by storage/queries/launches.ts); PostgreSQL has
  // it as SQL (migration 0004), which must give the same weights.
  it.skipIf(kind === 'sqlite')('weighs trending votes as domain/ranking.ts does', async () => {
    const db = (await dbs())[kind];
    for (const [age, halfLife] of [[0, 24], [12, 24], [24, 24], [95, 24], [97, 24], [-3, 24], [10, 0]]) {
      const w = await db.engine.prepare('SELECT ranking_decay_weight(?::float8, ?::float8)').pluck().get(age, halfLife) as number;
      expect(w).toBeCloseTo(decayWeight(age, halfLife), 12);
    }
  });
});

// A pool's connections, on the server: what pg_stat_activity shows under the pool's application name.
const sessionsOf = async (name: string) =>
  await env.pool.query('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [name]).then((r) => r.rows.map((x) => x.pid as number));

describe('a PostgreSQL pool', () => {
  const connectionString = () => env.pool.options.connectionString!;

  it('is closed on the server once endPgPool returns (pool.end() alone returns while they are still closing)', async () => {
    const pool = createPgPool(connectionString(), { max: 8, application_name: 'pool-closing' });
    const clients = await Promise.all(Array.from({ length: 8 }, () => pool.connect()));
    for (const c of clients) c.release();
    expect(await sessionsOf('pool-closing')).toHaveLength(8);
    let closed = 0;
    pool.on('remove', () => closed++); // pg-pool's word for a connection it ended that has closed
    await endPgPool(pool);
    expect(closed).toBe(8);
    expect(await sessionsOf('pool-closing')).toEqual([]);
    await endPgPool(pool); // twice is harmless
  });

  it('survives its idle connections being ended by the server, and opens new ones', async () => {
    const pool = createPgPool(connectionString(), { max: 4, application_name: 'pool-terminated' });
    const errors: Error[] = [];
    pool.on('error', (e) => errors.push(e));
    const clients = await Promise.all(Array.from({ length: 4 }, () => pool.connect()));
    for (const c of clients) c.release();
    for (const pid of await sessionsOf('pool-terminated')) await env.pool.query('SELECT pg_terminate_backend($1)', [pid]);
    await expect.poll(() => errors.length).toBe(4); // each reported, none thrown: the process goes on
    expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await endPgPool(pool);
  });
});
