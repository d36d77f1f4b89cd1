import { readFileSync } from 'node:fs';
import { startBenchServers } from './spawn-servers';
import { spawn } from 'node:child_process';
import type { WriterKind } from './writers';
import autocannon from 'autocannon';

// Read throughput of the directory against a bare Hono route measured in the same run: each read alone, then again
// while people write (page visitors counting views, voters on the site, an owner editing through the API).
// Usage: npm run bench [-- --listings 100000 --seconds 10 --connections 32 --only TEXT --no-mixed]
const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const LISTINGS = arg('listings', 100_000);
const SECONDS = arg('seconds', 10);
const CONNECTIONS = arg('connections', 32);
// --only TEXT runs the baseline and the scenarios whose name contains TEXT.
const onlyAt = process.argv.indexOf('--only');
const ONLY = onlyAt > 0 ? process.argv[onlyAt + 1] : null;
const MIXED = !process.argv.includes('--no-mixed');

const { ready, child } = await startBenchServers(LISTINGS);

const TYPO_QUERIES = ['projct managment', 'analitics', 'invocing', 'metting notes', 'uptme monitorng', 'secrit'];
const BROWSE_QUERIES = ['sort=votes', 'sort=newest', 'sort=trending', 'country=DE&sort=votes'];
let n = 0;
const nextSlug = () => ready.slugs[n++ % ready.slugs.length];
const nextOf = (xs: string[]) => xs[n++ % xs.length];

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call' };
const mcpBody = (name: string, args: object) => JSON.stringify({
  jsonrpc: '2.0', id: n, method: 'tools/call',
  params: { name, arguments: args, _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } },
});

// The 2025 era (initialize-based, here stateless): what most clients speak today.
const LEGACY_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };
const legacyBody = (name: string, args: object) => JSON.stringify({ jsonrpc: '2.0', id: n, method: 'tools/call', params: { name, arguments: args } });

type Request = { method: string; path: string; headers?: Record<string, string>; body?: string };
type Scenario = { name: string; port: number; request: () => Request; writers?: WriterKind[]; mixed?: boolean };
const BOARDS = ['community-weekly', 'community-all-time', 'billboard', 'domain-rating', 'revenue'];
const reads: Scenario[] = [
  { name: 'baseline: bare Hono JSON route', port: ready.basePort, request: () => ({ method: 'GET', path: '/json' }) },
  { name: 'reference: bare Hono route, 7 KB body', port: ready.basePort, request: () => ({ method: 'GET', path: '/json-7k' }) },
  { name: 'REST get_listing', port: ready.appPort, request: () => ({ method: 'GET', path: `/api/v1/listings/${nextSlug()}` }) },
  { name: 'REST search_listings (typo query)', port: ready.appPort, request: () => ({ method: 'GET', path: `/api/v1/listings?q=${encodeURIComponent(nextOf(TYPO_QUERIES))}` }) },
  { name: 'REST search_listings (browse)', port: ready.appPort, request: () => ({ method: 'GET', path: `/api/v1/listings?${nextOf(BROWSE_QUERIES)}` }) },
  { name: 'REST search_listings (trending)', port: ready.appPort, request: () => ({ method: 'GET', path: `/api/v1/listings?sort=trending&page=${1 + (n++ % 3)}` }) },
  ...BOARDS.map((board) => ({ name: `REST leaderboard ${board}`, port: ready.appPort, request: () => ({ method: 'GET', path: `/api/v1/leaderboards/${board}?page=${1 + (n++ % 3)}` }) })),
  { name: 'MCP tools/call get_listing', port: ready.appPort, request: () => { const slug = nextSlug(); return { method: 'POST', path: '/mcp', headers: { ...MCP_HEADERS, 'mcp-name': 'get_listing' }, body: mcpBody('get_listing', { slug }) }; } },
  { name: 'MCP tools/call get_listing (2025-11-25)', port: ready.appPort, request: () => ({ method: 'POST', path: '/mcp', headers: LEGACY_HEADERS, body: legacyBody('get_listing', { slug: nextSlug() }) }) },
  { name: 'MCP tools/call search_listings (typo)', port: ready.appPort, request: () => ({ method: 'POST', path: '/mcp', headers: { ...MCP_HEADERS, 'mcp-name': 'search_listings' }, body: mcpBody('search_listings', { q: nextOf(TYPO_QUERIES) }) }) },
];

// Every public read again with page visitors, and with visitors, voters and an owner editing at once.
const WITH_VISITORS = ' + visitors';
const WITH_ALL = ' + visitors, voters, owner';
const mixedOf = (r: Scenario): Scenario[] => (r.port === ready.appPort && MIXED && !r.name.includes('2025-11-25') && !r.name.includes('MCP tools/call search')
  ? [{ ...r, name: `${r.name}${WITH_VISITORS}`, writers: ['visitors'] }, { ...r, name: `${r.name}${WITH_ALL}`, writers: ['visitors', 'voters', 'owner'] }]
  : []);
const scenarios: Scenario[] = reads.flatMap((r) => [r, ...mixedOf(r)]);

// The app's resident memory, sampled through the run; the peak is printed.
let peakRss = 0;
const rssOf = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
const sampler = setInterval(() => { try { peakRss = Math.max(peakRss, rssOf()); } catch { /* exited */ } }, 500);

