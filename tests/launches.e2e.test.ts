import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { callOp, DRIVERS, startApp, type Driver, type TestApp, openClients, closeAll } from './harness';
import { addListing, addVotes, insertRow } from './fixtures';
import { awards } from '../storage/schema';
import { setSetting } from '../storage/queries/settings';

// TEST_NOW is Wednesday 2026-11-18 12:00 UTC: the current week is 2026-11-16 .. 2026-11-22.
let app: TestApp;
const clients: Partial<Record<Driver, Client>> = {};

const call = (d: Driver, tool: string, args: Record<string, unknown> = {}) => callOp(app, clients, d, tool, args);
const slugs = (items: { slug: string }[]) => items.map((i) => i.slug);

beforeAll(async () => {
  app = await startApp({ demo: false });
  const db = app.db;
  await setSetting(db, 'bookable_weeks', '12');
  await setSetting(db, 'trending_half_life_hours', '72');
  const live = async (name: string, week: string, launchedAt: string, counts: { views: number; follows: number }) =>
    await addListing(db, { name, launchWeek: week, launchedAt, viewsCount: counts.views, followsCount: counts.follows });
  const l1 = await live('Lw One', '2026-11-16', '2026-11-16T09:00:00.000Z', { views: 300, follows: 20 });
  const l2 = await live('Lw Two', '2026-11-16', '2026-11-17T09:00:00.000Z', { views: 100, follows: 30 });
  const l3 = await live('Lw Three', '2026-11-16', '2026-11-18T08:00:00.000Z', { views: 50, follows: 40 });
  const l4 = await live('Lw Four', '2026-11-09', '2026-11-09T10:00:00.000Z', { views: 500, follows: 10 });
  const l5 = await live('Lw Five', '2026-10-05', '2026-10-05T10:00:00.000Z', { views: 10, follows: 50 });
  await live('Lw Six', '2026-11-16', '2026-11-18T06:00:00.000Z', { views: 0, follows: 0 });
  // Vote ages at TEST_NOW decide trending: l2 7×24h ≈ 5.6, l1 3×1h ≈ 3.0, l4 20×216h = 2.5, l3 3×48h ≈ 1.9, l5 outside the window.
  await addVotes(db, l1, 3, '2026-11-18T11:00:00.000Z');
  await addVotes(db, l2, 7, '2026-11-17T12:00:00.000Z');
  await addVotes(db, l3, 3, '2026-11-16T12:00:00.000Z');
  await addVotes(db, l4, 20, '2026-11-09T12:00:00.000Z');
  await addVotes(db, l5, 1, '2026-10-06T12:00:00.000Z');
  await addListing(db, { name: 'Lw Zeta Scheduled', status: 'scheduled', launchWeek: '2026-11-23' });
  await addListing(db, { name: 'Lw Alpha Scheduled', status: 'scheduled', launchWeek: '2026-11-23' });
  await addListing(db, { name: 'Lw Later Scheduled', status: 'scheduled', launchWeek: '2026-12-07' });
  await addListing(db, { name: 'Lw Tonight Scheduled', status: 'scheduled', launchWeek: '2026-11-16' });
  await addListing(db, { name: 'Lw Draft', status: 'draft', launchWeek: '2026-11-16' });
  for (const row of [
    { week: '2026-11-09', rank: 1, listingId: l4, votes: 20 },
    { week: '2026-10-05', rank: 1, listingId: l5, votes: 1 },
  ]) await insertRow(db, awards, row);
  await openClients(app, clients);
});

afterAll(() => closeAll(app, clients));

