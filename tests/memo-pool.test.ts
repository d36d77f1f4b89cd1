import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../storage/db';
import { openPgDb } from '../storage/pg/open';
import { txContext } from '../storage/engine/tx-context';
import { memoOn } from '../storage/queries/memo';
import { matchExpression } from '../storage/queries/search';
import { openTestDb, type TestDb } from './support/test-db';
import { testEngine } from './support/pg-test-db';

// A remembered read computes inside a read-only transaction; on PostgreSQL that transaction holds one pooled
// connection until it ends. A read nested in it (a ranking inside a page) must never wait for work begun outside
// every transaction, which takes a connection of its own from the pool once it runs: the change log read by another
// request's signature, or another request's computation of the same answer. With the pool's one connection held by
// the waiting transaction, that work never runs (storage/queries/memo.ts outsideCallerTransaction). Under the bench's 32 connections
// every pooled connection ended that way, idle in a READ ONLY transaction, and the server answered nothing.
// Here the pool has one connection, so each case is exact: the nested read must finish. And a nested read in a
// snapshot older than a change must not leave behind what a request made after the change would trust (the last
// case). PostgreSQL only (npm run test:pg).

let testDb: TestDb;
let one: Db;
const turn = () => new Promise((resolve) => setImmediate(resolve));
const STUCK = Symbol('stuck');
const within = <T>(p: Promise<T>, ms = 10_000) => Promise.race([p, new Promise<typeof STUCK>((r) => setTimeout(() => r(STUCK), ms).unref())]);

beforeAll(async () => {
  testDb = await openTestDb({ seed: 'demo' });
  one = testDb.env.DATABASE_URL ? await openPgDb(testDb.env.DATABASE_URL, { poolSize: 1 }) : openDb(testDb.env.DATABASE_PATH);
});
afterAll(async () => {
  await one?.engine.close();
  await testDb?.close();
});

const count = async (table: string) => Number(await one.engine.prepare(`SELECT count(*) FROM ${table}`).pluck().get());

// A remembered read whose computation, holding its transaction, waits at a gate and then reads `inner`.
function outerRead(key: string, inner: () => Promise<number>) {
  let holding!: () => void;
  const held = new Promise<void>((r) => (holding = r));
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  const value = memoOn(one, 'pool-outer', key, ['listings'], async () => {
    await count('categories'); // the transaction's connection is taken
    holding();
    await gate;
    return await inner();
  });
  return { value, held, open };
}

// A SQLite transaction's body runs within one turn of the event loop and may not wait at a gate; nor has SQLite a pool.
describe.skipIf(testEngine() !== 'postgres')('a read nested in a remembered read never waits for work that needs a second connection', () => {
  it("another request's read of the change log, begun outside every transaction in the same turn", async () => {
    const outer = outerRead('log', () => memoOn(one, 'pool-inner', 'log', ['listings'], () => count('listings')));
    await outer.held;
    await turn(); // the turn's signature, read before the transaction began, is forgotten
    // A request arriving now reads the change log through the pool: its read waits for the one connection.
    const other = memoOn(one, 'pool-other', 'log', ['categories'], () => count('categories'));
    // The nested read, in the same turn, must not wait for that read.
    outer.open();
    const got = await within(Promise.all([outer.value, other]));
    expect(got).not.toBe(STUCK);
    expect(got).toEqual([await count('listings'), await count('categories')]);
  });

  it("another request's computation of the same answer, begun outside every transaction", async () => {
    const compute = () => count('founders');
    let other!: Promise<number>;
    const outer = outerRead('same', async () => {
      // A read here starts this turn's read of the change log, on this transaction's connection; a request outside
      // every transaction (txContext.exit) asking in the same turn shares it, so it learns the signature without a
      // connection, and its computation of the answer is then in flight, waiting for the pool's one connection,
      // which this transaction holds.
      const warm = memoOn(one, 'pool-warm', 'same', ['founders'], compute);
      txContext.exit(() => { other = memoOn(one, 'pool-inner', 'same', ['founders'], compute); });
      await warm;
      await turn();
      await turn();
      // Under the same signature: the nested read must compute the answer here rather than wait for that one.
      return await memoOn(one, 'pool-inner', 'same', ['founders'], compute);
    });
    await outer.held;
    outer.open();
    const got = await within(outer.value.then(async (v) => [v, await other]));
    expect(got).not.toBe(STUCK);
    expect(got).toEqual([await count('founders'), await count('founders')]);
  });

  it("another request's typo search, begun outside every transaction, while the vocabulary is refreshed in turn", async () => {
    let other!: Promise<string | null>;
    let nested: string | null = null;
    const outer = outerRead('vocabulary', async () => {
      // Asked outside every transaction first: it must take its connection before it waits its turn for the
      // vocabulary, or the search nested here waits behind a refresh that waits for this transaction's connection.
      other = txContext.exit(() => matchExpression(one, 'ledgr'));
      nested = await matchExpression(one, 'ledgr');
      return 1;
    });
    await outer.held;
    outer.open();
    const got = await within(outer.value.then(async () => [nested, await other]));
    expect(got).not.toBe(STUCK);
    expect((got as string[])[0]).toBeTruthy();
    expect((got as string[])[1]).toBe((got as string[])[0]);
  });
});

describe.skipIf(testEngine() !== 'postgres')("a read nested in a remembered read's snapshot is not trusted beyond it", () => {
  it('a request after a change reads the change, whatever an older snapshot read meanwhile', async () => {
    const db = testDb.db;
    const writer = await openPgDb(testDb.env.DATABASE_URL, { poolSize: 1 });
    try {
      const id = await db.engine.prepare("SELECT id FROM listings WHERE status = 'live' ORDER BY id LIMIT 1").pluck().get() as number;
      const tagline = () => memoOn(db, 'snapshot-tagline', String(id), [`listing:${id}`],
        async () => await db.engine.prepare('SELECT tagline FROM listings WHERE id = ?').pluck().get(id) as string);
      await db.engine.prepare('UPDATE listings SET tagline = ? WHERE id = ?').run('Before the change', id);
      expect(await tagline()).toBe('Before the change');
      // A remembered read begins its snapshot, and waits.
      let holding!: () => void;
      const held = new Promise<void>((r) => (holding = r));
      let open!: () => void;
      const gate = new Promise<void>((r) => (open = r));
      const outer = memoOn(db, 'snapshot-outer', String(id), ['categories'], async () => {
        await db.engine.prepare('SELECT 1').get();
        holding();
        await gate;
        return await tagline(); // read in the older snapshot
      });
      await held;
      // Another process changes the listing; this process catches up with the change log on its next read.
      await writer.engine.prepare('UPDATE listings SET tagline = ? WHERE id = ?').run('After the change', id);
      await turn();
      await memoOn(db, 'snapshot-other', 'x', ['categories'], async () => 1);
      open();
      expect(await outer).toBe('Before the change'); // what its snapshot shows
      // A request that begins now must see the change.
      expect(await tagline()).toBe('After the change');
    } finally {
      await writer.engine.close();
    }
  });
});

