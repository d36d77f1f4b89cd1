import type { Clock } from '../domain/clock';
import { openDb, type Db, type OpenDbOptions } from './db';
import { openPgDb } from './pg/open';
import type { DatabaseTarget } from './database-label';
import { seedDatabase } from './seed';

// statisticsDropped: SQLite's planner statistics were found and dropped (storage/planner-statistics.ts).
export type Booted = { db: Db; migrations: string[]; seeded: boolean; statisticsDropped: boolean };

// Which database a process uses: PostgreSQL when DATABASE_URL is set, else the SQLite file at DATABASE_PATH.
export async function openDatabase(t: DatabaseTarget, opts: Pick<OpenDbOptions, 'migrated' | 'statisticsDropped'> = {}): Promise<Db> {
  return t.databaseUrl
    ? await openPgDb(t.databaseUrl, { poolSize: t.databasePoolSize, namedStatements: t.pgNamedStatements, migrated: opts.migrated })
    : openDb(t.databasePath, opts);
}

// What every process does first on a database, and all `npm run migrate` does: apply the migrations it lacks, and
// seed it when it is new. Both steps decide and write holding the database's write lock (SQLite: BEGIN IMMEDIATE;
// PostgreSQL: an advisory lock), so any number of processes may start on one new database at the same moment: one
// does the work, the others wait and find it done.
export async function bootDatabase(t: DatabaseTarget, opts: { demo: boolean; clock: Clock }): Promise<Booted> {
  let migrations: string[] = [];
  let statisticsDropped = false;
  const db = await openDatabase(t, { migrated: (tags) => { migrations = tags; }, statisticsDropped: () => { statisticsDropped = true; } });
  const seeded = await seedDatabase(db, opts);
  return { db, migrations, seeded, statisticsDropped };
}
