import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../storage/db';
import { dropPlannerStatistics } from '../storage/planner-statistics';

// The app's SQLite databases carry no planner statistics (storage/planner-statistics.ts): with stat4's key samples,
// every statement looking a bound key up in a sampled index is planned again for each new binding, and row counts
// alone are a state the queries' plans were not made for.
const dirs: string[] = [];
const open: Db[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.sqlite.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function newPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'directory-stats-'));
  dirs.push(dir);
  return join(dir, 'd.db');
}

const rows = (sqlite: Database.Database, table: string): number =>
  sqlite.prepare(`SELECT count(*) FROM sqlite_schema WHERE name = ?`).pluck().get(table) === 0 ? 0
    : sqlite.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;

// A table where statistics change the plan, written and analysed by a plain connection: what an operator's
// `sqlite3 directory.db ANALYZE` leaves (`limit`: with an analysis limit, row counts only). Every row has a = 1 and its
// own b: without statistics SQLite takes an equality (a = ?) for the narrower way in; with them it knows a matches
// every row and walks b's range instead (after a full ANALYZE; an analysis limit's estimate may not tell).
const PAIRS_PLAN = 'EXPLAIN QUERY PLAN SELECT count(*) FROM pairs WHERE a = 1 AND b > 4990';
const planOf = (sqlite: Database.Database) => (sqlite.prepare(PAIRS_PLAN).all() as { detail: string }[]).map((p) => p.detail).join(' ');

function analysedByHand(path: string, limit: number): void {
  openDb(path).sqlite.close(); // the app's schema first
  const raw = new Database(path);
  raw.exec('CREATE TABLE pairs (id INTEGER PRIMARY KEY, a INTEGER NOT NULL, b INTEGER NOT NULL)');
  raw.exec('CREATE INDEX pairs_a ON pairs (a); CREATE INDEX pairs_b ON pairs (b)');
  const insert = raw.prepare('INSERT INTO pairs (a, b) VALUES (1, ?)');
  raw.transaction(() => { for (let i = 0; i < 5000; i++) insert.run(i); })();
  raw.pragma(`analysis_limit = ${limit}`);
  raw.exec('ANALYZE');
  expect(rows(raw, 'sqlite_stat1')).toBeGreaterThan(0);
  expect(rows(raw, 'sqlite_stat4') > 0).toBe(limit === 0);
  if (limit === 0) expect(planOf(raw)).toContain('pairs_b');
  raw.close();
}

// A new file, analysed by hand first unless `limit` is null, opened as the app opens it (or with `opts`).
function opened(limit: number | null, opts: Parameters<typeof openDb>[1] = {}): Db {
  const path = newPath();
  if (limit !== null) analysedByHand(path, limit);
  const db = openDb(path, opts);
  open.push(db);
  return db;
}
const statisticsRows = (db: Db) => [rows(db.sqlite, 'sqlite_stat1'), rows(db.sqlite, 'sqlite_stat4')];

describe('planner statistics', () => {
  it.each([['a full ANALYZE', 0], ['an ANALYZE with a limit', 400]])('drops what %s left when the app opens the database', (_, limit) => {
    const db = opened(limit);
    expect(statisticsRows(db)).toEqual([0, 0]);
    // This connection read them before they were dropped, and plans without them now.
    expect(planOf(db.sqlite)).toContain('pairs_a');
  });

  it('keeps them when asked to (tests of plans with statistics)', () => {
    const db = opened(0, { statistics: 'keep' });
    expect(statisticsRows(db).every((n) => n > 0)).toBe(true);
    expect(planOf(db.sqlite)).toContain('pairs_b');
  });

  // Two processes starting at once: one read the statistics with its schema, the other deleted them before the first
  // looked. The first finds nothing to delete and still plans without them.
  it('leaves no connection planning with statistics another process dropped', () => {
    const first = opened(0, { statistics: 'keep' });
    expect(planOf(first.sqlite)).toContain('pairs_b');
    const second = openDb(first.sqlite.name);
    open.push(second);
    expect(dropPlannerStatistics(first.sqlite)).toBe(false);
    expect(planOf(first.sqlite)).toContain('pairs_a');
  });

  it('leaves a database never analysed as it is', () => {
    expect(statisticsRows(opened(null))).toEqual([0, 0]);
  });

  // What an operator sees: `npm run migrate` (and `npm start`, by the same boot) says so when it drops them.
  it('says so when it drops them', () => {
    const path = newPath();
    analysedByHand(path, 0);
    const migrate = () => spawnSync(process.execPath, ['--import', 'tsx', 'cli/migrate.ts'], {
      env: { ...process.env, DATABASE_PATH: path, DATABASE_URL: '', SEED_DEMO: 'false' }, encoding: 'utf8',
    });
    const first = migrate();
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain('Dropped the SQLite planner statistics');
    const again = migrate();
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).not.toContain('Dropped');
  }, 60_000);
});
