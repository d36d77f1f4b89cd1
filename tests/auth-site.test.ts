import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { startApp } from './harness';
import { Browser, hiddenFields, signUp, submitForm } from './auth-helpers';
import { addUser } from './fixtures';
import { startSession } from '../auth/session';
import { sha256Hex } from '../auth/api-keys';

let app: Awaited<ReturnType<typeof startApp>>;
beforeAll(async () => { app = await startApp({ demo: false }); });
afterAll(async () => { await app?.close(); });

const sessionCookie = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith('sid='));
const countUsers = async () => (await app.db.engine.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n;

describe('sign up, sign in, sign out', () => {
  it('creates an account with a hashed password and signs the person in with an HttpOnly, SameSite=Lax cookie', async () => {
    const b = new Browser(app.url);
    const res = await signUp(b, 'Ada@Example.test');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/account');
    const cookie = sessionCookie(res)!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/); // the test site is http
    const row = await app.db.engine.prepare('SELECT email, password_hash AS h FROM users WHERE email = ?').get('ada@example.test') as { email: string; h: string };
    expect(row.h).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(row.h).not.toContain('correct horse');
    const page = await b.get('/account');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(await page.text()).toContain('ada@example.test');
  });

  it('refuses bad input with a message next to each field and creates nothing', async () => {
    const before = await countUsers();
    const b = new Browser(app.url);
    const res = await submitForm(b, '/signup', '/signup', { email: 'not-an-email', password: 'short', name: 'x' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('id="email-error"');
    expect(html).toContain('id="password-error"');
    expect(await countUsers()).toBe(before);
  });

  it('refuses a second account with the same e-mail (case-insensitive)', async () => {
    await signUp(new Browser(app.url), 'dup@example.test');
    const res = await signUp(new Browser(app.url), 'DUP@example.test');
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('already exists');
  });

  it('refuses forms without the CSRF token, or with another visitor’s token', async () => {
    const before = await countUsers();
    const b = new Browser(app.url);
    const missing = await b.post('/signup', { email: 'csrf@example.test', password: 'long enough password' });
    expect(missing.status).toBe(403);
    const other = new Browser(app.url);
    const token = hiddenFields(await (await other.get('/signup')).text(), '/signup').csrf;
    await b.get('/signup'); // b has its own csrf cookie
    const forged = await b.post('/signup', { csrf: token, email: 'csrf@example.test', password: 'long enough password' });
    expect(forged.status).toBe(403);
    expect(await countUsers()).toBe(before);
  });

  it('signs out, then signs in again only with the right password', async () => {
    const b = new Browser(app.url);
    await signUp(b, 'grace@example.test', 'a very good password');
    const out = await submitForm(b, '/account', '/signout');
    expect(out.status).toBe(303);
    expect(b.cookies.has('sid')).toBe(false);
    const gone = await b.get('/account');
    expect(gone.status).toBe(303);
    expect(gone.headers.get('location')).toBe('/signin?next=%2Faccount');

    const wrong = await submitForm(b, '/signin', '/signin', { email: 'grace@example.test', password: 'not the password' });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('not right');
    const unknown = await submitForm(b, '/signin', '/signin', { email: 'nobody@example.test', password: 'whatever it is' });
    expect(unknown.status).toBe(401);

    const right = await submitForm(b, '/signin?next=%2Faccount%23api-keys', '/signin', { email: 'Grace@example.test', password: 'a very good password' });
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe('/account#api-keys');
    expect((await b.get('/account')).status).toBe(200);
  });

  it('never redirects off-site after sign-in', async () => {
    const b = new Browser(app.url);
    await signUp(b, 'next@example.test', 'a very good password');
    await submitForm(b, '/account', '/signout');
    const res = await submitForm(b, '/signin', '/signin', { email: 'next@example.test', password: 'a very good password', next: '//evil.example/' });
    expect(res.headers.get('location')).toBe('/account');
  });
});

describe('API keys on the account page', () => {
  it('creates a key with chosen scopes, shows it once, lists it by prefix, and revokes it', async () => {
    const b = new Browser(app.url);
    await signUp(b, 'keys@example.test');
    const created = await submitForm(b, '/account', '/account/api-keys', { name: 'CI <script>', scopes: ['account:read', 'orders:write'] });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const html = await created.text();
    const key = /id="new-key">([^<]+)</.exec(html)![1];
    expect(key).toMatch(/^dk_live_[\w-]{43}$/);
    expect(html).toContain('CI &lt;script&gt;'); // the name is escaped
    expect(html).not.toContain('CI <script>');

    const row = await app.db.engine.prepare('SELECT id, prefix, hash, scopes FROM api_keys WHERE name = ?').get('CI <script>') as { id: number; prefix: string; hash: string; scopes: string };
    expect(row.hash).toBe(sha256Hex(key));
    expect(row.prefix).toBe(key.slice(0, 12));
    expect(JSON.parse(row.scopes)).toEqual(['account:read', 'orders:write']);

    const again = await (await b.get('/account')).text();
    expect(again).not.toContain(key);
    expect(again).toContain(`${row.prefix}…`);
    expect(again).toMatch(/never/); // not used yet

    const revoked = await submitForm(b, '/account', `/account/api-keys/${row.id}/revoke`);
    expect(revoked.status).toBe(303);
    const after = await (await b.get('/account')).text();
    expect(after).toContain('revoked');
    expect(after).not.toContain(`/account/api-keys/${row.id}/revoke`);
  });

  it('requires a name and at least one scope', async () => {
    const b = new Browser(app.url);
    await signUp(b, 'keys2@example.test');
    const noScope = await submitForm(b, '/account', '/account/api-keys', { name: 'x' });
    expect(noScope.status).toBe(400);
    expect(await noScope.text()).toContain('Choose at least one scope');
    const noName = await submitForm(b, '/account', '/account/api-keys', { name: '  ', scopes: 'account:read' });
    expect(noName.status).toBe(400);
  });

  it('does not let one person revoke another person’s key', async () => {
    const owner = new Browser(app.url);
    await signUp(owner, 'owner@example.test');
    await submitForm(owner, '/account', '/account/api-keys', { name: 'mine', scopes: 'account:read' });
    const id = (await app.db.engine.prepare("SELECT id FROM api_keys WHERE name = 'mine'").get() as { id: number }).id;
    const other = new Browser(app.url);
    await signUp(other, 'other@example.test');
    const page = await (await other.get('/account')).text();
    const csrf = hiddenFields(page, '/account/api-keys').csrf;
    await other.post(`/account/api-keys/${id}/revoke`, { csrf });
    expect((await app.db.engine.prepare('SELECT revoked_at AS r FROM api_keys WHERE id = ?').get(id) as { r: string | null }).r).toBeNull();
  });

  it('sends people who are not signed in to the sign-in page', async () => {
    const res = await new Browser(app.url).post('/account/api-keys', { name: 'x', scopes: 'account:read' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toContain('/signin');
  });
});

describe('cookies on an https site', () => {
  it('are Secure and __Host- prefixed', async () => {
    const userId = await addUser(app.db, 'https@example.test');
    const hono = new Hono();
    hono.get('/x', async (c) => {
      await startSession(c, { db: app.db, clock: app.clock, config: { ...app.config, siteUrl: 'https://directory.example' } }, userId);
      return c.text('ok');
    });
    const res = await hono.request('/x');
    const cookie = res.headers.getSetCookie()[0];
    expect(cookie).toMatch(/^__Host-sid=/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Path=\//);
  });
});
