import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../storage/db';
import { openPgDb } from '../storage/pg/open';
import { txContext } from '../storage/engine/tx-context';
import { memoOn } from '../storage/queries/memo';
import { openTestDb, type TestDb } from './support/test-db';
import { testEngine } from './support/pg-test-db';

// On PostgreSQL a remembered answer is trusted as of a read of the change log begun in the request's own turn of the
// event loop or later (storage/queries/memo.ts logPositionNow). Requests of one turn share a read; one that finds a
// read running since an earlier turn waits for the next read, begun once that one is done, and shares it with every
// request that comes meanwhile. Here the pool has one connection, held by a transaction while the requests come, so
// every read is still running when the next turn's requests arrive, and the reads are counted as the pool runs them.
// PostgreSQL only (npm run test:pg): SQLite reads no log per turn (data_version, in process).

let testDb: TestDb;
let one: Db;
let logReads = 0;
const turn = () => new Promise((resolve) => setImmediate(resolve));

beforeAll(async () => {
  testDb = await openTestDb({ seed: 'demo' });
  if (!testDb.env.DATABASE_URL) return;
  one = await openPgDb(testDb.env.DATABASE_URL, { poolSize: 1 });
  const engine = one.engine as unknown as { run: (config: { text: string }) => Promise<unknown> };
  const run = engine.run.bind(engine);
  engine.run = (config) => {
    if (/\bFROM change_log\b/.test(config.text)) logReads++;
    return run(config);
  };
});
afterAll(async () => {
  await one?.engine.close();
  await testDb?.close();
});

const count = async (table: string) => Number(await one.engine.prepare(`SELECT count(*) FROM ${table}`).pluck().get());
const read = (key: string) => txContext.exit(() => memoOn(one, 'log-reads', key, ['founders'], () => count('founders')));

// Holds the pool's one connection in a transaction until `release`.
async function holdThePool() {
  let held!: () => void;
  const holding = new Promise<void>((r) => (held = r));
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  // Read-only: a writing transaction would take the change log's lock at its start, and another connection's write
  // would wait for it.
  const done = one.engine.transaction(async () => {
    await count('categories');
    held();
    await gate;
  }, 'deferred');
  await holding;
  return { release: async () => { release(); await done; } };
}

describe.skipIf(testEngine() !== 'postgres')('reads of the change log under load', () => {
  it('a turn shares one read; later turns share the next one, not the one running since before them', async () => {
    await read('warm'); // the first look at the log
    const pool = await holdThePool();
    logReads = 0;
    const firstTurn = [read('a'), read('b')];
    await turn();
    const secondTurn = [read('c'), read('d')];
    await turn();
    const thirdTurn = [read('e')];
    await pool.release();
    const founders = await count('founders');
    expect(await Promise.all([...firstTurn, ...secondTurn, ...thirdTurn])).toEqual([founders, founders, founders, founders, founders]);
    // One read for the first turn, one for every later turn that came while it ran (begun per turn: three).
    expect(logReads).toBe(2);
  });

  it("a commit of another connection is seen by a request of a later turn, while an earlier turn's read waits", async () => {
    const other = await openPgDb(testDb.env.DATABASE_URL!, { poolSize: 1 });
    try {
      const slug = await count('founders') > 0
        ? await one.engine.prepare('SELECT slug FROM founders ORDER BY id LIMIT 1').pluck().get() as string : null;
      expect(slug).not.toBeNull();
      const nameOf = (key: string) => txContext.exit(() => memoOn(one, 'log-reads-name', key, ['founders'],
        async () => await one.engine.prepare('SELECT name FROM founders WHERE slug = ?').pluck().get(slug) as string));
      const before = await nameOf('same');
      const pool = await holdThePool();
      const earlier = nameOf('same');
      await turn();
      await other.engine.prepare('UPDATE founders SET name = ? WHERE slug = ?').run(`${before} (renamed)`, slug);
      const later = nameOf('same');
      await pool.release();
      await earlier;
      expect(await later).toBe(`${before} (renamed)`);
      await other.engine.prepare('UPDATE founders SET name = ? WHERE slug = ?').run(before, slug);
    } finally {
      await other.engine.close();
    }
  });
});
