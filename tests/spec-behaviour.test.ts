import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { createApiKey } from '../auth/accounts';
import { registry } from '../tools/registry';
import { addWeeks, mondayOf } from '../domain/weeks';
import { awards, billboardContributions, blogPosts, listingAlternatives } from '../storage/schema';
import { addCategory, addListing, addReview, addUser, addVotes, insertRow } from './fixtures';
import { readyDraft } from './drafts-helpers';
import { callOp, closeAll, DRIVERS, openClients, startApp, TEST_NOW, type Driver, type TestApp } from './harness';

// The rules of "What the service does" and "States and transitions" in spec/directory-api.md, over REST and MCP.

let app: TestApp;
const clients: Partial<Record<Driver, Client>> = {};
let auth: Record<string, string>;
const ids = { me: 0, other: 0, top: 0, rich: 0, approved: 0, scheduled: 0, submitted: 0, othersListing: 0, othersDraft: '' };

beforeAll(async () => {
  app = await startApp({ demo: false });
  ids.me = await addUser(app.db, 'behaviour@example.test');
  ids.other = await addUser(app.db, 'behaviour-other@example.test');
  auth = { authorization: `Bearer ${(await createApiKey({ db: app.db, clock: app.clock }, ids.me, 'behaviour') as { key: string }).key}` };
  await addCategory(app.db, 'beh-cat');
  ids.top = await addListing(app.db, { name: 'Beh Top', category: 'beh-cat' });
  ids.rich = await addListing(app.db, { name: 'Beh Rich', category: 'beh-cat' });
  ids.approved = await addListing(app.db, { name: 'Beh Approved', category: 'beh-cat' });
  ids.scheduled = await addListing(app.db, { name: 'Beh Upcoming', category: 'beh-cat', status: 'scheduled', launchWeek: addWeeks(mondayOf(new Date(TEST_NOW)), 2) });
  ids.submitted = await addListing(app.db, { name: 'Beh Submitted', category: 'beh-cat', status: 'submitted', ownerUserId: ids.me });
  ids.othersListing = await addListing(app.db, { name: 'Beh Others', category: 'beh-cat', status: 'live', ownerUserId: ids.other });
  await addVotes(app.db, ids.top, 3);
  await addVotes(app.db, ids.approved, 1);
  // The richest listing has no votes: money must not move it on a community board.
  await insertRow(app.db, billboardContributions, { listingId: ids.rich, amountCents: 500_000, createdAt: TEST_NOW });
  await insertRow(app.db, listingAlternatives, { listingId: ids.top, alternativeId: ids.approved, approved: true });
  await addReview(app.db, ids.top, 5);
  await addReview(app.db, ids.top, 1, false);
  for (const award of [
    { week: '2026-11-02', rank: 1, listingId: ids.top, votes: 3 },
    { week: '2026-11-09', rank: 1, listingId: ids.approved, votes: 1 },
  ]) await insertRow(app.db, awards, award);
  for (const post of [
    { slug: 'older-post', title: 'Launch checklist', bodyMarkdown: 'Body', author: 'Team', publishedAt: '2026-10-01T00:00:00Z' },
    { slug: 'newer-post', title: 'Weekly recap', bodyMarkdown: 'A launch checklist inside', author: 'Team', publishedAt: '2026-11-01T00:00:00Z' },
  ]) await insertRow(app.db, blogPosts, post);
  ids.othersDraft = await readyDraft(app, ids.other, 'https://others.example/', { name: { value: 'Others', evidence: [] } });
  await openClients(app, clients, auth);
});
afterAll(async () => { await closeAll(app, clients); });

const slugsOf = (items: any[]) => items.map((i) => i.slug ?? i.listing?.slug);

describe.each(DRIVERS)('service rules over %s', (d) => {
  const call = (op: string, args: Record<string, unknown> = {}) => callOp(app, clients, d, op, args, d === 'rest' ? auth : {});

  it('presents the billboard as paid, and community boards follow votes only', async () => {
    const bill = await call('get_leaderboard', { board: 'billboard' });
    expect(bill.body).toMatchObject({ paid: true, notice: expect.any(String) });
    expect(bill.body.items.length).toBeGreaterThan(0);
    for (const item of bill.body.items) expect(item.paid).toBe(true);
    for (const board of ['community-weekly', 'community-all-time']) {
      const b = await call('get_leaderboard', { board });
      expect(b.body.paid).toBe(false);
      expect(slugsOf(b.body.items)).toEqual(['beh-top', 'beh-approved']); // the money-only listing is absent
      expect(b.body.items.map((i: any) => i.metric.value)).toEqual([3, 1]);
    }
  });

  it('lists listings as items with name, url and votes; search shows live listings unless status=upcoming', async () => {
    const live = await call('search_listings', { category: 'beh-cat', sort: 'votes' });
    expect(slugsOf(live.body.items)).not.toContain('beh-upcoming');
    expect(slugsOf(live.body.items)).not.toContain('beh-submitted');
    for (const item of live.body.items) expect(item).toMatchObject({ name: expect.any(String), url: expect.any(String), votes: expect.any(Number) });
    const upcoming = await call('search_listings', { category: 'beh-cat', status: 'upcoming' });
    expect(slugsOf(upcoming.body.items)).toEqual(['beh-upcoming']);
  });

  it('counts genuine reviews only in the community rating', async () => {
    const res = await call('get_listing', { slug: 'beh-top' });
    expect(res.body.community_rating).toEqual({ average: 5, count: 1 });
  });

  it('puts owner-approved alternatives first with approved=true', async () => {
    const res = await call('get_alternatives', { slug: 'beh-top' });
    expect(res.body.items[0]).toMatchObject({ slug: 'beh-approved', approved: true });
    for (const item of res.body.items.slice(1)) expect(item.approved).toBe(false);
  });

  it('orders awards newest week first and blog posts newest first unless matched by q', async () => {
    const aw = await call('list_awards');
    expect(aw.body.items.map((a: any) => a.week)).toEqual(['2026-11-09', '2026-11-02']);
    const blog = await call('list_blog_posts');
    expect(slugsOf(blog.body.items)).toEqual(['newer-post', 'older-post']);
    const found = await call('list_blog_posts', { q: 'checklist' });
    expect(slugsOf(found.body.items)).toEqual(['older-post', 'newer-post']); // the title match ranks first
  });

  it('uses the badge defaults standard, auto and m', async () => {
    const res = await call('get_badges', { slug: 'beh-top' });
    expect(res.body).toMatchObject({ shape: 'standard', mode: 'auto', size: 'm' });
  });

  it('answers 404 (never 403) for other users\' records', async () => {
    const attempts: Array<[string, Record<string, unknown>]> = [
      ['get_my_listing', { listing_id: ids.othersListing }],
      ['update_my_listing', { listing_id: ids.othersListing, fields: { tagline: 'Mine now' } }],
      ['post_listing_update', { listing_id: ids.othersListing, title: 'T', body: 'B' }],
      ['choose_free_listing', { listing_id: ids.othersListing }],
      ['get_draft', { id: ids.othersDraft }],
      ['update_draft', { id: ids.othersDraft, fields: { name: 'Mine' } }],
      ['submit_draft', { id: ids.othersDraft }],
      ['get_order', { number: 'ORD-2026-000001' }],
      ['verify_claim', { claim_id: 1 }],
    ];
    for (const [op, args] of attempts) {
      const res = await call(op, args);
      expect(res.status, op).toBe(404);
      expect(res.body.code, op).toBe('not_found');
    }
  });
});

