import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NODE22_DIR, node22, ROOT } from './node22';

// `npm run test:node22`: the whole suite on Node 22 LTS. The project is copied to a temporary folder (tracked
// files and node_modules) where better-sqlite3 is rebuilt against Node 22's headers, shipped in the same npm
// package, so the checkout's own Node 20 build is left alone.
const node = node22();
const work = mkdtempSync(join(tmpdir(), 'node22-suite-'));
const run = (cmd: string, args: string[], opts: { cwd: string; env?: NodeJS.ProcessEnv }) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts, env: { ...process.env, ...opts.env } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited with ${r.status}`);
};
let status = 1;
try {
  const files = spawnSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
  for (const f of files) cpSync(join(ROOT, f), join(work, f), { recursive: true });
  cpSync(join(ROOT, 'node_modules'), join(work, 'node_modules'), { recursive: true, verbatimSymlinks: true });
  const path = `${join(NODE22_DIR, 'bin')}:${process.env.PATH}`;
  run('npm', ['rebuild', 'better-sqlite3', `--nodedir=${NODE22_DIR}`], { cwd: work, env: { PATH: path } });
  const args = [join(work, 'node_modules/vitest/vitest.mjs'), 'run', ...process.argv.slice(2)];
  console.log(`Running the suite on ${spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim()} in ${work}`);
  status = spawnSync(node, args, { cwd: work, stdio: 'inherit', env: { ...process.env, PATH: path } }).status ?? 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exit(status);
