import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { TEST_NOW, startApp, type TestApp, closeAll, resultBody } from './harness';
import { PRICES, admin, errorPaths, mcpAs, rest, seedOrderWorld, type OrderWorld } from './orders-helpers';
import { createApiKey } from '../auth/accounts';
import { expireUnpaidOrders } from '../storage/queries/orders';

// create_checkout, get_order and list_my_orders over REST and MCP: a pending order with a number, totals with VAT
// and a checkout_url; another user's order is a 404; unpaid orders expire; the operator can record a payment.
let app: TestApp;
let w: OrderWorld;
const clients: Partial<Record<'modern' | 'legacy', Client>> = {};
const count = async () => await app.db.engine.prepare('SELECT count(*) FROM orders').pluck().get() as number;
const checkout = (body: unknown, key = w.alice.key, headers: Record<string, string> = {}) => rest(app, key).post('/orders/checkout', body, headers);

beforeAll(async () => {
  app = await startApp({ demo: false });
  w = await seedOrderWorld(app, 'c');
  clients.modern = await mcpAs(app, 'modern', w.alice.key);
  clients.legacy = await mcpAs(app, 'legacy', w.alice.key);
});
afterAll(() => closeAll(app, clients));

describe('create_checkout', () => {
  it('saves a pending order and answers 201 with its number, totals with VAT and checkout_url', async () => {
    const before = await count();
    const res = await checkout({
      items: [{ product: 'launch', listing_id: w.listings.fresh.id, week: '2026-11-30' }, { product: 'ai_review', listing_id: w.listings.live.id }],
      billing_country: 'DE',
    });
    expect(res.status).toBe(201);
    expect(await count()).toBe(before + 1);
    const o = res.body;
    expect(o.number).toMatch(/^ORD-2026-\d{6}$/);
    expect(o.number.length).toBeLessThanOrEqual(32);
    expect(o.status).toBe('pending');
    expect(o.checkout_url).toMatch(new RegExp(`^${app.url}/checkout/[A-Za-z0-9_-]{32}$`));
    expect(o.created_at).toBe(new Date(TEST_NOW).toISOString());
    expect(o.expires_at).toBe('2026-11-25T12:00:00.000Z');
    expect(o.paid_at).toBeNull();
    const subtotal = PRICES.launch + PRICES.ai_review;
    expect(o.totals).toEqual({
      currency: 'USD', subtotal_cents: subtotal, vat_rate_percent: 19, vat_cents: Math.round(subtotal * 0.19), total_cents: subtotal + Math.round(subtotal * 0.19),
      reverse_charge: false, vat_rule: 'domestic', vat_country: 'DE', vat_note: expect.any(String),
    });
    expect(o.lines).toEqual([
      expect.objectContaining({ item: 0, product: 'launch', week: '2026-11-30', price_cents: PRICES.launch, fulfilled: false, fulfilled_at: null }),
      expect.objectContaining({ item: 1, product: 'ai_review', week: null, price_cents: PRICES.ai_review, fulfilled: false }),
    ]);
  });

  it('gives every order its own number and link', async () => {
    const a = await checkout({ items: [{ product: 'featured', listing_id: w.listings.fresh.id }] });
    const b = await checkout({ items: [{ product: 'featured', listing_id: w.listings.fresh.id }] });
    expect(a.body.number).not.toBe(b.body.number);
    expect(a.body.checkout_url).not.toBe(b.body.checkout_url);
  });

  it('validates like quote_order and saves nothing on failure', async () => {
    const before = await count();
    const bad = await checkout({ items: [{ product: 'relaunch', listing_id: w.listings.live.id }] });
    expect(bad.status).toBe(400);
    expect(errorPaths(bad.body)).toEqual(['items.0.week']);
    const foreign = await checkout({ items: [{ product: 'featured', listing_id: w.listings.bobs.id }] });
    expect(foreign.status).toBe(404);
    expect(errorPaths(foreign.body)).toEqual(['items.0.listing_id']);
    expect(await count()).toBe(before);
  });

  it('replays a retry with the same Idempotency-Key instead of ordering twice', async () => {
    const body = { items: [{ product: 'ai_review', listing_id: w.listings.fresh2.id }] };
    const first = await checkout(body, w.alice.key, { 'idempotency-key': 'order-retry-1' });
    const before = await count();
    const again = await checkout(body, w.alice.key, { 'idempotency-key': 'order-retry-1' });
    expect(again.status).toBe(201);
    expect(again.body.number).toBe(first.body.number);
    expect(await count()).toBe(before);
  });

  it.each(['modern', 'legacy'] as const)('works over MCP (%s era) with the API key as Bearer', async (era) => {
    const res = await clients[era]!.callTool({ name: 'create_checkout', arguments: { items: [{ product: 'featured', listing_id: w.listings.fresh.id }], billing_country: 'FR' } });
    expect(res.isError).toBeFalsy();
    const o = res.structuredContent as any;
    expect(o).toMatchObject({ status: 'pending', totals: { vat_rule: 'oss', vat_rate_percent: 20 }, checkout_url: expect.stringContaining(`${app.url}/checkout/`) });
    expect((await rest(app, w.alice.key).get(`/orders/${o.number}`)).body).toEqual(o);
    const bad = await clients[era]!.callTool({ name: 'create_checkout', arguments: { items: [{ product: 'featured', listing_id: w.listings.fresh.id, week: '2026-11-23' }] } });
    expect(bad.isError).toBe(true);
    expect(errorPaths(resultBody(bad))).toEqual(['items.0.week']);
  });

  it('needs orders:write', async () => {
    const k = await createApiKey({ db: app.db, clock: app.clock }, w.alice.id, 'reader', ['account:read']);
    if ('errors' in k) throw new Error('no key');
    expect((await checkout({ items: [{ product: 'featured', listing_id: w.listings.fresh.id }] }, k.key)).status).toBe(403);
  });
});

