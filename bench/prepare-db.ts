import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../storage/db';
import { seedDatabase } from '../storage/seed';
import { systemClock } from '../tools/clock';
import { loadListings } from './load-listings';

// Builds the benchmark's database in a process of its own, so the server's memory figure is what serving costs,
// not what loading 100 000 listings in one transaction left behind. Prints {path, loadMs} as one JSON line.
const count = Number(process.env.BENCH_LISTINGS ?? 100_000);
const path = join(mkdtempSync(join(tmpdir(), 'directory-bench-')), 'bench.db');
const db = openDb(path);
await seedDatabase(db, { demo: false, clock: systemClock });
const t0 = performance.now();
loadListings(db, count, systemClock.now());
const loadMs = Math.round(performance.now() - t0);
db.sqlite.pragma('wal_checkpoint(TRUNCATE)');
db.sqlite.close();
process.stdout.write(`${JSON.stringify({ path, loadMs })}\n`);
