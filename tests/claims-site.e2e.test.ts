import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load } from 'cheerio';
import { startApp, TEST_NOW, type TestApp } from './harness';
import { addListing } from './fixtures';
import { Browser, hiddenFields, signUp, submitForm } from './auth-helpers';
import { startDnsServer, type DnsServer } from './dns-server';
import { startSite, type Site } from './claim-site-server';
import { isListingOwner } from '../storage/queries/ownership';

// Claiming a listing on the website, as a person without JavaScript would: a cookie jar, forms read from the
// served HTML, redirects followed by hand. Verification succeeds against a loopback DNS server and small
// websites whose homepage and files the test changes, as in tests/claims.e2e.test.ts.


let app: TestApp;
let dns: DnsServer;
let metaSite: Site;
let fileSite: Site;
const ids: Record<string, number> = {};
const PASSWORD = 'claims site password';

beforeAll(async () => {
  dns = await startDnsServer();
  [metaSite, fileSite] = await Promise.all([startSite(), startSite()]);
  app = await startApp({ demo: false, env: { CRAWLER_ALLOW_PRIVATE: 'true', CLAIMS_DNS_SERVERS: dns.address } });
  ids.meta = await addListing(app.db, { name: 'Meta & Co', slug: 'site-meta-co', url: `${metaSite.origin}/` });
  ids.file = await addListing(app.db, { name: 'File Co', slug: 'site-file-co', url: `${fileSite.origin}/`, status: 'scheduled', launchWeek: '2026-11-30' });
  ids.dns = await addListing(app.db, { name: 'Rocket DNS', slug: 'site-rocket', url: 'https://www.rocket.test/' });
  ids.mail = await addListing(app.db, { name: 'Mail Co', slug: 'site-mail-co', url: 'https://mailco.test/' });
  ids.lapse = await addListing(app.db, { name: 'Lapse Co', slug: 'site-lapse', url: 'https://lapse.test/' });
  ids.draft = await addListing(app.db, { name: 'Draft Co', slug: 'site-draft', url: 'https://draft.test/', status: 'submitted' });
});
afterAll(async () => {
  await app?.close();
  await Promise.all([dns?.close(), metaSite?.close(), fileSite?.close()]);
});

async function person(email: string): Promise<{ b: Browser; id: number }> {
  const b = new Browser(app.url);
  expect((await signUp(b, email, PASSWORD)).status).toBe(303);
  const id = (await app.db.engine.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number }).id;
  return { b, id };
}

const noStore = (res: Response) => expect(res.headers.get('cache-control'), res.url).toBe('no-store');
const html$ = async (res: Response) => load(await res.text());
const location = (res: Response) => res.headers.get('location') ?? '';

// Chooses a method on the claim page and submits; returns the answer (303 to the claim, or the form again).
async function startClaim(b: Browser, slug: string, fields: Record<string, string>): Promise<Response> {
  const res = await submitForm(b, `/listings/${slug}/claim`, `/listings/${slug}/claim`, { email: '', ...fields });
  noStore(res);
  return res;
}
async function openClaim(b: Browser, path: string) {
  const res = await b.get(path);
  expect(res.status, path).toBe(200);
  noStore(res);
  return html$(res);
}
async function pressVerify(b: Browser, claimPath: string): Promise<Response> {
  const res = await submitForm(b, claimPath, `${claimPath}/verify`);
  noStore(res);
  return res;
}

