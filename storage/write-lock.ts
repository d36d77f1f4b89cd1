import type Database from 'better-sqlite3';

type HasSqlite = { sqlite: Database.Database };

// How long a connection waits for another process's write to finish before answering SQLITE_BUSY.
export const BUSY_TIMEOUT_MS = 5000;

// Every write transaction starts with BEGIN IMMEDIATE: it takes the write lock before its first read, so a
// concurrent writer makes it wait (busy_timeout) instead of failing. A DEFERRED transaction that reads first and
// writes later cannot wait: when another process committed meanwhile its snapshot is stale and SQLite answers
// SQLITE_BUSY at once, whatever the busy timeout. (A single write statement outside a transaction is fine: it
// takes the lock before it reads, and waits like an immediate transaction.)
// better-sqlite3 transactions are synchronous: the callback must not await or do network I/O.
export function withTransaction<T>(db: HasSqlite, fn: () => T): T {
  return db.sqlite.transaction(fn).immediate();
}

// Runs fn holding the database's write lock, waiting up to waitMs for it: at start-up another process may be
// migrating or seeding for longer than the ordinary busy timeout.
export function withWriteLock<T>(db: HasSqlite, waitMs: number, fn: () => T): T {
  db.sqlite.pragma(`busy_timeout = ${waitMs}`);
  try {
    return withTransaction(db, fn);
  } finally {
    db.sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  }
}
