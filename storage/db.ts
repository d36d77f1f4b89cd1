import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as schema from './schema';

export type Orm = BetterSQLite3Database<typeof schema>;
export type Db = { sqlite: Database.Database; orm: Orm; path: string };

const MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export function openDb(path: string): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -64000');
  sqlite.pragma('temp_store = MEMORY');
  const orm = drizzle(sqlite, { schema });
  migrate(orm, { migrationsFolder: MIGRATIONS });
  return { sqlite, orm, path };
}

// better-sqlite3 transactions are synchronous: the callback must not await or do network I/O.
export function withTransaction<T>(db: Db, fn: () => T): T {
  return db.sqlite.transaction(fn)();
}
