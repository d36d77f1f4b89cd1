import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { callOp, DRIVERS, startApp, type Driver, type TestApp, openClients, closeAll } from './harness';
import { addListing, addVotes, insertRow } from './fixtures';
import { billboardContributions, domainRatings, revenueReports } from '../storage/schema';

// TEST_NOW is Wednesday 2026-11-18 12:00 UTC: this week is 2026-11-16 .. 2026-11-22, last week starts 2026-11-09.
let app: TestApp;
const clients: Partial<Record<Driver, Client>> = {};

const call = (d: Driver, tool: string, args: Record<string, unknown> = {}) => callOp(app, clients, d, tool, args);
const slugsOf = (body: any) => body.items.map((i: any) => i.listing.slug);

beforeAll(async () => {
  app = await startApp({ demo: false });
  const db = app.db;
  const one = await addListing(db, { name: 'Lb One', launchedAt: '2026-11-16T10:00:00.000Z' });
  const two = await addListing(db, { name: 'Lb Two', launchedAt: '2026-11-02T10:00:00.000Z' });
  const three = await addListing(db, { name: 'Lb Three', launchedAt: '2026-11-10T10:00:00.000Z' });
  const hidden = await addListing(db, { name: 'Lb Scheduled', status: 'scheduled', launchWeek: '2026-11-30' });
  // This week: three 6, two 4, one 4 (two launched earlier, so it wins the tie). Last week: one 10.
  await addVotes(db, one, 4, '2026-11-17T08:00:00.000Z');
  await addVotes(db, one, 10, '2026-11-10T08:00:00.000Z');
  await addVotes(db, two, 4, '2026-11-16T00:00:00.000Z');
  await addVotes(db, three, 6, '2026-11-22T23:59:59.000Z');
  await addVotes(db, hidden, 30, '2026-11-17T08:00:00.000Z');
  for (const row of [
    { listingId: one, amountCents: 6000, createdAt: '2026-11-01T00:00:00.000Z' },
    { listingId: two, amountCents: 5000, createdAt: '2026-11-02T00:00:00.000Z' },
    { listingId: two, amountCents: 3000, createdAt: '2026-11-03T00:00:00.000Z' },
    { listingId: three, amountCents: 1000, createdAt: '2026-11-04T00:00:00.000Z' },
    { listingId: hidden, amountCents: 900000, createdAt: '2026-11-04T00:00:00.000Z' },
  ]) await insertRow(db, billboardContributions, row);
  for (const row of [
    { listingId: one, rating: 30, recordedOn: '2026-10-01' },
    { listingId: one, rating: 42, recordedOn: '2026-11-01' },
    { listingId: two, rating: 50, recordedOn: '2026-11-01' },
    { listingId: three, rating: 60, recordedOn: '2026-10-01' },
    { listingId: three, rating: 45, recordedOn: '2026-11-10' },
  ]) await insertRow(db, domainRatings, row);
  for (const row of [
    { listingId: one, mrrCents: 900000, period: '2026-09-01', verifiedBy: 'stripe', recordedOn: '2026-10-02' },
    { listingId: one, mrrCents: 100000, period: '2026-10-01', verifiedBy: 'paddle', recordedOn: '2026-11-02' },
    { listingId: three, mrrCents: 500000, period: '2026-10-01', verifiedBy: 'stripe', recordedOn: '2026-11-03' },
  ]) await insertRow(db, revenueReports, row);
  await openClients(app, clients);
});

afterAll(() => closeAll(app, clients));

