import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness';
import { addListing, addUser, insertRow } from './fixtures';
import { Browser, hiddenFields, registeredAuthorizationUrl, signUp, submitForm } from './auth-helpers';
import { readyDraft } from './drafts-helpers';
import { rest, seedOrderWorld } from './orders-helpers';
import { createApiKey } from '../auth/accounts';
import { sha256Hex } from '../auth/api-keys';
import { claims, draftInvites } from '../storage/schema';

// Every state-changing site form refuses a request without this visitor's CSRF token (a missing token, a
// token of another visitor, a signed-out token on a signed-in session), and changes nothing. Signing in
// replaces the session id; `next=` never leads off-site.

let app: TestApp;
let alice: Browser;
let aliceId: number;
let mallory: Browser;
let keyId: number;
const CLAIM_TOKEN = 'csrfclaimtokencsrfclaimtoken12';
const INVITE_TOKEN = 'c'.repeat(48);
let checkoutPath: string;
const count = async (sql: string, ...args: unknown[]) => (await app.db.engine.prepare(sql).get(...args) as { n: number }).n;

beforeAll(async () => {
  app = await startApp({ demo: false });
  const now = app.clock.now().toISOString();
  await addListing(app.db, { name: 'Target', slug: 'target', url: 'https://target.example.com', status: 'live' });
  alice = new Browser(app.url);
  await signUp(alice, 'ann-xsrf@example.test');
  aliceId = await app.db.engine.prepare('SELECT id FROM users WHERE email = ?').pluck().get('ann-xsrf@example.test') as number;
  expect(aliceId).toBeTypeOf('number');
  mallory = new Browser(app.url);
  await signUp(mallory, 'mallory-csrf@example.test');
  const k = await createApiKey({ db: app.db, clock: app.clock }, aliceId, 'alice key');
  if ('errors' in k) throw new Error('no key');
  keyId = k.id;
  const claimant = await addUser(app.db, 'claimant-csrf@example.test');
  const listingId = (await app.db.engine.prepare("SELECT id FROM listings WHERE slug = 'target'").get() as { id: number }).id;
  await insertRow(app.db, claims, {
    listingId, userId: claimant, method: 'email', email: 'x@target.example.com', token: CLAIM_TOKEN, status: 'pending', expiresAt: '2026-11-25T12:00:00.000Z', createdAt: now,
  });
  const owner = await addUser(app.db, 'draft-owner-csrf@example.test');
  const draftId = await readyDraft(app, owner, 'https://draft.example.com', { name: { value: 'Drafty', evidence: [] } });
  await insertRow(app.db, draftInvites, {
    draftId, email: 'ann-xsrf@example.test', tokenHash: sha256Hex(INVITE_TOKEN), invitedByUserId: owner, createdAt: now, expiresAt: '2026-11-25T12:00:00.000Z',
  });
  const w = await seedOrderWorld(app, 'csrf');
  const order = await rest(app, w.alice.key).post('/orders/checkout', { items: [{ product: 'featured', listing_id: w.listings.fresh.id }], billing_country: 'US' });
  checkoutPath = new URL(order.body.checkout_url).pathname;
});
afterAll(async () => { await app?.close(); });

// The token a browser's own page carries for a form.
const tokenOf = async (b: Browser, page: string, action: string) => hiddenFields(await (await b.get(page)).text(), action).csrf;

