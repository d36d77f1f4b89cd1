import autocannon from 'autocannon';
import { startBenchServers, type Ready } from './spawn-servers';
import type { WriterKind } from './writers';
import { startWriterProcess } from './writer-process';
import { distinctQueries } from './long-tail';
import { startBenchPostgres, type BenchPostgres } from './bench-postgres';
import { mainThreadCpuNs, numberOption, residentBytes } from './cli';

// Read throughput of the directory against a bare Hono route measured in the same run: each read alone, then again
// while people write (page visitors counting views, voters on the site, an owner editing through the API).
// --db sqlite|postgres|both picks the engine (default sqlite). postgres serves from a throwaway cluster
// (tests/support/pg-cluster.ts) loaded with the same listings; both runs every scenario on each engine in turn, each
// against the baseline of its own run, and prints one table.
// --two-nodes: the writers write through a second web node on the same database, as behind a load balancer, while
// the reads go to the first: what the first node's caches pay to follow writes it learns of from the database alone.
// Usage: npm run bench [-- --db both --listings 100000 --seconds 10 --warmup 1 --connections 32 --only TEXT --no-mixed --two-nodes]
const LISTINGS = numberOption('listings', 100_000);
const SECONDS = numberOption('seconds', 10);
// Each scenario first runs unmeasured for this long, with its writers: the first calls of a new kind compile its
// code paths and fill its caches. Without it the first MCP scenario of a run (the 2026 era) read 144–174 µs of CPU a
// call while the 2025 era's, run right after it and no cheaper, read 110–134; with it, 96–102.
const WARMUP_SECONDS = numberOption('warmup', 1);
const CONNECTIONS = numberOption('connections', 32);
const IDLE_SECONDS = 3;
// --only TEXT runs the baseline and the scenarios whose name contains TEXT, or any of TEXT|TEXT|….
const onlyAt = process.argv.indexOf('--only');
const ONLY = onlyAt > 0 ? process.argv[onlyAt + 1].split('|') : null;
const MIXED = !process.argv.includes('--no-mixed');
const TWO_NODES = process.argv.includes('--two-nodes');
const dbAt = process.argv.indexOf('--db');
const DB = dbAt > 0 ? process.argv[dbAt + 1] : 'sqlite';
if (!['sqlite', 'postgres', 'both'].includes(DB)) throw new Error(`--db ${DB}: use sqlite, postgres or both`);
type EngineName = 'SQLite' | 'PostgreSQL';
const ENGINES: EngineName[] = DB === 'both' ? ['SQLite', 'PostgreSQL'] : DB === 'postgres' ? ['PostgreSQL'] : ['SQLite'];

