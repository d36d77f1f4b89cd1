import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildEntry } from '../cli/build';

// What `npm start` runs: the server built by cli/build.ts into plain JavaScript (no tsx in the serving process).
// Several processes starting at once build at once; each must end up running a whole build.
// Inside the project, as dist/ is: a build's packages are found in the project's node_modules.
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
mkdirSync(join(ROOT, '.tmp'), { recursive: true });
const dist = mkdtempSync(join(ROOT, '.tmp', 'build-test-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
const builds = () => readdirSync(dist, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();

describe('cli/build.ts', () => {
  it('builds started at once end in one build, named by the entry file', async () => {
    const launchers = await Promise.all(Array.from({ length: 4 }, () => buildEntry('cli/migrate.ts', 'migrate', dist)));
    expect(new Set(launchers)).toEqual(new Set([join(dist, 'migrate.js')]));
    expect(builds()).toHaveLength(1);
    const [id] = builds();
    expect(readFileSync(join(dist, 'migrate.js'), 'utf8')).toContain(`import './${id}/migrate.js';`);
    // Nothing half written is left behind.
    expect(readdirSync(dist).filter((f) => f.includes('tmp'))).toEqual([]);
  }, 60_000);

  it('the build runs without tsx and finds what its sources find next to themselves (the migrations)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'build-db-'));
    try {
      const out = spawnSync(process.execPath, [join(dist, 'migrate.js')], {
        encoding: 'utf8', env: { ...process.env, DATABASE_PATH: join(dir, 'd.db'), DATABASE_URL: '', SEED_DEMO: 'false', NODE_OPTIONS: '' },
      });
      expect(out.stderr).toBe('');
      expect(out.status).toBe(0);
      expect(out.stdout).toMatch(/Applied \d+ migration\(s\)/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('started again on the same sources, it writes nothing (an image built beforehand may be read-only)', async () => {
    const launcher = join(dist, 'migrate.js');
    const before = statSync(launcher);
    await new Promise((r) => setTimeout(r, 20));
    expect(await buildEntry('cli/migrate.ts', 'migrate', dist)).toBe(launcher);
    expect(statSync(launcher).mtimeMs).toBe(before.mtimeMs);
    expect(statSync(launcher).ino).toBe(before.ino);
  }, 60_000);

  it('a build nobody started from for a day is removed by the next; the current one and recent ones stay', async () => {
    const [current] = builds();
    const stale = join(dist, 'stale0000000000');
    const recent = join(dist, 'recent000000000');
    mkdirSync(stale);
    mkdirSync(recent);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    utimesSync(stale, twoDaysAgo, twoDaysAgo);
    utimesSync(join(dist, current), twoDaysAgo, twoDaysAgo); // started long ago, and again now
    writeFileSync(join(dist, 'migrate.js'), '// an older build\n'); // so that this start puts its build in place
    await buildEntry('cli/migrate.ts', 'migrate', dist);
    expect(builds()).toEqual([current, 'recent000000000'].sort());
  }, 60_000);
});
