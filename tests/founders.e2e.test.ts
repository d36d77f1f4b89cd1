import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { getJson, startApp, type TestApp, openClients, closeAll, resultBody } from './harness';
import { addFounder, addListing, insertRow } from './fixtures';
import { listingFounders } from '../storage/schema';

let app: TestApp;
const clients: Partial<Record<'modern' | 'legacy', Client>> = {};

beforeAll(async () => {
  app = await startApp({ demo: false });
  const db = app.db;
  const alpha = await addListing(db, { name: 'Alpha App', slug: 'fx-alpha-app', status: 'live', unlockedSections: ['story'],
    story: { title: 'Why we built Alpha', why_started: 'Spreadsheets hurt.', problem: '', lessons: 'Ship weekly.' } });
  const beta = await addListing(db, { name: 'Beta Tool', slug: 'fx-beta-tool', status: 'scheduled', launchWeek: '2026-11-30',
    story: { title: 'Locked story', story: 'Not unlocked, so private.' } });
  const gamma = await addListing(db, { name: 'Gamma Secret', slug: 'fx-gamma-secret', status: 'submitted' });

  const ada = await addFounder(db, 'Ada Lovelace', { listingId: alpha, title: 'CEO', country: 'GB', bio: 'Writes the first programs.' });
  await insertRow(db, listingFounders, { listingId: beta, founderId: ada, title: 'Advisor', position: 1 });
  await insertRow(db, listingFounders, { listingId: gamma, founderId: ada, title: 'Secret role', position: 2 });
  await db.engine.prepare('UPDATE founders SET headline = ?, avatar_url = ?, socials = ? WHERE id = ?')
    .run('Analyst & poet', 'https://img.example/ada.png', JSON.stringify({ x: 'https://x.com/ada' }), ada);
  await addFounder(db, 'Grace Hopper', { listingId: alpha, title: 'CTO', country: 'us' });
  await addFounder(db, 'Alan Turing', { listingId: gamma, country: 'GB' }); // only an unpublished listing: private
  await addFounder(db, 'Zed Nobody', { country: 'GB' }); // no listing at all: private
  await openClients(app, clients);
});
afterAll(() => closeAll(app, clients));

const rest = (path: string) => getJson(`${app.api}${path}`);
const names = (body: any) => body.items.map((i: any) => i.name);

describe('list_founders over REST', () => {
  it('lists founders of public listings by name with their public companies', async () => {
    const { status, body } = await rest('/founders');
    expect(status).toBe(200);
    expect(names(body)).toEqual(['Ada Lovelace', 'Grace Hopper']);
    expect(body).toMatchObject({ page: 1, per_page: 20, total: 2 });
    expect(body.items[0]).toEqual({
      slug: 'ada-lovelace', name: 'Ada Lovelace', headline: 'Analyst & poet', country: 'GB', avatar_url: 'https://img.example/ada.png',
      companies: [{ slug: 'fx-alpha-app', name: 'Alpha App' }, { slug: 'fx-beta-tool', name: 'Beta Tool' }],
    });
  });

  it.each([
    ['?q=LOVE', ['Ada Lovelace']],
    ['?q=hop', ['Grace Hopper']],
    ['?q=turing', []],
    ['?q=%25', []], // a literal %, not a wildcard
    ['?country=gb', ['Ada Lovelace']],
    ['?country=US', ['Grace Hopper']],
    ['?q=a&country=US', ['Grace Hopper']],
    ['?q=', ['Ada Lovelace', 'Grace Hopper']],
  ])('filters %s', async (query, expected) => {
    const { status, body } = await rest(`/founders${query}`);
    expect(status).toBe(200);
    expect(names(body)).toEqual(expected);
    expect(body.total).toBe(expected.length);
  });

  it('pages', async () => {
    const second = await rest('/founders?per_page=1&page=2');
    expect(names(second.body)).toEqual(['Grace Hopper']);
    expect(second.body).toMatchObject({ page: 2, per_page: 1, total: 2 });
    const beyond = await rest('/founders?per_page=1&page=5');
    expect(beyond.body).toMatchObject({ items: [], total: 2 });
  });

  it.each([
    ['?country=GBR', 'country'],
    ['?country=1x', 'country'],
    [`?q=${'a'.repeat(121)}`, 'q'],
    ['?per_page=101', 'per_page'],
    ['?page=0', 'page'],
    ['?sort=name', 'sort'],
  ])('rejects %s with 400 naming the field', async (query, field) => {
    const { status, body, headers } = await rest(`/founders${query}`);
    expect(status).toBe(400);
    expect(headers.get('content-type')).toContain('application/problem+json');
    expect(body.errors.map((e: any) => e.path)).toContain(field);
  });
});

