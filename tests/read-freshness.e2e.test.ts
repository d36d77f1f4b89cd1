import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, startApp, type TestApp } from './harness';
import { addCategory, addListing, addUser } from './fixtures';
import { Browser, signUp } from './auth-helpers';
import { ownerAuthorization, secondConnection } from './support/second-writer';
import type { Db } from '../storage/db';
import { memoComputes } from '../storage/queries/memo';
import { countListingView, flushListingViews } from '../storage/queries/views';
import { mondayOf } from '../domain/weeks';

// Cached reads follow what they show (storage/queries/memo.ts, migration 0011): every write is seen by the very
// next read of what it changed — a vote, an owner's edit, a write by another process — while page views and other
// listings' votes do not throw unrelated answers away. And a typo search made while the vocabulary waits to be
// rebuilt is not remembered with the old vocabulary.

let app: TestApp;
let other: Db; // a second connection to the same database (file), as a second process would have
let owner: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  app = await startApp({ demo: false });
  ids.alpha = await addListing(app.db, { name: 'Alpha Ledger', slug: 'alpha-ledger', tagline: 'Bookkeeping for bakeries', keywords: ['ledger', 'bakery'] });
  ids.beta = await addListing(app.db, { name: 'Beta Ledger', slug: 'beta-ledger', tagline: 'Bookkeeping for florists', keywords: ['ledger', 'florist'] });
  owner = await ownerAuthorization(app, ids.alpha, 'owner@example.test', ['listings:write', 'account:read']);
  other = await secondConnection(app);
});
afterAll(async () => {
  await other?.engine.close();
  await app?.close();
});

const listing = async (slug: string) => (await getJson(`${app.api}/listings/${slug}`)).body;
const search = async (q: string) => (await getJson(`${app.api}/listings?q=${encodeURIComponent(q)}`)).body;

describe('a write is seen by the very next read of what it changed', () => {
  it('a vote on the site: the listing, the search results and the weekly board show it at once', async () => {
    expect((await listing('alpha-ledger')).votes).toBe(0);
    await search('ledger');
    const b = new Browser(app.url);
    await signUp(b, 'voter@example.test', 'a long password here', 'Voter');
    const page = await (await b.get('/listings/alpha-ledger')).text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(page)![1];
    expect((await b.post('/listings/alpha-ledger/vote', { csrf })).status).toBe(303);
    expect((await listing('alpha-ledger')).votes).toBe(1);
    const hit = (await search('ledger')).items.find((i: { slug: string }) => i.slug === 'alpha-ledger');
    expect(hit.votes).toBe(1);
    const board = (await getJson(`${app.api}/leaderboards/community-weekly?week=${mondayOf(app.clock.now())}`)).body;
    expect(board.items[0].listing.slug).toBe('alpha-ledger');
  });

  it("an owner's edit: the profile and the search show the new words at once", async () => {
    await listing('alpha-ledger');
    const res = await getJson(`${app.api}/me/listings/${ids.alpha}`, {
      method: 'PATCH', headers: { authorization: owner, 'content-type': 'application/json' }, body: JSON.stringify({ fields: { tagline: 'Bookkeeping for patisseries' } }),
    });
    expect(res.status).toBe(200);
    expect((await listing('alpha-ledger')).tagline).toBe('Bookkeeping for patisseries');
    expect((await search('patisseries')).items.map((i: { slug: string }) => i.slug)).toEqual(['alpha-ledger']);
  });

  it('a write by another process on the same database is seen by the next read', async () => {
    await listing('beta-ledger');
    await other.engine.prepare("UPDATE listings SET tagline = 'Bookkeeping for greengrocers' WHERE slug = 'beta-ledger'").run();
    expect((await listing('beta-ledger')).tagline).toBe('Bookkeeping for greengrocers');
  });
});

