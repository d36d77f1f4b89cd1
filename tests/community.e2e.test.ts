import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getJson, startApp, type TestApp } from './harness';
import { addFounder, addListing } from './fixtures';
import { Browser, hiddenFields, signUp, submitForm } from './auth-helpers';
import { userByEmail } from '../storage/queries/users';
import { addListingOwner } from '../storage/queries/ownership';
import { registry } from '../tools/registry';
import { runAdmin } from '../cli/admin';
import { testEngine } from './support/pg-test-db';

// Voting, following and reviewing as signed-in people do it: a browser with a cookie jar posting the
// listing page's forms (CSRF token included), then reading the result through the public API.

let app: TestApp;
let rocketId: number;
let soonId: number;

async function person(email: string, name = email.split('@')[0]): Promise<{ b: Browser; id: number }> {
  const b = new Browser(app.url);
  const res = await signUp(b, email, 'correct horse battery', name);
  expect(res.status).toBe(303);
  return { b, id: (await userByEmail(app.db, email))!.id };
}

const listing = async (slug = 'rocket') => (await getJson(`${app.api}/listings/${slug}`)).body;
const count = async (sql: string, ...args: unknown[]) => (await app.db.engine.prepare(sql).get(...args) as { n: number }).n;
const press = (b: Browser, action: string, fields: Record<string, string> = {}, page = '/listings/rocket') => submitForm(b, page, action, fields);

beforeAll(async () => {
  app = await startApp({ demo: false });
  rocketId = await addListing(app.db, { name: 'Rocket Notes', slug: 'rocket' });
  soonId = await addListing(app.db, { name: 'Soon App', slug: 'soon', status: 'scheduled', launchWeek: '2026-12-28' });
});
afterAll(async () => { await app?.close(); });

describe('signed-out visitors', () => {
  it('see sign-in links instead of forms, and posting sends them to sign in', async () => {
    const b = new Browser(app.url);
    const html = await (await b.get('/listings/rocket')).text();
    expect(html).toContain('href="/signin?next=%2Flistings%2Frocket"');
    expect(html).not.toContain('action="/listings/rocket/vote"');
    for (const action of ['vote', 'follow', 'reviews']) {
      const res = await b.post(`/listings/rocket/${action}`, { csrf: 'x'.repeat(43) });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/signin?next=%2Flistings%2Frocket');
    }
    expect(await count('SELECT count(*) AS n FROM votes')).toBe(0);
  });
});

describe('votes', () => {
  it('one vote per person; pressing again withdraws it; counts follow', async () => {
    const eve = await person('eve@community.test');
    const page = await eve.b.get('/listings/rocket');
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(await page.text()).toContain('Vote for Rocket Notes');

    const voted = await press(eve.b, '/listings/rocket/vote');
    expect(voted.status).toBe(303);
    expect(voted.headers.get('location')).toBe('/listings/rocket?notice=voted#community');
    expect((await listing()).votes).toBe(1);
    const after = await (await eve.b.get('/listings/rocket?notice=voted')).text();
    expect(after).toContain('Withdraw vote');
    expect(after).toContain('Thanks, your vote counts.');

    const withdrawn = await press(eve.b, '/listings/rocket/vote');
    expect(withdrawn.headers.get('location')).toBe('/listings/rocket?notice=unvoted#community');
    expect((await listing()).votes).toBe(0);

    await press(eve.b, '/listings/rocket/vote');
    const fay = await person('fay@community.test');
    await press(fay.b, '/listings/rocket/vote');
    expect((await listing()).votes).toBe(2);
    expect(await count('SELECT count(*) AS n FROM votes WHERE listing_id = ? AND user_id = ?', rocketId, eve.id)).toBe(1);
  });

  it('refuses a form without the session\'s CSRF token', async () => {
    const gus = await person('gus@community.test');
    const res = await gus.b.post('/listings/rocket/vote', { csrf: 'forged-token-forged-token-forged' });
    expect(res.status).toBe(403);
    expect((await gus.b.post('/listings/rocket/vote', {})).status).toBe(403);
    expect(await count('SELECT count(*) AS n FROM votes WHERE user_id = ?', gus.id)).toBe(0);
  });

  it('opens only when the product is live; upcoming listings can be followed', async () => {
    const hal = await person('hal@community.test');
    const html = await (await hal.b.get('/listings/soon')).text();
    expect(html).not.toContain('action="/listings/soon/vote"');
    const res = await hal.b.post('/listings/soon/vote', hiddenFields(html, '/listings/soon/follow'));
    expect(res.headers.get('location')).toBe('/listings/soon?notice=vote-not-live#community');
    expect(await count('SELECT count(*) AS n FROM votes WHERE listing_id = ?', soonId)).toBe(0);
    const followed = await press(hal.b, '/listings/soon/follow', {}, '/listings/soon');
    expect(followed.headers.get('location')).toBe('/listings/soon?notice=followed#community');
  });

  it('answers 404 for an unknown listing', async () => {
    const ida = await person('ida@community.test');
    const html = await (await ida.b.get('/listings/rocket')).text();
    expect((await ida.b.post('/listings/no-such-thing/vote', hiddenFields(html, '/listings/rocket/vote'))).status).toBe(404);
  });
});

