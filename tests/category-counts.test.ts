import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../storage/db';
import { openTestDb, type TestDb } from './support/test-db';
import { liveCountsByCategory } from '../storage/queries/categories';
import { categoryCountWork } from '../storage/queries/category-counts';

// The category tree's counts (live listings per category, its descendants included, each listing once) are kept up by
// what changed (storage/queries/category-counts.ts) rather than counted from scratch after every change. After each
// kind of write below, in turn, they must be what a count from scratch gives, and the ordinary changes must be
// updates, not counts from scratch. Runs on SQLite and, with `npm run test:pg`, on PostgreSQL.
let t: TestDb;
let db: Db;
beforeAll(async () => {
  t = await openTestDb({ seed: 'demo' });
  db = t.db;
}, 120_000);
afterAll(async () => t?.close());

// The count from scratch, written apart from the code under test: each category with its descendants, the distinct
// live listings with a membership in any of them.
async function fromScratch(): Promise<Record<number, number>> {
  const rows = await db.engine.prepare(`WITH RECURSIVE sub(root, id) AS (SELECT id, id FROM categories
      UNION ALL SELECT sub.root, c.id FROM categories c JOIN sub ON c.parent_id = sub.id)
    SELECT sub.root AS category, count(DISTINCT lc.listing_id) AS n FROM sub JOIN listing_categories lc ON lc.category_id = sub.id
      JOIN listings l ON l.id = lc.listing_id AND l.status = 'live' GROUP BY sub.root`).all() as Array<{ category: number; n: number | string }>;
  return Object.fromEntries(rows.map((r) => [Number(r.category), Number(r.n)]).filter(([, n]) => n > 0));
}
const counted = async () => Object.fromEntries([...(await liveCountsByCategory(db))].filter(([, n]) => n > 0));
const run = async (sql: string, ...params: unknown[]) => { await db.engine.prepare(sql).run(...params); };
const one = async (sql: string, ...params: unknown[]) => Number(Object.values(await db.engine.prepare(sql).get(...params) as object)[0]);

describe('category counts kept up by what changed', () => {
  it('after every kind of write, equal to a count from scratch; ordinary writes update, the tree or a lost log count afresh', async () => {
    expect(await counted()).toEqual(await fromScratch());
    const parent = await one('SELECT c.parent_id FROM categories c WHERE c.parent_id IS NOT NULL ORDER BY c.id LIMIT 1');
    const child = await one('SELECT id FROM categories WHERE parent_id = ? ORDER BY id LIMIT 1', parent);
    const sibling = await one('SELECT id FROM categories WHERE parent_id = ? AND id <> ? ORDER BY id LIMIT 1', parent, child);
    const elsewhere = await one('SELECT id FROM categories WHERE id <> ? AND (parent_id IS NULL OR parent_id <> ?) ORDER BY id DESC LIMIT 1', parent, parent);
    const live = async (n: number) => one(`SELECT id FROM listings WHERE status = 'live' ORDER BY id LIMIT 1 OFFSET ${n}`);
    const owner = await one('SELECT id FROM users ORDER BY id LIMIT 1');
    const steps: Array<[string, () => Promise<void>, 'update' | 'afresh']> = [
      ['a live listing leaves', async () => run(`UPDATE listings SET status = 'archived' WHERE id = ?`, await live(0)), 'update'],
      ['a listing goes live', async () => run(`UPDATE listings SET status = 'live' WHERE id = (SELECT min(id) FROM listings WHERE status <> 'live')`), 'update'],
      ['a live listing also joins a subcategory of its category and one elsewhere', async () => {
        const id = await live(1);
        await run('DELETE FROM listing_categories WHERE listing_id = ?', id);
        await run('INSERT INTO listing_categories (listing_id, category_id) VALUES (?, ?), (?, ?), (?, ?)', id, parent, id, child, id, elsewhere);
      }, 'update'],
      // Still counted once in the parent, through its subcategory: the one step that leaves every count as it was.
      ['it leaves the parent, still in its subcategory', async () => run('DELETE FROM listing_categories WHERE listing_id = ? AND category_id = ?', await live(1), parent), 'update'],
      ['a membership moves to a sibling', async () => run('UPDATE listing_categories SET category_id = ? WHERE listing_id = ? AND category_id = ?', sibling, await live(1), child), 'update'],
      ['a new live listing with two categories', async () => {
        await run(`INSERT INTO listings (slug, name, url, domain, status, owner_user_id, created_at, updated_at)
          VALUES ('counted-new', 'Counted New', 'https://counted-new.example.com', 'counted-new.example.com', 'live', ?, '2026-11-18T12:00:00Z', '2026-11-18T12:00:00Z')`, owner);
        const id = await one(`SELECT id FROM listings WHERE slug = 'counted-new'`);
        await run('INSERT INTO listing_categories (listing_id, category_id) VALUES (?, ?), (?, ?)', id, child, id, sibling);
      }, 'update'],
      ['a live listing deleted', async () => run(`DELETE FROM listings WHERE slug = 'counted-new'`), 'update'],
      ['votes on many listings, then one listing leaves', async () => {
        await run(`UPDATE listings SET votes_count = votes_count + 1 WHERE status = 'live'`);
        await run(`UPDATE listings SET status = 'archived' WHERE id = ?`, await live(2));
      }, 'update'],
      ['a subcategory moved under another parent', async () => run('UPDATE categories SET parent_id = ? WHERE id = ?', elsewhere, sibling), 'afresh'],
      ['the log pruned past the position read', async () => {
        await run(`UPDATE listings SET status = 'archived' WHERE id = ?`, await live(3));
        await run('DELETE FROM change_log WHERE seq <= (SELECT max(seq) FROM change_log)');
        await run(`UPDATE listings SET status = 'archived' WHERE id = ?`, await live(4));
      }, 'afresh'],
    ];
    for (const [label, write, how] of steps) {
      const before = await fromScratch();
      const work = categoryCountWork(db);
      await write();
      const after = await fromScratch();
      // Each step moves some count (so the comparison below is not passed by counts that never move), but the one
      // whose listing stays counted through a subcategory.
      const moves = !label.startsWith('it leaves the parent');
      expect({ label, moved: JSON.stringify(after) !== JSON.stringify(before) }).toEqual({ label, moved: moves });
      expect({ label, counts: await counted() }).toEqual({ label, counts: after });
      const now = categoryCountWork(db);
      expect({ label, builds: now.builds - work.builds, steps: now.steps - work.steps })
        .toEqual({ label, builds: how === 'afresh' ? 1 : 0, steps: how === 'update' ? 1 : 0 });
    }
  });

  it('hands out a new map when the counts change, leaving the one handed out before as it was', async () => {
    const before = await liveCountsByCategory(db);
    const copy = new Map(before);
    await run(`UPDATE listings SET status = 'live' WHERE id = (SELECT min(id) FROM listings WHERE status <> 'live'
      AND id IN (SELECT listing_id FROM listing_categories))`);
    const after = await liveCountsByCategory(db);
    expect(after).not.toBe(before);
    expect(before).toEqual(copy);
    expect(Object.fromEntries([...after].filter(([, n]) => n > 0))).toEqual(await fromScratch());
  });
});
