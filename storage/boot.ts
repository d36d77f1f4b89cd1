import type { Clock } from '../domain/clock';
import { openDb, type Db } from './db';
import { seedDatabase } from './seed';

export type Booted = { db: Db; migrations: string[]; seeded: boolean };

// What every process does first on a database, and all `npm run migrate` does: apply the migrations it lacks, and
// seed it when it is new. Both steps decide and write holding the database's write lock (BEGIN IMMEDIATE), so any
// number of processes may start on one new file at the same moment: one does the work, the others wait and find
// it done.
export async function bootDatabase(path: string, opts: { demo: boolean; clock: Clock }): Promise<Booted> {
  let migrations: string[] = [];
  const db = openDb(path, { migrated: (tags) => { migrations = tags; } });
  const seeded = await seedDatabase(db, opts);
  return { db, migrations, seeded };
}
