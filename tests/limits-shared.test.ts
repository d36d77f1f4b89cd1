import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createLimits, type Limits } from '../transport/limits';
import { loadConfig } from '../transport/config';
import { systemClock } from '../tools/clock';
import { getJson, startApp, TEST_NOW, type TestApp } from './harness';
import { freshPgDb, testEngine } from './support/pg-test-db';
import type { Db } from '../storage/db';

// LIMITS_STORE=sqlite: the counts live in <DATABASE_PATH>-limits, so every process (here: every Limits, each with
// its own connection, as each process has) draws on the same allowance. tests/multi-node.e2e.test.ts does the
// same with real processes. On PostgreSQL (npm run test:pg) the same tests run with LIMITS_STORE=postgres: the
// counts live in the database's own tables, one fresh database per name.
const onPg = testEngine() === 'postgres';
const STORE = onPg ? 'postgres' : 'sqlite';
const dir = mkdtempSync(join(tmpdir(), 'limits-shared-'));
const opened: Limits[] = [];
const apps: TestApp[] = [];
const pgDbs = new Map<string, { db: Db; url: string; drop(): Promise<void> }>();
afterAll(async () => {
  for (const l of opened) l.close();
  for (const a of apps) await a.close();
  for (const d of pgDbs.values()) await d.drop();
  rmSync(dir, { recursive: true, force: true });
});

// The PostgreSQL database standing for the SQLite file `name`.db (made on first use; callers await one at a time).
async function pgDb(name: string) {
  let made = pgDbs.get(name);
  if (!made) pgDbs.set(name, (made = await freshPgDb({ demo: false, now: TEST_NOW }, 1)));
  return made;
}

async function node(name: string, env: Record<string, string> = {}): Promise<Limits> {
  const where = onPg ? { DATABASE_URL: (await pgDb(name)).url } : {};
  const config = loadConfig({ DATABASE_PATH: join(dir, `${name}.db`), ...where, LIMITS_STORE: STORE, RATE_LIMIT_ANON_PER_MIN: '5', RATE_LIMIT_USER_PER_MIN: '7', ...env });
  const limits = createLimits(config, systemClock);
  opened.push(limits);
  return limits;
}
const anon = (ip: string) => ({ kind: 'anonymous' as const, ip });