describe('the way in', () => {
  it('offers "Claim this listing" on the listing page, the same for everyone', async () => {
    for (const slug of ['site-meta-co', 'site-file-co']) {
      const $ = await html$(await fetch(`${app.url}/listings/${slug}`));
      const link = $('a').filter((_, a) => $(a).text() === 'Claim this listing');
      expect(link.attr('href'), slug).toBe(`/listings/${slug}/claim`);
    }
  });

  it('sends a signed-out visitor to sign in and back to the claim page', async () => {
    await person('back@meta.test');
    const b = new Browser(app.url);
    const res = await b.get('/listings/site-meta-co/claim');
    expect(res.status).toBe(303);
    noStore(res);
    expect(location(res)).toBe('/signin?next=%2Flistings%2Fsite-meta-co%2Fclaim');
    const signedIn = await submitForm(b, location(res), '/signin', { email: 'back@meta.test', password: PASSWORD });
    expect(location(signedIn)).toBe('/listings/site-meta-co/claim');
    const $ = await openClaim(b, location(signedIn));
    expect($('h1').text()).toBe('Claim Meta & Co');
    expect($('input[type=radio][name=method]').toArray().map((r) => r.attribs.value)).toEqual(['dns', 'meta', 'file', 'email']);
    // The fixture website lives at 127.0.0.1: without a domain name, DNS and e-mail cannot prove anything.
    expect($('input[type=radio][name=method]:disabled').toArray().map((r) => r.attribs.value)).toEqual(['dns', 'email']);
    expect($('#method-dns-hint').text()).toContain('has no domain name of its own');
    expect($('input[name=email]').length).toBe(0);
    const named = await openClaim(b, '/listings/site-rocket/claim');
    expect(named('input[type=radio][name=method]:disabled').length).toBe(0);
    expect(named('label[for=claim-email]').text()).toContain('Your work e-mail at rocket.test');
    expect($('form[action="/listings/site-meta-co/claim"] input[name=csrf]').length).toBe(1);
  });

  it('a signed-out form post changes nothing and goes to sign in', async () => {
    const res = await new Browser(app.url).post('/listings/site-meta-co/claim', { method: 'meta', csrf: 'x'.repeat(43) });
    expect(res.status).toBe(303);
    expect(location(res)).toBe('/signin?next=%2Flistings%2Fsite-meta-co%2Fclaim');
    expect(await app.db.engine.prepare('SELECT count(*) AS n FROM claims').get()).toEqual({ n: 0 });
  });

  it('answers 404 for a listing that is not public or does not exist', async () => {
    const { b } = await person('nobody@draft.test');
    for (const path of ['/listings/site-draft/claim', '/listings/no-such-listing/claim', '/listings/NOT_A_SLUG/claim']) {
      const res = await b.get(path);
      expect(res.status, path).toBe(404);
      noStore(res);
    }
  });
});