// Writers run in a child process (bench/writers-child.ts): in this one they would slow the load generator down.
function startWriterProcess(kinds: WriterKind[]) {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'bench/writers-child.ts', JSON.stringify(ready), kinds.join(',')], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  proc.stdout!.on('data', (d) => { out += d; });
  return {
    stop: () => new Promise<{ writes: number; errors: number }>((resolve) => {
      proc.on('exit', () => resolve(JSON.parse(out.trim() || '{"writes":0,"errors":0}')));
      proc.stdin!.end();
    }),
  };
}

// The server's main-thread CPU time per read served (/proc/<pid>/task/<pid>/schedstat, nanoseconds on CPU). Unlike
// req/s it hardly moves when something else loads the machine, so its ratio to the baseline's is the steadier figure.
const serverCpuNs = () => Number(readFileSync(`/proc/${child.pid}/task/${child.pid}/schedstat`, 'utf8').split(' ')[0]);

type Row = { name: string; rps: number; p50: number; p99: number; errors: number; cpuUs: number; writes?: string };
const rows: Row[] = [];
for (const s of scenarios.filter((x, i) => i === 0 || !ONLY || x.name.includes(ONLY))) {
  const writers = s.writers ? startWriterProcess(s.writers) : null;
  const cpuBefore = serverCpuNs();
  const result = await autocannon({
    url: `http://127.0.0.1:${s.port}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [{ setupRequest: (req: any) => ({ ...req, ...s.request() }) }],
  });
  const errors = result.errors + result.non2xx;
  const cpuUs = (serverCpuNs() - cpuBefore) / 1000 / Math.max(1, result.requests.total);
  const wrote = writers ? await writers.stop() : null;
  rows.push({
    name: s.name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors, cpuUs,
    writes: wrote ? `${Math.round(wrote.writes / SECONDS)}/s${wrote.errors ? ` (${wrote.errors} failed)` : ''}` : '',
  });
}
clearInterval(sampler);
child.kill();

const base = rows[0].rps;
const byName = new Map(rows.map((r) => [r.name, r]));
const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)} %`;
console.log(`\n${LISTINGS.toLocaleString('en')} listings loaded in ${ready.loadMs} ms · ${CONNECTIONS} connections · ${SECONDS} s per scenario · Node ${process.version}\n`);
console.log('| scenario | req/s | p50 ms | p99 ms | errors | writes | vs baseline | vs the read alone | server CPU µs/read | CPU vs baseline |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
const aloneOf = (name: string) => byName.get(name.replace(WITH_ALL, '').replace(WITH_VISITORS, ''));
for (const r of rows) {
  const alone = aloneOf(r.name);
  console.log(`| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.writes ?? ''} | ${pct(r.rps, base)} | ${alone && alone !== r ? pct(r.rps, alone.rps) : ''} | ${r.cpuUs.toFixed(1)} | ${pct(rows[0].cpuUs, r.cpuUs)} |`);
}
const ratio = (mcp: string, rest: string) => (byName.has(mcp) && byName.has(rest) ? pct(byName.get(mcp)!.rps, byName.get(rest)!.rps) : 'not run');
console.log(`\nMCP tools/call vs the same REST operation: get_listing ${ratio('MCP tools/call get_listing', 'REST get_listing')}, ` +
  `search_listings ${ratio('MCP tools/call search_listings (typo)', 'REST search_listings (typo query)')}`);
console.log(`Peak RSS of the app process: ${Math.round(peakRss / 1048576)} MB (target ≤ 300 MB at 100,000 listings).`);

// The targets, checked on this run's figures.
const publicReads = rows.filter((r) => r.name.startsWith('REST '));
const misses: string[] = [];
for (const r of publicReads) if (r.rps < 0.2 * base) misses.push(`${r.name}: ${pct(r.rps, base)} of baseline (target ≥ 20 %)`);
for (const r of rows) if (r.name !== rows[0].name && !r.name.startsWith('reference') && r.p99 >= 20) misses.push(`${r.name}: p99 ${r.p99} ms (target < 20 ms)`);
const gl = byName.get('REST get_listing');
if (gl && gl.rps < 0.5 * base) misses.push(`REST get_listing: ${pct(gl.rps, base)} of baseline (target ≥ 50 %)`);
for (const suffix of [WITH_VISITORS, WITH_ALL]) {
  const mixed = byName.get(`REST get_listing${suffix}`);
  if (gl && mixed && mixed.rps < 0.8 * gl.rps) misses.push(`REST get_listing${suffix}: ${pct(mixed.rps, gl.rps)} of its read-only figure (target ≥ 80 %)`);
}
const mcp = byName.get('MCP tools/call get_listing');
if (mcp && gl && mcp.rps < 0.8 * gl.rps) misses.push(`MCP tools/call get_listing: ${pct(mcp.rps, gl.rps)} of REST (target ≥ 80 %)`);
if (peakRss > 300 * 1048576) misses.push(`peak RSS ${Math.round(peakRss / 1048576)} MB (target ≤ 300 MB)`);
console.log(misses.length ? `\nTargets missed in this run:\n- ${misses.join('\n- ')}` : '\nEvery target met in this run.');
