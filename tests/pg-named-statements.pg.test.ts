import { describe, expect, it } from 'vitest';
import { createPgPool, endPgPool } from '../storage/pg/pool';
import { pgDbOver } from '../storage/pg/open';
import type { PgEngine } from '../storage/engine/pg';
import { namesStatement, StatementNames } from '../storage/engine/pg-statement-names';
import { bothEngines } from './support/both-engines';

// Statements sent named (storage/engine/pg-statement-names.ts): prepared once per connection from their second run, bounded, never
// for `*` result columns, and off with PG_NAMED_STATEMENTS=false. What the connection prepared is read from
// pg_prepared_statements, on a pool of one connection so that every statement and the check share it.
const env = bothEngines('named_statements', { sqlite: () => null, postgres: () => null }, { poolMax: 1 });
const preparedNow = async (db: { engine: unknown }) =>
  ((await (db.engine as PgEngine).pool.query('SELECT statement FROM pg_prepared_statements')).rows as { statement: string }[]).map((r) => r.statement);

describe('named statements on PostgreSQL', () => {
  it('prepares a text from its second run on, and answers the same', async () => {
    const db = await pgDbOver(env.pool);
    const stmt = db.engine.prepare('SELECT count(*) AS n FROM categories WHERE id > ?');
    const first = await stmt.get(0);
    expect((await preparedNow(db)).some((t) => t.includes('FROM categories WHERE id > $1'))).toBe(false);
    const second = await stmt.get(0);
    const third = await db.engine.prepare('SELECT count(*) AS n FROM categories WHERE id > ?').get(0); // same text, another Stmt
    expect((await preparedNow(db)).filter((t) => t.includes('FROM categories WHERE id > $1'))).toHaveLength(1);
    expect([second, third]).toEqual([first, first]);
  });

  it('keeps running a named statement after a migration adds a column to its table', async () => {
    const db = await pgDbOver(env.pool);
    const stmt = db.engine.prepare('SELECT slug FROM categories ORDER BY id LIMIT 1');
    await stmt.get();
    const before = await stmt.get();
    await env.pool.query('ALTER TABLE categories ADD COLUMN extra_for_test integer');
    try {
      expect(await stmt.get()).toEqual(before);
    } finally {
      await env.pool.query('ALTER TABLE categories DROP COLUMN extra_for_test');
    }
  });

  it('never names `*` result columns, and names nothing when turned off', async () => {
    expect.soft(namesStatement('SELECT * FROM listings WHERE id = $1')).toBe(false);
    expect.soft(namesStatement('SELECT m.*, count(*) OVER () AS total FROM m')).toBe(false);
    expect.soft(namesStatement('UPDATE jobs SET status = $1 RETURNING *')).toBe(false);
    expect.soft(namesStatement('SELECT count(*) AS n FROM listings')).toBe(true);
    expect.soft(namesStatement('SELECT a.id, b.x * 2 AS y FROM a JOIN b ON b.id = a.id')).toBe(true);
    const db = await pgDbOver(env.pool);
    for (let i = 0; i < 3; i++) await db.engine.prepare('SELECT * FROM categories WHERE id = ?').get(1);
    expect((await preparedNow(db)).some((t) => t.includes('SELECT * FROM categories'))).toBe(false);
    const pool = createPgPool((env.pool as unknown as { options: { connectionString: string } }).options.connectionString, { max: 1 });
    try {
      const off = await pgDbOver(pool, 'off', { namedStatements: false });
      for (let i = 0; i < 3; i++) await off.engine.prepare('SELECT name FROM categories WHERE id = ?').get(1);
      expect(await preparedNow(off)).toEqual([]);
    } finally {
      await endPgPool(pool);
    }
  });

  it('names at most 500 texts, from their second run', () => {
    const engine = new StatementNames();
    let named = 0;
    for (let i = 0; i < 700; i++) {
      const text = `SELECT ${i} AS n`;
      expect(engine.nameFor(text)).toBeUndefined();
      if (engine.nameFor(text) !== undefined) named++;
    }
    expect(named).toBe(500);
    expect(engine.nameFor('SELECT 3 AS n')).toMatch(/^s[0-9a-f]{24}$/);
  });
});