describe('meta tag claim, from start to owner', () => {
  let b: Browser;
  let userId: number;
  let claimPath = '';
  let tag = '';

  beforeAll(async () => ({ b, id: userId } = await person('ada@meta.test')));

  it('refuses a form without the CSRF token and creates nothing', async () => {
    await b.get('/listings/site-meta-co/claim');
    const res = await b.post('/listings/site-meta-co/claim', { method: 'meta' });
    expect(res.status).toBe(403);
    expect(await app.db.engine.prepare('SELECT count(*) AS n FROM claims WHERE user_id = ?').get(userId)).toEqual({ n: 0 });
  });

  it('shows the exact tag to add, copyable, with a Verify now button', async () => {
    const res = await startClaim(b, 'site-meta-co', { method: 'meta' });
    expect(res.status).toBe(303);
    claimPath = location(res);
    expect(claimPath).toMatch(/^\/claims\/\d+$/);
    const $ = await openClaim(b, claimPath);
    const block = $('pre[aria-label="Meta tag to add"]');
    expect(block.attr('tabindex')).toBe('0');
    tag = block.text();
    expect(tag).toMatch(/^<meta name="launchdirectory-verify" content="[A-Za-z0-9_-]{32}">$/);
    expect($('a[href="' + `${metaSite.origin}/` + '"]').length).toBe(1);
    expect($(`form[action="${claimPath}/verify"] button`).text()).toBe('Verify now');
    // The same claim again (the tool answers with the pending one), and it is listed as in progress.
    expect(location(await startClaim(b, 'site-meta-co', { method: 'meta' }))).toBe(claimPath);
    const form = await openClaim(b, '/listings/site-meta-co/claim');
    expect(form(`a[href="${claimPath}"]`).length).toBe(1);
  });

  it('says what was checked and what was found while the tag is missing', async () => {
    metaSite.homepage = '<html><head><meta name="launchdirectory-verify" content="someone-else"></head></html>';
    const res = await pressVerify(b, claimPath);
    expect(res.status).toBe(303);
    expect(location(res)).toBe(claimPath);
    const $ = await openClaim(b, claimPath);
    expect($('h1').text()).toBe('Not verified yet');
    expect($('[role=status]').text()).toContain('No <meta name="launchdirectory-verify"> with the expected value');
    expect($('#last-check').text()).toContain(TEST_NOW.slice(0, 10));
    expect($(`form[action="${claimPath}/verify"] button`).text()).toBe('Verify now'); // try again
    expect(await isListingOwner(app.db, ids.meta, userId)).toBe(false);
  });

  it('verifies once the tag is published: the person owns the listing', async () => {
    metaSite.homepage = `<html><head><title>Meta</title>${tag}</head><body></body></html>`;
    const res = await pressVerify(b, claimPath);
    expect(location(res)).toBe(claimPath);
    const $ = await openClaim(b, claimPath);
    expect($('h1').text()).toBe('You are an owner of Meta & Co');
    expect($('main a[href="/account"]').text()).toBe('Go to your account');
    expect($(`form[action="${claimPath}/verify"]`).length).toBe(0);
    expect(await isListingOwner(app.db, ids.meta, userId)).toBe(true);
    const listing = await (await fetch(`${app.api}/listings/site-meta-co`)).json();
    expect(listing.verified).toBe(true);
  });

  it('shows the tool\'s conflict when an owner claims again', async () => {
    const page = await openClaim(b, '/listings/site-meta-co/claim');
    expect(page('main').text()).toContain('You are already an owner');
    expect(page('input[name=method]').length).toBe(0);
    const res = await b.post('/listings/site-meta-co/claim', { csrf: hiddenFields(await (await b.get('/account')).text(), '/signout').csrf, method: 'file', email: '' });
    expect(res.status).toBe(409);
    noStore(res);
    const $ = await html$(res);
    expect($('[role=alert]').text()).toContain('You already own "site-meta-co"');
  });

  it('lists the claim under the person\'s claims, and hides it from everyone else', async () => {
    const mine = await openClaim(b, '/claims');
    expect(mine(`a[href="${claimPath}"]`).text()).toBe('Meta & Co');
    expect(mine('td').text()).toContain('verified');
    const { b: other } = await person('eve@elsewhere.test');
    const res = await other.get(claimPath);
    expect(res.status).toBe(404);
    noStore(res);
    const forged = await other.post(`${claimPath}/verify`, { csrf: hiddenFields(await (await other.get('/account')).text(), '/signout').csrf });
    expect(forged.status).toBe(404);
    expect((await other.get('/claims/not-a-number')).status).toBe(404);
  });
});

describe('DNS and file claims', () => {
  it('shows the TXT record name and value, and verifies once the record exists', async () => {
    const { b, id } = await person('bob@rocket.test');
    const path = location(await startClaim(b, 'site-rocket', { method: 'dns' }));
    let $ = await openClaim(b, path);
    const name = $('pre[aria-label="DNS record name"]').text();
    const value = $('pre[aria-label="DNS record value"]').text();
    expect(name).toBe('_launchdirectory.rocket.test');
    expect(value).toMatch(/^launchdirectory-verify=[A-Za-z0-9_-]{32}$/);

    await pressVerify(b, path);
    $ = await openClaim(b, path);
    expect($('h1').text()).toBe('Not verified yet');
    expect($('[role=status]').text()).toContain(`No TXT record with the value ${value} at ${name}`);

    dns.records.set(name, ['unrelated', value]);
    await pressVerify(b, path);
    $ = await openClaim(b, path);
    expect($('h1').text()).toBe('You are an owner of Rocket DNS');
    expect(await isListingOwner(app.db, ids.dns, id)).toBe(true);
  });

  it('shows the file address and contents for a scheduled listing, and verifies once it is served', async () => {
    const { b, id } = await person('cy@file.test');
    const path = location(await startClaim(b, 'site-file-co', { method: 'file' }));
    const $ = await openClaim(b, path);
    expect($('pre[aria-label="File address"]').text()).toBe(`${fileSite.origin}/.well-known/launchdirectory-verify.txt`);
    const contents = $('pre[aria-label="File contents"]').text();
    fileSite.files.set('/.well-known/launchdirectory-verify.txt', `${contents}\n`);
    await pressVerify(b, path);
    expect((await openClaim(b, path))('h1').text()).toBe('You are an owner of File Co');
    expect(await isListingOwner(app.db, ids.file, id)).toBe(true);
  });
});