describe('remembered whole answers follow the rows they show', () => {
  const get = async (path: string) => (await getJson(`${app.api}${path}`)).body;
  const slugsOf = (body: { items: Array<{ listing: { slug: string } }> }) => body.items.map((i) => i.listing.slug);

  it("the awards: an award given, a winner renamed, a winner's vote and a winner taken down, each at the next read", async () => {
    const id = await addListing(app.db, { name: 'Epsilon Awarded', slug: 'epsilon-awarded', tagline: 'Prize winner' });
    expect((await get('/awards?listing=epsilon-awarded')).total).toBe(0);
    await get('/awards');
    await other.engine.prepare('INSERT INTO awards (week, rank, listing_id, votes) VALUES (?, 1, ?, 7)').run('2020-01-06', id);
    expect(slugsOf(await get('/awards?listing=epsilon-awarded'))).toEqual(['epsilon-awarded']);
    expect(slugsOf(await get('/awards'))).toContain('epsilon-awarded');
    await other.engine.prepare("UPDATE listings SET name = 'Epsilon Renamed' WHERE id = ?").run(id);
    expect((await get('/awards?listing=epsilon-awarded')).items[0].listing.name).toBe('Epsilon Renamed');
    await other.engine.prepare('UPDATE listings SET votes_count = votes_count + 3 WHERE id = ?').run(id);
    expect((await get('/awards?listing=epsilon-awarded')).items[0].listing.votes).toBe(3);
    await other.engine.prepare("UPDATE listings SET slug = 'epsilon-moved' WHERE id = ?").run(id);
    expect((await get('/awards?listing=epsilon-awarded')).total).toBe(0);
    expect(slugsOf(await get('/awards?listing=epsilon-moved'))).toEqual(['epsilon-moved']);
    // An answer that showed nobody: a winner renamed into its filter.
    expect((await get('/awards?listing=epsilon-again')).total).toBe(0);
    await other.engine.prepare("UPDATE listings SET slug = 'epsilon-again' WHERE id = ?").run(id);
    expect(slugsOf(await get('/awards?listing=epsilon-again'))).toEqual(['epsilon-again']);
    await other.engine.prepare("UPDATE listings SET slug = 'epsilon-moved' WHERE id = ?").run(id);
    await other.engine.prepare("UPDATE listings SET status = 'rejected' WHERE id = ?").run(id);
    expect((await get('/awards?listing=epsilon-moved')).total).toBe(0);
    expect(slugsOf(await get('/awards'))).not.toContain('epsilon-moved');
  });

  it("the site's counts and the interview questions, at the next read", async () => {
    const before = (await get('/site')).live_listings;
    await addListing(other, { name: 'Zeta Counted', slug: 'zeta-counted' });
    expect((await get('/site')).live_listings).toBe(before + 1);
    const questions = (await get('/interview-questions')).items as Array<{ question_id: number; question: string }>;
    expect(questions.length).toBeGreaterThan(0);
    await other.engine.prepare('UPDATE interview_questions SET question = ? WHERE id = ?').run('What did you ship last?', questions[0].question_id);
    expect((await get('/interview-questions')).items[0].question).toBe('What did you ship last?');
  });
});