describe('states and transitions', () => {
  it('queues a free-plan listing 6 to 8 weeks ahead, awaiting its badge', async () => {
    const res = await callOp(app, clients, 'rest', 'choose_free_listing', { listing_id: ids.submitted }, auth);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('awaiting_badge');
    const current = mondayOf(new Date(TEST_NOW));
    expect([6, 7, 8].map((k) => addWeeks(current, k))).toContain(res.body.launch_week);
  });

  it('marks draft fields by who set them: edited or manual, deleted, override, back to ai', async () => {
    const id = await readyDraft(app, ids.me, 'https://states.example/', {
      name: { value: 'States', evidence: [{ url: 'https://states.example/', quote: 'States' }] },
      tagline: { value: 'Found on the site', evidence: [{ url: 'https://states.example/', quote: 'Found on the site' }] },
    });
    const patch = (body: Record<string, unknown>) => callOp(app, clients, 'rest', 'update_draft', { id, ...body }, auth);
    const edited = await patch({ fields: { tagline: 'Typed by me', city: 'Lisbon', name: null } });
    expect(edited.body.fields.tagline.state).toBe('edited');
    expect(edited.body.fields.city.state).toBe('manual');
    expect(edited.body.fields.name.state).toBe('deleted');
    const locked = await patch({ lock_fields: ['city'] });
    expect(locked.body.fields.city.state).toBe('override');
    const restored = await patch({ restore: ['tagline', 'name'] });
    expect(restored.body.fields.tagline).toMatchObject({ state: 'ai', value: 'Found on the site' });
    expect(restored.body.fields.name).toMatchObject({ state: 'ai', value: 'States' });
  });

  it('lists my orders newest first with status', async () => {
    const live = await addListing(app.db, { name: 'Beh Orders', category: 'beh-cat', ownerUserId: ids.me });
    const order = async (product: string) => {
      app.clock.advance(60_000);
      const res = await callOp(app, clients, 'rest', 'create_checkout', { items: [{ product, listing_id: live }] }, auth);
      expect(res.status).toBe(201);
      return res.body.number as string;
    };
    const first = await order('featured');
    const second = await order('ai_review');
    const res = await callOp(app, clients, 'rest', 'list_my_orders', {}, auth);
    expect(res.body.items.map((o: any) => o.number)).toEqual([second, first]);
    for (const item of res.body.items) expect(item.status).toBe('pending');
  });

  it('lists my drafts newest first with status and completeness', async () => {
    app.clock.advance(60_000);
    const newest = await readyDraft(app, ids.me, 'https://newest.example/', { name: { value: 'Newest', evidence: [] } });
    const res = await callOp(app, clients, 'rest', 'list_my_drafts', {}, auth);
    expect(res.body.items[0].id).toBe(newest);
    for (const item of res.body.items) expect(item).toMatchObject({ status: expect.any(String), completeness: expect.any(Number) });
  });
});

// Rule 7: votes come only from people on the site. No operation is about votes or reviews, and no tool's code
// writes either table (the site's community routes are the only writers).
describe('no vote or review through the API', () => {
  const files = (dir: string): string[] => readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
  it('has no tool that votes or reviews, and no tool code that writes votes or reviews', () => {
    for (const t of registry) expect(t.name).not.toMatch(/vote|review|follow/);
    for (const f of files(join(__dirname, '..', 'tools'))) {
      const src = readFileSync(f, 'utf8');
      expect(src, f).not.toMatch(/INSERT\s+(OR\s+\w+\s+)?INTO\s+(votes|reviews)\b|insert\((votes|reviews)\)|toggleVote|addReview/i);
      expect(src, f).not.toMatch(/storage\/queries\/community['"]/);
    }
  });
});
