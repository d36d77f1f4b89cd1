import type pg from 'pg';
import type { Db } from '../db';
import { PgEngine } from '../engine/pg';
import { applyPgMigrations } from './migrate';
import { createPgPool, endPgPool } from './pool';
import { redacted } from '../database-label';
import { createTrendingTables } from './trending-scores';

// Opens a PostgreSQL database (DATABASE_URL) for the repository and brings its schema up to date. Safe with many
// processes starting at once: migrations run under an advisory lock (storage/pg/migrate.ts). `poolSize` bounds
// the connections this process holds.
export async function openPgDb(url: string, opts: { poolSize?: number; namedStatements?: boolean; migrated?: (tags: string[]) => void } = {}): Promise<Db> {
  // Each connection makes its temporary tables for the minute's trending scores as it opens, and keeps them up to date
  // from minute to minute (trending-scores.ts): an idle connection is closed after five minutes rather than pg's ten
  // seconds, since each new one sums the whole window again (the bench saw six such sums in 30 s of varied load).
  const pool = createPgPool(url, { max: opts.poolSize ?? 10, idleTimeoutMillis: 300_000, onConnect: createTrendingTables });
  try {
    const applied = await applyPgMigrations(pool);
    opts.migrated?.(applied);
    return await pgDbOver(pool, redacted(url), { namedStatements: opts.namedStatements });
  } catch (e) {
    await endPgPool(pool).catch(() => {});
    throw e;
  }
}

// The repository's database over a pool whose schema is up to date. `db.sqlite` and `db.orm` throw: what only
// SQLite has is not there.
export async function pgDbOver(pool: pg.Pool, label = 'postgres', opts: { namedStatements?: boolean } = {}): Promise<Db> {
  const engine = await PgEngine.connect(pool, opts);
  const unavailable = (what: string) => () => {
    throw new Error(`${what} is SQLite's; this database is PostgreSQL (use db.engine)`);
  };
  const db = { engine, kind: 'pg', path: label } as Omit<Db, 'sqlite' | 'orm'>;
  Object.defineProperty(db, 'sqlite', { get: unavailable('db.sqlite'), enumerable: false });
  Object.defineProperty(db, 'orm', { get: unavailable('db.orm'), enumerable: false });
  return db as Db;
}
