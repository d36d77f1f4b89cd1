import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { closeAll, getJson, openClients, resultBody, startApp, type TestApp } from './harness';
import { addCategory, addListing } from './fixtures';
import { matchExpression, searchListingIds, type SearchQuery } from '../storage/queries/search';
import { memoComputes } from '../storage/queries/memo';
import { mondayOf } from '../domain/weeks';
import { RANKING_WINDOW } from '../tools/listings/search_listings';

// A text search scores every match whichever page is asked for, so the first places of its ranking are ranked once
// and each page within them is cut from that (tools/listings/search_listings.ts RANKING_WINDOW). Paging through a
// broad query must give exactly the pages the search gave when each page was ranked on its own (the storage query
// with that page's offset and limit), page after page and across the window's end, and stay as fresh: a write that
// changes the ranking shows on the very next page asked for.
//
// The directory is written the way product pages are: bookkeeping products whose texts mention a ledger once, twice,
// in the name or only in passing, many of them in the very same words (so that the score ties by the dozen and votes
// and ids decide), some in German, and matches that are not live (drafts, scheduled launches) among them.
let app: TestApp;
const clients: Partial<Record<'modern' | 'legacy', Client>> = {};
const Q = 'ledgr'; // a typo of "ledger"

const TAGLINES = [
  'The ledger for small shops that hate spreadsheets',
  'Bookkeeping without the shoebox: every receipt lands in your ledger',
  'Invoices, payroll and a general ledger your accountant will actually like',
  'Das digitale Kassenbuch und Ledger für Handwerksbetriebe',
  'Close the month in an afternoon',
];
const DESCRIPTIONS = [
  'Connect your bank and we post each transaction to the right ledger account. Your accountant gets read-only access.',
  '"We stopped losing receipts the week we switched." — a customer. Ledger entries are made from photos of receipts.',
  'Multi-currency ledger, VAT returns and a cash-flow forecast. Ledger exports in DATEV and CSV.',
  'Made for freelancers who would rather be working. Send an invoice, get paid, done.',
];

beforeAll(async () => {
  app = await startApp({ demo: false });
  await addCategory(app.db, 'lp-books', { name: 'Bookkeeping tools' });
  for (let i = 0; i < 640; i++) {
    const status = i % 37 === 5 ? 'draft' : i % 41 === 7 ? 'scheduled' : 'live';
    await addListing(app.db, {
      name: i % 53 === 0 ? `Ledgerline ${i}` : `Bookly ${i}`,
      slug: `lp-${i}`,
      category: 'lp-books',
      tagline: TAGLINES[i % TAGLINES.length],
      description: DESCRIPTIONS[(i * 3) % DESCRIPTIONS.length],
      votesCount: (i * 7) % 13,
      status,
      ...(status === 'scheduled' ? { launchWeek: '2026-11-23' } : {}),
    });
  }
  await openClients(app, clients);
}, 120_000);
afterAll(() => closeAll(app, clients));

const slugsOf = async (ids: number[]) => {
  const rows = await app.db.engine.prepare(`SELECT id, slug FROM listings WHERE id IN (${ids.map(() => '?').join(',') || 'NULL'})`).all(...ids) as Array<{ id: number; slug: string }>;
  const slugOf = new Map(rows.map((r) => [r.id, r.slug]));
  return ids.map((id) => slugOf.get(id));
};

// The page as the storage query ranks it on its own: that page's offset and limit, nothing remembered.
async function rankedAlone(q: string, page: number, perPage: number, sort: SearchQuery['sort'] = 'relevance') {
  const r = await searchListingIds(app.db, {
    match: await matchExpression(app.db, q), categoryIds: null, status: 'live', thisMonday: mondayOf(app.clock.now()), sort,
    trending: { now: '', since: '', halfLifeHours: 0 }, limit: perPage, offset: (page - 1) * perPage,
  });
  return { slugs: await slugsOf(r.ids), total: r.total };
}

async function page(q: string, page: number, perPage: number, sort = 'relevance') {
  const { status, body } = await getJson(`${app.api}/listings?${new URLSearchParams({ q, page: String(page), per_page: String(perPage), sort })}`);
  expect(status).toBe(200);
  return { slugs: body.items.map((i: { slug: string }) => i.slug), total: body.total as number };
}