describe('e-mail claims and refusals next to the field', () => {
  let b: Browser;
  beforeAll(async () => ({ b } = await person('dee@mailco.test')));

  it.each([
    [{ method: 'email', email: 'dee@gmail.example' }, 'email', 'The e-mail address must be an address at the company\'s domain (mailco.test), e.g. name@mailco.test.'],
    [{ method: 'email', email: '' }, 'email', 'The e-mail address is required when method is email.'],
    [{ method: 'email', email: 'not an address' }, 'email', 'email'],
    [{}, 'method', 'dns'],
    [{ method: 'carrier-pigeon' }, 'method', 'dns'],
  ])('%j → the tool\'s message next to %s', async (given, field, words) => {
    const fields = given as Record<string, string>;
    const res = await startClaim(b, 'site-mail-co', fields);
    expect(res.status).toBe(400);
    const $ = await html$(res);
    const error = $(`#${field}-error`);
    expect(error.attr('role')).toBe('alert');
    expect(error.text()).toContain(words);
    if (field === 'email') {
      expect($('#claim-email').attr('aria-describedby')).toBe('email-error');
      expect($('#claim-email').attr('aria-invalid')).toBe('true');
      expect($('#claim-email').attr('value')).toBe(fields.email);
    } else {
      expect($('fieldset').attr('aria-describedby')).toBe('method-error');
    }
    expect($('input[name=method][checked]').attr('value')).toBe(fields.method === 'email' ? 'email' : undefined);
  });

  it('says to check the e-mail, with no Verify button; verify_claim\'s refusal shows by the page', async () => {
    const res = await startClaim(b, 'site-mail-co', { method: 'email', email: 'Dee@Team.MailCo.test' });
    expect(res.status).toBe(303);
    const path = location(res);
    const $ = await openClaim(b, path);
    expect($('h1').text()).toBe('Check your e-mail');
    expect($('main strong').first().text()).toBe('dee@team.mailco.test');
    expect($(`form[action="${path}/verify"]`).length).toBe(0);
    const csrf = hiddenFields(await (await b.get('/account')).text(), '/signout').csrf;
    const refused = await b.post(`${path}/verify`, { csrf });
    expect(refused.status).toBe(400);
    expect((await html$(refused))('[role=alert]').text()).toContain('This claim is an email claim');
  });

  it('ignores the e-mail box for other methods', async () => {
    const res = await startClaim(b, 'site-mail-co', { method: 'meta', email: 'leftover@mailco.test' });
    expect(res.status).toBe(303);
  });
});

describe('an expired claim', () => {
  it('shows the tool\'s reason by the button and a way to start again', async () => {
    const { b } = await person('fay@lapse.test');
    const path = location(await startClaim(b, 'site-lapse', { method: 'meta' }));
    const csrf = hiddenFields(await (await b.get(path)).text(), `${path}/verify`).csrf;
    app.clock.advance(8 * 86_400_000);
    try {
      const res = await b.post(`${path}/verify`, { csrf });
      expect(res.status).toBe(409);
      noStore(res);
      const $ = await html$(res);
      expect($('h1').text()).toBe('This claim has expired');
      expect($('[role=alert]').text()).toContain('expired at');
      expect($('a[href="/listings/site-lapse/claim"]').text()).toBe('Start a new claim');
    } finally {
      app.clock.set(TEST_NOW);
    }
  });
});