describe('rate limits shared through the limits file (or the PostgreSQL database)', () => {
  it('three nodes together allow what one would, per caller, and refuse with the time to wait', async () => {
    const nodes = [await node('a'), await node('a'), await node('a')];
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await nodes[i % 3].api.take(anon('198.51.100.7')));
    expect(answers.filter((d) => d?.allowed)).toHaveLength(5);
    expect(answers.slice(0, 5).map((d) => d?.remaining)).toEqual([4, 3, 2, 1, 0]);
    const refused = answers[5]!;
    expect(refused).toMatchObject({ allowed: false, limit: 5, remaining: 0 });
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Another caller, a signed-in user and the MCP protocol allowance are counted apart.
    expect((await nodes[1].api.take(anon('198.51.100.8')))?.allowed).toBe(true);
    expect(await nodes[2].api.take({ kind: 'api_key', userId: 1, keyId: 1, keyName: 'k', scopes: [], ip: '198.51.100.7' })).toMatchObject({ allowed: true, limit: 7, remaining: 6 });
    expect(await nodes[0].protocol.take(anon('198.51.100.7'))).toMatchObject({ allowed: true, limit: 50 });
  });

  it('a different database has different counts', async () => {
    expect((await (await node('b')).api.take(anon('198.51.100.7')))?.allowed).toBe(true);
  });

  it('failed sign-ins on any node count towards the same limits; the right password clears the account count', async () => {
    const [a, b] = [await node('c'), await node('c')];
    for (let i = 0; i < 9; i++) await (i % 2 ? a : b).signIns.failed('Victim@Example.test', '203.0.113.5');
    expect(await a.signIns.retryAfter('victim@example.test', '203.0.113.5')).toBe(0);
    await b.signIns.failed('victim@example.test', '203.0.113.5'); // the tenth
    const wait = await a.signIns.retryAfter('victim@example.test', '203.0.113.5');
    expect(wait).toBeGreaterThan(60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    expect(await b.signIns.retryAfter('victim@example.test', '203.0.113.5')).toBeGreaterThan(60);
    expect(await b.signIns.retryAfter('victim@example.test', '198.51.100.1')).toBe(0); // nobody is locked out from elsewhere
    expect(await b.signIns.retryAfter('other@example.test', '203.0.113.5')).toBe(0);
    await a.signIns.succeeded('victim@example.test', '203.0.113.5');
    expect(await b.signIns.retryAfter('victim@example.test', '203.0.113.5')).toBe(0);
  });

  it('counts per address across accounts (password spraying)', async () => {
    const [a, b] = [await node('d'), await node('d')];
    for (let i = 0; i < 100; i++) await (i % 2 ? a : b).signIns.failed(`user${i}@example.test`, '203.0.113.9');
    expect(await a.signIns.retryAfter('fresh@example.test', '203.0.113.9')).toBeGreaterThan(0);
    expect(await b.signIns.retryAfter('fresh@example.test', '203.0.113.10')).toBe(0);
  });

  it('the app answers as with the memory store: RateLimit headers, then 429 with Retry-After', async () => {
    const app = await startApp({ demo: false, env: { RATE_LIMIT_ANON_PER_MIN: '3', LIMITS_STORE: STORE } });
    apps.push(app);
    const first = await getJson(`${app.api}/site`);
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-limit')).toBe('3');
    expect(first.headers.get('ratelimit-remaining')).toBe('2');
    expect(first.headers.get('ratelimit-policy')).toBe('3;w=60');
    for (let i = 0; i < 2; i++) expect((await getJson(`${app.api}/site`)).status).toBe(200);
    const limited = await getJson(`${app.api}/site`);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});

describe('page views counted once per visitor across processes', () => {
  const UA = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0';

  it('a visitor seen by one node is not counted again by another; a new day starts over', async () => {
    const [a, b, c] = [await node('v'), await node('v'), await node('v')];
    expect(await a.views.firstView('2026-11-26', '198.51.100.7', UA, 'lumen')).toBe(true);
    expect(await b.views.firstView('2026-11-26', '198.51.100.7', UA, 'lumen')).toBe(false);
    expect(await c.views.firstView('2026-11-26', '198.51.100.7', UA, 'lumen')).toBe(false);
    // Another listing, another address, another browser: each a view of its own.
    expect(await b.views.firstView('2026-11-26', '198.51.100.7', UA, 'other')).toBe(true);
    expect(await c.views.firstView('2026-11-26', '198.51.100.8', UA, 'lumen')).toBe(true);
    expect(await a.views.firstView('2026-11-26', '198.51.100.7', `${UA} Edg/140`, 'lumen')).toBe(true);
    // The next day counts again, and nodes still agree.
    expect(await c.views.firstView('2026-11-27', '198.51.100.7', UA, 'lumen')).toBe(true);
    expect(await a.views.firstView('2026-11-27', '198.51.100.7', UA, 'lumen')).toBe(false);
  });

  it("a new day forgets the previous days' salt and digests", async () => {
    const a = await node('w');
    await a.views.firstView('2026-11-26', '198.51.100.7', UA, 'lumen');
    await a.views.firstView('2026-11-27', '198.51.100.7', UA, 'lumen');
    if (onPg) {
      const { db } = await pgDb('w');
      expect(await db.engine.prepare('SELECT day FROM view_salts').pluck().all()).toEqual(['2026-11-27']);
      expect(await db.engine.prepare('SELECT DISTINCT day FROM view_digests').pluck().all()).toEqual(['2026-11-27']);
      return;
    }
    const file = new Database(join(dir, 'w.db-limits'), { readonly: true });
    try {
      expect(file.prepare('SELECT day FROM view_salts').pluck().all()).toEqual(['2026-11-27']);
      expect(file.prepare('SELECT DISTINCT day FROM view_digests').pluck().all()).toEqual(['2026-11-27']);
    } finally {
      file.close();
    }
  });

  it('with the memory store each process keeps its own', async () => {
    const [a, b] = [await node('m', { LIMITS_STORE: 'memory' }), await node('m', { LIMITS_STORE: 'memory' })];
    expect(await a.views.firstView('2026-11-26', '198.51.100.7', UA, 'lumen')).toBe(true);
    expect(await a.views.firstView('2026-11-26', '198.51.100.7', UA, 'lumen')).toBe(false);
    expect(await b.views.firstView('2026-11-26', '198.51.100.7', UA, 'lumen')).toBe(true);
  });
});