describe('unrelated writes leave cached answers alone', () => {
  it('page views do not recompute search results or listing profiles', async () => {
    await search('ledger');
    await listing('beta-ledger');
    const before = { search: memoComputes(app.db, 'search_listings'), listing: memoComputes(app.db, 'get_listing') };
    for (let i = 0; i < 5; i++) countListingView(app.db, 'alpha-ledger');
    await flushListingViews(app.db);
    await search('ledger');
    await listing('beta-ledger');
    expect(memoComputes(app.db, 'search_listings')).toBe(before.search);
    expect(memoComputes(app.db, 'get_listing')).toBe(before.listing);
  });

  it("a vote on one listing does not recompute another listing's profile", async () => {
    await listing('beta-ledger');
    await listing('alpha-ledger');
    const before = memoComputes(app.db, 'get_listing');
    const voter = await addUser(app.db);
    await other.engine.prepare('INSERT INTO votes (listing_id, user_id, created_at) VALUES (?, ?, ?)').run(ids.alpha, voter, app.clock.now().toISOString());
    await other.engine.prepare('UPDATE listings SET votes_count = votes_count + 1 WHERE id = ?').run(ids.alpha);
    await listing('beta-ledger');
    expect(memoComputes(app.db, 'get_listing')).toBe(before);
    expect((await listing('alpha-ledger')).votes).toBe(2);
    expect(memoComputes(app.db, 'get_listing')).toBe(before + 1);
  });

  it('a vote makes again the board pages that show that listing, and no other', async () => {
    const vote = async (listingId: number) => {
      const voter = await addUser(app.db);
      await other.engine.prepare('INSERT INTO votes (listing_id, user_id, created_at) VALUES (?, ?, ?)').run(listingId, voter, app.clock.now().toISOString());
      await other.engine.prepare('UPDATE listings SET votes_count = votes_count + 1 WHERE id = ?').run(listingId);
    };
    await vote(ids.beta); // two listings on the board: alpha (voted above), then beta
    const page = async (n: number) => (await getJson(`${app.api}/leaderboards/community-all-time?per_page=1&page=${n}`)).body.items[0];
    const [first, second] = [await page(1), await page(2)];
    expect([first.listing.slug, second.listing.slug]).toEqual(['alpha-ledger', 'beta-ledger']);
    const made = memoComputes(app.db, 'get_leaderboard');
    await vote(ids.beta);
    expect((await page(1)).listing.slug).toBe(first.listing.slug);
    expect(memoComputes(app.db, 'get_leaderboard')).toBe(made);
    // Its place is kept for the minute; its count is the one of now.
    const after = await page(2);
    expect(after.listing.slug).toBe(second.listing.slug);
    expect(after.metric.value).toBe(second.metric.value + 1);
    expect(memoComputes(app.db, 'get_leaderboard')).toBe(made + 1);
  });

  it('a vote re-reads the live vote counts of the lists showing that listing, and of no other list', async () => {
    const votesOf = (body: { items: Array<{ slug: string; votes: number }> }, slug: string) => body.items.find((i) => i.slug === slug)?.votes;
    const onlyBeta = async () => (await search('florist')).items; // beta's keyword
    const both = async () => search('ledger');
    expect((await onlyBeta()).map((i: { slug: string }) => i.slug)).toEqual(['beta-ledger']);
    const before = votesOf(await both(), 'alpha-ledger')!;
    const counted = memoComputes(app.db, 'live-vote-counts');
    const voter = await addUser(app.db);
    await other.engine.prepare('INSERT INTO votes (listing_id, user_id, created_at) VALUES (?, ?, ?)').run(ids.alpha, voter, app.clock.now().toISOString());
    await other.engine.prepare('UPDATE listings SET votes_count = votes_count + 1 WHERE id = ?').run(ids.alpha);
    await onlyBeta();
    expect(memoComputes(app.db, 'live-vote-counts')).toBe(counted);
    expect(votesOf(await both(), 'alpha-ledger')).toBe(before + 1);
    expect(memoComputes(app.db, 'live-vote-counts')).toBe(counted + 1);
  });
});

