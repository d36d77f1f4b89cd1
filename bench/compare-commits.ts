import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// SQLite read throughput of an earlier commit against this tree's, in one session: the commit is checked out into a
// temporary git worktree (sharing this tree's node_modules), and the read benchmark runs there and here with the same
// listings and seconds, old and new taking turns (ABBA over --rounds) so both meet the same machine noise. Prints
// per scenario req/s and the app's CPU µs per read, old against new.
// Usage: npm run bench:compare [-- COMMIT --listings 100000 --seconds 10 --rounds 1 --only TEXT --no-mixed --connections 32]
// COMMIT defaults to 38f286c, the last commit before the asynchronous storage interface.
const argv = process.argv.slice(2);
const valueOf = (name: string, dflt: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const flagsWithValue = new Set(['--listings', '--seconds', '--rounds', '--only', '--connections']);
const commit = argv.find((a, i) => !a.startsWith('--') && !flagsWithValue.has(argv[i - 1])) ?? '38f286c';
const ROUNDS = Number(valueOf('rounds', '1'));
const passOn = ['--listings', valueOf('listings', '100000'), '--seconds', valueOf('seconds', '10'), '--connections', valueOf('connections', '32'),
  ...(argv.includes('--only') ? ['--only', valueOf('only', '')] : []), ...(argv.includes('--no-mixed') ? ['--no-mixed'] : [])];

type Figures = Map<string, { rps: number[]; cpuUs: number[] }>;

// The scenario rows of the bench's markdown table, found by their header's names (so an engine column, or columns
// added later, do not matter); SQLite rows only.
function parseTable(out: string, into: Figures): void {
  const lines = out.split('\n').filter((l) => l.startsWith('|'));
  const cells = (l: string) => l.split('|').slice(1, -1).map((c) => c.trim());
  const header = cells(lines[0] ?? '');
  const col = (name: string) => header.indexOf(name);
  const [scenario, rps, cpu, engine] = [col('scenario'), col('req/s'), col('server CPU µs/read'), col('engine')];
  if (scenario < 0 || rps < 0 || cpu < 0) throw new Error(`no results table in the bench's output:\n${out}`);
  for (const l of lines.slice(2)) {
    const c = cells(l);
    if (engine >= 0 && c[engine] !== 'SQLite') continue;
    const f = into.get(c[scenario]) ?? { rps: [], cpuUs: [] };
    f.rps.push(Number(c[rps]));
    f.cpuUs.push(Number(c[cpu]));
    into.set(c[scenario], f);
  }
}

function runBench(cwd: string, label: string): Promise<string> {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  console.error(`\n— ${label}: npm run bench -- ${passOn.join(' ')} (in ${cwd})`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/read-throughput.ts', ...passOn], { cwd, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${label}: the bench exited with ${code}`))));
  });
}

const here = process.cwd();
const shortOld = execFileSync('git', ['rev-parse', '--short', commit], { encoding: 'utf8' }).trim();
const shortNew = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim() ? ' + uncommitted changes' : '';
const oldTree = join(mkdtempSync(join(tmpdir(), 'bench-compare-')), 'tree');
execFileSync('git', ['worktree', 'add', '--detach', oldTree, commit], { stdio: 'ignore' });
const cleanUp = () => {
  try { execFileSync('git', ['worktree', 'remove', '--force', oldTree], { stdio: 'ignore' }); } catch { rmSync(oldTree, { recursive: true, force: true }); }
};
process.once('SIGINT', () => { cleanUp(); process.exit(130); });
const oldFigures: Figures = new Map();
const newFigures: Figures = new Map();
try {
  symlinkSync(realpathSync(join(here, 'node_modules')), join(oldTree, 'node_modules'));
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? ['old', 'new'] : ['new', 'old'];
    for (const which of order) {
      if (which === 'old') parseTable(await runBench(oldTree, `old (${shortOld}), round ${round + 1}`), oldFigures);
      else parseTable(await runBench(here, `new (${shortNew}${dirty}), round ${round + 1}`), newFigures);
    }
  }
} finally {
  cleanUp();
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const change = (before: number, after: number) => `${after >= before ? '+' : ''}${((100 * (after - before)) / before).toFixed(1)} %`;
console.log(`\nSQLite reads, ${shortOld} (old) against ${shortNew}${dirty} (new): ${passOn.join(' ')}, ${ROUNDS} round(s), means\n`);
console.log('| scenario | old req/s | new req/s | req/s change | old CPU µs/read | new CPU µs/read | CPU change |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
const losses: string[] = [];
for (const [name, o] of oldFigures) {
  const n = newFigures.get(name);
  if (!n) continue;
  const [or, nr, oc, nc] = [mean(o.rps), mean(n.rps), mean(o.cpuUs), mean(n.cpuUs)];
  console.log(`| ${name} | ${Math.round(or)} | ${Math.round(nr)} | ${change(or, nr)} | ${oc.toFixed(1)} | ${nc.toFixed(1)} | ${change(oc, nc)} |`);
  // The target: the async interface costs SQLite at most 10 % of its throughput (the app's scenarios only).
  if (/^(REST|MCP) /.test(name) && nr < 0.9 * or) losses.push(`${name}: req/s ${change(or, nr)}, CPU µs/read ${change(oc, nc)}`);
}
console.log(losses.length
  ? `\nScenarios losing more than 10 % of their req/s (req/s is noisy; the CPU figure tells a real loss from noise):\n- ${losses.join('\n- ')}`
  : '\nNo scenario lost more than 10 % of its req/s.');
