import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../storage/db';
import { openDb } from '../storage/db';
import { openPgDb } from '../storage/pg/open';
import { searchLogPosition } from '../storage/queries/search';
import { openTestDb, type TestDb } from './support/test-db';
import { addListing } from './fixtures';

// The text log's position (storage/queries/search.ts searchLogPosition) is asked for by every check of a remembered
// text search. It is read once per database signature (memo.ts) and shared: as fresh as a remembered answer, with one
// read however many requests ask meanwhile. On both engines (npm run test:pg runs it on PostgreSQL).

let testDb: TestDb;
let db: Db;
let other: Db; // a second connection, as another process (or node) has
let reads = 0;
const turn = () => new Promise((resolve) => setImmediate(resolve));

beforeAll(async () => {
  testDb = await openTestDb({ seed: 'base' });
  db = testDb.db;
  // Counts the runs of statements that read the text log, as the engine is asked for them.
  const prepare = db.engine.prepare.bind(db.engine);
  db.engine.prepare = ((sql: string, ...rest: unknown[]) => {
    const stmt = (prepare as (...a: unknown[]) => ReturnType<typeof prepare>)(sql, ...rest);
    if (!/FROM search_terms_log\b/.test(sql)) return stmt;
    const get = stmt.get.bind(stmt);
    stmt.get = ((...params: unknown[]) => { reads++; return get(...params); }) as typeof stmt.get;
    return stmt;
  }) as typeof db.engine.prepare;
  other = testDb.env.DATABASE_URL ? await openPgDb(testDb.env.DATABASE_URL, { poolSize: 1 }) : openDb(testDb.env.DATABASE_PATH);
  await addListing(db, { name: 'Quill Ledger', slug: 'quill-ledger', tagline: 'Bookkeeping for bakeries' });
});
afterAll(async () => {
  await other?.engine.close();
  await testDb?.close();
});

const rename = (name: string) => other.engine.prepare("UPDATE listings SET name = ? WHERE slug = 'quill-ledger'").run(name);

describe('the text log position', () => {
  it('is read once for many requests while nothing is written, in one turn or several', async () => {
    await turn();
    const before = reads;
    const first = await Promise.all(Array.from({ length: 20 }, () => searchLogPosition(db)));
    await turn();
    const later = await Promise.all(Array.from({ length: 20 }, () => searchLogPosition(db)));
    expect(new Set([...first, ...later]).size).toBe(1);
    expect(reads - before).toBe(1);
  });

  it('moves with a text change by another connection, seen from the next turn, read once for all who ask', async () => {
    const at = await searchLogPosition(db);
    await rename('Quill Books');
    await turn();
    const before = reads;
    const now = await Promise.all(Array.from({ length: 20 }, () => searchLogPosition(db)));
    expect(new Set(now)).toEqual(new Set([now[0]]));
    expect(now[0]).toBeGreaterThan(at);
    expect(reads - before).toBe(1);
  });

  it('moves with a write of this connection at once, in the same turn', async () => {
    const at = await searchLogPosition(db);
    await db.engine.prepare("UPDATE listings SET tagline = 'Bookkeeping for patisseries' WHERE slug = 'quill-ledger'").run();
    expect(await searchLogPosition(db)).toBeGreaterThan(at);
  });

  it("is read afresh inside a caller's writing transaction, which may roll back", async () => {
    const outside = await searchLogPosition(db);
    const before = reads;
    const inside = await db.engine.transaction(async () => await searchLogPosition(db), 'immediate');
    expect(inside).toBe(outside);
    expect(reads - before).toBe(1);
    expect(await searchLogPosition(db)).toBe(outside);
  });
});
