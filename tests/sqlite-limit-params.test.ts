import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';

// SQLite (3.53 as better-sqlite3 ships it) reads a parameter bound to LIMIT or OFFSET while planning, and marks the statement to be prepared
// again whenever that parameter is bound anew: every run of `… LIMIT ? OFFSET ?` parsed and planned its text again
// (sqlite3ExprIsInteger in better-sqlite3's sqlite3.c). At 100,000 listings that cost ~6.5 µs a run for a simple list,
// ~14 µs for the alternatives' ranking. Written `LIMIT CAST(? AS INTEGER)`, the statement is planned once, for any
// value, with the same plan (all 77 of the suite's paged statements, compared on the bench's database). better-sqlite3
// has no switch for it (SQLITE_DBCONFIG_ENABLE_QPSG), so the statements are written that way, and this keeps them so.

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
// Where statements for SQLite are written; storage/pg holds PostgreSQL's own texts, which this does not concern.
const SOURCES = ['storage', 'tools', 'site', 'jobs', 'transport', 'auth', 'domain', 'crawler', 'cli'];
const POSTGRES_ONLY = join('storage', 'pg');

const BARE_LIMIT = /\b(LIMIT|OFFSET)\s+(\?\d*|[@:$][A-Za-z_]\w*)/g;
const bareLimits = (text: string): string[] => [...text.matchAll(BARE_LIMIT)].map((m) => m[0]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return relative(ROOT, path) === POSTGRES_ONLY ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('LIMIT and OFFSET parameters', () => {
  it.each([
    ['SELECT id FROM t LIMIT ? OFFSET ?', ['LIMIT ?', 'OFFSET ?']],
    ['SELECT id FROM t ORDER BY id LIMIT @limit OFFSET @offset', ['LIMIT @limit', 'OFFSET @offset']],
    ['SELECT id FROM t LIMIT ?2', ['LIMIT ?2']],
    ['SELECT id FROM t LIMIT :n', ['LIMIT :n']],
    ['SELECT id FROM t LIMIT\n      $n', ['LIMIT\n      $n']],
    ['SELECT id FROM t LIMIT 1 OFFSET ?', ['OFFSET ?']],
    ['SELECT id FROM t LIMIT CAST(? AS INTEGER) OFFSET CAST(@offset AS INTEGER)', []],
    ['SELECT id FROM t LIMIT 20', []],
    ['SELECT id FROM t LIMIT ${PAGE}', []],
    ['const n = limit ? limit : 20', []],
  ])('the rule finds the bare ones in %j', (sql, found) => {
    expect(bareLimits(sql)).toEqual(found);
  });

  it('a CAST limit gives the bare one\'s answers, whatever the values', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER); CREATE INDEX t_v ON t (v)');
    const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
    for (let i = 0; i < 50; i++) insert.run(i % 7);
    const bare = db.prepare('SELECT id FROM t ORDER BY v DESC, id LIMIT ? OFFSET ?').pluck();
    const cast = db.prepare('SELECT id FROM t ORDER BY v DESC, id LIMIT CAST(? AS INTEGER) OFFSET CAST(? AS INTEGER)').pluck();
    for (const [limit, offset] of [[5, 0], [3, 10], [0, 0], [100, 45], [-1, 48]]) {
      expect(cast.all(limit, offset)).toEqual(bare.all(limit, offset));
    }
    expect(cast.all(5, 0)).toHaveLength(5);
    db.close();
  });

  it('no statement for SQLite binds one bare', () => {
    const files = SOURCES.flatMap((dir) => sourceFiles(join(ROOT, dir)));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => bareLimits(readFileSync(file, 'utf8')).map((m) => `${relative(ROOT, file)}: ${m}`));
    expect(found).toEqual([]);
  });
});
