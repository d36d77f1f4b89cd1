import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness';
import { Browser, hiddenFields, registeredAuthorizationUrl, signUp, submitForm } from './auth-helpers';
import { createApiKey } from '../auth/accounts';
import { userByEmail } from '../storage/queries/users';
import { LoginThrottle } from '../auth/login-throttle';
import { fixedClock } from '../tools/clock';

// Secrets at rest and online guessing: API keys are stored only as a hash; the site's sign-in (and the OAuth
// sign-in page) stop checking passwords after repeated failures from one address, for a while.

let app: TestApp;
const PASSWORD = 'correct horse battery';

beforeAll(async () => {
  app = await startApp({ demo: false });
  await signUp(new Browser(app.url), 'victim@example.test', PASSWORD);
  await signUp(new Browser(app.url), 'other@example.test', PASSWORD);
});
afterAll(async () => { await app?.close(); });

const attempt = (email: string, password: string) => submitForm(new Browser(app.url), '/signin', '/signin', { email, password });

describe('password guessing on the sign-in form', () => {
  it('after 10 failures for one account from one address, even the right password waits (429, Retry-After)', async () => {
    for (let i = 0; i < 10; i++) expect((await attempt('victim@example.test', `wrong password ${i}`)).status).toBe(401);
    const blocked = await attempt('victim@example.test', PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await blocked.text()).toContain('Too many failed sign-ins');
    // Other accounts are not affected, and neither is the account after the window.
    expect((await attempt('other@example.test', PASSWORD)).status).toBe(303);
    app.clock.advance(15 * 60_000 + 1000);
    expect((await attempt('victim@example.test', PASSWORD)).status).toBe(303);
  });

  it('the OAuth sign-in page shares the count', async () => {
    for (let i = 0; i < 10; i++) await attempt('other@example.test', `wrong ${i}`);
    const url = new URL(await registeredAuthorizationUrl(app.url, 'Throttle App'));
    const b = new Browser(app.url);
    const { res, url: at } = await b.follow(await b.get(url.href));
    const html = await res.text();
    const action = `${new URL(at).pathname}/login`;
    const answer = await b.post(action, { ...hiddenFields(html, action), email: 'other@example.test', password: PASSWORD });
    expect(answer.status).toBe(429);
    expect(await answer.text()).toContain('Too many failed sign-ins');
  });

  it('counts per address too (password spraying), and forgets old failures', () => {
    const clock = fixedClock('2026-11-18T12:00:00Z');
    const t = new LoginThrottle(clock, { perAccountAndAddress: 3, perAddress: 5, windowMs: 60_000 });
    for (let i = 0; i < 5; i++) t.failed(`user${i}@example.test`, '203.0.113.9');
    expect(t.retryAfter('fresh@example.test', '203.0.113.9')).toBe(60);
    expect(t.retryAfter('fresh@example.test', '198.51.100.1')).toBe(0);
    clock.advance(30_000);
    expect(t.retryAfter('fresh@example.test', '203.0.113.9')).toBe(30);
    clock.advance(30_001);
    expect(t.retryAfter('fresh@example.test', '203.0.113.9')).toBe(0);
    for (let i = 0; i < 3; i++) t.failed('Target@Example.test', '198.51.100.1');
    expect(t.retryAfter('target@example.test', '198.51.100.1')).toBeGreaterThan(0); // e-mail compared case-insensitively
    expect(t.retryAfter('target@example.test', '198.51.100.2')).toBe(0); // nobody is locked out from elsewhere
  });
});

describe('secrets at rest', () => {
  it('an API key is stored as its SHA-256 only; the database never holds the key', async () => {
    const id = (await userByEmail(app.db, 'victim@example.test'))!.id;
    const k = await createApiKey({ db: app.db, clock: app.clock }, id, 'at rest');
    if ('errors' in k) throw new Error('no key');
    expect(k.key).toMatch(/^dk_live_[A-Za-z0-9_-]{43}$/);
    const dump = JSON.stringify(await app.db.engine.prepare('SELECT * FROM api_keys').all());
    expect(dump).not.toContain(k.key);
    expect(dump).not.toContain(k.key.slice(12));
  });
});
