import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness';
import { addCategory, addFounder, addListing, addVotes } from './fixtures';
import { Browser, signUp } from './auth-helpers';
import { secondConnection } from './support/second-writer';
import type { Db } from '../storage/db';
import { memoComputes } from '../storage/queries/memo';
import { pagesMadeFromAnswers } from '../site/kept-page';

// Site pages made from the answers of remembered reads alone (site/kept-page.ts pageFromAnswers) are made once for
// signed-out visitors and sent again while every answer they were made from stands: the launch lists and weeks, the
// leaderboards, founders, the blog and search. Each write below is made by another connection to the same database
// (as a second process would) and must show on the very next visit; signed-in visitors get a page made for them.

let app: TestApp;
let other: Db;
const ids: Record<string, number> = {};

beforeAll(async () => {
  app = await startApp({ demo: false });
  const now = app.clock.now().toISOString();
  await addCategory(app.db, 'ap-boats', { name: 'Boat software' });
  ids.tide = await addListing(app.db, { name: 'Tide Table', slug: 'tide-table', tagline: 'Tides for harbours', category: 'ap-boats', launchedAt: now, votesCount: 4 });
  ids.sail = await addListing(app.db, { name: 'Sail Ledger', slug: 'sail-ledger', tagline: 'Charter bookkeeping', category: 'ap-boats', launchedAt: now, votesCount: 2 });
  await addVotes(app.db, ids.tide, 3, now);
  await addFounder(app.db, 'Wenke Haller', { listingId: ids.tide });
  await app.db.engine.prepare(`INSERT INTO blog_posts (slug, title, excerpt, body_markdown, author, published_at) VALUES (?, ?, ?, ?, ?, ?)`)
    .run('charting-a-launch', 'Charting a launch', 'How to plan it', 'Plan the **week**.', 'Editor', '2026-11-01T09:00:00.000Z');
  other = await secondConnection(app);
});
afterAll(async () => {
  await other?.engine.close();
  await app?.close();
});

const visit = async (path: string) => {
  const res = await fetch(`${app.url}${path}`);
  return { status: res.status, etag: res.headers.get('etag'), html: await res.text() };
};
// Visits twice: the second visit must be sent as the first was made (nothing made again).
async function keptAfterOneVisit(path: string, scope: string) {
  const first = await visit(path);
  expect(first.status).toBe(200);
  const before = pagesMadeFromAnswers(scope);
  const second = await visit(path);
  expect(pagesMadeFromAnswers(scope), `${path} was made again`).toBe(before);
  expect(second.html).toBe(first.html);
  expect(second.etag).toBe(first.etag);
  return second.html;
}

// [page, scope, the write, what the next visit must show]
const cases: Array<[string, string, () => Promise<unknown>, string]> = [
  ['/launches', 'launches', () => other.engine.prepare("UPDATE listings SET tagline = 'Tides for every harbour' WHERE id = ?").run(ids.tide), 'Tides for every harbour'],
  ['/launches?section=most-voted', 'launches', () => other.engine.prepare("UPDATE listings SET name = 'Sail Ledger Pro' WHERE id = ?").run(ids.sail), 'Sail Ledger Pro'],
  ['/launches/weeks/this', 'launch-week', () => other.engine.prepare("UPDATE listings SET tagline = 'Tides, weekly' WHERE id = ?").run(ids.tide), 'Tides, weekly'],
  ['/leaderboards', 'leaderboards', () => other.engine.prepare("UPDATE listings SET name = 'Tide Tables' WHERE id = ?").run(ids.tide), 'Tide Tables'],
  ['/leaderboards/community-all-time', 'leaderboard', () => other.engine.prepare("UPDATE listings SET name = 'Sail Books' WHERE id = ?").run(ids.sail), 'Sail Books'],
  ['/founders', 'founders', () => other.engine.prepare("UPDATE founders SET name = 'Wenke Haller-Ross' WHERE slug = 'wenke-haller'").run(), 'Wenke Haller-Ross'],
  ['/founders/wenke-haller', 'founder', () => other.engine.prepare("UPDATE listings SET tagline = 'Tides, founded' WHERE id = ?").run(ids.tide), 'Tides, founded'],
  ['/blog', 'blog', () => other.engine.prepare("UPDATE blog_posts SET title = 'Charting a launch week' WHERE slug = 'charting-a-launch'").run(), 'Charting a launch week'],
  ['/blog/charting-a-launch', 'blog-post', () => other.engine.prepare("UPDATE blog_posts SET body_markdown = 'Plan the **month**.' WHERE slug = 'charting-a-launch'").run(), '<strong>month</strong>'],
  ['/search?q=tide', 'search', () => other.engine.prepare("UPDATE listings SET tagline = 'Tides, searched' WHERE id = ?").run(ids.tide), 'Tides, searched'],
  ['/search?q=sail&sort=votes', 'search', () => other.engine.prepare("UPDATE listings SET tagline = 'Charters, searched' WHERE id = ?").run(ids.sail), 'Charters, searched'],
];

