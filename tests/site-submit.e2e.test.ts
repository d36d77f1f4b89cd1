import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as cheerio from 'cheerio';
import { startApp, type TestApp } from './harness';
import { serveSite, type SiteServer } from './fixture-server';
import { Browser, signUp } from './auth-helpers';

// The website's journeys without JavaScript, as plain HTTP with a cookie jar: every step is a form post and a
// redirect, the progress page reloads itself, and nothing personal is cached or shown to someone else.

let app: TestApp;
let site: SiteServer;
let owner: Browser;
let stranger: Browser;
let draftPath = '';

const csrfOf = (html: string) => cheerio.load(html)('input[name="csrf"]').first().val() as string;
const text = async (res: Response) => cheerio.load(await res.text());

async function waitReady(b: Browser, path: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const status = (await (await b.get(`${path}/progress.json`)).json()).status;
    if (status === 'ready') return;
    if (status === 'failed') throw new Error('draft failed');
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('draft not ready');
}

beforeAll(async () => {
  app = await startApp({ jobs: true, env: { CRAWLER_ALLOW_PRIVATE: 'true', PAYMENTS_TEST_MODE: 'true' } });
  site = await serveSite('lanternly');
  owner = new Browser(app.url);
  stranger = new Browser(app.url);
  await signUp(owner, 'owner@example.test', 'a long password here', 'Owner');
  await signUp(stranger, 'stranger@example.test', 'a long password here', 'Stranger');
});
afterAll(async () => {
  await site?.close();
  await app?.close();
});

describe('every URL get_site_info gives leads to a page', () => {
  it('answers each of them (submit sends a signed-out visitor to sign in and back)', async () => {
    const info = await (await fetch(`${app.api}/site`)).json();
    for (const [name, url] of Object.entries(info.urls as Record<string, string>)) {
      const res = await fetch(url, { redirect: 'manual' });
      if (name === 'submit') {
        expect(res.status).toBe(303);
        expect(res.headers.get('location')).toBe('/signin?next=%2Fsubmit');
      } else {
        expect(res.status, url).toBe(200);
      }
    }
  });
});

describe('the header', () => {
  it('offers Search, Submit and Sign in to a visitor, and the account menu with sign-out when signed in', async () => {
    const $anon = await text(await fetch(`${app.url}/categories`));
    expect($anon('header form[role=search][action="/search"] input[name=q]').length).toBe(1);
    expect($anon('header a[href="/submit"]').text()).toBe('Submit');
    expect($anon('header a.signin').attr('href')).toBe('/signin?next=%2Fcategories');
    const $me = await text(await owner.get('/categories'));
    expect($me('header a.signin').length).toBe(0);
    expect($me('header .account-menu a[href="/account"]').length).toBe(1);
    expect($me('header .account-menu form[action="/signout"] input[name=csrf]').val()).toBeTruthy();
  });

  it('a signed-in page is never stored by a shared cache; an anonymous one is', async () => {
    expect((await owner.get('/categories')).headers.get('cache-control')).toMatch(/private|no-store/);
    expect((await fetch(`${app.url}/categories`)).headers.get('cache-control')).toMatch(/^public/);
    expect((await fetch(`${app.url}/categories`)).headers.get('vary')).toMatch(/Cookie/);
  });
});

describe('search page', () => {
  it('runs search_listings with the URL as its input and pages through results', async () => {
    const api = await (await fetch(`${app.api}/listings?q=invoice&per_page=20`)).json();
    const $ = await text(await fetch(`${app.url}/search?q=invoice`));
    expect($('ul[aria-label="Search results"] > li').length).toBe(Math.min(20, api.total));
    expect($('#s-q').val()).toBe('invoice');
  });

  it('shows a bad filter next to its control with a 400, never an error page', async () => {
    const res = await fetch(`${app.url}/search?country=zzz&q=crm`);
    expect(res.status).toBe(400);
    const $ = cheerio.load(await res.text());
    expect($('#s-country-error').text()).toMatch(/country/i);
    expect($('#s-country').val()).toBe('zzz');
    expect($('#s-q').val()).toBe('crm');
  });
});