describe('get_order', () => {
  it('returns the order over REST and MCP (both eras) alike', async () => {
    const made = (await checkout({ items: [{ product: 'featured', listing_id: w.listings.fresh.id }], billing_country: 'US' })).body;
    const got = await rest(app, w.alice.key).get(`/orders/${made.number}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(made);
    for (const era of ['modern', 'legacy'] as const) {
      const res = await clients[era]!.callTool({ name: 'get_order', arguments: { number: made.number } });
      expect(res.isError).toBeFalsy();
      expect(res.structuredContent).toEqual(made);
    }
  });

  it('is a 404 for another user\'s order and for unknown numbers, a 400 for a number over 32 characters', async () => {
    const made = (await checkout({ items: [{ product: 'featured', listing_id: w.listings.fresh.id }] })).body;
    const asBob = await rest(app, w.bob.key).get(`/orders/${made.number}`);
    expect(asBob.status).toBe(404);
    expect(asBob.body.code).toBe('not_found');
    expect((await rest(app, w.alice.key).get('/orders/ORD-2026-999999')).status).toBe(404);
    const long = await rest(app, w.alice.key).get(`/orders/${'X'.repeat(33)}`);
    expect(long.status).toBe(400);
    expect(errorPaths(long.body)).toEqual(['number']);
    const bob = await mcpAs(app, 'modern', w.bob.key);
    try {
      const res = await bob.callTool({ name: 'get_order', arguments: { number: made.number } });
      expect(res.isError).toBe(true);
      expect(resultBody(res).code).toBe('not_found');
    } finally {
      await bob.close();
    }
  });
});

describe('list_my_orders', () => {
  it('lists the caller\'s orders newest first with status, paged', async () => {
    const fresh = await startApp({ demo: false });
    try {
      const v = await seedOrderWorld(fresh, 'l');
      const numbers: string[] = [];
      for (let i = 0; i < 3; i++) {
        fresh.clock.advance(60_000);
        numbers.push((await rest(fresh, v.alice.key).post('/orders/checkout', { items: [{ product: 'ai_review', listing_id: v.listings.live.id }] })).body.number);
      }
      await rest(fresh, v.bob.key).post('/orders/checkout', { items: [{ product: 'ai_review', listing_id: v.listings.bobs.id }] });
      const all = await rest(fresh, v.alice.key).get('/orders');
      expect(all.status).toBe(200);
      expect(all.body).toMatchObject({ page: 1, per_page: 20, total: 3 });
      expect(all.body.items.map((o: any) => o.number)).toEqual([...numbers].reverse());
      expect(all.body.items[0]).toEqual({
        number: numbers[2], status: 'pending', created_at: expect.any(String), paid_at: null, products: ['ai_review'], currency: 'USD',
        total_cents: PRICES.ai_review, checkout_url: expect.stringContaining('/checkout/'),
      });
      const page2 = await rest(fresh, v.alice.key).get('/orders?per_page=2&page=2');
      expect(page2.body).toMatchObject({ page: 2, per_page: 2, total: 3 });
      expect(page2.body.items.map((o: any) => o.number)).toEqual([numbers[0]]);
      expect((await rest(fresh, v.alice.key).get('/orders?per_page=101')).status).toBe(400);
      const mcp = await mcpAs(fresh, 'legacy', v.alice.key);
      try {
        const res = await mcp.callTool({ name: 'list_my_orders', arguments: { per_page: 2 } });
        expect((res.structuredContent as any).items.map((o: any) => o.number)).toEqual([numbers[2], numbers[1]]);
      } finally {
        await mcp.close();
      }
    } finally {
      await fresh.close();
    }
  });
});

describe('payments recorded by the operator', () => {
  it('mark-paid fulfils the order; repeating or naming an unknown order is refused', async () => {
    const made = (await checkout({ items: [{ product: 'featured', listing_id: w.listings.fresh3.id }], billing_country: 'FR', vat_number: 'FR40303265045' })).body;
    expect(await admin(app, 'mark-paid', made.number, '--method', 'crypto')).toBe(0);
    const got = (await rest(app, w.alice.key).get(`/orders/${made.number}`)).body;
    expect(got).toMatchObject({ status: 'fulfilled', payment_method: 'crypto', paid_at: new Date(TEST_NOW).toISOString() });
    expect(got.checkout_url).toBeUndefined();
    expect(got.lines[0]).toMatchObject({ fulfilled: true, fulfilled_at: expect.any(String) });
    expect(await app.db.engine.prepare('SELECT featured FROM listings WHERE id = ?').get(w.listings.fresh3.id)).toEqual({ featured: 1 });
    expect(await admin(app, 'mark-paid', made.number)).toBe(1);
    expect(await admin(app, 'mark-paid', 'ORD-0000-000000')).toBe(1);
    expect(await admin(app, 'mark-paid', made.number, '--method', 'cheque')).toBe(2);
  });
});

describe('unpaid orders expire', () => {
  it('are cancelled after 7 days, seen lazily on read', async () => {
    const made = (await checkout({ items: [{ product: 'ai_review', listing_id: w.listings.fresh.id }] })).body;
    app.clock.advance(7 * 86_400_000 - 1000);
    expect((await rest(app, w.alice.key).get(`/orders/${made.number}`)).body.status).toBe('pending');
    app.clock.advance(2000);
    const got = (await rest(app, w.alice.key).get(`/orders/${made.number}`)).body;
    expect(got).toMatchObject({ status: 'cancelled', expires_at: null, cancelled_at: expect.any(String) });
    expect(got.checkout_url).toBeUndefined();
    const listed = (await rest(app, w.alice.key).get('/orders?per_page=100')).body.items.find((o: any) => o.number === made.number);
    expect(listed.status).toBe('cancelled');
    app.clock.set(TEST_NOW);
  });

  it('expireUnpaidOrders cancels every overdue pending order and nothing else', async () => {
    await checkout({ items: [{ product: 'ai_review', listing_id: w.listings.fresh.id }] });
    const pending = async () => await app.db.engine.prepare("SELECT count(*) FROM orders WHERE status = 'pending'").pluck().get() as number;
    const n = await pending();
    expect(n).toBeGreaterThan(0);
    expect(await expireUnpaidOrders(app.db, new Date(TEST_NOW))).toBe(0);
    expect(await expireUnpaidOrders(app.db, new Date(Date.parse(TEST_NOW) + 8 * 86_400_000))).toBe(n);
    expect(await pending()).toBe(0);
    expect(await app.db.engine.prepare("SELECT count(*) FROM orders WHERE status = 'fulfilled'").pluck().get()).toBe(1);
  });
});
