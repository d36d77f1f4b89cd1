import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDb, type Db } from '../../storage/db';
import { openPgDb } from '../../storage/pg/open';
import { seedDatabase } from '../../storage/seed';
import { fixedClock } from '../../tools/clock';
import { createDatabase, dropDatabase } from './pg-cluster';
import { adminUrl, freshPgDb, testEngine, uniqueDbName } from './pg-test-db';

// A database of a test's own, for tests that work on storage, jobs or the CLI without starting the app: a temp
// SQLite file, or with TEST_DATABASE=postgres (vitest.pg.config.ts) a new database in the run's cluster. `env`
// names it to a child process (DATABASE_PATH or DATABASE_URL), as `npm start` or the admin CLI would be told.

export const TEST_DB_NOW = '2026-11-18T12:00:00Z'; // as tests/harness.ts TEST_NOW

export type TestDb = { db: Db; env: Record<string, string>; close(): Promise<void> };
export type TestDbSeed = 'none' | 'base' | 'demo';

// An open, migrated database; seeded with the base data or the demo directory as of `now` when asked.
export async function openTestDb(opts: { seed?: TestDbSeed; now?: string } = {}): Promise<TestDb> {
  const seed = opts.seed ?? 'none';
  const now = opts.now ?? TEST_DB_NOW;
  if (testEngine() === 'postgres' && seed !== 'none') {
    // Copied from a template seeded once per variant (tests/support/pg-test-db.ts).
    const fresh = await freshPgDb({ demo: seed === 'demo', now });
    return { db: fresh.db, env: { DATABASE_URL: fresh.url }, close: () => fresh.drop() };
  }
  const empty = await emptyTestDatabase();
  try {
    const db = await empty.open();
    if (seed !== 'none') await seedDatabase(db, { demo: seed === 'demo', clock: fixedClock(now) });
    return { db, env: empty.env, close: () => empty.close() };
  } catch (e) {
    await empty.close();
    throw e;
  }
}

export type EmptyTestDatabase = {
  env: Record<string, string>;
  // Whether anything has created a table in it yet (SQLite: whether the file exists).
  touched(): Promise<boolean>;
  // Opens it (migrating it); each call opens a connection of its own, closed by `close`.
  open(): Promise<Db>;
  close(): Promise<void>;
};

// A database that nothing has opened yet, for a child process that must create and migrate it itself.
export async function emptyTestDatabase(): Promise<EmptyTestDatabase> {
  const opened: Db[] = [];
  const closeAll = async () => {
    for (const db of opened.splice(0)) if (db.engine.isOpen()) await db.engine.close();
  };
  if (testEngine() === 'postgres') {
    const name = uniqueDbName();
    const url = await createDatabase(adminUrl(), name);
    return {
      env: { DATABASE_URL: url },
      async touched() {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        try {
          const r = await c.query("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'");
          return r.rows[0].n > 0;
        } finally {
          await c.end();
        }
      },
      async open() {
        const db = await openPgDb(url, { poolSize: 3 });
        opened.push(db);
        return db;
      },
      async close() {
        await closeAll();
        await dropDatabase(adminUrl(), name);
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'directory-test-db-'));
  const path = join(dir, 'test.db');
  return {
    env: { DATABASE_PATH: path },
    touched: async () => existsSync(path),
    async open() {
      const db = openDb(path);
      opened.push(db);
      return db;
    },
    async close() {
      await closeAll();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
