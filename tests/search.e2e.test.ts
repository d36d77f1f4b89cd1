import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { getJson, startApp, type TestApp, openClients, closeAll, resultBody } from './harness';
import { addCategory, addListing, addVotes } from './fixtures';

type Driver = 'rest' | 'modern' | 'legacy';
const DRIVERS: Driver[] = ['rest', 'modern', 'legacy'];
let app: TestApp;
const clients: Partial<Record<Driver, Client>> = {};

// search_listings through REST (query string) or MCP (arguments), answered as {status, body}.
async function search(d: Driver, args: Record<string, unknown> = {}): Promise<{ status: number; body: any }> {
  if (d === 'rest') {
    const query = new URLSearchParams(Object.entries(args).map(([k, v]) => [k, String(v)]));
    return getJson(`${app.api}/listings${query.size ? `?${query}` : ''}`);
  }
  const r = await clients[d]!.callTool({ name: 'search_listings', arguments: args });
  const body = resultBody(r);
  return { status: r.isError ? body.status : 200, body };
}
const names = (body: any): string[] => body.items.map((i: any) => i.name);

// Four live listings under zs-tools (one in a sub-subcategory), two scheduled ones and a draft. Votes are placed
// so that every sort order differs: see the expectations in "sort orders".
beforeAll(async () => {
  app = await startApp({ demo: false });
  const db = app.db;
  await addCategory(db, 'zs-tools', { name: 'ZS Tools' });
  await addCategory(db, 'zs-notes', { name: 'ZS Notes', parent: 'zs-tools' });
  await addCategory(db, 'zs-notes-mobile', { name: 'ZS Notes Mobile', parent: 'zs-notes' });
  await addCategory(db, 'zs-other', { name: 'ZS Other' });
  const notion = await addListing(db, {
    name: 'Notion', url: 'https://www.notion.so', category: 'zs-notes', tagline: 'All-in-one workspace for notes and docs',
    description: 'Write, plan and organise in one connected workspace.', keywords: ['wiki', 'knowledge base'],
    country: 'US', stage: 'growing', pricingModel: 'Freemium', viewsCount: 300, followsCount: 40, launchedAt: '2026-11-10T09:00:00.000Z',
  });
  const taskpilot = await addListing(db, {
    name: 'Taskpilot', category: 'zs-tools', tagline: 'Project management for small teams',
    description: 'Boards, sprints and time tracking.', country: 'DE', stage: 'mvp', pricingModel: 'paid',
    viewsCount: 100, followsCount: 80, launchedAt: '2026-11-17T09:00:00.000Z',
  });
  const planwise = await addListing(db, {
    name: 'Planwise', category: 'zs-notes-mobile', tagline: 'Plans on your phone',
    description: 'Project management with a shared calendar for field crews.', country: 'de', stage: 'mvp',
    pricingModel: 'subscription', viewsCount: 50, followsCount: 10, launchedAt: '2026-11-18T09:00:00.000Z',
  });
  await addListing(db, {
    name: 'Ganttly', category: 'zs-tools', extraCategories: ['zs-notes-mobile'], tagline: 'Gantt charts in seconds',
    country: 'FR', stage: 'launched', pricingModel: 'free', viewsCount: 900, followsCount: 0, launchedAt: '2026-11-01T09:00:00.000Z',
  });
  await addVotes(db, notion, 5, '2026-11-18T10:00:00.000Z'); // recent: trending
  await addVotes(db, planwise, 3, '2026-11-18T11:00:00.000Z'); // recent: trending
  await addVotes(db, taskpilot, 12, '2026-10-01T10:00:00.000Z'); // most votes, but outside the trending window
  await addListing(db, { name: 'Launchly', category: 'zs-tools', status: 'scheduled', launchWeek: '2026-11-23', tagline: 'Project launches' });
  await addListing(db, { name: 'Stalesched', category: 'zs-tools', status: 'scheduled', launchWeek: '2026-11-02' });
  await addListing(db, { name: 'Hiddendraft', category: 'zs-tools', status: 'draft', tagline: 'Notion clone in draft' });
  await addListing(db, { name: 'Otherthing', category: 'zs-other', tagline: 'Unrelated' });
  await openClients(app, clients);
});

