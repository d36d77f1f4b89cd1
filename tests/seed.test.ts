import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../storage/db';
import { seedDatabase } from '../storage/seed';
import { SETTING_DEFAULTS } from '../storage/queries/settings';
import { addWeeks, mondayOf, weekRange } from '../domain/weeks';
import { fixedClock } from '../tools/clock';
import { TEST_NOW } from './harness';
import { openTestDb, type TestDb } from './support/test-db';

const SLUG = /^[a-z0-9][a-z0-9-]{0,219}$/;
const CODES = ['launch', 'skip_queue', 'featured', 'done_for_you', 'launch_bundle', 'extra_categories', 'relaunch', 'ai_review', 'billboard_min'];

const all = async <T = any>(db: Db, sql: string, ...params: unknown[]) => await db.engine.prepare(sql).all(...params) as T[];
const one = async <T = any>(db: Db, sql: string, ...params: unknown[]) => await db.engine.prepare(sql).get(...params) as T;
const count = async (db: Db, sql: string, ...params: unknown[]) => Number(Object.values(await one<object>(db, sql, ...params))[0]);

// An empty database of the test's own, seeded here (not copied from a seeded template) so the seed itself runs.
async function seeded(demo: boolean, now = TEST_NOW): Promise<TestDb> {
  const t = await openTestDb();
  expect(await seedDatabase(t.db, { demo, clock: fixedClock(now) })).toBe(true);
  return t;
}

describe('base data (SEED_DEMO false)', () => {
  let t: TestDb;
  let db: Db;
  beforeAll(async () => { t = await seeded(false); db = t.db; });
  afterAll(async () => { await t?.close(); });

  it('seeds a category tree of ~12 top-level categories with 3-5 subcategories each', async () => {
    const tops = (await all(db, 'SELECT id, slug FROM categories WHERE parent_id IS NULL ORDER BY position'));
    expect(tops.length).toBeGreaterThanOrEqual(10);
    expect(tops.map((t) => t.slug)).toContain('developer-tools');
    for (const t of tops) {
      const subs = (await count(db, 'SELECT count(*) FROM categories WHERE parent_id = ?', t.id));
      expect(subs, t.slug).toBeGreaterThanOrEqual(3);
      expect(subs, t.slug).toBeLessThanOrEqual(5);
    }
    // Two levels only: every subcategory's parent is top-level.
    expect((await count(db, 'SELECT count(*) FROM categories c JOIN categories p ON p.id = c.parent_id WHERE p.parent_id IS NOT NULL'))).toBe(0);
  });

  it('gives every category a valid slug, a description and 2-3 FAQs', async () => {
    for (const c of (await all(db, 'SELECT slug, name, description, faqs FROM categories'))) {
      expect(c.slug).toMatch(SLUG);
      expect(c.description.length, c.slug).toBeGreaterThan(40);
      const faqs = JSON.parse(c.faqs) as { question: string; answer: string }[];
      expect(faqs.length, c.slug).toBeGreaterThanOrEqual(2);
      expect(faqs.length, c.slug).toBeLessThanOrEqual(3);
      for (const f of faqs) {
        expect(f.question.length).toBeGreaterThan(5);
        expect(f.question.length).toBeLessThanOrEqual(300);
        expect(f.answer.length).toBeLessThanOrEqual(1500);
      }
    }
  });

  it('seeds every product code with a price, a week rule and options where taken', async () => {
    const products = (await all(db, 'SELECT * FROM products ORDER BY position'));
    expect(products.map((p) => p.code)).toEqual(CODES);
    const byCode = Object.fromEntries(products.map((p) => [p.code, p]));
    for (const p of products) {
      expect(p.price_cents, p.code).toBeGreaterThan(0);
      expect(p.needs_listing, p.code).toBe(1);
      expect(p.active, p.code).toBe(1);
      expect(p.name.length).toBeGreaterThan(2);
      expect(p.week_rule).toBe(p.code === 'launch' ? 'optional' : ['skip_queue', 'relaunch'].includes(p.code) ? 'required' : 'none');
    }
    const options = JSON.parse(byCode.done_for_you.options);
    expect(options.properties.tone.enum).toContain('friendly');
    expect(options.properties.notes.type).toBe('string');
    expect(byCode.launch.options).toBeNull();
    const min = (await one(db, "SELECT value FROM settings WHERE key = 'billboard_min_cents'")).value;
    expect(Number(min)).toBe(byCode.billboard_min.price_cents);
  });

  it('seeds interview questions and every setting', async () => {
    expect((await count(db, 'SELECT count(*) FROM interview_questions'))).toBeGreaterThanOrEqual(8);
    const settings = Object.fromEntries((await all(db, 'SELECT key, value FROM settings')).map((r) => [r.key, r.value]));
    expect(Object.keys(settings).sort()).toEqual(Object.keys(SETTING_DEFAULTS).sort());
    expect(settings.free_queue_min_weeks).toBe(SETTING_DEFAULTS.free_queue_min_weeks);
  });

  it('writes no demo directory and never seeds twice', async () => {
    for (const t of ['listings', 'users', 'votes', 'founders', 'blog_posts', 'awards']) expect((await count(db, `SELECT count(*) FROM ${t}`)), t).toBe(0);
    expect(await seedDatabase(db, { demo: true, clock: fixedClock(TEST_NOW) })).toBe(false);
    expect((await count(db, 'SELECT count(*) FROM listings'))).toBe(0);
  });
});

