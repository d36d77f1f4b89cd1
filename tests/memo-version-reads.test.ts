import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../storage/db';
import { openPgDb } from '../storage/pg/open';
import { txContext } from '../storage/engine/tx-context';
import { memoOn } from '../storage/queries/memo';
import { openTestDb, type TestDb } from './support/test-db';
import { testEngine } from './support/pg-test-db';

// On PostgreSQL, after a catch-up of the change log forgets a topic, every request that needs it misses it until a read
// of its version returns; they share one read (storage/queries/memo.ts readVersionsShared), but only a read begun in
// the same generation of the known versions: one begun before a catch-up that forgot the topic may have read it before
// a commit the request must see. Reads of change_versions are counted as the engine runs them, and can be held after
// they ran (their answer delivered later), to make a read that ran before a commit still be running after it.
// PostgreSQL only (npm run test:pg): SQLite reads a version within the turn that needs it, never two at once.

let testDb: TestDb;
let one: Db;
let other: Db; // another connection, as another node has
let versionReads = 0;
let hold: { ran: () => void; gate: Promise<void> } | null = null;
const turn = () => new Promise((resolve) => setImmediate(resolve));

beforeAll(async () => {
  testDb = await openTestDb({ seed: 'demo' });
  if (!testDb.env.DATABASE_URL) return;
  one = await openPgDb(testDb.env.DATABASE_URL, { poolSize: 4 });
  other = await openPgDb(testDb.env.DATABASE_URL, { poolSize: 1 });
  const engine = one.engine as unknown as { run: (config: { text: string }) => Promise<unknown> };
  const run = engine.run.bind(engine);
  engine.run = async (config) => {
    if (!/\bFROM change_versions\b/.test(config.text)) return await run(config);
    versionReads++;
    const result = await run(config);
    const held = hold;
    if (held) {
      held.ran();
      await held.gate;
    }
    return result;
  };
});
afterAll(async () => {
  await one?.engine.close();
  await other?.engine.close();
  await testDb?.close();
});

const firstFounder = async () => await one.engine.prepare('SELECT slug FROM founders ORDER BY id LIMIT 1').pluck().get() as string;
const nameOf = (slug: string) => txContext.exit(() => memoOn(one, 'version-reads', slug, ['founders'],
  async () => await one.engine.prepare('SELECT name FROM founders WHERE slug = ?').pluck().get(slug) as string));
const rename = (slug: string, name: string) => other.engine.prepare('UPDATE founders SET name = ? WHERE slug = ?').run(name, slug);
// More topics changed than a catch-up reads (memo.ts CATCH_UP_TOPICS): the next look forgets every version it knew, but
// founders' version stays as it was.
const floodTheLog = () => other.engine.transaction(async () => {
  const bump = other.engine.prepare(`INSERT INTO change_versions (topic, version) VALUES (?, 1)
    ON CONFLICT (topic) DO UPDATE SET version = change_versions.version + 1`);
  for (let i = 0; i < 600; i++) await bump.run(`version-reads-test:${i}`);
}, 'immediate');

describe.skipIf(testEngine() !== 'postgres')("reads of a forgotten topic's version", () => {
  it('requests that miss it at once read it once', async () => {
    const slug = await firstFounder();
    const before = await nameOf(slug);
    await rename(slug, `${before} (a)`);
    await turn();
    versionReads = 0;
    const names = await Promise.all(Array.from({ length: 8 }, () => nameOf(slug)));
    expect(names).toEqual(Array.from({ length: 8 }, () => `${before} (a)`));
    // One read shared by the eight requests; the answer made again then finds the version known.
    expect(versionReads).toBe(1);
    await rename(slug, before);
  });

  it('a read begun before a commit that bumped the topic is not shared by a request that began after it', async () => {
    const slug = await firstFounder();
    const before = await nameOf(slug);
    await floodTheLog();
    await turn();
    let ran!: () => void;
    const reached = new Promise<void>((r) => (ran = r));
    let release!: () => void;
    hold = { ran, gate: new Promise<void>((r) => (release = r)) };
    // Forgets every version (the flood), reads founders' as it is now, and is held with the answer.
    const earlier = nameOf(slug);
    await reached;
    const readsBefore = versionReads;
    await rename(slug, `${before} (b)`);
    await turn();
    const later = nameOf(slug);
    // Held until the later request has read the version itself (or, had it joined the earlier read, for long enough
    // to be sure it reads none).
    for (let i = 0; i < 100 && versionReads === readsBefore; i++) await new Promise((r) => setTimeout(r, 10));
    hold = null;
    release();
    expect(await earlier).toBe(before);
    expect(await later).toBe(`${before} (b)`);
    await rename(slug, before);
  });
});
