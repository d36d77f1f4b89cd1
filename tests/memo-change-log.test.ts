import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, withTransaction, type Db } from '../storage/db';
import { openPgDb } from '../storage/pg/open';
import { knownVersionCount, MAX_KNOWN_VERSIONS, memoComputes, memoOn } from '../storage/queries/memo';
import { searchListingIds } from '../storage/queries/search';
import { openTestDb, type TestDb } from './support/test-db';

// storage/queries/memo.ts keeps topic versions in memory across writes and, when the database moves, forgets only
// the topics the change log (SQLite migration 0014, PostgreSQL 0003) shows as bumped. These tests are the cases
// where that could go wrong: another process's writes, a reader far behind a pruned log, and a transaction that
// writes, reads and rolls back. "Another process" is a second connection to the same database, opened as the app
// opens one (a second SQLite connection to the file, or a second pool to the PostgreSQL database).

let testDb: TestDb;
let db: Db;
let other: Db;
let id: number;
// Another connection's commit is seen from the next turn of the event loop: SQLite reads data_version, PostgreSQL
// the change log's newest row, once per turn.
const turn = () => new Promise((resolve) => setImmediate(resolve));

const taglineOf = async (listingId: number) => await memoOn(db, 'test-tagline', String(listingId), [`listing:${listingId}`],
  async () => (await db.engine.prepare('SELECT tagline FROM listings WHERE id = ?').pluck().get(listingId) as string));

beforeAll(async () => {
  testDb = await openTestDb({ seed: 'demo', now: '2026-11-18T12:00:00Z' });
  db = testDb.db;
  id = await db.engine.prepare("SELECT id FROM listings WHERE status = 'live' ORDER BY id LIMIT 1").pluck().get() as number;
  other = testDb.env.DATABASE_URL ? await openPgDb(testDb.env.DATABASE_URL, { poolSize: 2 }) : openDb(testDb.env.DATABASE_PATH);
});
afterAll(async () => {
  await other?.engine.close();
  await testDb?.close();
});

const setTagline = async (conn: Db, text: string) => await conn.engine.prepare('UPDATE listings SET tagline = ? WHERE id = ?').run(text, id);
const value = async (conn: Db, sql: string, ...params: unknown[]) => await conn.engine.prepare(sql).pluck().get(...params) as number;
// A change log row at `seq`, as if the changes before it had happened: on PostgreSQL the log's identity sequence is
// moved on too (an explicit seq does not move it, and later bumps would get seqs below this one, which no real
// history gives); SQLite's rowid follows the largest seq by itself.
async function logAt(conn: Db, seq: number, topic: string) {
  if (conn.kind === 'pg') await conn.engine.prepare("SELECT setval(pg_get_serial_sequence('change_log', 'seq'), ?)").get(seq);
  await conn.engine.prepare('INSERT INTO change_log (seq, topic) VALUES (?, ?)').run(seq, topic);
}