describe.each(DRIVERS)('launch weeks over %s', (d) => {
  const week = (w: string) => call(d, 'get_launch_week', { week: w });

  it('shows this week ranked by votes (ties: earlier launch) with its scheduled launches', async () => {
    const { status, body } = await week('this');
    expect(status).toBe(200);
    expect(body).toMatchObject({ week: '2026-11-16', week_end: '2026-11-22', is_current: true, is_future: false, awards: [] });
    expect(slugs(body.items)).toEqual(['lw-two', 'lw-one', 'lw-three', 'lw-six']);
    expect(slugs(body.scheduled)).toEqual(['lw-tonight-scheduled']);
  });

  it('snaps a date to its Monday', async () => {
    const { status, body } = await week('2026-11-22');
    expect(status).toBe(200);
    expect(body.week).toBe('2026-11-16');
    expect(slugs(body.items)).toEqual(['lw-two', 'lw-one', 'lw-three', 'lw-six']);
  });

  it('shows next week as future with its scheduled launches by name', async () => {
    const { status, body } = await week('next');
    expect(status).toBe(200);
    expect(body).toMatchObject({ week: '2026-11-23', week_end: '2026-11-29', is_future: true, is_current: false, items: [] });
    expect(slugs(body.scheduled)).toEqual(['lw-alpha-scheduled', 'lw-zeta-scheduled']);
  });

  it('shows last week with its launches and awards and no scheduled list', async () => {
    const { status, body } = await week('last');
    expect(status).toBe(200);
    expect(body).toMatchObject({ week: '2026-11-09', is_future: false, is_current: false, scheduled: [] });
    expect(slugs(body.items)).toEqual(['lw-four']);
    expect(body.awards).toHaveLength(1);
    expect(body.awards[0]).toMatchObject({ week: '2026-11-09', rank: 1, kind: 'Launch of the Week #1', votes: 20, listing: { slug: 'lw-four' } });
  });

  it('serves the first week on record and the last bookable week', async () => {
    expect((await week('2026-10-05')).status).toBe(200);
    expect((await week('2027-02-14')).body.week).toBe('2027-02-08'); // 12 weeks ahead
  });

  it.each(['2026-10-04', '2027-02-15', '2020-01-01'])('answers 404 for %s, outside the calendar', async (w) => {
    const { status, body } = await week(w);
    expect(status).toBe(404);
    expect(body.code).toBe('not_found');
  });

  it.each(['tomorrow', '2026-02-30', '2026-1-1', 'this-week-x'])('answers 400 naming week for %s', async (w) => {
    const { status, body } = await week(w);
    expect(status).toBe(400);
    expect(body.errors.map((e: any) => e.path)).toEqual(['week']);
  });
});

describe.each(DRIVERS)('launch sections over %s', (d) => {
  const section = (s: string | undefined, extra: Record<string, unknown> = {}) =>
    call(d, 'list_launches', s ? { section: s, ...extra } : extra);

  it.each([
    ['today', ['lw-three', 'lw-six']],
    ['this-week', ['lw-two', 'lw-one', 'lw-three', 'lw-six']],
    ['trending', ['lw-two', 'lw-one', 'lw-four', 'lw-three', 'lw-five', 'lw-six']],
    ['most-voted', ['lw-four', 'lw-two', 'lw-one', 'lw-three', 'lw-five', 'lw-six']],
    ['recent', ['lw-three', 'lw-six', 'lw-two', 'lw-one', 'lw-four', 'lw-five']],
    ['most-viewed', ['lw-four', 'lw-one', 'lw-two', 'lw-three', 'lw-five', 'lw-six']],
    ['most-followed', ['lw-five', 'lw-three', 'lw-two', 'lw-one', 'lw-four', 'lw-six']],
    ['upcoming', ['lw-tonight-scheduled', 'lw-alpha-scheduled', 'lw-zeta-scheduled', 'lw-later-scheduled']],
  ])('orders %s', async (s, expected) => {
    const { status, body } = await section(s);
    expect(status).toBe(200);
    expect(body).toMatchObject({ section: s, page: 1, per_page: 20, total: expected.length });
    expect(slugs(body.items)).toEqual(expected);
  });

  // One trending order on the whole site: the section is search_listings' trending over every live listing, page by
  // page (the two once had queries of their own).
  it('ranks trending as a trending search does, on every page', async () => {
    for (const page of [1, 2, 3, 4]) {
      const launches = (await section('trending', { page, per_page: 2 })).body;
      const search = (await call(d, 'search_listings', { sort: 'trending', page, per_page: 2 })).body;
      expect(slugs(launches.items), `page ${page}`).toEqual(slugs(search.items));
      expect(launches.total).toBe(search.total);
    }
  });

  it('defaults to this-week', async () => {
    const { body } = await section(undefined);
    expect(body.section).toBe('this-week');
    expect(slugs(body.items)).toEqual(['lw-two', 'lw-one', 'lw-three', 'lw-six']);
  });

  it('pages with stable totals', async () => {
    const p2 = await section('most-voted', { per_page: 4, page: 2 });
    expect(p2.body).toMatchObject({ page: 2, per_page: 4, total: 6 });
    expect(slugs(p2.body.items)).toEqual(['lw-five', 'lw-six']);
    const week2 = await section('this-week', { per_page: 3, page: 2 });
    expect(week2.body.total).toBe(4);
    expect(slugs(week2.body.items)).toEqual(['lw-six']);
  });

  it.each([
    [{ section: 'popular' }, 'section'],
    [{ per_page: 0 }, 'per_page'],
    [{ page: 1001 }, 'page'],
    [{ week: 'this' }, 'week'],
  ])('rejects %o naming the field', async (args, field) => {
    const { status, body } = await call(d, 'list_launches', args);
    expect(status).toBe(400);
    expect(body.errors.map((e: any) => e.path)).toContain(field);
  });
});
