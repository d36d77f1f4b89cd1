import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../storage/db';
import { dropPlannerStatistics } from '../storage/planner-statistics';
import { seedDatabase } from '../storage/seed';
import { systemClock } from '../tools/clock';
import { loadConfig } from '../transport/config';
import { toolByName } from '../tools/registry';
import { invokeTool } from '../tools/invoke';
import { loadListings } from './load-listings';
import { queuedJobs } from '../jobs/port';

// The read throughput benchmark mostly meets the read caches (results are kept until something they show changes).
// This one measures the work behind them: before every call every change topic is bumped (storage/queries/memo.ts),
// so every cached answer is stale, as if everything had just changed. In-process tool calls, no HTTP.
// Usage: npx tsx bench/uncached.ts [--listings 100000]
const i = process.argv.indexOf('--listings');
const count = i > 0 ? Number(process.argv[i + 1]) : 100_000;
const dir = mkdtempSync(join(tmpdir(), 'directory-uncached-'));
const config = loadConfig({ ...process.env, DATABASE_PATH: join(dir, 'u.db') });
const db = openDb(config.databasePath);
await seedDatabase(db, { demo: false, clock: systemClock });
const { slugs } = await loadListings(db, count, systemClock.now());
// The loader ends with ANALYZE; the app drops SQLite's statistics when it opens a file, so measure without them too.
dropPlannerStatistics(db.sqlite);
const ctx = { db, config, clock: systemClock, jobs: queuedJobs, actor: { kind: 'anonymous' as const, ip: 'bench' } };
const touch = db.sqlite.prepare('UPDATE change_versions SET version = version + 1');

async function measure(label: string, tool: string, inputs: Record<string, unknown>[], rounds = 40) {
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    touch.run();
    const t = performance.now();
    await invokeTool(toolByName.get(tool)!, ctx, inputs[r % inputs.length]);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(2);
  console.log(`| ${label} | ${q(0.5)} | ${q(0.99)} |`);
}

console.log(`\n${count.toLocaleString('en')} listings; every call after a write (caches cold)\n`);
console.log('| operation | p50 ms | p99 ms |');
console.log('|---|---:|---:|');
await measure('get_listing', 'get_listing', slugs.slice(0, 40).map((slug) => ({ slug })));
await measure('search_listings, exact words', 'search_listings', [{ q: 'invoicing freelancers' }, { q: 'uptime monitoring' }]);
await measure('search_listings, typo query', 'search_listings', [{ q: 'projct managment' }, { q: 'analitics' }, { q: 'metting notes' }]);
await measure('search_listings, browse by votes', 'search_listings', [{ sort: 'votes' }, { sort: 'newest' }]);
await measure('search_listings, trending', 'search_listings', [{ sort: 'trending' }]);
for (const board of ['community-weekly', 'community-all-time', 'billboard', 'domain-rating', 'revenue']) {
  await measure(`get_leaderboard ${board}`, 'get_leaderboard', [{ board }]);
}