const TYPO_QUERIES = ['projct managment', 'analitics', 'invocing', 'metting notes', 'uptme monitorng', 'secrit'];
// Searches nobody made before (bench/long-tail.ts): more than a run can send, so none is asked twice.
const TAIL_QUERIES = distinctQueries(200_000, LISTINGS);
const BROWSE_QUERIES = ['sort=votes', 'sort=newest', 'sort=trending', 'country=DE&sort=votes'];
const BOARDS = ['community-weekly', 'community-all-time', 'billboard', 'domain-rating', 'revenue'];
// Every section of the launch lists, in turn.
const LAUNCH_SECTIONS = ['this-week', 'trending', 'most-voted', 'recent', 'today', 'upcoming', 'most-viewed', 'most-followed'];
// Searches by filter, a category's trending and deep pages (a category or domain named from the run's own data).
const FILTER_QUERIES = (ready: Ready, n: number): string => {
  const category = ready.categorySlugs[n % ready.categorySlugs.length];
  const slug = ready.slugs[n % ready.slugs.length];
  const all = [`category=${category}`, `category=${category}&sort=trending`, `stage=${['mvp', 'launched', 'growing'][n % 3]}`,
    `country=${['DE', 'us', 'FR'][n % 3]}&sort=newest`, `pricing_model=${['free', 'Freemium', 'paid'][n % 3]}`, `domain=${slug}.example.com`,
    `page=${100 + (n % 100)}&per_page=100`, `sort=most_viewed&page=${20 + (n % 30)}`];
  return all[n % all.length];
};
// The other public reads, in turn.
const OTHER_READS = (ready: Ready, n: number): string => {
  const a = ready.slugs[n % ready.slugs.length];
  const b = ready.slugs[(n * 7 + 3) % ready.slugs.length];
  const all = [`/compare?a=${a}&b=${b}`, '/products', '/awards', `/awards?listing=${a}`, '/founders', '/founders?q=an', '/blog',
    '/interview-questions', '/site', `/listings/${a}/alternatives`, `/listings/${a}/badges?shape=pill&mode=dark`];
  return `/api/v1${all[n % all.length]}`;
};
// Pages a signed-out visitor opens besides listing pages (those are the visitors' own writes' pages).
const SITE_PAGES = (ready: Ready, n: number): string => {
  const all = ['/', '/launches', '/launches?section=trending', '/leaderboards', '/leaderboards/community-weekly', '/categories',
    `/categories/${ready.categorySlugs[n % ready.categorySlugs.length]}`, '/founders', '/blog', `/search?q=${encodeURIComponent(TYPO_QUERIES[n % TYPO_QUERIES.length])}`, '/sitemap.xml'];
  return all[n % all.length];
};
// A listing page or another signed-out page as a link shared on a social site or in a newsletter reaches it: with
// campaign tags or a click id (a few campaigns, many clicks each).
const TRACKING = ['utm_source=newsletter&utm_medium=email&utm_campaign=launch-week', 'fbclid=IwAR2launch', 'utm_source=x&utm_medium=social', 'gclid=Cj0KCQiA'];
const SHARED_LINK = (ready: Ready, n: number): string => {
  const page = n % 2 ? `/listings/${ready.slugs[n % ready.slugs.length]}` : SITE_PAGES(ready, n);
  return `${page}${page.includes('?') ? '&' : '?'}${TRACKING[n % TRACKING.length]}`;
};
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call' };
// The 2025 era (initialize-based, here stateless): what most clients speak today.
const LEGACY_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };
// What fetch (and so the MCP SDK clients) asks for over HTTPS. A REST answer is compressed once and kept (it has an
// ETag); an MCP answer is made for one request (its JSON-RPC id).
const ACCEPTS = ' (accepts br, gzip)';
const FETCH_ENCODINGS = { 'accept-encoding': 'br, gzip, deflate' };
// Every public read again with page visitors, and with visitors, voters and an owner editing at once.
const WITH_VISITORS = ' + visitors';
const WITH_ALL = ' + visitors, voters, owner';

// A GET and a tools/call-shaped POST answered by bare Node with no app behind them (bench/servers.ts): the ceiling
// of MCP against REST on this machine.
const REF_GET = 'reference: bare Node GET, 7 KB answer';
const REF_POST = 'reference: bare Node POST of tools/call\'s shape, the 7 KB twice';
// The same POST answered with the 7 KB once: what of the gap is the POST itself, and what the answer's second copy
// (MCP's result carries the JSON as text for clients that read no structuredContent, as the protocol advises).
const REF_POST_ONCE = 'reference: bare Node POST of tools/call\'s shape, the 7 KB once';

type Request = { method: string; path: string; headers?: Record<string, string>; body?: string };
type Scenario = { name: string; port: number; request: () => Request; writers?: WriterKind[] };

