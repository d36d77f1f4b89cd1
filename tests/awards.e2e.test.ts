import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { callOp, DRIVERS, startApp, type Driver, type TestApp, openClients, closeAll } from './harness';
import { addListing, insertRow } from './fixtures';
import { awards } from '../storage/schema';

let app: TestApp;
const clients: Partial<Record<Driver, Client>> = {};

const call = (d: Driver, args: Record<string, unknown> = {}) => callOp(app, clients, d, 'list_awards', args);
const rows = (body: any) => body.items.map((i: any) => [i.week, i.rank, i.listing.slug]);

beforeAll(async () => {
  app = await startApp({ demo: false });
  const db = app.db;
  const a = await addListing(db, { name: 'Aw Alpha' });
  const b = await addListing(db, { name: 'Aw Bravo' });
  const c = await addListing(db, { name: 'Aw Charlie' });
  const gone = await addListing(db, { name: 'Aw Rejected', status: 'rejected' });
  for (const row of [
    { week: '2026-10-26', rank: 2, listingId: a, votes: 40 },
    { week: '2026-10-26', rank: 1, listingId: b, votes: 55 },
    { week: '2026-11-09', rank: 3, listingId: a, votes: 12 },
    { week: '2026-11-09', rank: 1, listingId: c, votes: 90 },
    { week: '2026-11-09', rank: 2, listingId: b, votes: 30 },
    { week: '2026-11-02', rank: 1, listingId: gone, votes: 70 },
  ]) await insertRow(db, awards, row);
  await openClients(app, clients);
});

afterAll(() => closeAll(app, clients));

describe.each(DRIVERS)('awards over %s', (d) => {
  it('lists newest week first, then by rank, hiding listings that are not live', async () => {
    const { status, body } = await call(d);
    expect(status).toBe(200);
    expect(body).toMatchObject({ page: 1, per_page: 20, total: 5 });
    expect(rows(body)).toEqual([
      ['2026-11-09', 1, 'aw-charlie'], ['2026-11-09', 2, 'aw-bravo'], ['2026-11-09', 3, 'aw-alpha'],
      ['2026-10-26', 1, 'aw-bravo'], ['2026-10-26', 2, 'aw-alpha'],
    ]);
    expect(body.items[0]).toMatchObject({ kind: 'Launch of the Week #1', votes: 90, listing: { name: 'Aw Charlie', url: 'https://aw-charlie.example.com' } });
    expect(body.items[2].kind).toBe('Launch of the Week #3');
  });

  it('filters by listing slug', async () => {
    const { body } = await call(d, { listing: 'aw-alpha' });
    expect(body.total).toBe(2);
    expect(rows(body)).toEqual([['2026-11-09', 3, 'aw-alpha'], ['2026-10-26', 2, 'aw-alpha']]);
  });

  it('returns an empty list for a slug that matches no listing', async () => {
    const { status, body } = await call(d, { listing: 'aw-nobody' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ items: [], total: 0 });
  });

  it('pages with a stable total', async () => {
    const { body } = await call(d, { per_page: 2, page: 2 });
    expect(body).toMatchObject({ page: 2, per_page: 2, total: 5 });
    expect(rows(body)).toEqual([['2026-11-09', 3, 'aw-alpha'], ['2026-10-26', 1, 'aw-bravo']]);
    expect((await call(d, { per_page: 2, page: 4 })).body.items).toEqual([]);
  });

  it.each([
    [{ listing: 'Not A Slug' }, 'listing'],
    [{ listing: '-leading-hyphen' }, 'listing'],
    [{ page: 0 }, 'page'],
    [{ per_page: 'many' }, 'per_page'],
    [{ week: '2026-11-09' }, 'week'],
  ])('answers 400 for %o naming the field', async (args, field) => {
    const { status, body } = await call(d, args);
    expect(status).toBe(400);
    expect(body.errors.map((e: any) => e.path)).toEqual([field]);
  });
});