describe('remembered reads and the change log', () => {
  it('keeps an answer while other topics change, and drops it when its own changes', async () => {
    await setTagline(db, 'First words');
    expect(await taglineOf(id)).toBe('First words');
    // Another listing changes: the log names only that listing's topics.
    await other.engine.prepare("UPDATE listings SET tagline = 'elsewhere' WHERE id = (SELECT max(id) FROM listings)").run();
    await turn();
    expect(await taglineOf(id)).toBe('First words');
    await setTagline(other, 'Second words');
    await turn();
    expect(await taglineOf(id)).toBe('Second words');
  });

  it('a reader far behind a pruned log forgets everything it knew', async () => {
    await setTagline(db, 'Before the gap');
    expect(await taglineOf(id)).toBe('Before the gap');
    // As if 200,000 changes had happened since the last look and the log had been pruned: this listing's bump is
    // among the pruned rows, and only an unrelated change is left to read.
    const bumpedAt = await value(other, 'SELECT max(seq) FROM change_log');
    await setTagline(other, 'After the gap');
    await other.engine.prepare('DELETE FROM change_log WHERE seq > ?').run(bumpedAt);
    await logAt(other, bumpedAt + 200_000, 'unrelated');
    await turn();
    expect(await taglineOf(id)).toBe('After the gap');
  });

  it('a read inside a transaction that rolls back leaves nothing behind', async () => {
    await setTagline(db, 'Committed');
    expect(await taglineOf(id)).toBe('Committed');
    await expect(withTransaction(db, async () => {
      await setTagline(db, 'Rolled back');
      expect(await taglineOf(id)).toBe('Rolled back'); // the transaction sees its own write
      throw new Error('abandon');
    })).rejects.toThrow('abandon');
    expect(await taglineOf(id)).toBe('Committed');
    // The next committed change takes the version number the rolled-back one had: the answer must be the new one.
    await setTagline(db, 'Committed again');
    expect(await taglineOf(id)).toBe('Committed again');
  });

  it("a search's total counted inside a transaction that rolls back is not remembered", async () => {
    const country = 'IS';
    const search = async () => await searchListingIds(db, {
      match: null, categoryIds: null, country, status: 'live', thisMonday: '2026-11-16', sort: 'newest',
      trending: { now: '', since: '', halfLifeHours: 0 }, limit: 1, offset: 0,
    });
    const before = (await search()).total;
    const moveTo = (conn: Db, listingId: number) => conn.engine.prepare('UPDATE listings SET country = ? WHERE id = ?').run(country, listingId);
    const [a, b] = await db.engine.prepare("SELECT id FROM listings WHERE status = 'live' AND (country IS NULL OR country <> ?) ORDER BY id DESC LIMIT 2").pluck().all(country) as number[];
    await expect(withTransaction(db, async () => {
      await moveTo(db, a);
      await moveTo(db, b);
      expect((await search()).total).toBe(before + 2); // the transaction sees its own writes
      throw new Error('abandon');
    })).rejects.toThrow('abandon');
    // Two committed changes bump the topics as far as the rolled-back ones did, with other rows behind them: one
    // listing moved, another's stage changed. The total is counted again, not taken from the rolled-back count.
    const stage = await db.engine.prepare('SELECT stage FROM listings WHERE id = ?').pluck().get(b);
    const home = await db.engine.prepare('SELECT country FROM listings WHERE id = ?').pluck().get(a);
    await moveTo(db, a);
    await db.engine.prepare("UPDATE listings SET stage = 'rolled-back-test' WHERE id = ?").run(b);
    expect((await search()).total).toBe(before + 1);
    await db.engine.prepare('UPDATE listings SET country = ? WHERE id = ?').run(home, a);
    await db.engine.prepare('UPDATE listings SET stage = ? WHERE id = ?').run(stage, b);
  });

  it('a remembered read made while computing another is kept (a board page and its ranking)', async () => {
    const inner = async () => await memoOn(db, 'test-inner', 'k', ['categories'], async () => await value(db, 'SELECT count(*) FROM categories'));
    const outer = async () => await memoOn(db, 'test-outer', 'k', [`listing:${id}`], async () => `${await inner()}:${await taglineOf(id)}`);
    await outer();
    const innerBefore = memoComputes(db, 'test-inner');
    const outerBefore = memoComputes(db, 'test-outer');
    await setTagline(db, 'Outer changes');
    expect(await outer()).toMatch(/:Outer changes$/);
    expect(memoComputes(db, 'test-outer')).toBe(outerBefore + 1);
    expect(memoComputes(db, 'test-inner')).toBe(innerBefore); // its topic did not move
  });

  it('requests missing the same answer together compute it once; one that begins after a write computes it anew', async () => {
    await setTagline(db, 'Together');
    await turn();
    const before = memoComputes(db, 'test-tagline');
    const answers = await Promise.all(Array.from({ length: 12 }, () => taglineOf(id)));
    expect(answers).toEqual(Array(12).fill('Together'));
    expect(memoComputes(db, 'test-tagline')).toBe(before + 1);
    // The first is still being computed when this process writes: the read after the write must not share it.
    await setTagline(db, 'Before the write');
    await turn();
    const during = taglineOf(id);
    await setTagline(db, 'After the write');
    expect(await taglineOf(id)).toBe('After the write');
    expect(await during).toMatch(/^(Before|After) the write$/);
  });

  it('knows a bounded number of versions, and reads a forgotten one again when an answer needs it', async () => {
    await setTagline(db, 'Known');
    expect(await taglineOf(id)).toBe('Known');
    const computed = memoComputes(db, 'test-tagline');
    // An answer naming more topics than are known at most (as a crawler's reads of every listing would): the oldest
    // known versions, this listing's among them, are forgotten as the new ones come.
    const many = Array.from({ length: MAX_KNOWN_VERSIONS + 100 }, (_, i) => `test-topic:${i}`);
    expect(await memoOn(db, 'test-many', 'all', many, () => 'read')).toBe('read');
    expect(knownVersionCount(db)).toBe(MAX_KNOWN_VERSIONS);
    // Something else changes, so the kept answer is checked against its topic's version, read again: still current.
    await other.engine.prepare("UPDATE listings SET tagline = 'elsewhere again' WHERE id = (SELECT max(id) FROM listings)").run();
    await turn();
    expect(await taglineOf(id)).toBe('Known');
    expect(memoComputes(db, 'test-tagline')).toBe(computed);
    // And its own change is seen.
    await setTagline(other, 'Changed after forgetting');
    await turn();
    expect(await taglineOf(id)).toBe('Changed after forgetting');
    expect(knownVersionCount(db)).toBeLessThanOrEqual(MAX_KNOWN_VERSIONS);
  });

  it('a flush of page views over many listings forgets only the topic it bumped', async () => {
    await memoOn(db, 'test-known', 'ten', Array.from({ length: 10 }, (_, i) => `test-known:${i}`), () => 'ten');
    await setTagline(db, 'Viewed a lot');
    expect(await taglineOf(id)).toBe('Viewed a lot');
    const known = knownVersionCount(db);
    // One flush's worth of views over more listings than the 500 changes a catch-up once read: each row bumps 'views'
    // (a log row each).
    const ids = await other.engine.prepare('SELECT id FROM listings ORDER BY id').pluck().all() as number[];
    await other.engine.transaction(async () => {
      const view = other.engine.prepare('UPDATE listings SET views_count = views_count + 1 WHERE id = ?');
      for (let i = 0; i < 600; i++) await view.run(ids[i % ids.length]);
    }, 'immediate');
    await turn();
    expect(await taglineOf(id)).toBe('Viewed a lot');
    expect(knownVersionCount(db)).toBeGreaterThanOrEqual(known - 1);
  });

  it('the log keeps its last 100,000 changes', async () => {
    const before = await value(other, 'SELECT max(seq) FROM change_log');
    await logAt(other, before + 150_000, 'far ahead');
    const oldest = await value(other, 'SELECT min(seq) FROM change_log');
    expect(oldest).toBeGreaterThan(before + 150_000 - 100_000);
  });
});
