import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { useWal } from '../storage/write-lock';

// Nodes starting together switch one new file to WAL at the same moment: a switch that meets another process's lock
// is answered SQLITE_BUSY at once in the deadlock-prone cases, whatever the busy timeout (a web node exited at start
// with "database is locked" in the multi-node test). useWal tries again until the lock is gone.
describe('switching a file to WAL while another process holds it', () => {
  it('waits for the other process instead of failing, and fails only after its wait', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wal-switch-'));
    const file = join(dir, 'shared.db');
    try {
      const setup = new Database(file);
      setup.exec('CREATE TABLE t (x INTEGER)');
      setup.close();
      // Another process reads in a transaction (a shared lock) for 400 ms.
      const holder = spawn(process.execPath, ['-e', `
        const db = new (require('better-sqlite3'))(${JSON.stringify(file)});
        db.exec('BEGIN'); db.prepare('SELECT count(*) FROM t').get();
        console.log('held');
        setTimeout(() => { db.exec('COMMIT'); db.close(); }, 400);`], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] });
      await new Promise<void>((resolve) => holder.stdout!.once('data', () => resolve()));
      // busy_timeout 0: every refusal is immediate, as in the deadlock-prone cases.
      const early = new Database(file, { timeout: 0 });
      expect(() => useWal(early, 50)).toThrow(/locked|busy/i);
      const t0 = Date.now();
      useWal(early, 5000);
      expect(Date.now() - t0).toBeGreaterThan(100);
      expect(early.pragma('journal_mode', { simple: true })).toBe('wal');
      early.close();
      await new Promise((r) => holder.once('exit', r));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
