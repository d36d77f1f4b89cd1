import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { withWriteLockSync } from './write-lock';

type Db = { sqlite: Database.Database };
export const MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

// Drizzle's own migrator reads the last applied migration before its transaction and opens it with a plain
// (deferred) BEGIN, so two processes starting on a new file both decide to apply 0000 and the second one fails
// with "table already exists". This applies the same files and keeps the same bookkeeping (table
// __drizzle_migrations, hash and journal time per migration, so drizzle-kit and older databases agree), but decides
// and applies inside one BEGIN IMMEDIATE transaction: whoever comes second waits and finds nothing left to do.

const TABLE = '__drizzle_migrations';
export const BOOT_WAIT_MS = 120_000; // a process starting beside one that is migrating waits this long for it

type Journal = { entries: { tag: string; when: number }[] };

function lastApplied(db: Db): number | null {
  const exists = db.sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(TABLE);
  if (!exists) return null;
  const row = db.sqlite.prepare(`SELECT created_at AS at FROM "${TABLE}" ORDER BY created_at DESC LIMIT 1`).get() as { at: number } | undefined;
  return row ? Number(row.at) : null;
}

// Applies the migrations this database lacks; returns their tags (none when it was up to date).
export function applyMigrations(db: Db, migrationsFolder = MIGRATIONS): string[] {
  const files = readMigrationFiles({ migrationsFolder });
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
  const pending = (last: number | null) => files.map((m, i) => ({ ...m, tag: journal.entries[i].tag })).filter((m) => last === null || last < m.folderMillis);
  // The common start: nothing to do, and no write lock taken to find that out.
  if (pending(lastApplied(db)).length === 0) return [];
  return withWriteLockSync(db, BOOT_WAIT_MS, () => {
    db.sqlite.exec(`CREATE TABLE IF NOT EXISTS "${TABLE}" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)`);
    const todo = pending(lastApplied(db));
    const record = db.sqlite.prepare(`INSERT INTO "${TABLE}" ("hash", "created_at") VALUES (?, ?)`);
    for (const m of todo) {
      for (const statement of m.sql) db.sqlite.exec(statement);
      record.run(m.hash, m.folderMillis);
    }
    return todo.map((m) => m.tag);
  });
}
