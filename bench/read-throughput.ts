import { startBenchServers } from './spawn-servers';
import autocannon from 'autocannon';

// Read throughput of the directory against a bare Hono route measured in the same run.
// Usage: npm run bench [-- --listings 100000 --seconds 10 --connections 32]
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

type Scenario = { name: string; port: number; request: () => { method: string; path: string; headers?: Record<string, string>; body?: string } };
const scenarios: Scenario[] = [
  { name: 'baseline: bare Hono JSON route', port: ready.basePort, request: () => ({ method: 'GET', path: '/json' }) },
  { name: 'reference: bare Hono route, 7 KB body', port: ready.basePort, request: () => ({ method: 'GET', path: '/json-7k' }) },
  { name: 'REST get_listing', port: ready.appPort, request: () => ({ method: 'GET', path: `/api/v1/listings/${nextSlug()}` }) },
  { name: 'REST search_listings (typo query)', port: ready.appPort, request: () => ({ method: 'GET', path: `/api/v1/listings?q=${encodeURIComponent(nextOf(TYPO_QUERIES))}` }) },
  { name: 'REST search_listings (browse)', port: ready.appPort, request: () => ({ method: 'GET', path: `/api/v1/listings?${nextOf(BROWSE_QUERIES)}` }) },
  { name: 'MCP tools/call get_listing', port: ready.appPort, request: () => { const slug = nextSlug(); return { method: 'POST', path: '/mcp', headers: { ...MCP_HEADERS, 'mcp-name': 'get_listing' }, body: mcpBody('get_listing', { slug }) }; } },
  { name: 'MCP tools/call get_listing (2025-11-25)', port: ready.appPort, request: () => ({ method: 'POST', path: '/mcp', headers: LEGACY_HEADERS, body: legacyBody('get_listing', { slug: nextSlug() }) }) },
  { name: 'MCP tools/call search_listings (typo)', port: ready.appPort, request: () => ({ method: 'POST', path: '/mcp', headers: { ...MCP_HEADERS, 'mcp-name': 'search_listings' }, body: mcpBody('search_listings', { q: nextOf(TYPO_QUERIES) }) }) },
];

type Row = { name: string; rps: number; p50: number; p99: number; errors: number };
const rows: Row[] = [];
for (const s of scenarios.filter((x, i) => i === 0 || !ONLY || x.name.includes(ONLY))) {
  const result = await autocannon({
    url: `http://127.0.0.1:${s.port}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [{ setupRequest: (req: any) => ({ ...req, ...s.request() }) }],
  });
  const errors = result.errors + result.non2xx;
  rows.push({ name: s.name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors });
}
child.kill();

const base = rows[0].rps;
const byName = new Map(rows.map((r) => [r.name, r]));
const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)} %`;
console.log(`\n${LISTINGS.toLocaleString('en')} listings loaded in ${ready.loadMs} ms · ${CONNECTIONS} connections · ${SECONDS} s per scenario · Node ${process.version}\n`);
console.log('| scenario | req/s | p50 ms | p99 ms | errors | vs baseline |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const r of rows) console.log(`| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} | ${pct(r.rps, base)} |`);
const ratio = (mcp: string, rest: string) => (byName.has(mcp) && byName.has(rest) ? pct(byName.get(mcp)!.rps, byName.get(rest)!.rps) : 'not run');
console.log(`\nMCP tools/call vs the same REST operation: get_listing ${ratio('MCP tools/call get_listing', 'REST get_listing')}, ` +
  `search_listings ${ratio('MCP tools/call search_listings (typo)', 'REST search_listings (typo query)')}`);
console.log('Targets: get_listing ≥ 50 % of baseline, search_listings ≥ 20 %, MCP ≥ 60 % of REST.');
