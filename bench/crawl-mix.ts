import autocannon from 'autocannon';
import { startBenchServers } from './spawn-servers';
import { numberOption, option, residentBytes } from './cli';
import { startBenchPostgres } from './bench-postgres';
import { startWriterProcess } from './writer-process';

// What a search engine's crawler and people browsing at random ask of a directory at once: every kind of public page
// and read at random addresses (any listing, any week, any category page, searches with filters and typos, badges,
// the sitemap's parts), as a browser asks (br, gzip). Each kind alone first, then all of them mixed, with the server's
// resident memory sampled every 100 ms and its memory as /metrics tells it at the end. The read bench
// (bench/read-throughput.ts) repeats a few addresses; this one finds the cold paths and the memory a crawl costs.
// Usage: npm run bench:crawl [-- --listings 100000 --seconds 8 --mixed 60 --only TEXT --db sqlite|postgres --writers]
// (--only: the kinds whose name holds TEXT; --db postgres serves from a throwaway cluster, as `npm run bench -- --db
// postgres` does, and adds the cluster's CPU per request; --writers: the mix runs a second time while page visitors,
// voters and an owner write at the read bench's rates, bench/writers.ts)
const SECONDS = numberOption('seconds', 8);
const MIXED = numberOption('mixed', 60);
const ONLY = option('only', '');
const LISTINGS = numberOption('listings', 100_000);
const DB = option('db', 'sqlite');
const WITH_WRITERS = process.argv.includes('--writers');
if (!['sqlite', 'postgres'].includes(DB)) throw new Error(`--db ${DB}: use sqlite or postgres`);
const postgres = DB === 'postgres' ? await startBenchPostgres() : undefined;
const { ready, child } = await startBenchServers(LISTINGS, postgres?.url);
const origin = `http://127.0.0.1:${ready.appPort}`;
const rssMb = () => residentBytes(child.pid) / 1_048_576;
let peak = 0;
const sampler = setInterval(() => { peak = Math.max(peak, rssMb()); }, 100);

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)];
const upTo = (n: number) => 1 + Math.floor(Math.random() * n);
// Words of the directory, typos of them and words it does not hold.
const WORDS = ['invoice', 'invoicing', 'invocing', 'project', 'projct', 'managment', 'notes', 'metting', 'uptime', 'monitor', 'analitics',
  'crm', 'email', 'zebra', 'team', 'chat', 'ledger', 'payroll', 'hiring', 'docs', 'wiki', 'scheduling', 'schedulng', 'backup', 'security'];
// A year of launch weeks back from the bench's, and a few before its first.
const WEEKS = Array.from({ length: 60 }, (_, i) => new Date(Date.UTC(2026, 10, 23) - i * 7 * 86_400_000).toISOString().slice(0, 10));
const KINDS: [string, () => string][] = [
  ['listing page', () => `/listings/${pick(ready.everySlug)}`],
  ['get_listing', () => `/api/v1/listings/${pick(ready.everySlug)}`],
  ['alternatives', () => `/api/v1/listings/${pick(ready.everySlug)}/alternatives`],
  ['category page, any page', () => `/categories/${pick(ready.categorySlugs)}?page=${upTo(40)}`],
  ['search page, two words', () => `/search?q=${encodeURIComponent(`${pick(WORDS)} ${pick(WORDS)}`)}`],
  ['search_listings, a word, any page', () => `/api/v1/listings?q=${encodeURIComponent(pick(WORDS))}&page=${upTo(5)}`],
  ['search_listings, a stage or pricing model', () => `/api/v1/listings?${pick(['stage=mvp', 'stage=growing', 'stage=launched', 'pricing_model=free', 'pricing_model=paid', 'pricing_model=freemium'])}&page=${upTo(10)}`],
  ['search_listings, any sort, any page', () => `/api/v1/listings?sort=${pick(['votes', 'newest', 'trending', 'most_viewed'])}&page=${upTo(50)}`],
  ['badge', () => `/badges/${pick(ready.everySlug)}/${pick(['featured', 'launched'])}.svg?shape=${pick(['standard', 'pill', 'square'])}`],
  ['launch week page, any week', () => `/launches/weeks/${pick(WEEKS)}?page=${upTo(3)}`],
  ['leaderboard page', () => `/leaderboards/${pick(['community-weekly', 'community-all-time', 'billboard', 'domain-rating', 'revenue'])}`],
  ['sitemap part', () => `/sitemaps/${upTo(3)}.xml`],
];
const HEADERS = { 'accept-encoding': 'br, gzip', 'user-agent': 'Mozilla/5.0 (compatible; ExampleBot/2.1)' };

