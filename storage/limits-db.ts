import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { BUSY_TIMEOUT_MS, useWal } from './write-lock';
import { visitorDigest, type ViewDedupe } from '../domain/page-views';

// Counters shared by every process on one database: API rate limits, failed sign-ins and which page views were
// already counted today (LIMITS_STORE=sqlite).
// They live in a SQLite file of their own next to the database, never in it: a counter is written on every
// request, and any commit to the main database moves its data_version, which makes every process's remembered
// reads (storage/queries/memo.ts) check their versions again. Losing the last moment of counts in a power cut is
// harmless, so this file is written without syncing.

export const LIMITS_TABLE = 'rate_limits';

export const limitsPathFor = (databasePath: string) => (databasePath === ':memory:' ? ':memory:' : `${databasePath}-limits`);

export function openLimitsDb(path: string): Database.Database {
  const db = new Database(path, { timeout: BUSY_TIMEOUT_MS });
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  useWal(db);
  db.pragma('synchronous = OFF');
  // The table rate-limiter-flexible's RateLimiterSQLite expects (it would create it itself, but asynchronously,
  // and a request arriving first would find it missing).
  db.exec(`CREATE TABLE IF NOT EXISTS ${LIMITS_TABLE} (key TEXT PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire INTEGER)`);
  db.exec('CREATE TABLE IF NOT EXISTS view_salts (day TEXT PRIMARY KEY, salt TEXT NOT NULL)');
  db.exec('CREATE TABLE IF NOT EXISTS view_digests (digest TEXT PRIMARY KEY, day TEXT NOT NULL) WITHOUT ROWID');
  return db;
}

// Page-view de-duplication shared by every process: the day's salt is made by whichever process needs it first
// (the others read it), each visitor's digest is recorded once, and a new day deletes the previous days' salts and
// digests, so yesterday's digests can no longer be linked to anyone.
export function sharedViewDedupe(db: Database.Database): ViewDedupe {
  const addSalt = db.prepare('INSERT INTO view_salts (day, salt) VALUES (?, ?) ON CONFLICT (day) DO NOTHING');
  const saltOf = db.prepare('SELECT salt FROM view_salts WHERE day = ?').pluck();
  const addDigest = db.prepare('INSERT INTO view_digests (digest, day) VALUES (?, ?) ON CONFLICT (digest) DO NOTHING');
  const forget = db.transaction((day: string) => {
    db.prepare('DELETE FROM view_digests WHERE day < ?').run(day);
    db.prepare('DELETE FROM view_salts WHERE day < ?').run(day);
  });
  let today = '';
  let salt = '';
  return {
    firstView(day, address, userAgent, slug) {
      try {
        if (day !== today) {
          addSalt.run(day, randomBytes(16).toString('hex'));
          salt = saltOf.get(day) as string;
          today = day;
          forget.immediate(day);
        }
        return addDigest.run(visitorDigest(salt, day, address, userAgent, slug), day).changes === 1;
      } catch {
        // The file stayed locked past the busy timeout: this view is not counted rather than the pixel failing.
        return false;
      }
    },
  };
}

// Drops counts whose window ended more than an hour ago (a busy file is simply swept next time).
export function sweepExpiredLimits(db: Database.Database, nowMs: number): void {
  try {
    db.prepare(`DELETE FROM ${LIMITS_TABLE} WHERE expire < ?`).run(nowMs - 3_600_000);
  } catch {
    // SQLITE_BUSY past the timeout, or the file closed meanwhile: nothing is lost by skipping one sweep.
  }
}
