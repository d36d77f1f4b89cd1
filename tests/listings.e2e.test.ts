import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { callOp, DRIVERS, startApp, type Driver, type TestApp, openClients, closeAll } from './harness';
import { addCategory, addFounder, addListing, addReview, addVotes, insertRow } from './fixtures';
import { domainRatings, listingAlternatives, listingUpdates, milestones } from '../storage/schema';

let app: TestApp;
const clients: Partial<Record<Driver, Client>> = {};

const call = (d: Driver, tool: string, args: Record<string, unknown> = {}) => callOp(app, clients, d, tool, args);
const getListing = (d: Driver, args: Record<string, unknown>) => call(d, 'get_listing', args);
const alternatives = (d: Driver, args: Record<string, unknown>) => call(d, 'get_alternatives', args);
const compare = (d: Driver, args: Record<string, unknown>) => call(d, 'compare_listings', args);

let acme = 0;
beforeAll(async () => {
  app = await startApp({ demo: false });
  const db = app.db;
  await addCategory(db, 'zl-crm', { name: 'ZL CRM' });
  await addCategory(db, 'zl-extra', { name: 'ZL Extra' });
  acme = await addListing(db, {
    name: 'Acme CRM', category: 'zl-crm', extraCategories: ['zl-extra'], tagline: 'The friendly CRM', country: 'US',
    pricingModel: 'subscription', pricingSummary: 'From $10/month',
    pricingPlans: [{ name: 'Team', price: '$10', period: 'month', features: ['5 seats'] }, { name: 'Free', price: '$0' }],
    features: ['Contacts', 'Pipelines', 'Email sync'], usps: ['Set up in minutes'], keywords: ['crm'], tags: ['sales'],
    faqs: [{ question: 'Is there a free plan?', answer: 'Yes.' }], socials: { x: 'https://x.com/acme' },
    notFoundOnWebsite: ['founded_year'], story: { title: 'Why we built Acme', story: 'We were tired of spreadsheets.' },
    media: [{ kind: 'image', url: 'https://acme.example.com/shot.png' }], unlockedSections: ['story'], plan: 'free',
    launchWeek: '2026-11-02', launchedAt: '2026-11-02T09:00:00.000Z', verified: true,
  });
  const beta = await addListing(db, {
    name: 'Beta CRM', category: 'zl-crm', country: 'GB', foundedYear: 2020, features: ['contacts', 'Invoices'],
    story: { title: 'Hidden story' }, media: [{ kind: 'video', url: 'https://beta.example.com/demo.mp4', caption: 'Demo' }],
    unlockedSections: ['media'], plan: 'paid', featured: true,
  });
  const gamma = await addListing(db, { name: 'Gamma CRM', category: 'zl-crm' });
  const delta = await addListing(db, { name: 'Delta CRM', category: 'zl-crm' });
  await addListing(db, { name: 'Epsilon CRM', category: 'zl-crm', status: 'scheduled', launchWeek: '2026-11-30' });
  const draft = await addListing(db, { name: 'Zeta Draft', category: 'zl-crm', status: 'draft' });
  const outside = await addListing(db, { name: 'Outside Tool', category: 'zl-extra' });
  await addVotes(db, acme, 3, '2026-11-03T10:00:00.000Z');
  await addVotes(db, acme, 2, '2026-11-17T10:00:00.000Z');
  await addVotes(db, beta, 4);
  await addVotes(db, gamma, 7);
  await addVotes(db, delta, 1);
  await addFounder(db, 'Ada Acme', { listingId: acme, title: 'CEO' });
  await addReview(db, acme, 5);
  await addReview(db, acme, 4);
  await addReview(db, acme, 1, false); // not genuine: must not count
  for (const row of [
    { listingId: acme, rating: 40, recordedOn: '2026-09-01' },
    { listingId: acme, rating: 42, recordedOn: '2026-10-01' },
    { listingId: acme, rating: 47, recordedOn: '2026-11-01' },
  ]) await insertRow(db, domainRatings, row);
  for (let i = 1; i <= 6; i++) {
    await insertRow(db, listingUpdates, { listingId: acme, title: `Update ${i}`, body: `Body ${i}`, createdAt: `2026-11-0${i}T12:00:00.000Z` });
  }
  for (const row of [
    { listingId: acme, date: '2026-01-10', title: 'Acme beta' },
    { listingId: beta, date: '2025-05-01', title: 'First customer', url: 'https://beta.example.com/news' },
  ]) await insertRow(db, milestones, row);
  for (const row of [
    { listingId: acme, alternativeId: outside, approved: true, position: 0 },
    { listingId: acme, alternativeId: delta, approved: true, position: 1 },
    { listingId: acme, alternativeId: gamma, approved: false, position: 2 },
    { listingId: acme, alternativeId: draft, approved: true, position: 3 },
  ]) await insertRow(db, listingAlternatives, row);
  await openClients(app, clients);
});