function scenariosOf(ready: Ready): Scenario[] {
  let n = 0;
  const nextSlug = () => ready.slugs[n++ % ready.slugs.length];
  const nextOf = (xs: string[]) => xs[n++ % xs.length];
  const mcpBody = (name: string, args: object) => JSON.stringify({
    jsonrpc: '2.0', id: n, method: 'tools/call',
    params: { name, arguments: args, _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } },
  });
  const legacyBody = (name: string, args: object) => JSON.stringify({ jsonrpc: '2.0', id: n, method: 'tools/call', params: { name, arguments: args } });
  const reads: Scenario[] = [
    { name: 'baseline: bare Hono JSON route', port: ready.basePort, request: () => ({ method: 'GET', path: '/json' }) },
    { name: 'reference: bare Hono route, 7 KB body', port: ready.basePort, request: () => ({ method: 'GET', path: '/json-7k' }) },
    { name: REF_GET, port: ready.refPort, request: () => ({ method: 'GET', path: `/listings/${nextSlug()}` }) },
    { name: REF_POST, port: ready.refPort, request: () => ({ method: 'POST', path: '/mcp', headers: { ...MCP_HEADERS, 'mcp-name': 'get_listing' }, body: mcpBody('get_listing', { slug: nextSlug() }) }) },
    { name: REF_POST_ONCE, port: ready.refPort, request: () => ({ method: 'POST', path: '/mcp-once', headers: { ...MCP_HEADERS, 'mcp-name': 'get_listing' }, body: mcpBody('get_listing', { slug: nextSlug() }) }) },
    { name: 'REST get_listing', port: ready.appPort, request: () => ({ method: 'GET', path: `/api/v1/listings/${nextSlug()}` }) },
    { name: `REST get_listing${ACCEPTS}`, port: ready.appPort, request: () => ({ method: 'GET', path: `/api/v1/listings/${nextSlug()}`, headers: FETCH_ENCODINGS }) },
    { name: 'REST search_listings (typo query)', port: ready.appPort, request: () => ({ method: 'GET', path: `/api/v1/listings?q=${encodeURIComponent(nextOf(TYPO_QUERIES))}` }) },
    { name: 'REST search_listings (browse)', port: ready.appPort, request: () => ({ method: 'GET', path: `/api/v1/listings?${nextOf(BROWSE_QUERIES)}` }) },
    { name: 'REST search_listings (trending)', port: ready.appPort, request: () => ({ method: 'GET', path: `/api/v1/listings?sort=trending&page=${1 + (n++ % 3)}` }) },
    ...BOARDS.map((board) => ({ name: `REST leaderboard ${board}`, port: ready.appPort, request: () => ({ method: 'GET', path: `/api/v1/leaderboards/${board}?page=${1 + (n++ % 3)}` }) })),
    { name: 'REST list_launches (sections)', port: ready.appPort, request: () => ({ method: 'GET', path: `/api/v1/launches?section=${nextOf(LAUNCH_SECTIONS)}` }) },
    { name: 'REST get_category', port: ready.appPort, request: () => ({ method: 'GET', path: `/api/v1/categories/${nextOf(ready.categorySlugs)}` }) },
    { name: 'REST get_launch_week (this week)', port: ready.appPort, request: () => ({ method: 'GET', path: '/api/v1/launches/weeks/this' }) },
    { name: `REST get_launch_week (this week)${ACCEPTS}`, port: ready.appPort, request: () => ({ method: 'GET', path: '/api/v1/launches/weeks/this', headers: FETCH_ENCODINGS }) },
    { name: 'REST search_listings (filters, deep pages)', port: ready.appPort, request: () => ({ method: 'GET', path: `/api/v1/listings?${FILTER_QUERIES(ready, n++)}` }) },
    { name: 'REST other public reads', port: ready.appPort, request: () => ({ method: 'GET', path: OTHER_READS(ready, n++) }) },
    { name: 'site pages, signed out', port: ready.appPort, request: () => ({ method: 'GET', path: SITE_PAGES(ready, n++) }) },
    { name: `site pages, signed out${ACCEPTS}`, port: ready.appPort, request: () => ({ method: 'GET', path: SITE_PAGES(ready, n++), headers: FETCH_ENCODINGS }) },
    { name: `site pages through shared links (utm_*, click ids)${ACCEPTS}`, port: ready.appPort, request: () => ({ method: 'GET', path: SHARED_LINK(ready, n++), headers: FETCH_ENCODINGS }) },
    { name: 'REST get_listing, any listing (long tail)', port: ready.appPort, request: () => ({ method: 'GET', path: `/api/v1/listings/${ready.everySlug[n++ % ready.everySlug.length]}` }) },
    { name: 'site listing pages, any listing (long tail)', port: ready.appPort, request: () => ({ method: 'GET', path: `/listings/${ready.everySlug[n++ % ready.everySlug.length]}` }) },
    // As browsers and search engines' crawlers ask for it: a page read for the first time is compressed for it too.
    { name: `site listing pages, any listing (long tail)${ACCEPTS}`, port: ready.appPort, request: () => ({ method: 'GET', path: `/listings/${ready.everySlug[n++ % ready.everySlug.length]}`, headers: FETCH_ENCODINGS }) },
    { name: 'REST search_listings, distinct queries (long tail)', port: ready.appPort, request: () => ({ method: 'GET', path: `/api/v1/listings?q=${encodeURIComponent(TAIL_QUERIES[n++ % TAIL_QUERIES.length])}` }) },
    { name: 'MCP tools/call get_listing', port: ready.appPort, request: () => { const slug = nextSlug(); return { method: 'POST', path: '/mcp', headers: { ...MCP_HEADERS, 'mcp-name': 'get_listing' }, body: mcpBody('get_listing', { slug }) }; } },
    { name: `MCP tools/call get_listing${ACCEPTS}`, port: ready.appPort, request: () => { const slug = nextSlug(); return { method: 'POST', path: '/mcp', headers: { ...MCP_HEADERS, ...FETCH_ENCODINGS, 'mcp-name': 'get_listing' }, body: mcpBody('get_listing', { slug }) }; } },
    { name: 'MCP tools/call get_listing (2025-11-25)', port: ready.appPort, request: () => ({ method: 'POST', path: '/mcp', headers: LEGACY_HEADERS, body: legacyBody('get_listing', { slug: nextSlug() }) }) },
    { name: 'MCP tools/call search_listings (typo)', port: ready.appPort, request: () => ({ method: 'POST', path: '/mcp', headers: { ...MCP_HEADERS, 'mcp-name': 'search_listings' }, body: mcpBody('search_listings', { q: nextOf(TYPO_QUERIES) }) }) },
  ];
  const mixedOf = (r: Scenario): Scenario[] => (r.port === ready.appPort && MIXED && !r.name.includes('2025-11-25') && !r.name.includes('MCP tools/call search') && !r.name.includes(ACCEPTS)
    ? [{ ...r, name: `${r.name}${WITH_VISITORS}`, writers: ['visitors'] }, { ...r, name: `${r.name}${WITH_ALL}`, writers: ['visitors', 'voters', 'owner'] }]
    : []);
  return reads.flatMap((r) => [r, ...mixedOf(r)]).filter((x, i) => i === 0 || !ONLY || ONLY.some((text) => x.name.includes(text)));
}

