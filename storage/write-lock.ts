import type Database from 'better-sqlite3';
import type { Engine } from './engine/types';

// How long a connection waits for another process's write to finish before answering SQLITE_BUSY.
export const BUSY_TIMEOUT_MS = 5000;

// Switches a connection's file to WAL. Several processes opening one file at the same moment (nodes starting
// together) can each hold a shared lock while asking for the exclusive one the switch needs; SQLite then answers
// SQLITE_BUSY at once rather than wait (waiting could deadlock), whatever the busy timeout. Seen as a node that exited
// at start with "database is locked". So it is tried again, a few milliseconds apart, for up to the busy timeout.
export function useWal(db: Database.Database, waitMs = BUSY_TIMEOUT_MS): void {
  const until = Date.now() + waitMs;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let attempt = 0; ; attempt++) {
    try {
      db.pragma('journal_mode = WAL');
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() >= until) throw err;
      // Synchronous like the open it is part of; spread so that the processes do not retry in step.
      Atomics.wait(pause, 0, 0, 5 + Math.floor(Math.random() * 20) + Math.min(attempt, 10) * 5);
    }
  }
}

// Every write transaction starts with BEGIN IMMEDIATE on SQLite: it takes the write lock before its first read, so a
// concurrent writer makes it wait (busy_timeout) instead of failing. A DEFERRED transaction that reads first and
// writes later cannot wait: when another process committed meanwhile its snapshot is stale and SQLite answers
// SQLITE_BUSY at once, whatever the busy timeout. (A single write statement outside a transaction is fine: it
// takes the lock before it reads, and waits like an immediate transaction.) On PostgreSQL it is a READ COMMITTED
// transaction, run again on a serialization failure or deadlock.
// The body may await the repository; it must not do network I/O or wait for other requests (see engine/sqlite.ts).
export async function withTransaction<T>(db: { engine: Engine }, fn: () => Promise<T> | T): Promise<T> {
  return await db.engine.transaction(fn, 'immediate');
}

// Runs fn holding the SQLite database's write lock, waiting up to waitMs for it: at start-up another process may be
// migrating for longer than the ordinary busy timeout. Synchronous: migrations run before the engine serves anyone.
export function withWriteLockSync<T>(db: { sqlite: Database.Database }, waitMs: number, fn: () => T): T {
  db.sqlite.pragma(`busy_timeout = ${waitMs}`);
  try {
    return db.sqlite.transaction(fn).immediate();
  } finally {
    db.sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  }
}

// Runs fn in a write transaction that waits up to waitMs for the database: what a process does first (seeding),
// when another process starting beside it may hold the lock for longer than the ordinary busy timeout. On
// PostgreSQL, a transaction-level advisory lock makes processes seeding at once take turns.
export async function withBootLock<T>(db: { engine: Engine; sqlite: Database.Database }, waitMs: number, fn: () => Promise<T> | T): Promise<T> {
  if (db.engine.kind === 'pg') {
    return db.engine.transaction(async () => {
      await db.engine.prepare(`SELECT pg_advisory_xact_lock(${BOOT_LOCK_KEY})`).run();
      return fn();
    });
  }
  db.sqlite.pragma(`busy_timeout = ${waitMs}`);
  try {
    return await db.engine.transaction(fn);
  } finally {
    db.sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  }
}
// Beside the one-key locks of the migrations (…14), search_terms_log (…15) and the change log (…16).
const BOOT_LOCK_KEY = 7346110217;