describe('follows', () => {
  it('toggle and keep the follower count', async () => {
    const jo = await person('jo@community.test');
    const followed = await press(jo.b, '/listings/rocket/follow');
    expect(followed.headers.get('location')).toBe('/listings/rocket?notice=followed#community');
    const followers = () => count('SELECT follows_count AS n FROM listings WHERE id = ?', rocketId);
    expect(await followers()).toBe(1);
    expect(await (await jo.b.get('/listings/rocket')).text()).toContain('Unfollow');
    await press(jo.b, '/listings/rocket/follow');
    expect(await followers()).toBe(0);
    expect(await count('SELECT count(*) AS n FROM follows WHERE listing_id = ?', rocketId)).toBe(0);
  });
});

describe('reviews', () => {
  let kim: { b: Browser; id: number };

  it('publishes a 1–5 rating with text, escaped on the page, one per person', async () => {
    kim = await person('kim@community.test', 'Kim');
    const res = await press(kim.b, '/listings/rocket/reviews', { rating: '4', body: 'Solid <script>alert(1)</script> notes app' });
    expect(res.headers.get('location')).toBe('/listings/rocket?notice=review-saved#reviews');
    expect((await listing()).community_rating).toEqual({ average: 4, count: 1 });
    const html = await (await new Browser(app.url).get('/listings/rocket')).text();
    expect(html).toContain('Solid &lt;script&gt;alert(1)&lt;/script&gt; notes app');
    expect(html).not.toContain('<script>alert(1)');

    expect(await (await kim.b.get('/listings/rocket')).text()).toContain('You have reviewed this listing.');
    const page = await (await new Browser(app.url).get('/listings/rocket')).text();
    expect(page).not.toContain('action="/listings/rocket/reviews"');
    const again = await kim.b.post('/listings/rocket/reviews', { ...hiddenFields(await (await kim.b.get('/listings/rocket')).text(), '/listings/rocket/vote'), rating: '1', body: 'Changed my mind' });
    expect(again.headers.get('location')).toBe('/listings/rocket?notice=review-duplicate#reviews');
    expect((await listing()).community_rating).toEqual({ average: 4, count: 1 });
  });

  it('checks the rating and the text length', async () => {
    const lee = await person('lee@community.test');
    const bad: Array<[Record<string, string>, string]> = [
      [{ rating: '0', body: 'x' }, 'review-rating'],
      [{ rating: '6', body: 'x' }, 'review-rating'],
      [{ rating: 'five', body: 'x' }, 'review-rating'],
      [{ rating: '3', body: '   ' }, 'review-text'],
      [{ rating: '3', body: 'y'.repeat(2001) }, 'review-text'],
    ];
    const html = await (await lee.b.get('/listings/rocket')).text();
    const csrf = hiddenFields(html, '/listings/rocket/reviews');
    for (const [fields, notice] of bad) {
      const res = await lee.b.post('/listings/rocket/reviews', { ...csrf, ...fields });
      expect(res.headers.get('location')).toBe(`/listings/rocket?notice=${notice}#reviews`);
    }
    expect(await count('SELECT count(*) AS n FROM reviews WHERE user_id = ?', lee.id)).toBe(0);
    const ok = await lee.b.post('/listings/rocket/reviews', { ...csrf, rating: '2', body: 'z'.repeat(2000) });
    expect(ok.headers.get('location')).toBe('/listings/rocket?notice=review-saved#reviews');
    expect((await listing()).community_rating).toEqual({ average: 3, count: 2 });
  });

  it('is never written by the listing\'s owners, its submitter or its founders', async () => {
    const owner = await person('owner@community.test');
    await addListingOwner(app.db, rocketId, owner.id, 'claim', '2026-11-18T12:00:00.000Z');
    const submitter = await person('submitter@community.test');
    await app.db.engine.prepare('UPDATE listings SET owner_user_id = ? WHERE id = ?').run(submitter.id, rocketId);
    const founder = await person('founder@community.test');
    const founderId = await addFounder(app.db, 'Rocket Founder', { listingId: rocketId });
    await app.db.engine.prepare('UPDATE founders SET user_id = ? WHERE id = ?').run(founder.id, founderId);

    for (const p of [owner, submitter, founder]) {
      const html = await (await p.b.get('/listings/rocket')).text();
      expect(html).toContain('You own or founded this listing, so you cannot review it.');
      const res = await p.b.post('/listings/rocket/reviews', { ...hiddenFields(html, '/listings/rocket/vote'), rating: '5', body: 'Best product ever' });
      expect(res.headers.get('location')).toBe('/listings/rocket?notice=review-insider#reviews');
      expect(await count('SELECT count(*) AS n FROM reviews WHERE user_id = ?', p.id)).toBe(0);
    }
  });

  it('counts genuine reviews only: the operator CLI marks a review not genuine', async () => {
    const mo = await person('mo@community.test', 'Mo');
    await press(mo.b, '/listings/rocket/reviews', { rating: '1', body: 'Paid to write this' });
    expect((await listing()).community_rating).toEqual({ average: 2.3, count: 3 });
    const reviewId = await count('SELECT id AS n FROM reviews WHERE user_id = ?', mo.id);

    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => { lines.push(line); });
    try {
      // The operator CLI opens the app's database: the SQLite file, or the PostgreSQL database DATABASE_URL names.
      const env: Record<string, string> = testEngine() === 'postgres' ? { DATABASE_URL: app.config.databaseUrl! } : { DATABASE_PATH: app.config.databasePath };
      expect(await runAdmin(['mark-review-not-genuine', String(reviewId)], env)).toBe(0);
      expect(lines.at(-1)).toContain(`Review #${reviewId} of rocket is marked not genuine`);
      expect(await runAdmin(['list-reviews', '--listing', 'rocket'], env)).toBe(0);
      expect(lines.find((l) => l.startsWith(`#${reviewId} `))).toContain('NOT GENUINE');
      expect(lines.filter((l) => / genuine +\d{4}-/.test(l))).toHaveLength(2);
    } finally {
      log.mockRestore();
    }
    expect((await listing()).community_rating).toEqual({ average: 3, count: 2 });
    expect(await (await new Browser(app.url).get('/listings/rocket')).text()).not.toContain('Paid to write this');
  });
});

describe('no API or MCP path', () => {
  it('has no tool that votes, follows or reviews, and no REST route for it', async () => {
    const names = registry.map((t) => t.name);
    expect(names.filter((n) => /vote|follow|review/.test(n))).toEqual([]);
    for (const path of ['/listings/rocket/vote', '/listings/rocket/reviews', '/listings/rocket/follow', '/votes']) {
      const res = await getJson(`${app.api}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(res.status).toBe(404);
    }
  });
});