// dbCpuUs: CPU time of the PostgreSQL server's processes per read (all of the cluster's backends), PostgreSQL only.
// rssMb: the app's resident memory when the scenario ended (what piles up over a run shows where it does); keptMb: what
// its remembered answers and kept pages weighed then, against its budget (/metrics cache_kept_bytes, CACHE_MB); heapMb:
// the V8 heap's size then (/metrics nodejs_heap_size_total_bytes), so RSS's growth shows as the heap's or native memory's.
type Row = { name: string; rps: number; p50: number; p99: number; errors: number; cpuUs: number; dbCpuUs?: number; writes?: string; rssMb: number; keptMb: number; heapMb: number };
type EngineRun = { engine: EngineName; rows: Row[]; loadMs: number; warmMs: number; peakRss: number; idleCpuMs: number };

let cluster: BenchPostgres | undefined;
async function runOn(engine: EngineName): Promise<EngineRun> {
  if (engine === 'PostgreSQL') cluster = await startBenchPostgres();
  const { ready, child, startWriteNode } = await startBenchServers(LISTINGS, cluster?.url);
  const writeNode = TWO_NODES && MIXED ? await startWriteNode() : null;
  // Where the writers send their writes: this node, or the second.
  const writeTo: Ready = writeNode ? { ...ready, appPort: writeNode.port } : ready;

  // The app's resident memory, sampled through the run; the peak is printed.
  let peakRss = 0;
  const rssOf = () => residentBytes(child.pid);
  const sampler = setInterval(() => { peakRss = Math.max(peakRss, rssOf()); }, 500); // 0 once it has exited
  // The server's main-thread CPU time per read served (/proc/<pid>/task/<pid>/schedstat, nanoseconds on CPU). Unlike
  // req/s it hardly moves when something else loads the machine, so its ratio to the baseline's is the steadier figure.
  const serverCpuNs = () => mainThreadCpuNs(child.pid);
  const memoryMb = async () => {
    const text = await (await fetch(`http://127.0.0.1:${ready.appPort}/metrics`)).text();
    const mb = (metric: string) => Math.round(Number(new RegExp(`^${metric} (\\S+)$`, 'm').exec(text)?.[1] ?? 0) / 1048576);
    return { keptMb: mb('cache_kept_bytes'), heapMb: mb('nodejs_heap_size_total_bytes') };
  };

  // Warm-up, not measured: page visitors, voters and an owner for a few seconds, so the first scenario with writers
  // does not pay for loading and compiling the site's pages and the write paths (they load on first use, and the
  // writer process's own start-up is compiled once).
  if (MIXED) await (await startWriterProcess(writeTo, ['visitors', 'voters', 'owner'], 4000)).stop();
  // What the app costs with nobody asking (its timers: the view flush, the log batches, the metrics' event-loop
  // sampling), in ms of main-thread CPU a second: what a node of a quiet directory spends doing nothing.
  const idleBefore = serverCpuNs();
  await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
  const idleCpuMs = (serverCpuNs() - idleBefore) / 1e6 / IDLE_SECONDS;

  const rows: Row[] = [];
  for (const s of scenariosOf(ready)) {
    const writers = s.writers ? await startWriterProcess(writeTo, s.writers) : null;
    const load = (duration: number) => autocannon({
      url: `http://127.0.0.1:${s.port}`,
      connections: CONNECTIONS,
      duration,
      requests: [{ setupRequest: (req: any) => ({ ...req, ...s.request() }) }],
    });
    if (WARMUP_SECONDS > 0) await load(WARMUP_SECONDS);
    const writesBefore = writers ? await writers.mark() : null;
    const writeNodeBefore = writeNode ? mainThreadCpuNs(writeNode.child.pid) : 0;
    const cpuBefore = serverCpuNs();
    const dbBefore = cluster?.cpuNs() ?? 0;
    const result = await load(SECONDS);
    const total = Math.max(1, result.requests.total);
    const cpuUs = (serverCpuNs() - cpuBefore) / 1000 / total;
    const dbCpuUs = cluster ? (cluster.cpuNs() - dbBefore) / 1000 / total : undefined;
    // The second node's share of a core while it took the writes (its main thread).
    const writeNodeCpu = writeNode && writers ? ` (2nd node ${Math.round((mainThreadCpuNs(writeNode.child.pid) - writeNodeBefore) / 1e7 / SECONDS)} % CPU)` : '';
    const after = writers ? await writers.stop() : null;
    const wrote = after && writesBefore && { writes: after.writes - writesBefore.writes, errors: after.errors - writesBefore.errors };
    rows.push({
      name: s.name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx, cpuUs, dbCpuUs,
      writes: wrote ? `${Math.round(wrote.writes / SECONDS)}/s${wrote.errors ? ` (${wrote.errors} failed)` : ''}${writeNodeCpu}` : '',
      rssMb: Math.round(rssOf() / 1048576), ...(await memoryMb()),
    });
  }
  clearInterval(sampler);
  for (const proc of [child, writeNode?.child]) if (proc) await new Promise((resolve) => { proc.once('exit', resolve); proc.kill(); });
  await cluster?.stop();
  cluster = undefined;
  return { engine, rows, loadMs: ready.loadMs, warmMs: ready.warmMs, peakRss, idleCpuMs };
}

