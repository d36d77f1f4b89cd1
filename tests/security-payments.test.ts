import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { startApp, type TestApp } from './harness';
import { hiddenFields } from './auth-helpers';
import { rest, seedOrderWorld } from './orders-helpers';
import { registerCheckoutRoutes } from '../site/checkout/routes';
import { paymentProviderFromEnv, PaymentUnavailable, testModeAllowed } from '../jobs/payments/provider';
import { fixedClock } from '../tools/clock';
import { queuedJobs } from '../jobs/port';

// Test mode completes an order without money. A public site must never fall back to it when Stripe is not
// configured: only local sites (or an explicit PAYMENTS_TEST_MODE=true) get it; otherwise Pay takes nothing.

const clock = fixedClock('2026-11-18T12:00:00Z');

describe('which payment provider a site gets', () => {
  it.each([
    ['http://localhost:8787', {}, true],
    ['http://127.0.0.1:5000', {}, true],
    ['http://[::1]:8787', {}, true],
    ['http://app.localhost', {}, true],
    ['https://directory.example', {}, false],
    ['http://10.0.0.5:8787', {}, false],
    ['https://localhost.evil.example', {}, false],
    ['https://directory.example', { PAYMENTS_TEST_MODE: 'true' }, true],
    ['https://directory.example', { PAYMENTS_TEST_MODE: 'false' }, false],
  ] as Array<[string, Record<string, string>, boolean]>)('%s %j → test mode %s', (site, env, allowed) => {
    expect(testModeAllowed(env, site)).toBe(allowed);
    expect(paymentProviderFromEnv(env, clock, site).name).toBe(allowed ? 'test' : 'none');
  });

  it('Stripe when its key is set, whatever the site', () => {
    expect(paymentProviderFromEnv({ STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }, clock, 'https://directory.example').name).toBe('stripe');
  });

  it('the public-site fallback refuses to start a payment', async () => {
    const p = paymentProviderFromEnv({}, clock, 'https://directory.example');
    await expect(p.createSession({ number: 'ORD-1', currency: 'USD', lines: [], vat: null, totalCents: 100, returnUrl: 'x', expiresAt: '2026-11-25T00:00:00Z' }))
      .rejects.toBeInstanceOf(PaymentUnavailable);
  });
});

describe('checkout on a public site without Stripe', () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startApp({ demo: false });
    const w = await seedOrderWorld(app, 'pay');
    const order = await rest(app, w.alice.key).post('/orders/checkout', { items: [{ product: 'featured', listing_id: w.listings.fresh.id }], billing_country: 'US' });
    token = new URL(order.body.checkout_url).pathname.split('/').pop()!;
  });
  afterAll(async () => { await app?.close(); });

  it('pressing Pay marks nothing paid (503, order stays pending) and the page says no payment is set up', async () => {
    const publicSite = new Hono();
    registerCheckoutRoutes(publicSite, { db: app.db, clock: app.clock, jobs: queuedJobs, config: { ...app.config, siteUrl: 'https://directory.example' } });
    const page = await publicSite.request(`/checkout/${token}`);
    const html = await page.text();
    expect(html).toContain('Online payment is not set up');
    expect(html).not.toContain('Test mode');
    const cookie = page.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const action = `/checkout/${token}/pay`;
    const form = new URLSearchParams({ ...hiddenFields(html, action), name: 'N', address: 'A', country: 'US' });
    const res = await publicSite.request(action, { method: 'POST', body: form, headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(503);
    const row = await app.db.engine.prepare('SELECT status FROM orders WHERE checkout_token = ?').get(token) as { status: string };
    expect(row.status).toBe('pending');
  });
});