afterAll(() => closeAll(app, clients));

describe.each(DRIVERS)('get_listing over %s', (d) => {
  it('returns the public profile', async () => {
    const { status, body } = await getListing(d, { slug: 'acme-crm' });
    expect(status).toBe(200);
    expect(body).not.toHaveProperty('id');
    expect(body).toMatchObject({
      slug: 'acme-crm', name: 'Acme CRM', url: 'https://acme-crm.example.com', tagline: 'The friendly CRM', country: 'US',
      pricing: {
        model: 'subscription', summary: 'From $10/month',
        plans: [{ name: 'Team', price: '$10', period: 'month', features: ['5 seats'] }, { name: 'Free', price: '$0', period: null, features: [] }],
      },
      features: ['Contacts', 'Pipelines', 'Email sync'], usps: ['Set up in minutes'], keywords: ['crm'], tags: ['sales'],
      categories: [{ slug: 'zl-crm', name: 'ZL CRM', primary: true }, { slug: 'zl-extra', name: 'ZL Extra', primary: false }],
      founders: [{ slug: 'ada-acme', name: 'Ada Acme', title: 'CEO', headline: null, avatar_url: null }],
      faqs: [{ question: 'Is there a free plan?', answer: 'Yes.' }], socials: { x: 'https://x.com/acme' },
      community_rating: { average: 4.5, count: 2 }, // the non-genuine 1-star review is ignored
      domain_rating: {
        value: 47, recorded_on: '2026-11-01', trend: 5,
        history: [{ date: '2026-09-01', rating: 40 }, { date: '2026-10-01', rating: 42 }, { date: '2026-11-01', rating: 47 }],
      },
      votes: 5,
      links: { website: 'https://acme-crm.example.com', page_url: `${app.url}/listings/acme-crm`, badges_url: `${app.api}/listings/acme-crm/badges` },
      not_found_on_website: ['founded_year'], status: 'live', launch_week: '2026-11-02', featured: false, verified: true,
    });
    expect(body.latest_updates.map((u: any) => u.title)).toEqual(['Update 6', 'Update 5', 'Update 4', 'Update 3', 'Update 2']);
    expect(body.votes_by_week).toHaveLength(12);
    expect(body.votes_by_week[0]).toEqual({ week: '2026-08-31', votes: 0 });
    expect(body.votes_by_week[9]).toEqual({ week: '2026-11-02', votes: 3 });
    expect(body.votes_by_week[11]).toEqual({ week: '2026-11-16', votes: 2 });
  });

  it('shows story, milestones and media only when unlocked', async () => {
    const a = (await getListing(d, { slug: 'acme-crm' })).body; // story unlocked, free plan
    expect(a.story).toEqual({ title: 'Why we built Acme', story: 'We were tired of spreadsheets.' });
    expect(a).not.toHaveProperty('milestones');
    expect(a).not.toHaveProperty('media');
    const b = (await getListing(d, { slug: 'beta-crm' })).body; // media unlocked, paid plan (milestones show on paid listings)
    expect(b).not.toHaveProperty('story');
    expect(b.media).toEqual([{ kind: 'video', url: 'https://beta.example.com/demo.mp4', caption: 'Demo' }]);
    expect(b.milestones).toEqual([{ date: '2025-05-01', title: 'First customer', description: null, url: 'https://beta.example.com/news' }]);
    const g = (await getListing(d, { slug: 'gamma-crm' })).body;
    expect(g).toMatchObject({ community_rating: { average: null, count: 0 }, domain_rating: null, pricing: { model: null, plans: [] } });
    expect(g).not.toHaveProperty('story');
  });

  it('finds scheduled listings but not drafts or unknown slugs', async () => {
    expect((await getListing(d, { slug: 'epsilon-crm' })).body).toMatchObject({ status: 'scheduled', launched_at: null });
    for (const slug of ['zeta-draft', 'no-such-listing']) {
      const { status, body } = await getListing(d, { slug });
      expect(status).toBe(404);
      expect(body.code).toBe('not_found');
    }
  });

  it('rejects bad input with 400', async () => {
    const bad = await getListing(d, { slug: 'Bad_Slug' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: any) => e.path)).toContain('slug');
    const extra = await getListing(d, { slug: 'acme-crm', surprise: 1 });
    expect(extra.status).toBe(400);
    expect(extra.body.errors.map((e: any) => e.path)).toContain('surprise');
  });
});