describe('CSRF on every state-changing form (signed in)', () => {
  const forms: Array<{ name: string; page: string; action: () => string; fields: Record<string, string>; unchanged: () => Promise<void> }> = [
    { name: 'create an API key', page: '/account', action: () => '/account/api-keys', fields: { name: 'forged', scopes: 'account:read' },
      unchanged: async () => expect(await count("SELECT count(*) AS n FROM api_keys WHERE name = 'forged'")).toBe(0) },
    { name: 'revoke an API key', page: '/account', action: () => `/account/api-keys/${keyId}/revoke`, fields: {},
      unchanged: async () => expect(await app.db.engine.prepare('SELECT id, revoked_at AS r FROM api_keys WHERE id = ?').get(keyId)).toEqual({ id: keyId, r: null }) },
    { name: 'vote', page: '/listings/target', action: () => '/listings/target/vote', fields: {},
      unchanged: async () => expect(await count('SELECT count(*) AS n FROM votes')).toBe(0) },
    { name: 'follow', page: '/listings/target', action: () => '/listings/target/follow', fields: {},
      unchanged: async () => expect(await count('SELECT count(*) AS n FROM follows')).toBe(0) },
    { name: 'review', page: '/listings/target', action: () => '/listings/target/reviews', fields: { rating: '5', body: 'forged' },
      unchanged: async () => expect(await count('SELECT count(*) AS n FROM reviews')).toBe(0) },
    { name: 'confirm an e-mailed claim', page: `/claims/email/${CLAIM_TOKEN}`, action: () => `/claims/email/${CLAIM_TOKEN}`, fields: {},
      unchanged: async () => expect(await count("SELECT count(*) AS n FROM claims WHERE status = 'verified'")).toBe(0) },
    { name: 'accept a co-founder invite', page: `/invites/${INVITE_TOKEN}`, action: () => `/invites/${INVITE_TOKEN}`, fields: { name: 'Forged Founder' },
      unchanged: async () => expect(await count('SELECT count(*) AS n FROM draft_invites WHERE accepted_at IS NOT NULL')).toBe(0) },
    { name: 'pay an order', page: '', action: () => `${checkoutPath}/pay`, fields: { name: 'N', address: 'A', country: 'US', expected_total: '0' },
      unchanged: async () => expect(await count("SELECT count(*) AS n FROM orders WHERE status != 'pending'")).toBe(0) },
  ];

  for (const f of forms) {
    it(`${f.name}: no token, another person's token, or a signed-out token → 403, nothing changes`, async () => {
      const page = f.page || checkoutPath;
      const action = f.action();
      const own = await tokenOf(alice, page, action);
      expect(own.length).toBeGreaterThanOrEqual(20);
      const theirs = await tokenOf(mallory, '/account', '/account/api-keys'); // a session's token serves all its forms
      const anonymous = await tokenOf(new Browser(app.url), '/signin', '/signin');
      for (const csrf of [undefined, '', theirs, anonymous, `${own.slice(0, -1)}x`]) {
        const res = await alice.post(action, { ...f.fields, ...(csrf === undefined ? {} : { csrf }) });
        expect(res.status, `csrf=${csrf}`).toBe(403);
        await f.unchanged();
      }
    });
  }

  it('sign-out with a forged token keeps the session', async () => {
    const res = await alice.post('/signout', { csrf: await tokenOf(mallory, '/account', '/signout') });
    expect(res.status).toBe(403);
    expect((await alice.get('/account')).status).toBe(200);
  });

  it('revoking a connected app with a forged token is refused', async () => {
    const res = await alice.post('/account/apps/revoke', { client_id: 'x', csrf: await tokenOf(mallory, '/account', '/signout') });
    expect(res.status).toBe(403);
  });
});

describe('CSRF on the OAuth consent and sign-in pages', () => {
  it('Allow, Deny and Continue posted with a forged token do not decide anything', async () => {
    const url = new URL(await registeredAuthorizationUrl(app.url, 'CSRF App'));
    const { res, url: at } = await alice.follow(await alice.get(url.href));
    const path = new URL(at).pathname;
    const login = await res.text();
    expect(login).toContain(`action="${path}/continue"`);
    const forged = await tokenOf(mallory, '/account', '/account/api-keys');
    const cont = await alice.post(`${path}/continue`, { csrf: forged });
    expect(cont.status).toBe(401);
    // Continue properly, to reach the consent page; then Allow and Deny with the forged token.
    const consent = await alice.follow(await alice.post(`${path}/continue`, hiddenFields(login, `${path}/continue`)));
    const consentPath = new URL(consent.url).pathname;
    expect(await consent.res.text()).toContain(`action="${consentPath}/confirm"`);
    for (const action of ['confirm', 'abort']) {
      const r = await alice.post(`${consentPath}/${action}`, { csrf: forged });
      expect(r.status).toBe(303);
      expect(r.headers.get('location')).toBe(consentPath); // back to the page, not to the app with a code or an error
    }
    expect(await count('SELECT count(*) AS n FROM oauth_grants_remembered')).toBe(0);
  });
});

