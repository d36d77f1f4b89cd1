import type Database from 'better-sqlite3';
import { withWriteLockSync } from './write-lock';
import { BOOT_WAIT_MS } from './migrate';

// The app's SQLite databases carry no planner statistics: every database it creates has none, and its queries are
// written to plan well without them, pinning an index wherever the planner's choice mattered
// (tests/plans-without-statistics.test.ts). Statistics someone else left (an operator's `ANALYZE`, a copy made
// elsewhere) are dropped when a process opens the database, for two reasons measured at 100,000 listings:
//
// - better-sqlite3 builds SQLite with SQLITE_ENABLE_STAT4, so a full ANALYZE also samples key values (sqlite_stat4).
//   With samples present, every prepared statement whose plan could depend on a bound value (a key looked up in a
//   sampled index: a listing's categories, its votes) is planned again on its first step after each new binding
//   (sqlite3Reprepare: parse, plan, code). Reads asked with new values each time, as a crawler's walk over every
//   listing, paid that for each statement: a cold get_listing cost ~630 µs through the app with the samples and
//   ~450 µs without.
// - Row counts alone (sqlite_stat1, as ANALYZE leaves them with an analysis limit) are a third state that neither the
//   tests nor the benchmark had seen, and it planned one of search's counts (the matches that are not live) as a
//   lookup of every match: 29 ms, against 0.02–0.04 ms with no statistics or with all of them.
//
// A process that another one's ANALYZE reaches while it runs plans with those statistics until it restarts.
export function dropPlannerStatistics(sqlite: Database.Database): boolean {
  const tables = sqlite.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name IN ('sqlite_stat1', 'sqlite_stat4')").pluck().all() as string[];
  if (tables.length === 0) return false; // never analysed
  const holdRows = () => tables.filter((table) => sqlite.prepare(`SELECT 1 FROM ${table} LIMIT 1`).get() !== undefined);
  const dropped = holdRows().length > 0 && withWriteLockSync({ sqlite }, BOOT_WAIT_MS, () => {
    const held = holdRows();
    for (const table of held) sqlite.exec(`DELETE FROM ${table}`);
    return held.length > 0;
  });
  // This connection read the statistics with its schema, and deleting their rows does not change the schema: it reads
  // them again, also when another process starting beside it deleted them before it looked.
  sqlite.exec('ANALYZE sqlite_schema');
  return dropped;
}
