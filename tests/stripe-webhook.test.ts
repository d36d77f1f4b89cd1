import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_NOW, startApp, type TestApp } from './harness';
import { Browser, hiddenFields } from './auth-helpers';
import { PRICES, rest, seedOrderWorld, type OrderWorld } from './orders-helpers';
import { signStripePayload, verifyStripeSignature } from '../jobs/payments/stripe-signature';
import { WebhookError } from '../jobs/payments/errors';
import { EMAIL_JOB } from '../jobs/mailer';
import { receiptDedupeKey } from '../jobs/order-receipt';

// Stripe Checkout with STRIPE_SECRET_KEY set: the checkout page creates a session on a local stand-in for
// Stripe's API, and webhooks signed locally with STRIPE_WEBHOOK_SECRET confirm payment exactly once.
const SECRET = 'whsec_local_test_secret';
const NOW_S = Math.floor(Date.parse(TEST_NOW) / 1000);
let app: TestApp;
let w: OrderWorld;
let stripe: Server;
let stripeReply: { status: number; body: unknown } = { status: 200, body: {} };
const sessions: Array<{ auth: string | undefined; form: URLSearchParams }> = [];
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  stripe = createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => { raw += d; });
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') sessions.push({ auth: req.headers.authorization, form: new URLSearchParams(raw) });
      res.writeHead(stripeReply.status, { 'content-type': 'application/json' }).end(JSON.stringify(stripeReply.body));
    });
  });
  await new Promise<void>((r) => stripe.listen(0, '127.0.0.1', () => r()));
  const env = { STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_BASE: `http://127.0.0.1:${(stripe.address() as AddressInfo).port}` };
  for (const [k, v] of Object.entries(env)) { saved[k] = process.env[k]; process.env[k] = v; }
  app = await startApp({ demo: false });
  w = await seedOrderWorld(app, 's');
});
afterAll(async () => {
  for (const [k, v] of Object.entries(saved)) { if (v === undefined) delete process.env[k]; else process.env[k] = v; }
  await app?.close();
  await new Promise<void>((r) => stripe.close(() => r()));
});

const pathOf = (url: string) => new URL(url).pathname;
const getOrder = async (n: string) => (await rest(app, w.alice.key).get(`/orders/${n}`)).body;
// The receipt e-mails queued for an order (the e-mail job's payload is the message).
const receipts = async (number: string) => (await app.db.engine.prepare('SELECT payload FROM jobs WHERE kind = ? AND dedupe_key = ?')
  .all(EMAIL_JOB, receiptDedupeKey(number)) as { payload: string }[]).map((r) => JSON.parse(r.payload));
const contributions = async () => (await app.db.engine.prepare('SELECT count(*) AS n FROM billboard_contributions').get() as { n: number }).n;

