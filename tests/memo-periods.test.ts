import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../storage/db';
import { memoComputes, memoKept, memoOn } from '../storage/queries/memo';
import { openTestDb, type TestDb } from './support/test-db';

// storage/queries/memo.ts MemoOptions.period: a key that names a period (a minute, an hour) is never asked for again
// once the period is over, so keeping an answer for a later period drops the scope's answers for earlier ones. Each
// case is a sequence of asks in a scope of its own: [key, period or none], and after each, whether it was computed
// (a miss) and how many answers the scope then holds.
type Ask = [key: string, period: number | undefined, computed: boolean, kept: number];
const cases: Array<[string, Ask[]]> = [
  ['a later period drops the earlier ones', [
    ['a', 1, true, 1], ['b', 1, true, 2], ['a', 1, false, 2], ['c', 2, true, 1], ['a', 1, true, 2], ['c', 2, false, 2], ['d', 3, true, 1],
  ]],
  ['answers without a period stay', [
    ['plain', undefined, true, 1], ['a', 1, true, 2], ['b', 2, true, 2], ['plain', undefined, false, 2], ['c', 5, true, 2],
  ]],
  ['an earlier period kept late (a clock behind) drops nothing', [
    ['late', 2, true, 1], ['early', 1, true, 2], ['late', 2, false, 2], ['early', 1, false, 2],
  ]],
  ['periods far apart (hours as numbers) behave alike', [
    ['h1', 490_000, true, 1], ['h1b', 490_000, true, 2], ['h2', 490_001, true, 1],
  ]],
];

let testDb: TestDb;
let db: Db;
beforeAll(async () => {
  testDb = await openTestDb({ seed: 'none', now: '2026-11-18T12:00:00Z' });
  db = testDb.db;
});
afterAll(async () => { await testDb?.close(); });

describe.each(cases)('memo periods: %s', (label, asks) => {
  it('computes and keeps as listed', async () => {
    const scope = `test-periods:${label}`;
    for (const [i, [key, period, computed, kept]] of asks.entries()) {
      const before = memoComputes(db, scope);
      const value = await memoOn(db, scope, key, ['categories'], () => `${key}@${period}`, { period });
      expect(value, `ask ${i}`).toBe(`${key}@${period}`);
      expect(memoComputes(db, scope) - before, `ask ${i} (${key}) computed`).toBe(computed ? 1 : 0);
      expect(memoKept(db, scope), `ask ${i} (${key}) kept`).toBe(kept);
    }
  });
});