describe('demo directory', () => {
  let t: TestDb;
  let db: Db;
  const now = new Date(TEST_NOW);
  const monday = mondayOf(now);
  beforeAll(async () => { t = await seeded(true); db = t.db; });
  afterAll(async () => { await t?.close(); });

  it('has counts in the expected ranges', async () => {
    const ranges: [string, number, number][] = [
      ["SELECT count(*) FROM listings WHERE status = 'live'", 250, 320],
      ["SELECT count(*) FROM listings WHERE status = 'scheduled'", 15, 25],
      ['SELECT count(*) FROM users', 350, 450],
      ['SELECT count(*) FROM founders', 200, 300],
      ['SELECT count(*) FROM listing_updates', 120, 180],
      ['SELECT count(*) FROM blog_posts', 6, 10],
      ['SELECT count(DISTINCT listing_id) FROM billboard_contributions', 10, 20],
      ['SELECT count(DISTINCT listing_id) FROM domain_ratings', 150, 250],
      ['SELECT count(DISTINCT listing_id) FROM revenue_reports', 30, 50],
      ["SELECT count(*) FROM listings WHERE featured = 1", 2, 20],
      ["SELECT count(*) FROM listings WHERE verified = 1", 2, 30],
      ["SELECT count(*) FROM listings WHERE plan = 'paid' AND story IS NOT NULL AND unlocked_sections LIKE '%story%'", 10, 120],
      ['SELECT count(*) FROM listing_categories WHERE is_primary = 0', 10, 200],
      ['SELECT count(*) FROM listing_alternatives', 20, 400],
      ['SELECT count(*) FROM reviews WHERE genuine = 0', 1, 100],
    ];
    for (const [sql, min, max] of ranges) {
      const n = (await count(db, sql));
      expect(n, sql).toBeGreaterThanOrEqual(min);
      expect(n, sql).toBeLessThanOrEqual(max);
    }
  });

  it('marks every demo row is_demo and gives demo users no password', async () => {
    for (const t of ['listings', 'users', 'founders', 'blog_posts']) expect((await count(db, `SELECT count(*) FROM ${t} WHERE is_demo = 0`)), t).toBe(0);
    expect((await count(db, 'SELECT count(*) FROM users WHERE password_hash IS NOT NULL'))).toBe(0);
  });

  it('includes Notion with its real address', async () => {
    const notion = (await one(db, "SELECT * FROM listings WHERE slug = 'notion'"));
    expect(notion).toMatchObject({ name: 'Notion', url: 'https://www.notion.so', domain: 'notion.so', status: 'live', is_demo: 1 });
  });

  it('keeps denormalised counts equal to the rows', async () => {
    expect((await count(db, 'SELECT count(*) FROM listings l WHERE votes_count != (SELECT count(*) FROM votes v WHERE v.listing_id = l.id)'))).toBe(0);
    expect((await count(db, 'SELECT count(*) FROM listings l WHERE follows_count != (SELECT count(*) FROM follows f WHERE f.listing_id = l.id)'))).toBe(0);
    expect((await count(db, 'SELECT sum(votes_count) FROM listings'))).toBe((await count(db, 'SELECT count(*) FROM votes')));
  });

  it('places launches and votes in time: live in the last 16 weeks, scheduled 1-6 weeks ahead, no vote before launch or after now', async () => {
    const nowIso = now.toISOString();
    for (const l of (await all(db, "SELECT slug, launch_week, launched_at FROM listings WHERE status = 'live'"))) {
      const { start, end } = weekRange(l.launch_week);
      expect(l.launch_week >= addWeeks(monday, -16) && l.launch_week <= monday, l.slug).toBe(true);
      expect(l.launched_at >= start && l.launched_at < end && l.launched_at <= nowIso, l.slug).toBe(true);
    }
    for (const l of (await all(db, "SELECT slug, launch_week, launched_at FROM listings WHERE status = 'scheduled'"))) {
      expect(l.launched_at).toBeNull();
      expect(l.launch_week > monday && l.launch_week <= addWeeks(monday, 6), l.slug).toBe(true);
    }
    expect((await count(db, 'SELECT count(*) FROM votes v JOIN listings l ON l.id = v.listing_id WHERE v.created_at < l.launched_at OR v.created_at > ?', nowIso))).toBe(0);
    expect((await count(db, "SELECT count(*) FROM votes v JOIN listings l ON l.id = v.listing_id WHERE l.status != 'live'"))).toBe(0);
  });

  it('gives every founder 1-3 companies with one primary founder per listing', async () => {
    expect((await count(db, 'SELECT count(*) FROM founders f WHERE (SELECT count(*) FROM listing_founders lf WHERE lf.founder_id = f.id) NOT BETWEEN 1 AND 3'))).toBe(0);
    expect((await count(db, 'SELECT count(*) FROM (SELECT listing_id FROM listing_founders GROUP BY listing_id HAVING sum(CASE WHEN position = 0 THEN 1 ELSE 0 END) != 1) AS x'))).toBe(0);
  });

  it('awards Launch of the Week #1-#3 from the votes cast in each completed week', async () => {
    const weeks = (await all(db, "SELECT DISTINCT launch_week AS w FROM listings WHERE status = 'live' AND launch_week < ? ORDER BY 1", monday)).map((r) => r.w);
    expect(weeks.length).toBeGreaterThanOrEqual(12);
    for (const week of weeks) {
      const { start, end } = weekRange(week);
      const expected = (await all(db, `SELECT l.id, l.launched_at,
          (SELECT count(*) FROM votes v WHERE v.listing_id = l.id AND v.created_at >= ? AND v.created_at < ?) AS n
        FROM listings l WHERE l.status = 'live' AND l.launch_week = ?`, start, end, week))
        .sort((a, b) => b.n - a.n || a.launched_at.localeCompare(b.launched_at) || a.id - b.id)
        .slice(0, 3);
      const awards = (await all(db, 'SELECT rank, listing_id, votes FROM awards WHERE week = ? ORDER BY rank', week));
      expect(awards, week).toEqual(expected.map((e, i) => ({ rank: i + 1, listing_id: e.id, votes: e.n })));
    }
    expect((await count(db, 'SELECT count(*) FROM awards WHERE week >= ?', monday))).toBe(0);
  });

  it('uses valid slugs everywhere and keeps Domain Rating within 0..100', async () => {
    for (const t of ['listings', 'founders', 'blog_posts']) {
      for (const r of (await all(db, `SELECT slug FROM ${t}`))) expect(r.slug).toMatch(SLUG);
    }
    expect((await count(db, 'SELECT count(*) FROM domain_ratings WHERE rating NOT BETWEEN 0 AND 100'))).toBe(0);
    expect((await count(db, 'SELECT count(*) FROM (SELECT listing_id FROM domain_ratings GROUP BY listing_id HAVING count(*) < 8) AS x'))).toBe(0);
  });

  // Seeded by openTestDb: on PostgreSQL a copy of the run's template for that clock, seeded once for the run.
  it('is deterministic for a clock, and follows the clock', { timeout: 180_000 }, async () => {
    const again = await openTestDb({ seed: 'demo', now: TEST_NOW });
    const other = await openTestDb({ seed: 'demo', now: '2027-03-10T08:00:00Z' });
    try {
      const shape = async (d: Db) => (await all(d, 'SELECT slug, votes_count, launch_week FROM listings ORDER BY id'));
      expect(await shape(again.db)).toEqual(await shape(db));
      expect((await count(again.db, 'SELECT count(*) FROM votes'))).toBe((await count(db, 'SELECT count(*) FROM votes')));
      expect((await all(other.db, 'SELECT slug FROM listings ORDER BY id'))).toEqual((await all(db, 'SELECT slug FROM listings ORDER BY id')));
      expect((await one(other.db, "SELECT launch_week FROM listings WHERE slug = 'notion'")).launch_week)
        .toBe(addWeeks(mondayOf(new Date('2027-03-10T08:00:00Z')), -2));
    } finally {
      await again.close();
      await other.close();
    }
  });
});
