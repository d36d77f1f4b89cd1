import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, startApp, type TestApp } from './harness';
import { addCategory, addListing } from './fixtures';
import { secondConnection } from './support/second-writer';
import type { Db } from '../storage/db';
import { keptBudget, memoComputes, memoKept, setKeptBytes } from '../storage/queries/memo';

// What remembered answers and kept pages may weigh together (CACHE_MB; storage/queries/memo.ts keptBudget): however
// many addresses are read, memory holds at most that much of them, the least recently used going first whichever kind
// they are, and an answer let go is made again, the same, when it is next asked for.

let app: TestApp;
let other: Db;
const SLUGS = Array.from({ length: 60 }, (_, i) => `budget-${String(i).padStart(2, '0')}`);

beforeAll(async () => {
  app = await startApp({ demo: false, env: { CACHE_MB: '3' } });
  await addCategory(app.db, 'kb-tools', { name: 'Budget tools' });
  for (const [i, slug] of SLUGS.entries()) {
    await addListing(app.db, {
      name: `Budget ${i}`, slug, category: 'kb-tools', votesCount: i,
      tagline: `Keeps the books of team ${i} — invoices, receipts and reports`,
      description: `Budget ${i} reads your bank statements and files every receipt. ${'It reconciles accounts overnight. '.repeat(30)}`,
    });
  }
  other = await secondConnection(app);
});
afterAll(async () => {
  await other?.engine.close();
  await app?.close();
});

const metric = async (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(await (await fetch(`${app.url}/metrics`)).text())?.[1]);
const readAll = async () => {
  for (const slug of SLUGS) {
    expect((await getJson(`${app.api}/listings/${slug}`)).status).toBe(200);
    expect((await fetch(`${app.url}/listings/${slug}`)).status).toBe(200);
  }
};

describe('the budget for kept answers', () => {
  it('CACHE_MB sets it, and /metrics shows it and what is kept against it', async () => {
    expect(await metric('cache_budget_bytes')).toBe(3 * 1024 * 1024);
    await readAll();
    const kept = await metric('cache_kept_bytes');
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(3 * 1024 * 1024);
    expect(memoKept(app.db, 'get_listing')).toBe(SLUGS.length);
    // And how many answers of each kind were made rather than served from memory.
    expect(Number(/^cache_computes\{scope="get_listing"\} (\S+)$/m.exec(await (await fetch(`${app.url}/metrics`)).text())?.[1]))
      .toBe(memoComputes(app.db, 'get_listing'));
    expect(memoComputes(app.db, 'get_listing')).toBeGreaterThanOrEqual(SLUGS.length);
  });

  it('read at more addresses than fit, it holds no more than the budget, and the oldest go whatever their kind', async () => {
    const small = 64 * 1024;
    setKeptBytes(app.db, small);
    expect(keptBudget(app.db).total).toBeLessThanOrEqual(small);
    for (const slug of SLUGS) {
      await getJson(`${app.api}/listings/${slug}`);
      expect(keptBudget(app.db).total).toBeLessThanOrEqual(small);
    }
    const listingsKept = memoKept(app.db, 'get_listing');
    expect(listingsKept).toBeGreaterThan(0);
    expect(listingsKept).toBeLessThan(SLUGS.length);
    // Pages read after them take their room: another kind, read more recently.
    for (const slug of SLUGS) {
      await fetch(`${app.url}/listings/${slug}`);
      expect(keptBudget(app.db).total).toBeLessThanOrEqual(small);
    }
    expect(memoKept(app.db, 'get_listing')).toBeLessThan(listingsKept);
  });

  it('an answer let go is made again when asked for, the same, and a write is still seen by the next read', async () => {
    const first = SLUGS[0];
    const before = memoComputes(app.db, 'get_listing');
    const again = (await getJson(`${app.api}/listings/${first}`)).body as { slug: string; votes: number; tagline: string };
    expect(memoComputes(app.db, 'get_listing')).toBe(before + 1);
    expect(again).toMatchObject({ slug: first, votes: 0, tagline: 'Keeps the books of team 0 — invoices, receipts and reports' });
    await other.engine.prepare('UPDATE listings SET votes_count = 7 WHERE slug = ?').run(first);
    expect((await getJson(`${app.api}/listings/${first}`)).body.votes).toBe(7);
  });

  it('with room again, what is read stays kept: the next read is not made again', async () => {
    setKeptBytes(app.db, 3 * 1024 * 1024);
    await readAll();
    const computed = memoComputes(app.db, 'get_listing');
    await readAll();
    expect(memoComputes(app.db, 'get_listing')).toBe(computed);
  });
});
