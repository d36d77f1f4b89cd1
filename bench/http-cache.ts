import { startBenchServers } from './spawn-servers';
import autocannon from 'autocannon';
import { numberOption } from './cli';

// What HTTP caching and compression buy: a listing page and the OpenAPI document fetched as a first visit (no
// validator, no compression), compressed (br, gzip), and revalidated (If-None-Match → 304), against the bare Hono
// route measured in the same run. Prints requests per second and bytes on the wire per response.
// Usage: npm run bench:http-cache [-- --listings 10000 --seconds 5 --connections 32]
const LISTINGS = numberOption('listings', 10_000);
const SECONDS = numberOption('seconds', 5);
const CONNECTIONS = numberOption('connections', 32);

const { ready, child } = await startBenchServers(LISTINGS);

const app = `http://127.0.0.1:${ready.appPort}`;
const page = `/listings/${ready.slugs[0]}`;
const doc = '/api/v1/openapi.json';
const etagOf = async (path: string) => (await fetch(`${app}${path}`)).headers.get('etag')!;
const [pageTag, docTag] = [await etagOf(page), await etagOf(doc)];

type Scenario = { name: string; port: number; path: string; headers?: Record<string, string> };
const scenarios: Scenario[] = [
  { name: 'baseline: bare Hono JSON route', port: ready.basePort, path: '/json' },
  { name: 'listing page, uncached (no validator, identity)', port: ready.appPort, path: page },
  { name: 'listing page, gzip', port: ready.appPort, path: page, headers: { 'accept-encoding': 'gzip' } },
  { name: 'listing page, br', port: ready.appPort, path: page, headers: { 'accept-encoding': 'br' } },
  { name: 'listing page, If-None-Match → 304', port: ready.appPort, path: page, headers: { 'if-none-match': pageTag, 'accept-encoding': 'br' } },
  { name: 'openapi.json, uncached (identity)', port: ready.appPort, path: doc },
  { name: 'openapi.json, gzip', port: ready.appPort, path: doc, headers: { 'accept-encoding': 'gzip' } },
  { name: 'openapi.json, br', port: ready.appPort, path: doc, headers: { 'accept-encoding': 'br' } },
  { name: 'openapi.json, If-None-Match → 304', port: ready.appPort, path: doc, headers: { 'if-none-match': docTag, 'accept-encoding': 'br' } },
];

type Row = { name: string; rps: number; bytes: number; p99: number; errors: number; statuses: string };
const rows: Row[] = [];
for (const s of scenarios) {
  const result = await autocannon({ url: `http://127.0.0.1:${s.port}${s.path}`, connections: CONNECTIONS, duration: SECONDS, headers: s.headers ?? {} });
  const statuses = Object.entries(result.statusCodeStats ?? {}).map(([k, v]) => `${k}×${(v as { count: number }).count}`).join(' ');
  rows.push({
    name: s.name, rps: result.requests.average, bytes: result.requests.total ? result.throughput.total / result.requests.total : 0,
    p99: result.latency.p99, errors: result.errors, statuses,
  });
}
child.kill();

const base = rows[0].rps;
const byName = new Map(rows.map((r) => [r.name, r]));
const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)} %`;
console.log(`\n${LISTINGS.toLocaleString('en')} listings · ${CONNECTIONS} connections · ${SECONDS} s per scenario · Node ${process.version}\n`);
console.log('| scenario | req/s | bytes/response | p99 ms | statuses | vs baseline | vs its uncached path |');
console.log('|---|---:|---:|---:|---|---:|---:|');
for (const r of rows) {
  const uncached = byName.get(r.name.startsWith('listing') ? 'listing page, uncached (no validator, identity)' : 'openapi.json, uncached (identity)');
  const vsUncached = r.name.includes('uncached') || r.name.startsWith('baseline') || !uncached ? '' : `${pct(r.rps, uncached.rps)} req/s, ${pct(r.bytes, uncached.bytes)} bytes`;
  console.log(`| ${r.name} | ${Math.round(r.rps)} | ${Math.round(r.bytes)} | ${r.p99} | ${r.statuses} | ${pct(r.rps, base)} | ${vsUncached} |`);
}
console.log('\nbytes/response counts headers and body as sent. Compressed bodies of responses with an ETag are kept after the first request.');