describe('submit without JavaScript', () => {
  it('refuses a form without the session token', async () => {
    const res = await owner.post('/submit', { url: site.url });
    expect(res.status).toBe(403);
  });

  it('takes a URL, shows a self-refreshing progress page, then the review screen', async () => {
    const form = await owner.get('/submit');
    const res = await owner.post('/submit', { csrf: csrfOf(await form.text()), url: site.url });
    expect(res.status).toBe(303);
    draftPath = res.headers.get('location')!;
    expect(draftPath).toMatch(/^\/drafts\/[0-9a-f-]{36}$/);
    const progress = await owner.get(draftPath);
    expect(progress.headers.get('cache-control')).toBe('no-store');
    const html = await progress.text();
    const $ = cheerio.load(html);
    if ($('h1').text() === 'Drafting your listing') {
      // Without JavaScript the page reloads itself (a parser with scripting on reads <noscript> as text).
      expect(html).toMatch(/<noscript><meta http-equiv="refresh" content="\d+"\/?><\/noscript>/);
      expect($('progress#progress-bar').length).toBe(1);
    }
    await waitReady(owner, draftPath);
    const $r = await text(await owner.get(draftPath));
    expect($r('h1').text()).toBe('Review your draft');
    // Every value drafted from the site sits beside a quote from the site, with a link to its page.
    const aiCards = $r('.field-card.state-ai');
    expect(aiCards.length).toBeGreaterThan(3);
    aiCards.each((_, el) => {
      expect($r(el).find('ul.evidence blockquote').length).toBeGreaterThan(0);
      expect($r(el).find('ul.evidence a').first().attr('href')).toContain(site.origin);
    });
  });

  it('another person cannot see or change the draft: it does not exist for them', async () => {
    expect((await stranger.get(draftPath)).status).toBe(404);
    expect((await stranger.get(`${draftPath}/progress.json`)).status).toBe(404);
    const mine = await stranger.get('/submit');
    const res = await stranger.post(draftPath, { csrf: csrfOf(await mine.text()), 'f.name': 'Hijacked', action: 'save' });
    expect(res.status).toBe(404);
    const $ = await text(await owner.get(draftPath));
    expect($('#f-name').val()).toBe('Lanternly');
  });

  it('a signed-out visitor is sent to sign in and back to the draft', async () => {
    const res = await fetch(`${app.url}${draftPath}`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/signin?next=${encodeURIComponent(draftPath)}`);
    expect((await fetch(`${app.url}${draftPath}/progress.json`)).status).toBe(401);
  });

  it('sends only what changed: an untouched value keeps its evidence, a typed one becomes edited', async () => {
    const html = await (await owner.get(draftPath)).text();
    const $ = cheerio.load(html);
    const form: Record<string, string> = {};
    $('form.review-form').find('input[name], textarea[name]').each((_, el) => {
      const name = $(el).attr('name')!;
      if ($(el).attr('type') === 'checkbox') return;
      form[name] = el.tagName === 'textarea' ? $(el).text() : ($(el).val() as string) ?? '';
    });
    form['f.city'] = 'Hamburg-Altona';
    form.action = 'save';
    expect((await owner.post(draftPath, form)).status).toBe(303);
    // The site's session cookie is not an API credential.
    expect((await owner.get(`/api/v1/drafts/${draftPath.split('/').pop()}`)).status).toBe(401);
    const $after = await text(await owner.get(draftPath));
    expect($after('#f-city-state').text()).toMatch(/Edited by you/);
    expect($after('#f-name-state').text()).toMatch(/From the website/);
    expect($after('#card-name ul.evidence blockquote').length).toBeGreaterThan(0);
  });

  it('a refused value comes back next to its field with a 400, keeping every typed value', async () => {
    const csrf = csrfOf(await (await owner.get(draftPath)).text());
    const res = await owner.post(draftPath, { csrf, 'f.contact_email': 'not an address', 'f.city': 'Somewhere new', action: 'save' });
    expect(res.status).toBe(400);
    const $ = cheerio.load(await res.text());
    expect($('#f-contact_email-error').text()).toMatch(/e-mail/);
    expect($('#f-contact_email').val()).toBe('not an address');
    expect($('#f-city').val()).toBe('Somewhere new');
    expect($('.error-summary a[href="#f-contact_email"]').length).toBe(1);
    expect((await text(await owner.get(draftPath)))('#f-city').val()).toBe('Hamburg-Altona');
  });

  it('submits, then queues the free launch and shows the badge to paste', async () => {
    const csrf = csrfOf(await (await owner.get(draftPath)).text());
    expect((await owner.post(draftPath, { csrf, 'f.categories': 'Developer Tools', action: 'save' })).status).toBe(303);
    const submitted = await owner.post(`${draftPath}/submit`, { csrf });
    expect(submitted.headers.get('location')).toBe(`${draftPath}/launch?notice=submitted`);
    const free = await owner.post(`${draftPath}/launch/free`, { csrf });
    expect(free.status).toBe(303);
    const $ = await text(await owner.get(`${draftPath}/launch`));
    expect($('#embed').text()).toContain(`${app.url}/listings/lanternly`);
    // Choosing it twice is refused with the tool's reason, not an error page.
    const again = await owner.post(`${draftPath}/launch/free`, { csrf });
    expect(again.status).toBe(409);
    expect((await again.text())).toMatch(/already on the free plan/);
  });
});

describe('account page', () => {
  it('lists my draft and listing and lets me rename myself; nothing of anyone else', async () => {
    const $ = await text(await owner.get('/account'));
    expect($('#drafts + table tbody tr').length).toBe(1);
    expect($('#listings + table tbody tr').text()).toMatch(/Lanternly/);
    expect($('#listings + table a[href^="/drafts/"]').length).toBeGreaterThan(0);
    const $other = await text(await stranger.get('/account'));
    expect($other('#drafts + table').length).toBe(0);
    expect($other('#listings + table').length).toBe(0);
    const csrf = csrfOf(await (await owner.get('/account')).text());
    expect((await owner.post('/account/profile', { csrf, name: 'x'.repeat(101) })).status).toBe(400);
    const renamed = await owner.post('/account/profile', { csrf, name: 'Owner Renamed' });
    expect(renamed.status).toBe(200);
    expect((await text(await owner.get('/account')))('.account-menu summary').text()).toBe('Owner Renamed');
  });

  it('an order number of someone else is not found', async () => {
    expect((await stranger.get('/account/orders/ORD-2026-000001')).status).toBe(404);
  });
});
