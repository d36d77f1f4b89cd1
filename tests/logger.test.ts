import { describe, expect, it, vi } from 'vitest';
import { execFileSync } from 'node:child_process';
import fs, { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../transport/ops/logger';

// The production logger: JSON lines with an ISO-8601 time, batched, flushed on request.
describe('createLogger', () => {
  it('writes each line with the time it was logged, as ISO-8601, lines of one millisecond sharing it', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'log-')), 'out.log');
    const logger = createLogger({ LOG_LEVEL: 'info' }, file);
    const before = Date.now();
    logger.info({ n: 1 }, 'first');
    for (let i = 0; i < 200; i++) logger.info({ n: i }, 'burst');
    await new Promise((r) => setTimeout(r, 5));
    logger.info({ n: 2 }, 'later');
    const after = Date.now();
    await new Promise<void>((resolve, reject) => logger.flush((err) => (err ? reject(err) : resolve())));
    // Writes are asynchronous: a busy machine may still be writing the last batch when flush calls back.
    const read = () => readFileSync(file, 'utf8').trim().split('\n').filter(Boolean);
    for (let i = 0; i < 100 && read().length < 202; i++) await new Promise((r) => setTimeout(r, 20));
    const lines = read().map((l) => JSON.parse(l));
    expect(lines).toHaveLength(202);
    for (const line of lines) {
      expect(line.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      const t = Date.parse(line.time);
      expect(t).toBeGreaterThanOrEqual(before);
      expect(t).toBeLessThanOrEqual(after);
    }
    // Times never go backwards, and the last line, logged 5 ms later, has a later time than the first.
    const times = lines.map((l) => Date.parse(l.time));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[times.length - 1]).toBeGreaterThan(times[0]);
    expect(lines[0]).toMatchObject({ msg: 'first', service: 'launch-directory', level: 30 });
  });

  // Each write is a round trip through libuv's thread pool, so lines wait for a batch: no write starts until 64 KB
  // are pending, then one write takes them all. Counted in the same tick as the lines are logged (sonic-boom starts a
  // write synchronously once its batch is full), so no timing is assumed.
  it('starts one write per 64 KB batch, not one per line', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'log-')), 'out.log');
    const logger = createLogger({ LOG_LEVEL: 'info' }, file);
    const flushed = () => new Promise<void>((resolve, reject) => logger.flush((err) => (err ? reject(err) : resolve())));
    logger.info({ n: 0 }, 'first');
    await flushed(); // the file is open and nothing is pending (sonic-boom fails a flush of nothing before it opens)
    const line = { route: '/api/v1/listings/:slug', method: 'GET', status: 200, ms: 0.1, request_id: 'x'.repeat(36) };
    const lineBytes = Buffer.byteLength(JSON.stringify({ level: 30, time: new Date().toISOString(), service: 'launch-directory', ...line, msg: 'request' })) + 1;
    const fit = Math.floor((64 * 1024 - 1) / lineBytes);
    const writes = vi.spyOn(fs, 'write');
    try {
      for (let i = 0; i < fit; i++) logger.info(line, 'request');
      expect(writes).toHaveBeenCalledTimes(0);
      for (let i = 0; i < 2; i++) logger.info(line, 'request');
      expect(writes).toHaveBeenCalledTimes(1);
    } finally {
      writes.mockRestore();
    }
    await flushed();
    for (let i = 0; i < 100 && readFileSync(file, 'utf8').split('\n').length < fit + 4; i++) await new Promise((r) => setTimeout(r, 20));
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(fit + 3);
  });

  // Lines still waiting for their batch when the process exits are written (to stdout, as in production), non-ASCII
  // text intact. Fewer than a batch's 64 KB: a batch already being written when the process exits is finished by the
  // thread pool after the pending lines are written synchronously, so its lines would come out after them.
  it('loses no line when the process exits right after logging', () => {
    const script = `
      const { createLogger } = await import(${JSON.stringify(new URL('../transport/ops/logger.ts', import.meta.url).pathname)});
      const logger = createLogger({ LOG_LEVEL: 'info' });
      for (let i = 0; i < 20; i++) logger.info({ i, who: 'Zoë, 東京' }, 'line');
      process.exit(0);`;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    const lines = out.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => l.i)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    for (const line of lines) expect(line.who).toBe('Zoë, 東京');
  });
});
