import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../storage/boot';
import { seedDatabase } from '../storage/seed';
import { systemClock } from '../tools/clock';
import { loadListings } from './load-listings';

// Builds the benchmark's database in a process of its own, so the server's memory figure is what serving costs,
// not what loading 100 000 listings left behind. BENCH_DATABASE_URL (an empty PostgreSQL database) loads there;
// otherwise a new SQLite file. Prints {path, loadMs} as one JSON line (path: the file, or the URL).
const count = Number(process.env.BENCH_LISTINGS ?? 100_000);
const url = process.env.BENCH_DATABASE_URL || null;
const path = url ?? join(mkdtempSync(join(tmpdir(), 'directory-bench-')), 'bench.db');
const db = await openDatabase({ databasePath: path, databaseUrl: url });
await seedDatabase(db, { demo: false, clock: systemClock });
const t0 = performance.now();
await loadListings(db, count, systemClock.now());
const loadMs = Math.round(performance.now() - t0);
if (db.kind === 'sqlite') db.sqlite.pragma('wal_checkpoint(TRUNCATE)');
await db.engine.close();
process.stdout.write(`${JSON.stringify({ path, loadMs })}\n`);
