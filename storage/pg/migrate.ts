import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

// PostgreSQL migrations: storage/pg/migrations/NNNN_name.sql, applied in name order. Each file is sent whole (the
// simple query protocol runs several statements, function bodies included), and all pending files are applied in
// ONE transaction that first takes a transaction-scoped advisory lock. A second process starting at the same moment
// waits on that lock, then reads __migrations afresh and finds nothing left to do, as storage/migrate.ts does for
// SQLite with BEGIN IMMEDIATE. PostgreSQL's DDL is transactional, so a failing file leaves nothing half-applied.

export const PG_MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
const TABLE = '__migrations';
// Any constant every migrator shares; it only has to differ from the application's other advisory locks
// (0001_search.sql uses 7346110215 for search_terms_log).
export const MIGRATION_LOCK = 7346110214;
// A process starting beside one that is migrating waits this long for it (as SQLite's BOOT_WAIT_MS).
const LOCK_WAIT = '120s';

export type PgMigration = { tag: string; sql: string; hash: string };

export function readPgMigrations(folder = PG_MIGRATIONS): PgMigration[] {
  return readdirSync(folder)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((file) => {
      const sql = readFileSync(join(folder, file), 'utf8');
      return { tag: file.slice(0, -'.sql'.length), sql, hash: createHash('sha256').update(sql).digest('hex') };
    });
}

type Queryable = Pick<pg.ClientBase, 'query'>;

async function appliedHashes(client: Queryable): Promise<Map<string, string> | null> {
  const { rows } = await client.query<{ exists: boolean }>(`SELECT to_regclass('${TABLE}') IS NOT NULL AS exists`);
  if (!rows[0].exists) return null;
  const applied = await client.query<{ tag: string; hash: string }>(`SELECT tag, hash FROM ${TABLE}`);
  return new Map(applied.rows.map((r) => [r.tag, r.hash]));
}

// Pending migrations, in order. A migration that was applied and has been edited since is an error: the database
// would not be what the file says, and no second run could fix that.
function pending(all: PgMigration[], applied: Map<string, string> | null): PgMigration[] {
  for (const m of all) {
    const hash = applied?.get(m.tag);
    if (hash !== undefined && hash !== m.hash) throw new Error(`PostgreSQL migration ${m.tag} was changed after it was applied; add a new migration instead`);
  }
  return all.filter((m) => !applied?.has(m.tag));
}

// Applies the migrations this database lacks; returns their tags (none when it was up to date). Takes a pool (one
// connection is borrowed) or a connected client (which must not be inside a transaction).
export async function applyPgMigrations(db: pg.Pool | pg.ClientBase, folder = PG_MIGRATIONS): Promise<string[]> {
  const all = readPgMigrations(folder);
  const client = db instanceof pg.Pool ? await db.connect() : db;
  try {
    // The common start: nothing to do, found out without a transaction or a lock.
    if (pending(all, await appliedHashes(client)).length === 0) return [];
    await client.query('BEGIN');
    try {
      await client.query(`SET LOCAL lock_timeout = '${LOCK_WAIT}'`);
      await client.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
      await client.query(`CREATE TABLE IF NOT EXISTS ${TABLE} (
        tag text COLLATE "C" PRIMARY KEY, hash text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
      const todo = pending(all, await appliedHashes(client));
      for (const m of todo) {
        try {
          await client.query(m.sql);
        } catch (err) {
          throw new Error(`PostgreSQL migration ${m.tag} failed: ${(err as Error).message}`, { cause: err });
        }
        await client.query(`INSERT INTO ${TABLE} (tag, hash) VALUES ($1, $2)`, [m.tag, m.hash]);
      }
      await client.query('COMMIT');
      return todo.map((m) => m.tag);
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    }
  } finally {
    if (db instanceof pg.Pool) (client as pg.PoolClient).release();
  }
}
