import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb, withTransaction, type Db } from '../storage/db';

// SQLite's engine keeps other requests out of an open transaction by running its body within one turn of the event
// loop (storage/engine/sqlite.ts): a body that waits for anything but the database is rolled back, loudly.
let dir: string;
let db: Db;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sqlite-engine-'));
  db = openDb(join(dir, 'e.db'));
});
afterAll(() => {
  db.sqlite.close();
  rmSync(dir, { recursive: true, force: true });
});

const count = async () => await db.engine.prepare("SELECT count(*) FROM settings WHERE key LIKE 'engine-%'").pluck().get() as number;
const put = (key: string) => db.engine.prepare('INSERT INTO settings (key, value) VALUES (?, ?)').run(key, 'v');

describe('SQLite transactions', () => {
  it('commit a body that awaits only the database', async () => {
    await withTransaction(db, async () => {
      await put('engine-a');
      await put('engine-b');
    });
    expect(await count()).toBe(2);
  });

  it('roll back, and fail, a body that waited for a timer (other requests could have run inside it)', async () => {
    await expect(withTransaction(db, async () => {
      await put('engine-c');
      await new Promise((r) => setTimeout(r, 5));
    })).rejects.toThrow(/waited for something other than the database/);
    expect(await count()).toBe(2);
    expect(db.sqlite.inTransaction).toBe(false);
  });

  it('a statement error rejects, rolls back, and leaves the engine usable', async () => {
    await expect(withTransaction(db, async () => {
      await put('engine-d');
      await put('engine-d'); // primary key taken
    })).rejects.toThrow(/UNIQUE/);
    expect(await count()).toBe(2);
    await withTransaction(db, () => put('engine-e'));
    expect(await count()).toBe(3);
  });
});