describe.each(DRIVERS)('leaderboards over %s', (d) => {
  const board = (b: string, extra: Record<string, unknown> = {}) => call(d, 'get_leaderboard', { board: b, ...extra });

  it('ranks community-weekly by votes cast this week (ties: earlier launch)', async () => {
    const { status, body } = await board('community-weekly');
    expect(status).toBe(200);
    expect(body).toMatchObject({ board: 'community-weekly', paid: false, notice: null, week: '2026-11-16', total: 3 });
    expect(slugsOf(body)).toEqual(['lb-three', 'lb-two', 'lb-one']);
    expect(body.items.map((i: any) => [i.rank, i.metric.value, i.paid])).toEqual([[1, 6, false], [2, 4, false], [3, 4, false]]);
    expect(body.items[0].metric).toMatchObject({ name: 'weekly_votes', unit: 'votes', source: 'community votes' });
  });

  it.each([['last'], ['2026-11-15']])('ranks community-weekly for week %s', async (week) => {
    const { status, body } = await board('community-weekly', { week });
    expect(status).toBe(200);
    expect(body.week).toBe('2026-11-09');
    expect(slugsOf(body)).toEqual(['lb-one']);
    expect(body.items[0].metric.value).toBe(10);
  });

  it('ranks community-all-time by votes of live listings only', async () => {
    const { body } = await board('community-all-time');
    expect(body).toMatchObject({ paid: false, notice: null, week: null, total: 3 });
    expect(slugsOf(body)).toEqual(['lb-one', 'lb-three', 'lb-two']);
    expect(body.items.map((i: any) => i.metric.value)).toEqual([14, 6, 4]);
  });

  it('presents the billboard as paid on the board and on every item', async () => {
    const { status, body } = await board('billboard');
    expect(status).toBe(200);
    expect(body).toMatchObject({ board: 'billboard', paid: true, notice: 'Paid ranking: ordered by money contributed', total: 3 });
    expect(body.description).toMatch(/paid/i);
    expect(slugsOf(body)).toEqual(['lb-two', 'lb-one', 'lb-three']);
    expect(body.items.map((i: any) => i.metric.value)).toEqual([8000, 6000, 1000]);
    for (const item of body.items) {
      expect(item.paid).toBe(true);
      expect(item.metric).toMatchObject({ paid: true, unit: 'USD cents' });
    }
  });

  it('ranks domain-rating by the latest third-party reading with its trend', async () => {
    const { body } = await board('domain-rating');
    expect(body).toMatchObject({ paid: false, total: 3 });
    expect(slugsOf(body)).toEqual(['lb-two', 'lb-three', 'lb-one']);
    expect(body.items.map((i: any) => [i.metric.value, i.metric.trend, i.metric.recorded_on])).toEqual([
      [50, null, '2026-11-01'], [45, -15, '2026-11-10'], [42, 12, '2026-11-01'],
    ]);
    expect(body.items.every((i: any) => i.metric.source === 'third-party')).toBe(true);
  });

  it('ranks revenue by the latest verified report', async () => {
    const { body } = await board('revenue');
    expect(body).toMatchObject({ paid: false, total: 2 });
    expect(slugsOf(body)).toEqual(['lb-three', 'lb-one']);
    expect(body.items[1].metric).toMatchObject({ name: 'mrr', value: 100000, period: '2026-10-01', verified_by: 'paddle' });
  });

  it('pages with ranks counted from the offset', async () => {
    const { body } = await board('community-all-time', { per_page: 2, page: 2 });
    expect(body).toMatchObject({ page: 2, per_page: 2, total: 3 });
    expect(body.items.map((i: any) => [i.rank, i.listing.slug])).toEqual([[3, 'lb-two']]);
  });

  it.each(['hall-of-fame', 'community', 'x'.repeat(40)])('answers 404 for the unknown board %s', async (b) => {
    const { status, body } = await board(b);
    expect(status).toBe(404);
    expect(body.code).toBe('not_found');
  });

  it.each([
    ['community-all-time', { week: 'this' }, 'week'],
    ['billboard', { week: 'last' }, 'week'],
    ['revenue', { week: '2026-11-16' }, 'week'],
    ['community-weekly', { week: 'next' }, 'week'],
    ['community-weekly', { week: 'someday' }, 'week'],
    ['community-weekly', { week: '2026-11-161' }, 'week'],
    ['x'.repeat(41), {}, 'board'],
    ['billboard', { per_page: 500 }, 'per_page'],
    ['billboard', { paid: 'false' }, 'paid'],
  ])('answers 400 for %s %o naming %s', async (b, extra, field) => {
    const { status, body } = await board(b, extra);
    expect(status).toBe(400);
    expect(body.errors.map((e: any) => e.path)).toEqual([field]);
  });
});