function event(id: string, number: string, amount: number, over: Record<string, unknown> = {}) {
  return JSON.stringify({
    id, type: 'checkout.session.completed', object: 'event',
    data: { object: { id: `cs_${id}`, object: 'checkout.session', payment_status: 'paid', amount_total: amount, currency: 'usd',
      client_reference_id: number, metadata: { order_number: number }, payment_intent: `pi_${id}`, payment_method_types: ['card'], ...over } },
  });
}
const deliver = (payload: string, signature: string | null) =>
  fetch(`${app.url}/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) }, body: payload })
    .then(async (r) => ({ status: r.status, body: await r.json() as any }));

async function newOrder(items: unknown[], billing_country = 'DE') {
  return (await rest(app, w.alice.key).post('/orders/checkout', { items, billing_country })).body;
}

describe('paying through Stripe Checkout', () => {
  it('sends the person to a Checkout Session priced like the order, VAT as its own line', async () => {
    stripeReply = { status: 200, body: { id: 'cs_test_1', url: 'https://checkout.stripe.test/c/pay/cs_test_1' } };
    const o = await newOrder([{ product: 'featured', listing_id: w.listings.fresh.id }]);
    const b = new Browser(app.url);
    const html = await (await b.get(pathOf(o.checkout_url))).text();
    expect(html).toContain('Stripe is in test mode');
    const action = `${pathOf(o.checkout_url)}/pay`;
    const res = await b.post(action, { ...hiddenFields(html, action), name: 'Ada GmbH', address: 'Berlin', country: 'DE', vat_number: '' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('https://checkout.stripe.test/c/pay/cs_test_1');
    const { auth, form } = sessions.at(-1)!;
    expect(auth).toBe('Bearer sk_test_local');
    expect(Object.fromEntries(form)).toMatchObject({
      mode: 'payment', client_reference_id: o.number, 'metadata[order_number]': o.number,
      'line_items[0][price_data][currency]': 'usd', 'line_items[0][price_data][unit_amount]': String(PRICES.featured), 'line_items[0][quantity]': '1',
      'line_items[1][price_data][unit_amount]': String(Math.round(PRICES.featured * 0.19)), 'line_items[1][price_data][product_data][name]': 'VAT 19 % (DE)',
      cancel_url: o.checkout_url, success_url: `${o.checkout_url}?paid=1`,
    });
    expect((await getOrder(o.number)).status).toBe('pending');
  });

  it('keeps the order pending and says so when Stripe refuses the session', async () => {
    stripeReply = { status: 400, body: { error: { message: 'Invalid API key' } } };
    const o = await newOrder([{ product: 'ai_review', listing_id: w.listings.live.id }], 'US');
    const b = new Browser(app.url);
    const html = await (await b.get(pathOf(o.checkout_url))).text();
    const action = `${pathOf(o.checkout_url)}/pay`;
    const res = await b.post(action, { ...hiddenFields(html, action), name: 'Ada Inc', address: 'Boston', country: 'US', vat_number: '' });
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('Nothing was charged');
    expect((await getOrder(o.number)).status).toBe('pending');
  });
});

describe('the Stripe webhook', () => {
  it('marks the order paid and fulfils it for a validly signed completed session', async () => {
    const o = await newOrder([{ product: 'billboard_min', listing_id: w.listings.live.id, amount_cents: 5000 }], 'US');
    const before = await contributions();
    const payload = event('evt_paid_1', o.number, o.totals.total_cents);
    const res = await deliver(payload, signStripePayload(payload, SECRET, NOW_S));
    expect(res).toEqual({ status: 200, body: { received: true, outcome: 'paid' } });
    expect(await getOrder(o.number)).toMatchObject({ status: 'fulfilled', payment_method: 'card', paid_at: new Date(TEST_NOW).toISOString() });
    expect(await contributions()).toBe(before + 1);

    // The same event delivered again (Stripe retries; an attacker replays inside the window): processed once.
    const again = await deliver(payload, signStripePayload(payload, SECRET, NOW_S + 60));
    expect(again).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
    expect(await contributions()).toBe(before + 1);

    // One receipt, to the buyer, with the total; the replay queued none.
    const mails = await receipts(o.number);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'alice-s@example.test', subject: expect.stringContaining(o.number) });
    expect(mails[0].text).toContain('Paid by: Card');
    expect(mails[0].text).toContain(`Total paid (USD): $${(o.totals.total_cents / 100).toFixed(2)}`);
  });

  it('a second event paying the same order changes nothing', async () => {
    const o = await newOrder([{ product: 'billboard_min', listing_id: w.listings.live.id, amount_cents: 3000 }], 'US');
    const first = event('evt_a', o.number, 3000);
    await deliver(first, signStripePayload(first, SECRET, NOW_S));
    const before = await contributions();
    const second = event('evt_b', o.number, 3000, { payment_intent: 'pi_other' });
    expect((await deliver(second, signStripePayload(second, SECRET, NOW_S))).body.outcome).toBe('already_paid');
    expect(await contributions()).toBe(before);
    expect(await receipts(o.number)).toHaveLength(1);
  });

  it('marks a paid order refunded when Stripe reports the charge refunded in full', async () => {
    const o = await newOrder([{ product: 'ai_review', listing_id: w.listings.live.id }], 'US');
    const paid = event('evt_to_refund', o.number, o.totals.total_cents);
    await deliver(paid, signStripePayload(paid, SECRET, NOW_S));
    const charge = (refunded: boolean, id: string) => JSON.stringify({ id, type: 'charge.refunded', data: { object: { object: 'charge', refunded, payment_intent: 'pi_evt_to_refund' } } });
    const partial = charge(false, 'evt_partial_refund');
    expect((await deliver(partial, signStripePayload(partial, SECRET, NOW_S))).body.outcome).toBe('ignored');
    expect((await getOrder(o.number)).status).toBe('paid');
    const full = charge(true, 'evt_full_refund');
    expect((await deliver(full, signStripePayload(full, SECRET, NOW_S))).body.outcome).toBe('refunded');
    expect((await getOrder(o.number)).status).toBe('refunded');
  });

  it.each([
    ['a bad signature', (p: string) => signStripePayload(p, 'whsec_wrong', NOW_S)],
    ['a signature of another payload', (p: string) => signStripePayload(`${p} `, SECRET, NOW_S)],
    ['a stale timestamp', (p: string) => signStripePayload(p, SECRET, NOW_S - 301)],
    ['a timestamp from the future', (p: string) => signStripePayload(p, SECRET, NOW_S + 301)],
    ['no signature header', () => null],
    ['a header without v1', () => `t=${NOW_S}`],
  ])('refuses %s with 400 and changes nothing', async (_name, sign) => {
    const o = await newOrder([{ product: 'ai_review', listing_id: w.listings.live.id }], 'US');
    const payload = event(`evt_bad_${Math.random()}`, o.number, o.totals.total_cents);
    const res = await deliver(payload, sign(payload));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/Stripe-Signature/);
    expect((await getOrder(o.number)).status).toBe('pending');
  });

  it('does not settle an order with a different amount, and ignores other event types', async () => {
    const o = await newOrder([{ product: 'ai_review', listing_id: w.listings.live.id }], 'US');
    const short = event('evt_short', o.number, o.totals.total_cents - 1);
    expect((await deliver(short, signStripePayload(short, SECRET, NOW_S))).body.outcome).toBe('amount_mismatch');
    const other = JSON.stringify({ id: 'evt_other', type: 'payment_intent.created', data: { object: { object: 'payment_intent' } } });
    expect((await deliver(other, signStripePayload(other, SECRET, NOW_S))).body.outcome).toBe('ignored');
    const unpaid = event('evt_unpaid', o.number, o.totals.total_cents, { payment_status: 'unpaid' });
    expect((await deliver(unpaid, signStripePayload(unpaid, SECRET, NOW_S))).body.outcome).toBe('ignored');
    expect((await getOrder(o.number)).status).toBe('pending');
    expect(await receipts(o.number)).toHaveLength(0);
  });
});

describe('verifyStripeSignature', () => {
  const payload = '{"id":"evt_1"}';
  it('accepts any matching v1 among several (secret rotation)', () => {
    const good = signStripePayload(payload, SECRET, NOW_S).split(',')[1];
    expect(() => verifyStripeSignature(payload, `t=${NOW_S},v1=${'0'.repeat(64)},${good},v0=abc`, SECRET, NOW_S)).not.toThrow();
  });
  it.each([
    ['a malformed timestamp', `t=abc,v1=${'0'.repeat(64)}`],
    ['a short signature', `t=${NOW_S},v1=abcd`],
  ])('refuses %s', (_name, header) => {
    expect(() => verifyStripeSignature(payload, header, SECRET, NOW_S)).toThrow(WebhookError);
  });
  it('accepts exactly the edge of the 300 s tolerance', () => {
    expect(() => verifyStripeSignature(payload, signStripePayload(payload, SECRET, NOW_S - 300), SECRET, NOW_S)).not.toThrow();
  });
});
