import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openDb, withTransaction, type Db } from '../storage/db';
import { seedDatabase } from '../storage/seed';
import { memoComputes, memoOn } from '../storage/queries/memo';
import { fixedClock } from '../tools/clock';

// storage/queries/memo.ts keeps topic versions in memory across writes and, when the database moves, forgets only
// the topics the change log (migration 0014) shows as bumped. These tests are the cases where that could go wrong:
// another process's writes, a reader far behind a pruned log, and a transaction that writes, reads and rolls back.

let dir: string;
let db: Db;
let other: Database.Database;
let id: number;
const turn = () => new Promise((resolve) => setImmediate(resolve)); // data_version is read once per event-loop turn

const taglineOf = async (listingId: number) => await memoOn(db, 'test-tagline', String(listingId), [`listing:${listingId}`],
  () => (db.sqlite.prepare('SELECT tagline FROM listings WHERE id = ?').pluck().get(listingId) as string));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'memo-log-'));
  db = openDb(join(dir, 'm.db'));
  await seedDatabase(db, { demo: true, clock: fixedClock('2026-11-18T12:00:00Z') });
  id = db.sqlite.prepare("SELECT id FROM listings WHERE status = 'live' ORDER BY id LIMIT 1").pluck().get() as number;
  other = new Database(join(dir, 'm.db'));
  other.pragma('busy_timeout = 5000');
});
afterAll(() => {
  other.close();
  db.sqlite.close();
  rmSync(dir, { recursive: true, force: true });
});

const setTagline = (conn: Database.Database, text: string) => conn.prepare('UPDATE listings SET tagline = ? WHERE id = ?').run(text, id);

describe('remembered reads and the change log', () => {
  it('keeps an answer while other topics change, and drops it when its own changes', async () => {
    setTagline(db.sqlite, 'First words');
    expect(await taglineOf(id)).toBe('First words');
    // Another listing changes: the log names only that listing's topics.
    other.prepare("UPDATE listings SET tagline = 'elsewhere' WHERE id = (SELECT max(id) FROM listings)").run();
    await turn();
    expect(await taglineOf(id)).toBe('First words');
    setTagline(other, 'Second words');
    await turn();
    expect(await taglineOf(id)).toBe('Second words');
  });

  it('a reader far behind a pruned log forgets everything it knew', async () => {
    setTagline(db.sqlite, 'Before the gap');
    expect(await taglineOf(id)).toBe('Before the gap');
    // As if 200,000 changes had happened since the last look and the log had been pruned: this listing's bump is
    // among the pruned rows, and only an unrelated change is left to read.
    const bumpedAt = other.prepare('SELECT max(seq) FROM change_log').pluck().get() as number;
    setTagline(other, 'After the gap');
    other.prepare('DELETE FROM change_log WHERE seq > ?').run(bumpedAt);
    other.prepare("INSERT INTO change_log (seq, topic) VALUES (?, 'unrelated')").run(bumpedAt + 200_000);
    await turn();
    expect(await taglineOf(id)).toBe('After the gap');
  });

  it('a read inside a transaction that rolls back leaves nothing behind', async () => {
    setTagline(db.sqlite, 'Committed');
    expect(await taglineOf(id)).toBe('Committed');
    await expect(withTransaction(db, async () => {
      setTagline(db.sqlite, 'Rolled back');
      expect(await taglineOf(id)).toBe('Rolled back'); // the transaction sees its own write
      throw new Error('abandon');
    })).rejects.toThrow('abandon');
    expect(await taglineOf(id)).toBe('Committed');
    // The next committed change takes the version number the rolled-back one had: the answer must be the new one.
    setTagline(db.sqlite, 'Committed again');
    expect(await taglineOf(id)).toBe('Committed again');
  });

  it('a remembered read made while computing another is kept (a board page and its ranking)', async () => {
    const inner = async () => await memoOn(db, 'test-inner', 'k', ['categories'], () => db.sqlite.prepare('SELECT count(*) FROM categories').pluck().get() as number);
    const outer = async () => await memoOn(db, 'test-outer', 'k', [`listing:${id}`], async () => `${await inner()}:${await taglineOf(id)}`);
    await outer();
    const innerBefore = memoComputes(db, 'test-inner');
    const outerBefore = memoComputes(db, 'test-outer');
    setTagline(db.sqlite, 'Outer changes');
    expect(await outer()).toMatch(/:Outer changes$/);
    expect(memoComputes(db, 'test-outer')).toBe(outerBefore + 1);
    expect(memoComputes(db, 'test-inner')).toBe(innerBefore); // its topic did not move
  });

  it('the log keeps its last 100,000 changes', () => {
    const before = other.prepare('SELECT max(seq) FROM change_log').pluck().get() as number;
    other.prepare('INSERT INTO change_log (seq, topic) VALUES (?, ?)').run(before + 150_000, 'far ahead');
    const oldest = other.prepare('SELECT min(seq) FROM change_log').pluck().get() as number;
    expect(oldest).toBeGreaterThan(before + 150_000 - 100_000);
  });
});