describe.each(cases)('%s', (path, scope, write, shown) => {
  it('is kept for signed-out visitors, and shows a write by another process on the very next visit', async () => {
    const kept = await keptAfterOneVisit(path, scope);
    expect(kept).not.toContain(shown);
    await write();
    const after = await visit(path);
    expect(after.html).toContain(shown);
    await keptAfterOneVisit(path, scope);
  });
});

describe('pages made from answers', () => {
  it('shows a vote on a listing it lists at once', async () => {
    const count = (html: string) => Number(/Tide Table[\s\S]*?(\d+)\s*votes?/.exec(html)?.[1] ?? -1);
    const before = count(await keptAfterOneVisit('/launches/weeks/this', 'launch-week'));
    await other.engine.prepare('UPDATE listings SET votes_count = votes_count + 10 WHERE id = ?').run(ids.tide);
    expect(count((await visit('/launches/weeks/this')).html)).toBe(before + 10);
  });

  it('keeps one page per address: another query string is another page', async () => {
    const tide = await keptAfterOneVisit('/search?q=tide', 'search');
    const sail = await keptAfterOneVisit('/search?q=sail', 'search');
    expect(tide).not.toBe(sail);
    expect(tide).toContain('tide-table');
    expect(sail).toContain('sail-ledger');
    expect((await visit('/search?q=tide')).html).toBe(tide);
  });

  it('is made again when the minute turns', async () => {
    await keptAfterOneVisit('/founders', 'founders');
    const before = pagesMadeFromAnswers('founders');
    app.clock.advance(60_000);
    await visit('/founders');
    expect(pagesMadeFromAnswers('founders')).toBe(before + 1);
  });

  it('a signed-in visitor gets a page made for them, and the kept page never shows their state', async () => {
    const anonymous = await keptAfterOneVisit('/launches', 'launches');
    const b = new Browser(app.url);
    await signUp(b, 'ap-reader@example.test', 'a long password here', 'Reader Riis');
    const res = await b.get('/launches');
    const html = await res.text();
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(html).toContain('Reader Riis');
    expect(anonymous).not.toContain('Reader Riis');
    expect((await visit('/launches')).html).toBe(anonymous);
  });

  it('an invalid search is answered 400 with its form, not kept', async () => {
    const res = await visit('/search?country=XYZ');
    expect(res.status).toBe(400);
    expect(res.html).toContain('Check the fields marked above.');
  });
});

describe('sitemaps', () => {
  it('are made once, and name a listing that goes live at once', async () => {
    const sitemap = async () => (await visit('/sitemap.xml')).html;
    const first = await sitemap();
    const computed = memoComputes(app.db, 'sitemaps');
    expect(await sitemap()).toBe(first);
    expect(memoComputes(app.db, 'sitemaps')).toBe(computed);
    expect(first).not.toContain('/listings/keel-check');
    await addListing(other, { name: 'Keel Check', slug: 'keel-check', category: 'ap-boats' });
    expect(await sitemap()).toContain('/listings/keel-check');
  });

  it('name a scheduled post once its time comes, and not before', async () => {
    const sitemap = async () => (await visit('/sitemap.xml')).html;
    const at = new Date(app.clock.now().getTime() + 30_000).toISOString();
    await other.engine.prepare(`INSERT INTO blog_posts (slug, title, excerpt, body_markdown, author, published_at) VALUES (?, ?, ?, ?, ?, ?)`)
      .run('harbour-season', 'Harbour season', 'Soon', 'Soon.', 'Editor', at);
    expect(await sitemap()).not.toContain('/blog/harbour-season');
    app.clock.advance(60_000);
    expect(await sitemap()).toContain('/blog/harbour-season');
  });
});