describe('CSRF on sign-in and sign-up (login CSRF)', () => {
  it('refuses a sign-in or sign-up posted without the visitor’s own double-submit token', async () => {
    const victim = new Browser(app.url);
    const attackerToken = await tokenOf(new Browser(app.url), '/signin', '/signin');
    for (const [action, fields] of [['/signin', { email: 'mallory-csrf@example.test', password: 'correct horse battery' }], ['/signup', { email: 'forged@example.test', password: 'correct horse battery' }]] as const) {
      expect((await victim.post(action, { ...fields })).status).toBe(403);
      expect((await victim.post(action, { ...fields, csrf: attackerToken })).status).toBe(403);
    }
    expect(victim.cookies.has('sid')).toBe(false);
  });
});

describe('sessions', () => {
  it('signing in issues a new session id; a planted or earlier one stops working', async () => {
    const b = new Browser(app.url);
    await signUp(b, 'rotate@example.test');
    const first = b.cookies.get('sid')!;
    // Sign in again (as someone else) from the same browser: the earlier session must end, not linger.
    // (Signed in, GET /signin redirects; the form's token is the browser's double-submit cookie.)
    const res = await b.post('/signin', { csrf: b.cookies.get('csrf')!, next: '/account', email: 'mallory-csrf@example.test', password: 'correct horse battery' });
    expect(res.status).toBe(303);
    const second = b.cookies.get('sid')!;
    expect(second).not.toBe(first);
    const stale = new Browser(app.url);
    stale.cookies.set('sid', first);
    expect((await stale.get('/account')).status).toBe(303);

    const planted = new Browser(app.url);
    planted.cookies.set('sid', 'attacker-chosen-session-value-000000000000');
    await submitForm(planted, '/signin', '/signin', { email: 'rotate@example.test', password: 'correct horse battery' });
    expect(planted.cookies.get('sid')).not.toBe('attacker-chosen-session-value-000000000000');
  });

  it('session cookies are HttpOnly and SameSite=Lax; only a hash of the session id is stored', async () => {
    const b = new Browser(app.url);
    const res = await b.get('/signup');
    await res.text();
    const page = await (await b.get('/signup')).text();
    const signed = await b.post('/signup', { ...hiddenFields(page, '/signup'), email: 'cookie@example.test', password: 'correct horse battery' });
    const sid = signed.headers.getSetCookie().find((c) => c.startsWith('sid='))!;
    expect(sid).toMatch(/HttpOnly/i);
    expect(sid).toMatch(/SameSite=Lax/i);
    const raw = b.cookies.get('sid')!;
    expect(await count('SELECT count(*) AS n FROM sessions WHERE id = ?', raw)).toBe(0);
    expect(await count('SELECT count(*) AS n FROM sessions WHERE id = ?', sha256Hex(raw))).toBe(1);
  });
});

describe('open redirects', () => {
  const hostile = ['//evil.example/', '/\\evil.example/', 'https://evil.example/', '\\\\evil.example', '/%0d%0aSet-Cookie:x=1', ' //evil.example', '/\t/evil.example', 'javascript:alert(1)', '///evil.example'];
  for (const next of hostile) {
    it(`next=${JSON.stringify(next)} stays on this site`, async () => {
      const b = new Browser(app.url);
      const res = await submitForm(b, `/signin?next=${encodeURIComponent(next)}`, '/signin', { email: 'mallory-csrf@example.test', password: 'correct horse battery', next });
      expect(res.status).toBe(303);
      const location = res.headers.get('location')!;
      expect(new URL(location, app.url).origin).toBe(app.url);
      expect(location).toMatch(/^\/(?![/\\])/);
      // Signed in, GET /signin?next=… redirects at once: the same rule applies.
      const again = await b.get(`/signin?next=${encodeURIComponent(next)}`);
      expect(new URL(again.headers.get('location')!, app.url).origin).toBe(app.url);
    });
  }
});

describe('clickjacking', () => {
  it('account, claim, invite, checkout and listing pages refuse to be framed', async () => {
    for (const path of ['/account', `/claims/email/${CLAIM_TOKEN}`, `/invites/${INVITE_TOKEN}`, checkoutPath, '/listings/target']) {
      const res = await alice.get(path);
      await res.text();
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
    }
  });
});