describe('paging through a broad text search', () => {
  it('gives every page as it was ranked alone, within the window and past it, ranking the window once', async () => {
    const first = await rankedAlone(Q, 1, 20);
    expect(first.total).toBeGreaterThan(RANKING_WINDOW + 200);
    const within = RANKING_WINDOW / 20; // pages of 20 within the window
    const before = memoComputes(app.db, 'search_listings');
    for (let p = 1; p <= within + 3; p++) expect({ p, ...await page(Q, p, 20) }).toEqual({ p, ...await rankedAlone(Q, p, 20) });
    // The pages within the window: one ranking for all of them; each page past it, one of its own.
    expect(memoComputes(app.db, 'search_listings') - before).toBe(1 + 3);
    // Other page sizes within the window are cut from the same ranking; a page reaching past it is ranked alone.
    const lastOf7 = Math.floor(RANKING_WINDOW / 7);
    for (const [p, n] of [[1, 100], [RANKING_WINDOW / 100, 100], [3, 7], [lastOf7, 7]]) expect({ p, n, ...await page(Q, p, n) }).toEqual({ p, n, ...await rankedAlone(Q, p, n) });
    expect(memoComputes(app.db, 'search_listings') - before).toBe(1 + 3);
    for (const [p, n] of [[RANKING_WINDOW / 100 + 1, 100], [lastOf7 + 1, 7], [within + 8, 20]]) expect({ p, n, ...await page(Q, p, n) }).toEqual({ p, n, ...await rankedAlone(Q, p, n) });
    expect(memoComputes(app.db, 'search_listings') - before).toBe(1 + 3 + 3);
  });

  it('ranks the same words once however they are typed, and keeps different words apart', async () => {
    const before = memoComputes(app.db, 'search_listings');
    const first = await page('Ledgr bookly', 1, 20);
    for (const typed of ['ledgr BOOKLY', '  Ledgr, bookly?', 'LEDGR — bookly!']) expect(await page(typed, 1, 20)).toEqual(first);
    expect(memoComputes(app.db, 'search_listings') - before).toBe(1);
    // Other words, or the same words in another order (the last word also matches as a prefix), are another search.
    await page('bookly ledgr', 1, 20);
    await page('ledgr bookl', 1, 20);
    expect(memoComputes(app.db, 'search_listings') - before).toBe(3);
    // Filters matched without regard to case share a ranking too.
    const paid = await getJson(`${app.api}/listings?q=ledgr&pricing_model=Paid&country=de`);
    const again = await getJson(`${app.api}/listings?q=LEDGR&pricing_model=PAID&country=DE`);
    expect(again.body).toEqual(paid.body);
    expect(memoComputes(app.db, 'search_listings') - before).toBe(4);
  });

  it('is as fresh as before: a listing renamed into the query, or taken off the site, shows on the next page asked for', async () => {
    await page(Q, 1, 20);
    await page(Q, 2, 20);
    // Deep in the ranking (its text mentions the ledger only in passing): renamed, it leads.
    const deep = (await page(Q, RANKING_WINDOW / 20, 20)).slugs[10];
    await app.db.engine.prepare("UPDATE listings SET name = 'Ledger Ledger Ledger', tagline = 'Ledger' WHERE slug = ?").run(deep);
    const second = await page(Q, 2, 20);
    expect(second).toEqual(await rankedAlone(Q, 2, 20));
    expect((await page(Q, 1, 20)).slugs[0]).toBe(deep);
    // A listing of page 3 leaves the live state: gone from every page, and the total one less.
    const leaving = (await page(Q, 3, 20)).slugs[4];
    const total = (await page(Q, 3, 20)).total;
    await app.db.engine.prepare("UPDATE listings SET status = 'draft' WHERE slug = ?").run(leaving);
    for (let p = 1; p <= 5; p++) {
      const got = await page(Q, p, 20);
      expect(got).toEqual(await rankedAlone(Q, p, 20));
      expect(got.slugs).not.toContain(leaving);
      expect(got.total).toBe(total - 1);
    }
  });

  it('in every order a text search may be sorted by, and over MCP alike', async () => {
    for (const sort of ['votes', 'newest', 'most_viewed', 'most_followed'] as const) {
      for (const p of [1, 2, RANKING_WINDOW / 20, RANKING_WINDOW / 20 + 1]) expect({ sort, p, ...await page(Q, p, 20, sort) }).toEqual({ sort, p, ...await rankedAlone(Q, p, 20, sort) });
    }
    const r = await clients.modern!.callTool({ name: 'search_listings', arguments: { q: Q, page: 4, per_page: 20 } });
    expect(resultBody(r).items.map((i: { slug: string }) => i.slug)).toEqual((await rankedAlone(Q, 4, 20)).slugs);
  });
});
