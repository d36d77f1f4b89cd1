import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { numberOption, option } from './cli';

// Cost of authentication per request, over real HTTP, in one run: the same public REST operation called
// anonymously, with an API key, and with an OAuth JWT access token (the same token every time, as a client
// sends it for an hour; and a different token every time, the first-use cost of the signature check).
// Scenarios alternate over several rounds and each reports its median, so drift hits them all alike.
// Usage: npx tsx bench/auth-cost.ts [--seconds 5 --rounds 3 --connections 16 --path /api/v1/site]
const SECONDS = numberOption('seconds', 5);
const ROUNDS = numberOption('rounds', 3);
const CONNECTIONS = numberOption('connections', 16);
const PATH = option('path', '/api/v1/site'); // get_site_info: cheap, so the authentication share is easy to see

type Ready = { appPort: number; apiKey: string; jwt: string; freshFile: string };

const child = spawn(process.execPath, ['--import', 'tsx', 'bench/auth-servers.ts'], {
  env: process.env,
  stdio: ['ignore', 'pipe', 'inherit'],
});
const ready: Ready = await new Promise((resolve, reject) => {
  createInterface({ input: child.stdout! }).on('line', (line) => {
    try { const msg = JSON.parse(line); if (msg.ready) resolve(msg); } catch { /* log line */ }
  });
  child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});
const fresh: string[] = JSON.parse(readFileSync(ready.freshFile, 'utf8'));
if (fresh.length <= 4096) throw new Error('BENCH_FRESH_TOKENS must be well above the verifier cache size (2048)');
let nextFresh = 0;

type Scenario = { name: string; headers: () => Record<string, string> };
const scenarios: Scenario[] = [
  { name: 'anonymous', headers: () => ({}) },
  { name: 'API key', headers: () => ({ authorization: `Bearer ${ready.apiKey}` }) },
  { name: 'JWT (same token)', headers: () => ({ authorization: `Bearer ${ready.jwt}` }) },
  // The verifier remembers its last 2048 tokens first-in first-out, so cycling through more distinct tokens
  // than that misses the cache on every call.
  { name: 'JWT (new token each call)', headers: () => ({ authorization: `Bearer ${fresh[nextFresh++ % fresh.length]}` }) },
];

// Each credential must work before it is timed: a 401 is cheaper than a real call and would flatter it.
for (const s of scenarios.slice(0, 3)) {
  const res = await fetch(`http://127.0.0.1:${ready.appPort}${PATH}`, { headers: s.headers() });
  if (res.status !== 200) throw new Error(`${s.name}: ${PATH} answered ${res.status} ${await res.text()}`);
}

const load = (s: Scenario, duration: number) => autocannon({
  url: `http://127.0.0.1:${ready.appPort}`,
  connections: CONNECTIONS,
  duration,
  requests: [{ setupRequest: (req: any) => ({ ...req, method: 'GET', path: PATH, headers: { ...req.headers, ...s.headers() } }) }],
});

// Warm-up (JIT, prepared statements, caches) for every path before anything is recorded.
for (const s of scenarios) await load(s, Math.max(1, Math.round(SECONDS / 2)));

type Sample = { rps: number; p50: number; p99: number; bad: number };
const samples = new Map<string, Sample[]>(scenarios.map((s) => [s.name, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const s of scenarios) {
    const r = await load(s, SECONDS);
    samples.get(s.name)!.push({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad: r.errors + r.non2xx });
  }
}
child.kill();

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = scenarios.map((s) => {
  const xs = samples.get(s.name)!;
  const rps = median(xs.map((x) => x.rps));
  return { name: s.name, rps, usPerReq: 1e6 / rps, p50: median(xs.map((x) => x.p50)), p99: median(xs.map((x) => x.p99)), bad: xs.reduce((n, x) => n + x.bad, 0) };
});
const anon = rows[0];
console.log(`\nGET ${PATH} · ${CONNECTIONS} connections · ${ROUNDS} rounds × ${SECONDS} s per scenario (medians) · Node ${process.version}\n`);
console.log('| caller | req/s | µs per request | added by auth | cost vs anonymous | p50 ms | p99 ms | non-2xx/errors |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  const added = r.usPerReq - anon.usPerReq;
  console.log(`| ${r.name} | ${Math.round(r.rps)} | ${r.usPerReq.toFixed(0)} | ${r === anon ? '—' : `${added >= 0 ? '+' : ''}${added.toFixed(0)} µs`} | ${(r.usPerReq / anon.usPerReq).toFixed(2)}× | ${r.p50} | ${r.p99} | ${r.bad} |`);
}
console.log('\nµs per request = 1 / throughput of the single-threaded server at saturation; "added by auth" is the difference to anonymous.');
if (rows.some((r) => r.bad)) console.log('WARNING: some responses were not 2xx (rate limits?): those rows are not comparable.');