async function run(seconds: number, path: () => string) {
  const dbBefore = postgres?.cpuNs() ?? 0;
  const r = await autocannon({ url: origin, connections: 32, duration: seconds, requests: [{ setupRequest: (req: any) => ({ ...req, method: 'GET', path: path(), headers: HEADERS }) }] });
  const statuses = Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => `${code}×${(s as { count: number }).count}`).join(' ');
  const dbUs = postgres ? (postgres.cpuNs() - dbBefore) / 1000 / Math.max(1, r.requests.total) : undefined;
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, statuses, dbUs };
}

const base = await autocannon({ url: `http://127.0.0.1:${ready.basePort}/json`, connections: 32, duration: SECONDS });
console.log(`\n${LISTINGS.toLocaleString('en')} listings on ${postgres ? 'PostgreSQL' : 'SQLite'} · 32 connections · baseline (bare Hono route) ${Math.round(base.requests.average)} req/s · each kind ${SECONDS} s, then mixed ${MIXED} s\n`);
console.log(`| kind (random addresses) | req/s | vs baseline | p50 ms | p99 ms | statuses | RSS MB after |${postgres ? ' PostgreSQL CPU µs/request |' : ''}`);
console.log(`|---|---:|---:|---:|---:|---|---:|${postgres ? '---:|' : ''}`);
const row = (name: string, r: Awaited<ReturnType<typeof run>>) =>
  console.log(`| ${name} | ${Math.round(r.rps)} | ${(100 * r.rps / base.requests.average).toFixed(1)} % | ${r.p50} | ${r.p99} | ${r.statuses}${r.errors ? ` errors×${r.errors}` : ''} | ${Math.round(rssMb())} |${r.dbUs === undefined ? '' : ` ${Math.round(r.dbUs)} |`}`);
const kinds = KINDS.filter(([name]) => name.includes(ONLY));
for (const [name, path] of kinds) row(name, await run(SECONDS, path));
if (MIXED > 0) row('**all of them mixed**', await run(MIXED, () => pick(kinds)[1]()));
if (MIXED > 0 && WITH_WRITERS) {
  const writers = await startWriterProcess(ready, ['visitors', 'voters', 'owner']);
  const before = await writers.mark();
  const started = performance.now();
  const r = await run(MIXED, () => pick(kinds)[1]());
  const after = await writers.stop();
  const perSecond = (after.writes - before.writes) / ((performance.now() - started) / 1000);
  row(`**all of them mixed, with writers** (${perSecond.toFixed(1)} writes/s${after.errors > before.errors ? `, ${after.errors - before.errors} failed` : ''})`, r);
}
clearInterval(sampler);

const metrics = await (await fetch(`${origin}/metrics`)).text();
const mb = (name: string) => {
  const m = new RegExp(`^${name} (\\S+)$`, 'm').exec(metrics);
  return m ? `${(Number(m[1]) / 1_048_576).toFixed(0)} MB` : 'n/a';
};
console.log(`\nPeak RSS of the app process: ${Math.round(peak)} MB (target ≤ 300 MB at 100,000 listings). At the end: V8's heap ${mb('nodejs_heap_size_used_bytes')} used of ${mb('nodejs_heap_size_total_bytes')}, external ${mb('nodejs_external_memory_bytes')}, remembered answers ${mb('cache_kept_bytes')} of ${mb('cache_budget_bytes')}.`);
await new Promise((resolve) => { child.once('exit', resolve); child.kill(); });
await postgres?.stop();
