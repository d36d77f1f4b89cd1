import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import * as schema from './schema';
import { applyMigrations } from './migrate';
import { dropPlannerStatistics } from './planner-statistics';
import { BUSY_TIMEOUT_MS, useWal } from './write-lock';

import { SqliteEngine } from './engine/sqlite';
import type { Engine, EngineKind } from './engine/types';

export { withTransaction, BUSY_TIMEOUT_MS } from './write-lock';

export type Orm = BetterSQLite3Database<typeof schema>;
// The database every repository module takes. `engine` is how they reach it, on either engine. `sqlite` and `orm`
// are the SQLite connection itself, for what only SQLite has (migrations, the bench's bulk loads, tests that set
// up rows directly); on PostgreSQL reading them throws.
export type Db = { engine: Engine; kind: EngineKind; sqlite: Database.Database; orm: Orm; path: string };

// SQLite's own page cache, per connection. Pages it does not hold are read from the operating system's file cache
// (a pread each), so past the hot pages a bigger cache buys little and counts fully in the process's resident
// memory: at 100,000 listings (a 115 MB file) the read benchmark's peak RSS was 287 MB with 64 MB and 246 MB with
// 16 MB, and bench/uncached.ts's cold reads (searches, trending, every board) took the same time with either.
const PAGE_CACHE_KB = 16_000;

// Opens the database and brings its schema up to date. Safe with several processes on one file: migrations run
// inside one BEGIN IMMEDIATE transaction (storage/migrate.ts), so a second process starting at the same moment
// waits for the first and then finds nothing left to apply. `migrated` hears which migrations this call applied.
// `statistics: 'keep'` leaves planner statistics someone else wrote (tests of plans with statistics); the app drops them
// (storage/planner-statistics.ts), and `statisticsDropped` hears when it did.
export type OpenDbOptions = { migrated?: (tags: string[]) => void; statistics?: 'drop' | 'keep'; statisticsDropped?: () => void };
export function openDb(path: string, opts: OpenDbOptions = {}): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  // The busy timeout comes first: switching a new file to WAL takes a lock another process may hold.
  const sqlite = new Database(path, { timeout: BUSY_TIMEOUT_MS });
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  useWal(sqlite);
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`cache_size = -${PAGE_CACHE_KB}`);
  sqlite.pragma('temp_store = MEMORY');
  const orm = drizzle(sqlite, { schema });
  const db: Db = { engine: new SqliteEngine(sqlite), kind: 'sqlite', sqlite, orm, path };
  const applied = applyMigrations(db);
  if (opts.statistics !== 'keep' && dropPlannerStatistics(sqlite)) opts.statisticsDropped?.();
  opts.migrated?.(applied);
  return db;
}

// Several reads from one consistent snapshot, taking no write lock (storage/queries/memo.ts).
export async function readSnapshot<T>(db: Db, fn: () => Promise<T> | T): Promise<T> {
  return await db.engine.transaction(fn, 'deferred');
}