describe('get_listing is read-only', () => {
  it('does not count views', async () => {
    await getListing('rest', { slug: 'acme-crm' });
    const row = await app.db.engine.prepare('SELECT views_count AS v FROM listings WHERE id = ?').get(acme) as { v: number };
    expect(row.v).toBe(0);
  });
});

describe.each(DRIVERS)('get_alternatives over %s', (d) => {
  it('lists approved alternatives first, then the same primary category by votes', async () => {
    const { status, body } = await alternatives(d, { slug: 'acme-crm' });
    expect(status).toBe(200);
    expect(body.items.map((i: any) => [i.name, i.approved])).toEqual([
      ['Outside Tool', true], ['Delta CRM', true], ['Gamma CRM', false], ['Beta CRM', false],
    ]);
    expect(body).toMatchObject({ page: 1, per_page: 20, total: 4 });
  });

  it('pages across both parts', async () => {
    const p1 = (await alternatives(d, { slug: 'acme-crm', per_page: 3 })).body;
    const p2 = (await alternatives(d, { slug: 'acme-crm', per_page: 3, page: 2 })).body;
    expect(p1.items.map((i: any) => i.name)).toEqual(['Outside Tool', 'Delta CRM', 'Gamma CRM']);
    expect(p2).toMatchObject({ total: 4, items: [{ name: 'Beta CRM', approved: false }] });
  });

  it('suggests same-category listings for a listing without approved alternatives', async () => {
    const { body } = await alternatives(d, { slug: 'gamma-crm' });
    expect(body.items.map((i: any) => i.name)).toEqual(['Acme CRM', 'Beta CRM', 'Delta CRM']);
    expect(body.items.every((i: any) => i.approved === false)).toBe(true);
  });

  // The total is counted per category once and the listing itself and its approved ones in that category are taken
  // off: for a listing with approved ones inside and outside its category, one without, and one scheduled (not
  // counted among the live), it is the number of alternatives there are.
  it.each(['acme-crm', 'beta-crm', 'gamma-crm', 'epsilon-crm', 'outside-tool'])('counts in total the alternatives of %s it lists', async (slug) => {
    const { body } = await alternatives(d, { slug, per_page: 100 });
    expect(body.items.map((i: any) => i.slug)).not.toContain(slug);
    expect(new Set(body.items.map((i: any) => i.slug)).size).toBe(body.items.length);
    expect(body.total).toBe(body.items.length);
  });

  it('answers 404 for unknown or unpublished listings and 400 for bad paging', async () => {
    expect((await alternatives(d, { slug: 'no-such-listing' })).status).toBe(404);
    expect((await alternatives(d, { slug: 'zeta-draft' })).status).toBe(404);
    const bad = await alternatives(d, { slug: 'acme-crm', per_page: 101 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: any) => e.path)).toContain('per_page');
  });
});

describe.each(DRIVERS)('compare_listings over %s', (d) => {
  it('compares two live listings side by side', async () => {
    const { status, body } = await compare(d, { a: 'acme-crm', b: 'beta-crm' });
    expect(status).toBe(200);
    expect(body.a).toMatchObject({ slug: 'acme-crm', name: 'Acme CRM' });
    expect(body.b).toMatchObject({ slug: 'beta-crm', name: 'Beta CRM' });
    const rows = Object.fromEntries(body.rows.map((r: any) => [r.attribute, [r.a, r.b]]));
    expect(rows).toEqual({
      pricing_model: ['subscription', null],
      pricing_summary: ['From $10/month', null],
      country: ['US', 'GB'],
      founded_year: [null, 2020],
      primary_category: ['ZL CRM', 'ZL CRM'],
      community_rating: [4.5, null],
      domain_rating: [47, null],
      votes: [5, 4],
      'feature:contacts': [true, true],
      'feature:pipelines': [true, null],
      'feature:email sync': [true, null],
      'feature:invoices': [null, true],
    }); // no stage row: neither listing states one
    expect(body.rows.find((r: any) => r.attribute === 'feature:email sync').label).toBe('Email sync');
  });

  it('answers 404 naming the listing that is not live', async () => {
    const b = await compare(d, { a: 'acme-crm', b: 'epsilon-crm' });
    expect(b.status).toBe(404);
    expect(b.body.detail).toContain('epsilon-crm');
    expect(b.body.detail).toContain('parameter b');
    const a = await compare(d, { a: 'zeta-draft', b: 'acme-crm' });
    expect(a.status).toBe(404);
    expect(a.body.detail).toContain('parameter a');
  });

  it('rejects missing or malformed slugs with 400', async () => {
    const missing = await compare(d, { a: 'acme-crm' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((e: any) => e.path)).toContain('b');
    const bad = await compare(d, { a: '-acme', b: 'beta-crm' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: any) => e.path)).toContain('a');
  });
});
