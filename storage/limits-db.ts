import Database from 'better-sqlite3';
import { BUSY_TIMEOUT_MS } from './write-lock';

// Counters shared by every process on one database: API rate limits and failed sign-ins (LIMITS_STORE=sqlite).
// They live in a SQLite file of their own next to the database, never in it: a counter is written on every
// request, and any commit to the main database moves its data_version, which makes every process's remembered
// reads (storage/queries/memo.ts) check their versions again. Losing the last moment of counts in a power cut is
// harmless, so this file is written without syncing.

export const LIMITS_TABLE = 'rate_limits';

export const limitsPathFor = (databasePath: string) => (databasePath === ':memory:' ? ':memory:' : `${databasePath}-limits`);

export function openLimitsDb(path: string): Database.Database {
  const db = new Database(path, { timeout: BUSY_TIMEOUT_MS });
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  // The table rate-limiter-flexible's RateLimiterSQLite expects (it would create it itself, but asynchronously,
  // and a request arriving first would find it missing).
  db.exec(`CREATE TABLE IF NOT EXISTS ${LIMITS_TABLE} (key TEXT PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire INTEGER)`);
  return db;
}

// Drops counts whose window ended more than an hour ago (a busy file is simply swept next time).
export function sweepExpiredLimits(db: Database.Database, nowMs: number): void {
  try {
    db.prepare(`DELETE FROM ${LIMITS_TABLE} WHERE expire < ?`).run(nowMs - 3_600_000);
  } catch {
    // SQLITE_BUSY past the timeout, or the file closed meanwhile: nothing is lost by skipping one sweep.
  }
}