describe('get_founder over REST', () => {
  it('returns the profile with public companies and published stories only', async () => {
    const { status, body } = await rest('/founders/ada-lovelace');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      slug: 'ada-lovelace', name: 'Ada Lovelace', headline: 'Analyst & poet', bio: 'Writes the first programs.', country: 'GB',
      avatar_url: 'https://img.example/ada.png', socials: { x: 'https://x.com/ada' },
    });
    expect(body.companies.map((c: any) => [c.listing.slug, c.title])).toEqual([['fx-alpha-app', 'CEO'], ['fx-beta-tool', 'Advisor']]);
    expect(body.companies[0].listing).toMatchObject({ name: 'Alpha App', status: 'live', page_url: `${app.url}/listings/fx-alpha-app` });
    expect(body.stories).toEqual([{
      listing_slug: 'fx-alpha-app', listing_name: 'Alpha App', title: 'Why we built Alpha',
      sections: { why_started: 'Spreadsheets hurt.', lessons: 'Ship weekly.' },
    }]);
    expect(body).not.toHaveProperty('interview');
    expect(JSON.stringify(body)).not.toContain('Gamma');
  });

  it.each(['alan-turing', 'zed-nobody', 'no-such-founder'])('answers 404 for %s', async (slug) => {
    const { status, body } = await rest(`/founders/${slug}`);
    expect(status).toBe(404);
    expect(body.code).toBe('not_found');
  });

  it('rejects a malformed slug with 400', async () => {
    const { status, body } = await rest('/founders/Not_A_Slug');
    expect(status).toBe(400);
    expect(body.errors.map((e: any) => e.path)).toContain('slug');
  });
});

describe.each(['modern', 'legacy'] as const)('founders over MCP (%s era)', (era) => {
  const call = (name: string, args: Record<string, unknown>) => clients[era]!.callTool({ name, arguments: args });

  it('list_founders returns what REST returns', async () => {
    const res = await call('list_founders', { country: 'GB', q: 'ada' });
    expect(res.isError).toBeFalsy();
    expect(res.structuredContent).toEqual((await rest('/founders?country=GB&q=ada')).body);
  });

  it('get_founder returns what REST returns', async () => {
    const res = await call('get_founder', { slug: 'grace-hopper' });
    expect(res.isError).toBeFalsy();
    const body = (await rest('/founders/grace-hopper')).body;
    expect(res.structuredContent).toEqual(body);
    expect(body.companies.map((c: any) => c.listing.slug)).toEqual(['fx-alpha-app']);
    expect(body.stories).toHaveLength(1);
    expect(body.country).toBe('US'); // stored as 'us': codes leave upper-cased
  });

  it('reports a bad country and an unknown founder as problems', async () => {
    const bad = await call('list_founders', { country: 'Germany' });
    expect(bad.isError).toBe(true);
    expect(resultBody(bad)).toMatchObject({ status: 400, code: 'invalid_input' });
    expect((resultBody(bad)).errors.map((e: any) => e.path)).toContain('country');
    const missing = await call('get_founder', { slug: 'alan-turing' });
    expect(missing.isError).toBe(true);
    expect(resultBody(missing)).toMatchObject({ status: 404, code: 'not_found' });
  });
});
