import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb, type Db } from '../../storage/db';
import { seedDatabase } from '../../storage/seed';
import { fixedClock } from '../../tools/clock';
import { loadListings } from '../../bench/load-listings';

// A SQLite directory of the bench's synthetic listings in a temp folder, for tests of SQLite's own query plans and
// rankings at a few thousand listings (base data seeded as of `now`; the loader ends with ANALYZE). SQLite only:
// tests that must also run on PostgreSQL use tests/support/test-db.ts.
export type LoadedSqlite = { db: Db; path: string; close(): void };

export async function loadedSqlite(prefix: string, listings: number, now: string): Promise<LoadedSqlite> {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const path = join(dir, 'test.db');
  const db = openDb(path);
  await seedDatabase(db, { demo: false, clock: fixedClock(now) });
  await loadListings(db, listings, new Date(now));
  return {
    db, path,
    close() {
      if (db.sqlite.open) db.sqlite.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