const runs: EngineRun[] = [];
try {
  for (const engine of ENGINES) runs.push(await runOn(engine));
} finally {
  await cluster?.stop();
}

const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)} %`;
const aloneName = (name: string) => name.replace(WITH_ALL, '').replace(WITH_VISITORS, '');
const withPg = ENGINES.includes('PostgreSQL');
const loads = runs.map((r) => `${r.engine} in ${r.loadMs} ms, warmed up at start (typo vocabulary and the front pages, transport/warm-up.ts) in ${r.warmMs} ms`).join('; ');
console.log(`\n${LISTINGS.toLocaleString('en')} listings loaded (${loads}) · ${CONNECTIONS} connections · ${SECONDS} s per scenario · Node ${process.version}` +
  `${TWO_NODES ? ' · writes through a second web node on the same database' : ''}\n`);
// One engine: the table as it has always been. Several: an engine column first. PostgreSQL adds its server's CPU.
const multi = runs.length > 1;
console.log(`| ${multi ? 'engine | ' : ''}scenario | req/s | p50 ms | p99 ms | errors | writes | vs baseline | vs the read alone | server CPU µs/read | CPU vs baseline | RSS MB | heap MB | kept MB |${withPg ? ' PostgreSQL CPU µs/read |' : ''}`);
console.log(`|${multi ? '---|' : ''}---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|${withPg ? '---:|' : ''}`);
for (const run of runs) {
  const byName = new Map(run.rows.map((r) => [r.name, r]));
  const base = run.rows[0];
  for (const r of run.rows) {
    const alone = byName.get(aloneName(r.name));
    console.log(`| ${multi ? `${run.engine} | ` : ''}${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.writes ?? ''} | ${pct(r.rps, base.rps)} | ` +
      `${alone && alone !== r ? pct(r.rps, alone.rps) : ''} | ${r.cpuUs.toFixed(1)} | ${pct(base.cpuUs, r.cpuUs)} | ${r.rssMb} | ${r.heapMb} | ${r.keptMb} |${withPg ? ` ${r.dbCpuUs === undefined ? '' : r.dbCpuUs.toFixed(1)} |` : ''}`);
  }
}

// The targets, checked on this run's figures, per engine.
const misses: string[] = [];
for (const run of runs) {
  const byName = new Map(run.rows.map((r) => [r.name, r]));
  const base = run.rows[0].rps;
  const ratio = (mcp: string, rest: string) => (byName.has(mcp) && byName.has(rest) ? pct(byName.get(mcp)!.rps, byName.get(rest)!.rps) : 'not run');
  const on = multi ? `${run.engine}: ` : '';
  console.log(`\n${on}MCP tools/call vs the same REST operation: get_listing ${ratio('MCP tools/call get_listing', 'REST get_listing')}, ` +
    `search_listings ${ratio('MCP tools/call search_listings (typo)', 'REST search_listings (typo query)')}; ` +
    `get_listing as fetch asks (br, gzip) ${ratio(`MCP tools/call get_listing${ACCEPTS}`, `REST get_listing${ACCEPTS}`)}`);
  console.log(`${on}The same two shapes with no app behind them (bare Node): the POST is ${ratio(REF_POST, REF_GET)} of the GET ` +
    `(${ratio(REF_POST_ONCE, REF_GET)} answered with the 7 KB once), ` +
    `the most MCP against REST could reach on this machine; the app's own work: REST get_listing ${ratio('REST get_listing', REF_GET)} of the bare GET, ` +
    `MCP tools/call get_listing ${ratio('MCP tools/call get_listing', REF_POST)} of the bare POST.`);
  console.log(`${on}Idle, before the scenarios: the app's main thread used ${run.idleCpuMs.toFixed(1)} ms of CPU a second with no requests (over ${IDLE_SECONDS} s).`);
  console.log(`${on}Peak RSS of the app process: ${Math.round(run.peakRss / 1048576)} MB (target ≤ 300 MB at 100,000 listings).`);
  const miss = (text: string) => misses.push(`${on}${text}`);
  for (const r of run.rows) if (r.name.startsWith('REST ') && r.rps < 0.2 * base) miss(`${r.name}: ${pct(r.rps, base)} of baseline (target ≥ 20 %)`);
  for (const r of run.rows) if (r !== run.rows[0] && !r.name.startsWith('reference') && r.p99 >= 20) miss(`${r.name}: p99 ${r.p99} ms (target < 20 ms)`);
  const gl = byName.get('REST get_listing');
  if (gl && gl.rps < 0.5 * base) miss(`REST get_listing: ${pct(gl.rps, base)} of baseline (target ≥ 50 %)`);
  for (const suffix of [WITH_VISITORS, WITH_ALL]) {
    const mixed = byName.get(`REST get_listing${suffix}`);
    if (gl && mixed && mixed.rps < 0.8 * gl.rps) miss(`REST get_listing${suffix}: ${pct(mixed.rps, gl.rps)} of its read-only figure (target ≥ 80 %)`);
  }
  const mcp = byName.get('MCP tools/call get_listing');
  if (mcp && gl && mcp.rps < 0.8 * gl.rps) miss(`MCP tools/call get_listing: ${pct(mcp.rps, gl.rps)} of REST (target ≥ 80 %)`);
  if (run.peakRss > 300 * 1048576) miss(`peak RSS ${Math.round(run.peakRss / 1048576)} MB (target ≤ 300 MB)`);
}

