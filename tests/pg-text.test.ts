import { describe, expect, it } from 'vitest';
import { toPgText } from '../storage/engine/pg-text';

// What PostgreSQL runs for a statement written for SQLite (storage/engine/pg-text.ts): syntax only, never inside
// string literals, quoted names or comments.
const withId = (t: string) => ['listings', 'users', 'drafts'].includes(t);
const pgOf = (sql: string) => toPgText(sql, withId);

describe('SQLite statement text as PostgreSQL runs it', () => {
  it.each([
    ['positional placeholders are numbered', 'SELECT id FROM listings WHERE slug = ? AND status = ?', 'SELECT id FROM listings WHERE slug = $1 AND status = $2'],
    ['a named placeholder keeps one number however often it appears', 'SELECT 1 WHERE a = @x OR b = @y OR c = @x', 'SELECT 1 WHERE a = $1 OR b = $2 OR c = $1'],
    ['placeholders inside a string literal stay text', "SELECT '?' || '@name' AS t WHERE a = ?", "SELECT '?' || '@name' AS t WHERE a = $1"],
    ['an escaped quote does not end the literal', "SELECT 'it''s ?' WHERE a = ?", "SELECT 'it''s ?' WHERE a = $1"],
    ['quoted names are copied as they are', 'SELECT user_id AS "userId?" FROM drafts WHERE id = ?', 'SELECT user_id AS "userId?" FROM drafts WHERE id = $1'],
    ['comments are copied as they are', 'SELECT 1 -- why? @note\nWHERE a = ?', 'SELECT 1 -- why? @note\nWHERE a = $1'],
    ['two-argument max and min are GREATEST and LEAST', 'SELECT max(a, b), min(1, max(c)), max(d) FROM t', 'SELECT GREATEST(a, b), LEAST(1, max(c)), max(d) FROM t'],
    ['a nested call inside max counts its commas at its own depth', 'SELECT max(coalesce(a, 0)) FROM t', 'SELECT max(coalesce(a, 0)) FROM t'],
    ['LIKE is case-blind, as in SQLite', "SELECT 1 FROM t WHERE a LIKE ? AND b NOT LIKE 'x%'", "SELECT 1 FROM t WHERE a ILIKE $1 AND b NOT ILIKE 'x%'"],
    ['COLLATE NOCASE orders by the lower-case text', 'SELECT id FROM listings ORDER BY l.name COLLATE NOCASE, id', 'SELECT id FROM listings ORDER BY lower(l.name), id'],
    ['INSERT OR IGNORE does nothing on conflict', 'INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)', 'INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT DO NOTHING'],
    ['an INSERT into a table with an id reports it', 'INSERT INTO users (email) VALUES (?)', 'INSERT INTO users (email) VALUES ($1) RETURNING id'],
    ['an INSERT that returns rows already is left alone', 'INSERT INTO users (email) VALUES (?) RETURNING id, email', 'INSERT INTO users (email) VALUES ($1) RETURNING id, email'],
    ['a camelCase alias keeps its case', 'SELECT user_id AS userId, name AS name, created_at AS "createdAt" FROM users', 'SELECT user_id AS "userId", name AS name, created_at AS "createdAt" FROM users'],
    ['a type in CAST is not an alias', 'SELECT CAST(value AS INTEGER), CAST(x AS TEXT) AS t FROM json_each(?)', 'SELECT CAST(value AS INTEGER), CAST(x AS TEXT) AS t FROM json_each($1)'],
    ['a SQLite index hint is dropped', 'SELECT id FROM listings l INDEXED BY listings_votes WHERE l.status = ?', 'SELECT id FROM listings l WHERE l.status = $1'],
    ['a trailing semicolon is dropped', 'DELETE FROM users WHERE id = ?;', 'DELETE FROM users WHERE id = $1'],
  ])('%s', (_, sqlite, pg) => {
    expect(pgOf(sqlite).text).toBe(pg);
  });

  it('binds named parameters from the one object, in their numbers\' order, undefined as null and booleans as 0/1', () => {
    const t = pgOf('UPDATE listings SET a = @a, b = @b, c = @c WHERE id = @id');
    expect(t.values([{ id: 7, c: true, a: 'x', b: undefined }])).toEqual(['x', null, 1, 7]);
    expect(t.writes).toBe(true);
  });

  it('knows which statements write and which INSERTs report an id', () => {
    expect(pgOf('SELECT 1').writes).toBe(false);
    expect(pgOf('WITH x AS (SELECT 1) UPDATE users SET name = ? WHERE id IN (SELECT * FROM x)').writes).toBe(true);
    expect(pgOf('INSERT INTO users (email) VALUES (?)').returnsId).toBe(true);
    expect(pgOf('INSERT INTO votes (listing_id, user_id) VALUES (?, ?)').returnsId).toBe(false); // no id column
  });

  it.each([
    ['SELECT id FROM listings', null],
    ['INSERT INTO votes (listing_id) VALUES (?)', 'votes'],
    ['INSERT OR IGNORE INTO "settings" (key, value) VALUES (?, ?)', 'settings'],
    ['update listings set name = ? where id = ?', 'listings'],
    ['DELETE FROM sessions WHERE id = ?', 'sessions'],
    ['WITH x AS (SELECT 1) UPDATE users SET name = ? WHERE id IN (SELECT * FROM x)', 'users'],
  ])('names the table %s writes: %s', (sql, table) => {
    expect(pgOf(sql).target).toBe(table);
  });

  it('refuses a statement that mixes ? and @name', () => {
    expect(() => pgOf('SELECT 1 WHERE a = ? AND b = @b')).toThrow(/mixes/);
  });
});