describe("an edit re-makes only the lists it can change (migration 0012)", () => {
  const slugsOf = (body: { items: Array<{ slug: string; tagline: string | null }> }) => body.items.map((i) => i.slug);
  const browse = async (query: string) => (await getJson(`${app.api}/listings?${query}`)).body;
  const edit = (id: number, fields: Record<string, unknown>) => other.engine.prepare(
    `UPDATE listings SET ${Object.keys(fields).map((k) => `${k} = @${k}`).join(', ')} WHERE id = @id`).run({ ...fields, id });
  beforeAll(async () => {
    ids.gamma = await addListing(app.db, { name: 'Gamma Invoices', slug: 'gamma-invoices', tagline: 'Invoicing for plumbers', keywords: ['invoicing'], country: 'DE' });
    ids.delta = await addListing(app.db, { name: 'Delta Rota', slug: 'delta-rota', tagline: 'Shift planning for cafes', keywords: ['rota'], country: 'FR' });
  });

  it("a tagline edit of a listing neither shown nor matching keeps typo searches and browses", async () => {
    await search('invocing');
    await browse('country=DE');
    const before = memoComputes(app.db, 'search_listings');
    await edit(ids.delta, { tagline: `Edited at ${Date.now()}` });
    // The owner's API writes every editable column, changed or not: only real changes count.
    const patch = await getJson(`${app.api}/me/listings/${ids.alpha}`, {
      method: 'PATCH', headers: { authorization: owner, 'content-type': 'application/json' }, body: JSON.stringify({ fields: { tagline: `Edited at ${Date.now()}` } }),
    });
    expect(patch.status).toBe(200);
    expect(slugsOf(await search('invocing'))).toEqual(['gamma-invoices']);
    expect(slugsOf(await browse('country=DE'))).toContain('gamma-invoices');
    expect(memoComputes(app.db, 'search_listings')).toBe(before);
  });

  it('an edit that gives another listing a word near the query is found by the next search', async () => {
    await search('invocing');
    await edit(ids.delta, { description: 'Rotas, and now invoicing too.' });
    expect(slugsOf(await search('invocing')).sort()).toEqual(['delta-rota', 'gamma-invoices']);
    // And when the word goes again, it drops out at once.
    await edit(ids.delta, { description: 'Rotas only.' });
    expect(slugsOf(await search('invocing'))).toEqual(['gamma-invoices']);
  });

  it('an edit of a listing a result shows is on the next page of results, whatever the words', async () => {
    const shown = await browse('country=DE');
    expect(shown.items.find((i: { slug: string }) => i.slug === 'gamma-invoices').tagline).toBe('Invoicing for plumbers');
    const before = { rankings: memoComputes(app.db, 'search_listings'), pages: memoComputes(app.db, 'search_page') };
    await edit(ids.gamma, { tagline: 'Invoices for roofers' });
    expect((await browse('country=DE')).items.find((i: { slug: string }) => i.slug === 'gamma-invoices').tagline).toBe('Invoices for roofers');
    // The page's rows were read again; the ranking was not made again.
    expect(memoComputes(app.db, 'search_page')).toBe(before.pages + 1);
    expect(memoComputes(app.db, 'search_listings')).toBe(before.rankings);
  });

  it('a filter column of a listing not shown moves it into the filtered list at once', async () => {
    expect(slugsOf(await browse('country=DE'))).not.toContain('delta-rota');
    await edit(ids.delta, { country: 'DE' });
    expect(slugsOf(await browse('country=DE'))).toContain('delta-rota');
  });

  it('a deleted listing leaves the results at once', async () => {
    const gone = await addListing(app.db, { name: 'Epsilon Invoicer', slug: 'epsilon-invoicer', tagline: 'Invoicing for painters', keywords: ['invoicing'] });
    expect(slugsOf(await search('invoicing'))).toContain('epsilon-invoicer');
    await other.engine.prepare('DELETE FROM listings WHERE id = ?').run(gone);
    expect(slugsOf(await search('invoicing'))).not.toContain('epsilon-invoicer');
  });
});

describe("a listing's alternatives", () => {
  it('count a listing that joins, leaves or changes into the category at once', async () => {
    await addCategory(app.db, 'rf-rotas');
    await addListing(app.db, { name: 'Rota One', slug: 'rota-one', category: 'rf-rotas' });
    const two = await addListing(app.db, { name: 'Rota Two', slug: 'rota-two', category: 'rf-rotas' });
    const alternatives = async () => (await getJson(`${app.api}/listings/rota-one/alternatives`)).body;
    expect((await alternatives()).total).toBe(1);
    const three = await addListing(app.db, { name: 'Rota Three', slug: 'rota-three', category: 'rf-rotas' });
    expect((await alternatives()).total).toBe(2);
    await other.engine.prepare("UPDATE listings SET status = 'archived' WHERE id = ?").run(two);
    expect((await alternatives()).items.map((i: { slug: string }) => i.slug)).toEqual(['rota-three']);
    await other.engine.prepare('UPDATE listings SET primary_category_id = NULL WHERE id = ?').run(three);
    expect((await alternatives()).total).toBe(0);
  });
});