afterAll(() => closeAll(app, clients));

describe.each(DRIVERS)('search_listings over %s', (d) => {
  it('finds an exact name first and returns the summary shape', async () => {
    const { status, body } = await search(d, { q: 'Notion' });
    expect(status).toBe(200);
    expect(body.items[0]).toMatchObject({
      slug: 'notion', name: 'Notion', url: 'https://www.notion.so', votes: 5, status: 'live',
      primary_category: { slug: 'zs-notes', name: 'ZS Notes' }, page_url: `${app.url}/listings/notion`,
    });
    expect(names(body)).not.toContain('Hiddendraft'); // drafts are never public
    expect(body).toMatchObject({ page: 1, per_page: 20, total: body.items.length });
  });

  it.each([
    ['notoin', ['Notion']], // swapped letters
    ['nootin', ['Notion']], // two typos in one word
    ['projct managment', ['Taskpilot', 'Planwise']], // one typo in each word
    ['kalender', ['Planwise']], // two typos, in the description
    ['managmnet', ['Taskpilot', 'Planwise']],
    ['knowledge', ['Notion']], // keywords are searched too
    ['proj', ['Taskpilot', 'Planwise']], // the last word matches as a prefix
  ])('tolerates typos: %s', async (q, expected) => {
    const { status, body } = await search(d, { q, category: 'zs-tools' });
    expect(status).toBe(200);
    expect(names(body).sort()).toEqual([...expected].sort());
  });

  it('ranks a name hit above a description hit and ties by votes', async () => {
    const { body } = await search(d, { q: 'project management' });
    expect(names(body)).toEqual(['Taskpilot', 'Planwise']); // tagline beats description
  });

  it('treats FTS syntax in q as plain words', async () => {
    const { status, body } = await search(d, { q: 'notion AND "NEAR( workspace* OR -' });
    expect(status).toBe(200);
    expect(names(body)).toEqual([]); // "and", "near", "or" are ANDed as words, so nothing matches
    const ok = await search(d, { q: 'notion: workspace*' });
    expect(names(ok.body)).toEqual(['Notion']);
  });

  it('browses with an empty q', async () => {
    const { status, body } = await search(d, { q: '', category: 'zs-tools' });
    expect(status).toBe(200);
    expect(body.total).toBe(4);
  });

  it('includes subcategories at any depth and extra categories', async () => {
    expect(names((await search(d, { category: 'zs-notes' })).body).sort()).toEqual(['Ganttly', 'Notion', 'Planwise']);
    expect(names((await search(d, { category: 'zs-notes-mobile' })).body).sort()).toEqual(['Ganttly', 'Planwise']);
    expect((await search(d, { category: 'zs-tools' })).body.total).toBe(4);
  });

  it.each(['notion.so', 'https://www.notion.so/', 'http://NOTION.so', 'www.notion.so/', 'https://notion.so/pricing?x=1'])(
    'finds the listing of a website: %s', async (domain) => {
      const { body } = await search(d, { domain });
      expect(names(body)).toEqual(['Notion']);
    });

  it('matches country case-insensitively, stage and pricing model', async () => {
    expect(names((await search(d, { country: 'de', category: 'zs-tools' })).body).sort()).toEqual(['Planwise', 'Taskpilot']);
    expect(names((await search(d, { country: 'De', category: 'zs-tools' })).body).sort()).toEqual(['Planwise', 'Taskpilot']);
    expect(names((await search(d, { country: 'us' })).body)).toEqual(['Notion']);
    expect(names((await search(d, { stage: 'mvp', category: 'zs-tools' })).body).sort()).toEqual(['Planwise', 'Taskpilot']);
    expect(names((await search(d, { pricing_model: 'FREEMIUM' })).body)).toEqual(['Notion']);
    expect(names((await search(d, { pricing_model: 'free', category: 'zs-tools' })).body)).toEqual(['Ganttly']);
  });

  it('lists upcoming launches: scheduled for this week or later, not live, not past weeks', async () => {
    const { body } = await search(d, { status: 'upcoming', category: 'zs-tools' });
    expect(names(body)).toEqual(['Launchly']);
    expect(body.items[0]).toMatchObject({ status: 'scheduled', launch_week: '2026-11-23' });
    expect(names((await search(d, { status: 'upcoming', q: 'projct' })).body)).toEqual(['Launchly']);
  });

  it.each([
    ['relevance', ['Taskpilot', 'Notion', 'Planwise', 'Ganttly']], // without q: votes, then newest
    ['votes', ['Taskpilot', 'Notion', 'Planwise', 'Ganttly']],
    ['newest', ['Planwise', 'Taskpilot', 'Notion', 'Ganttly']],
    ['trending', ['Notion', 'Planwise', 'Taskpilot', 'Ganttly']], // recent votes first, old votes only after
    ['most_viewed', ['Ganttly', 'Notion', 'Taskpilot', 'Planwise']],
    ['most_followed', ['Taskpilot', 'Notion', 'Planwise', 'Ganttly']],
  ])('sorts by %s', async (sort, expected) => {
    const { body } = await search(d, { sort, category: 'zs-tools' });
    expect(names(body)).toEqual(expected);
  });

  it('pages with a stable total', async () => {
    const p1 = await search(d, { category: 'zs-tools', per_page: 3, page: 1 });
    const p2 = await search(d, { category: 'zs-tools', per_page: 3, page: 2 });
    const p3 = await search(d, { category: 'zs-tools', per_page: 3, page: 3 });
    expect(p1.body).toMatchObject({ page: 1, per_page: 3, total: 4 });
    expect(names(p1.body)).toEqual(['Taskpilot', 'Notion', 'Planwise']);
    expect(names(p2.body)).toEqual(['Ganttly']);
    expect(p3.body).toMatchObject({ items: [], page: 3, total: 4 });
    const t2 = await search(d, { category: 'zs-tools', sort: 'trending', per_page: 1, page: 3 });
    expect(names(t2.body)).toEqual(['Taskpilot']); // paging crosses from scored to unscored listings
    const q2 = await search(d, { q: 'project', per_page: 1, page: 2 });
    expect(q2.body).toMatchObject({ total: 2, items: [{ name: 'Planwise' }] });
  });

  it.each([
    [{ q: 'x'.repeat(201) }, 'q'],
    [{ country: 'DEU' }, 'country'],
    [{ country: 'D1' }, 'country'],
    [{ sort: 'random' }, 'sort'],
    [{ status: 'draft' }, 'status'],
    [{ per_page: 101 }, 'per_page'],
    [{ page: 0 }, 'page'],
    [{ page: 1001 }, 'page'],
    [{ pricing_model: 'p'.repeat(41) }, 'pricing_model'],
    [{ domain: `${'d'.repeat(250)}.com` }, 'domain'],
    [{ domain: 'http://' }, 'domain'],
    [{ category: 'Not A Slug' }, 'category'],
    [{ category: 'zs-unknown' }, 'category'],
    [{ stage: 'MVP!' }, 'stage'],
    [{ surprise: 'yes' }, 'surprise'],
  ])('rejects %j with 400 naming %s', async (args, path) => {
    const { status, body } = await search(d, args);
    expect(status).toBe(400);
    expect(body.code).toBe('invalid_input');
    expect(body.errors.map((e: any) => e.path)).toContain(path);
  });
});

describe('search_listings freshness', () => {
  it('finds a listing added after earlier searches, and forgets one that left the live state', async () => {
    expect((await search('rest', { q: 'zebrafy' })).body.total).toBe(0);
    const id = await addListing(app.db, { name: 'Zebrafy', category: 'zs-other', tagline: 'Stripes for spreadsheets' });
    expect(names((await search('rest', { q: 'zebrafy' })).body)).toEqual(['Zebrafy']);
    await app.db.engine.prepare(`UPDATE listings SET status = 'rejected' WHERE id = ?`).run(id);
    expect((await search('rest', { q: 'zebrafy' })).body.total).toBe(0);
  });
});