// Both engines: PostgreSQL's REST reads as a share of SQLite's in this run (target ≥ 50 % at 100,000 listings). The
// engines run one after the other, minutes apart, and the machine's speed moves between them (the bare baseline
// itself has measured 42,000 and 23,000 req/s in the two halves of one run), so the share is taken of each read's
// ratio to the baseline of its own half; the raw req/s share is printed beside it.
const sqlite = runs.find((r) => r.engine === 'SQLite');
const postgres = runs.find((r) => r.engine === 'PostgreSQL');
if (sqlite && postgres) {
  const lite = new Map(sqlite.rows.map((r) => [r.name, r]));
  const baseOf = (run: EngineRun) => run.rows[0].rps;
  console.log(`\nPostgreSQL reads as a share of SQLite's (each against its own half's baseline; target ≥ 50 %), and of raw req/s (baselines: SQLite ${Math.round(baseOf(sqlite))}, PostgreSQL ${Math.round(baseOf(postgres))} req/s):`);
  for (const r of postgres.rows.filter((x) => x.name.startsWith('REST '))) {
    const l = lite.get(r.name);
    if (!l) continue;
    const share = (r.rps / baseOf(postgres)) / (l.rps / baseOf(sqlite));
    console.log(`- ${r.name}: ${(100 * share).toFixed(1)} % (raw ${pct(r.rps, l.rps)})${share < 0.5 ? ' (below target)' : ''}`);
    if (share < 0.5) misses.push(`PostgreSQL ${r.name}: ${(100 * share).toFixed(1)} % of SQLite's against the baselines (target ≥ 50 %)`);
  }
}
console.log(misses.length ? `\nTargets missed in this run:\n- ${misses.join('\n- ')}` : '\nEvery target met in this run.');
