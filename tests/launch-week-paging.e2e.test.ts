import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { callOp, DRIVERS, startApp, type Driver, type TestApp, openClients, closeAll } from './harness';
import { addListing } from './fixtures';

// A busy launch week, paged: get_launch_week pages its launches and its scheduled launches like every other list
// (a week held 1,917 launches, an 875 KB answer, in the bench's directory of 100,000), and the week's page on the
// site runs its ranks on from page to page. TEST_NOW is Wednesday 2026-11-18 12:00 UTC.
const THIS_WEEK = '2026-11-16';
const LIVE = 53;
const SCHEDULED = 23;

let app: TestApp;
const clients: Partial<Record<Driver, Client>> = {};
const call = (d: Driver, tool: string, args: Record<string, unknown> = {}) => callOp(app, clients, d, tool, args);
const slugs = (items: { slug: string }[]) => items.map((i) => i.slug);

type Launch = { slug: string; votes: number; launchedAt: string; id: number };
const launches: Launch[] = [];
let byVotes: string[] = [];
let scheduledByName: string[] = [];

beforeAll(async () => {
  app = await startApp({ demo: false });
  // Votes repeat every fourth listing so that ties (broken by the earlier launch, then the older record) fall across
  // page boundaries; launch times run backwards against creation so the tie-break is not creation order.
  for (let i = 0; i < LIVE; i++) {
    const slug = `busy-week-${String(i).padStart(2, '0')}`;
    const votes = (i * 7) % 13;
    const launchedAt = new Date(Date.parse('2026-11-18T11:00:00.000Z') - (i % 5) * 3_600_000).toISOString();
    const id = await addListing(app.db, { name: `Busy Week ${i}`, slug, launchWeek: THIS_WEEK, launchedAt, votesCount: votes });
    launches.push({ slug, votes, launchedAt, id });
  }
  byVotes = [...launches]
    .sort((a, b) => b.votes - a.votes || a.launchedAt.localeCompare(b.launchedAt) || a.id - b.id)
    .map((l) => l.slug);
  const names: string[] = [];
  for (let i = 0; i < SCHEDULED; i++) {
    // Names out of alphabetical order of creation: the scheduled list is by name.
    const name = `Queued ${String.fromCharCode(97 + ((i * 5) % 26))}${i}`;
    names.push(name);
    await addListing(app.db, { name, status: 'scheduled', launchWeek: THIS_WEEK });
  }
  scheduledByName = [...names].sort((a, b) => a.localeCompare(b)).map((n) => n.toLowerCase().replace(/[^a-z0-9]+/g, '-'));
  await openClients(app, clients);
});

afterAll(() => closeAll(app, clients));

describe.each(DRIVERS)('get_launch_week paged over %s', (d) => {
  it('answers its first 20 by default, counting every launch and every scheduled one', async () => {
    const { status, body } = await call(d, 'get_launch_week', { week: 'this' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ week: THIS_WEEK, page: 1, per_page: 20, total: LIVE, scheduled_total: SCHEDULED });
    expect(slugs(body.items)).toEqual(byVotes.slice(0, 20));
    expect(slugs(body.scheduled)).toEqual(scheduledByName.slice(0, 20));
  });

  it('walks every page once: both lists in order, nothing twice, nothing left out', async () => {
    const items: string[] = [];
    const scheduled: string[] = [];
    for (let page = 1; page <= 6; page++) {
      const { status, body } = await call(d, 'get_launch_week', { week: THIS_WEEK, page, per_page: 11 });
      expect(status).toBe(200);
      expect(body).toMatchObject({ page, per_page: 11, total: LIVE, scheduled_total: SCHEDULED });
      items.push(...slugs(body.items));
      scheduled.push(...slugs(body.scheduled));
    }
    expect(items).toEqual(byVotes);
    expect(scheduled).toEqual(scheduledByName);
  });

  it('ranks the current week as list_launches this-week does, page by page', async () => {
    for (const page of [1, 2, 3]) {
      const week = (await call(d, 'get_launch_week', { week: 'this', page, per_page: 20 })).body;
      const section = (await call(d, 'list_launches', { section: 'this-week', page, per_page: 20 })).body;
      expect(slugs(week.items), `page ${page}`).toEqual(slugs(section.items));
      expect(week.total).toBe(section.total);
    }
  });

  it('answers an empty page past the last, with the totals', async () => {
    const { status, body } = await call(d, 'get_launch_week', { week: 'this', page: 40, per_page: 100 });
    expect(status).toBe(200);
    expect(body).toMatchObject({ items: [], scheduled: [], total: LIVE, scheduled_total: SCHEDULED });
  });

  it.each([
    [{ week: 'this', per_page: 101 }, 'per_page'],
    [{ week: 'this', per_page: 0 }, 'per_page'],
    [{ week: 'this', page: 0 }, 'page'],
    [{ week: 'this', page: 1001 }, 'page'],
  ])('rejects %o naming the field', async (args, field) => {
    const { status, body } = await call(d, 'get_launch_week', args);
    expect(status).toBe(400);
    expect(body.errors.map((e: any) => e.path)).toEqual([field]);
  });
});

describe("the week's page on the site", () => {
  const page = async (path: string) => {
    const res = await fetch(app.url + path);
    return { status: res.status, html: await res.text() };
  };
  const ranksOf = (html: string) => [...html.matchAll(/<span class="rank-no">#(\d+)<\/span>/g)].map((m) => Number(m[1]));
  const rankedSlugs = (html: string) => {
    const ranked = html.slice(html.indexOf('aria-label="Launches by votes"'), html.indexOf('id="scheduled"'));
    return [...ranked.matchAll(/href="\/listings\/([^"]+)"/g)].map((m) => m[1]);
  };

  it('shows the first 50 launches ranked #1 to #50 and a pager to the rest', async () => {
    const { status, html } = await page(`/launches/weeks/${THIS_WEEK}`);
    expect(status).toBe(200);
    expect(ranksOf(html)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(rankedSlugs(html)).toEqual(byVotes.slice(0, 50));
    expect(html).toContain('Page 1 of 2');
    expect(html).toContain(`href="/launches/weeks/${THIS_WEEK}?page=2" rel="next"`);
    expect(html).toContain(`${LIVE} live launches, ranked by votes`);
  });

  it('runs the ranks on on page 2, names the page and links back', async () => {
    const { status, html } = await page(`/launches/weeks/${THIS_WEEK}?page=2`);
    expect(status).toBe(200);
    expect(ranksOf(html)).toEqual([51, 52, 53]);
    expect(rankedSlugs(html)).toEqual(byVotes.slice(50));
    expect(html).toMatch(/<title>Launches: Week of [^<]+ \(page 2\)/);
    expect(html).toContain(`<link rel="canonical" href="${app.url}/launches/weeks/${THIS_WEEK}?page=2"`);
    expect(html).toContain(`href="/launches/weeks/${THIS_WEEK}" rel="prev"`);
  });

  it('says so on a page past the last instead of claiming the week is empty', async () => {
    const { status, html } = await page(`/launches/weeks/${THIS_WEEK}?page=5`);
    expect(status).toBe(200);
    expect(html).toContain('No more launches: this page is past the last.');
    expect(html).not.toContain('No launches this week.');
  });
});