describe('typo search and the vocabulary', () => {
  it('a listing renamed to a new word is found by a typo of it, without any further write', async () => {
    // Loads the vocabulary and caches a typo search.
    await search('ledgre');
    await other.engine.prepare("UPDATE listings SET name = 'Zorblatt Ledger' WHERE slug = 'beta-ledger'").run();
    // Right after the rename the vocabulary may still wait to be rebuilt; whatever it answers, it must not stick.
    let found = false;
    for (let i = 0; i < 50 && !found; i++) {
      found = (await search('zorblat')).items.some((it: { slug: string }) => it.slug === 'beta-ledger');
      if (!found) await new Promise((r) => setTimeout(r, 50));
    }
    expect(found).toBe(true);
  });

  // A typo of a word no listing holds any more is expanded to the live words near it, as a process started now would
  // do: the vocabulary counts the listings of each word (tests/cache-differential.e2e.test.ts found a process that,
  // having once seen a word, took it for a known word ever after and found nothing for it).
  it('a word gone from every listing no longer hides the live words near it', async () => {
    const near = await addListing(app.db, { name: 'Glacier Notes', slug: 'glacier-notes', tagline: 'Field notes for mountain guides', keywords: ['guides'] });
    const gone = await addListing(app.db, { name: 'Pane Counter', slug: 'pane-counter', tagline: 'Quotes for the glazier', keywords: ['quotes'] });
    const found = async (q: string) => (await search(q)).items.map((i: { slug: string }) => i.slug).sort();
    expect(await found('glazier')).toEqual(['pane-counter']);
    await other.engine.prepare("UPDATE listings SET tagline = 'Quotes for window fitters' WHERE id = ?").run(gone);
    // "glazier" is one typo from "glacier".
    expect(await found('glazier')).toEqual(['glacier-notes']);
    await other.engine.prepare('DELETE FROM listings WHERE id = ?').run(near);
    expect(await found('glazier')).toEqual([]);
  });
});

describe('the triggers cover every column a page shows', () => {
  // The columns a trigger on listings fires for (UPDATE OF …), as the database itself states them: SQLite keeps the
  // CREATE TRIGGER text, PostgreSQL rebuilds it (naming the table public.listings, quoting names only where needed).
  const watchedBy = async (trigger: string) => {
    const sql = await app.db.engine.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?", {
      pg: 'SELECT pg_get_triggerdef(oid) FROM pg_trigger WHERE tgname = ?',
    }).pluck().get(trigger) as string;
    return /UPDATE OF ([^]*?) ON (?:public\.)?listings\b/.exec(sql)![1].split(',').map((c) => c.trim().replace(/^"|"$/g, ''));
  };

  it('every listings column except the counters bumps the listing when it changes', async () => {
    const watched = await watchedBy('cv_listings_au');
    const columns = await app.db.engine.prepare('SELECT name FROM pragma_table_info(?)', {
      pg: 'SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ?',
    }).pluck().all('listings') as string[];
    expect(columns.length).toBeGreaterThan(30);
    const counters = ['id', 'votes_count', 'views_count', 'follows_count'];
    expect(columns.filter((c) => !counters.includes(c)).sort()).toEqual([...watched].sort());
  });

  it('every listings column a list filters, orders or shows is watched by listing_lists or the text log', async () => {
    const watched = new Set([...await watchedBy('cv_listing_lists_au'), ...await watchedBy('search_terms_log_au')]);
    const source = ['storage/queries/summaries.ts', 'storage/queries/search.ts'].map((f) => readFileSync(f, 'utf8')).join('\n');
    const used = new Set([...source.matchAll(/\bl\.([a-z_]+)/g)].map((m) => m[1]));
    const counters = ['id', 'votes_count', 'views_count', 'follows_count']; // ranked per minute, shown live
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((c) => !counters.includes(c) && !watched.has(c))).toEqual([]);
  });
});
