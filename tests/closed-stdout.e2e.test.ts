import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

// `npm start` whose output reader goes away (a closed terminal, a log shipper that died, `npm start | head`): every
// later write to stdout fails with EPIPE. The server must keep serving, and stop on SIGTERM cleanly: exit 0 comes
// only at the end of its shutdown, after the buffered page views are written and the database closed. Before, it
// died (exit 1) on the first line it wrote.
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const START = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start;
const dir = mkdtempSync(join(tmpdir(), 'directory-stdout-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('keeps serving after its stdout is closed, and shuts down cleanly on SIGTERM', async () => {
  const PATH = `${join(ROOT, 'node_modules', '.bin')}:${process.env.PATH ?? ''}`;
  const child = spawn('/bin/sh', ['-c', START], {
    cwd: ROOT,
    env: { ...process.env, PATH, PORT: '0', HOST: '127.0.0.1', DATABASE_PATH: join(dir, 'd.db'), DATABASE_URL: '', LOG_LEVEL: 'info', VITEST: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  let out = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /\(listening on [^\s]+:(\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    void exited.then((code) => reject(new Error(`exited with ${code} before listening:\n${out.slice(-2000)}`)));
  });
  child.stdout!.destroy(); // the reader is gone
  // Requests, each logged.
  for (let i = 0; i < 20; i++) expect((await fetch(`http://127.0.0.1:${port}/api/v1/categories`)).status).toBe(200);
  const slug = ((await (await fetch(`http://127.0.0.1:${port}/api/v1/listings?per_page=1`)).json()) as { items: { slug: string }[] }).items[0].slug;
  expect((await fetch(`http://127.0.0.1:${port}/listings/${slug}`)).status).toBe(200);
  await new Promise((r) => setTimeout(r, 1_500)); // the logger's periodic flush writes into the closed pipe
  expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
}, 120_000);
