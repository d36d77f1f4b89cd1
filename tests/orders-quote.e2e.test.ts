import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { getJson, startApp, type TestApp, closeAll, resultBody } from './harness';
import { PRICES, admin, errorPaths, mcpAs, rest, seedOrderWorld, type OrderWorld } from './orders-helpers';
import { createApiKey } from '../auth/accounts';

// quote_order over REST and MCP: every product priced at the admin's price, every rule a 400 naming the item
// and field, another user's listing a 404, VAT previews, and an operator's price change showing at once.
let app: TestApp;
let w: OrderWorld;
const clients: Partial<Record<'modern' | 'legacy', Client>> = {};
const quote = (body: unknown, key = w.alice.key) => rest(app, key).post('/orders/quote', body);

beforeAll(async () => {
  app = await startApp({ demo: false }); // Wednesday 2026-11-18: bookable weeks start Monday 2026-11-23
  w = await seedOrderWorld(app, 'q');
  clients.modern = await mcpAs(app, 'modern', w.alice.key);
  clients.legacy = await mcpAs(app, 'legacy', w.alice.key);
});
afterAll(() => closeAll(app, clients));

describe('quote_order prices each product at the current admin price', () => {
  const L = () => w.listings;
  it.each<[string, () => Record<string, unknown>, number]>([
    ['launch now', () => ({ product: 'launch', listing_id: L().fresh.id }), PRICES.launch],
    ['launch in a chosen week', () => ({ product: 'launch', listing_id: L().fresh.id, week: '2026-12-07' }), PRICES.launch],
    ['skip_queue', () => ({ product: 'skip_queue', listing_id: L().queued.id, week: '2026-11-30' }), PRICES.skip_queue],
    ['featured', () => ({ product: 'featured', listing_id: L().live.id }), PRICES.featured],
    ['done_for_you', () => ({ product: 'done_for_you', listing_id: L().fresh.id, options: { tone: 'friendly', notes: 'B2B' } }), PRICES.done_for_you],
    ['launch_bundle', () => ({ product: 'launch_bundle', listing_id: L().fresh.id }), PRICES.launch_bundle],
    ['extra_categories', () => ({ product: 'extra_categories', listing_id: L().live.id, categories: ['q-design', 'q-sales'] }), PRICES.extra_categories],
    ['relaunch', () => ({ product: 'relaunch', listing_id: L().live.id, week: '2026-11-23' }), PRICES.relaunch],
    ['ai_review', () => ({ product: 'ai_review', listing_id: L().live.id }), PRICES.ai_review],
    ['billboard_min at its amount', () => ({ product: 'billboard_min', listing_id: L().live.id, amount_cents: 7777 }), 7777],
  ])('%s', async (_name, item, price) => {
    const { status, body } = await quote({ items: [item()] });
    expect(status).toBe(200);
    expect(body.saved).toBe(false);
    expect(body.lines).toEqual([expect.objectContaining({ item: 0, product: item().product, price_cents: price, listing_id: item().listing_id })]);
    expect(body.totals).toMatchObject({ currency: 'USD', subtotal_cents: price, vat_cents: 0, total_cents: price, vat_rule: 'not_determined' });
  });

  it('sums several items and saves nothing', async () => {
    const { status, body } = await quote({ items: [
      { product: 'launch', listing_id: w.listings.fresh.id }, { product: 'featured', listing_id: w.listings.fresh.id },
      { product: 'ai_review', listing_id: w.listings.live.id },
    ] });
    expect(status).toBe(200);
    expect(body.lines.map((l: any) => l.item)).toEqual([0, 1, 2]);
    expect(body.totals.subtotal_cents).toBe(PRICES.launch + PRICES.featured + PRICES.ai_review);
    expect(await app.db.engine.prepare('SELECT count(*) AS n FROM orders').get()).toEqual({ n: 0 });
  });
});

describe('VAT preview (seller in DE)', () => {
  const items = () => [{ product: 'launch', listing_id: w.listings.fresh.id }]; // 4900 cents
  it.each([
    ['DE consumer', { billing_country: 'DE' }, { vat_rule: 'domestic', vat_rate_percent: 19, vat_cents: 931, total_cents: 5831, reverse_charge: false, vat_country: 'DE' }],
    ['DE business with a number', { billing_country: 'DE', vat_number: 'DE 123456789' }, { vat_rule: 'domestic', vat_rate_percent: 19, vat_cents: 931, reverse_charge: false }],
    ['FR business with a valid number', { billing_country: 'FR', vat_number: 'FR40303265045' }, { vat_rule: 'reverse_charge', vat_rate_percent: 0, vat_cents: 0, total_cents: 4900, reverse_charge: true, vat_country: 'FR' }],
    ['FR consumer (OSS)', { billing_country: 'fr' }, { vat_rule: 'oss', vat_rate_percent: 20, vat_cents: 980, total_cents: 5880 }],
    ['US buyer', { billing_country: 'US' }, { vat_rule: 'outside_eu', vat_rate_percent: 0, vat_cents: 0, total_cents: 4900, reverse_charge: false, vat_country: null }],
  ])('%s', async (_name, billing, totals) => {
    const { status, body } = await quote({ items: items(), ...billing });
    expect(status).toBe(200);
    expect(body.totals).toMatchObject({ subtotal_cents: 4900, ...totals });
    expect(body.totals.vat_note.length).toBeGreaterThan(10);
  });

  it('normalises the VAT number it used', async () => {
    const { body } = await quote({ items: items(), billing_country: 'DE', vat_number: 'de 123 456 789' });
    expect(body).toMatchObject({ billing_country: 'DE', vat_number: 'DE123456789' });
  });

  it.each([
    ['a malformed number', { billing_country: 'FR', vat_number: 'FR12' }, 'vat_number'],
    ['a number of another country', { billing_country: 'FR', vat_number: 'DE123456789' }, 'vat_number'],
    ['a country that is not two letters', { billing_country: 'FRA' }, 'billing_country'],
    ['a number longer than 32', { billing_country: 'FR', vat_number: 'X'.repeat(33) }, 'vat_number'],
  ])('rejects %s with 400 naming the field', async (_name, billing, path) => {
    const { status, body } = await quote({ items: items(), ...billing });
    expect(status).toBe(400);
    expect(errorPaths(body)).toContain(path);
  });
});

describe('every failing rule is a 400 naming the item and field', () => {
  const L = () => w.listings;
  it.each<[string, () => unknown, string]>([
    ['no items', () => ({ items: [] }), 'items'],
    ['more than 20 items', () => ({ items: Array.from({ length: 21 }, () => ({ product: 'ai_review', listing_id: L().live.id })) }), 'items'],
    ['an unknown body property', () => ({ items: [{ product: 'ai_review', listing_id: L().live.id }], coupon: 'X' }), 'coupon'],
    ['an unknown item property', () => ({ items: [{ product: 'ai_review', listing_id: L().live.id, quantity: 2 }] }), 'items.0.quantity'],
    ['an unknown product', () => ({ items: [{ product: 'gold_plating', listing_id: L().live.id }] }), 'items.0.product'],
    ['a missing listing', () => ({ items: [{ product: 'featured' }] }), 'items.0.listing_id'],
    ['a listing id below 1', () => ({ items: [{ product: 'featured', listing_id: 0 }] }), 'items.0.listing_id'],
    ['a week not offered', () => ({ items: [{ product: 'launch', listing_id: L().fresh.id, week: '2026-11-16' }] }), 'items.0.week'],
    ['a week that is not a Monday', () => ({ items: [{ product: 'launch', listing_id: L().fresh.id, week: '2026-11-25' }] }), 'items.0.week'],
    ['a week beyond the bookable ones', () => ({ items: [{ product: 'launch', listing_id: L().fresh.id, week: '2027-06-07' }] }), 'items.0.week'],
    ['a week on a product without weeks', () => ({ items: [{ product: 'featured', listing_id: L().fresh.id, week: '2026-11-23' }] }), 'items.0.week'],
    ['skip_queue without a week', () => ({ items: [{ product: 'skip_queue', listing_id: L().queued.id }] }), 'items.0.week'],
    ['skip_queue of a listing not on the free plan', () => ({ items: [{ product: 'skip_queue', listing_id: L().fresh.id, week: '2026-11-23' }] }), 'items.0.listing_id'],
    ['relaunch without a week', () => ({ items: [{ product: 'relaunch', listing_id: L().live.id }] }), 'items.0.week'],
    ['relaunch of a listing never launched', () => ({ items: [{ product: 'relaunch', listing_id: L().fresh.id, week: '2026-11-23' }] }), 'items.0.listing_id'],
    ['launch of a live listing', () => ({ items: [{ product: 'launch', listing_id: L().live.id }] }), 'items.0.listing_id'],
    ['amount_cents on another product', () => ({ items: [{ product: 'featured', listing_id: L().fresh.id, amount_cents: 5000 }] }), 'items.0.amount_cents'],
    ['billboard_min without an amount', () => ({ items: [{ product: 'billboard_min', listing_id: L().live.id }] }), 'items.0.amount_cents'],
    ['billboard_min under the minimum', () => ({ items: [{ product: 'billboard_min', listing_id: L().live.id, amount_cents: 999 }] }), 'items.0.amount_cents'],
    ['amount_cents above the bound', () => ({ items: [{ product: 'billboard_min', listing_id: L().live.id, amount_cents: 100_000_001 }] }), 'items.0.amount_cents'],
    ['categories on another product', () => ({ items: [{ product: 'featured', listing_id: L().fresh.id, categories: ['q-ai'] }] }), 'items.0.categories'],
    ['an unknown category', () => ({ items: [{ product: 'extra_categories', listing_id: L().fresh.id, categories: ['q-ai', 'no-such-cat'] }] }), 'items.0.categories.1'],
    ['more than 3 extras counting the existing one', () => ({ items: [{ product: 'extra_categories', listing_id: L().live.id, categories: ['q-design', 'q-sales', 'q-marketing'] }] }), 'items.0.categories'],
    ['more than 10 categories', () => ({ items: [{ product: 'extra_categories', listing_id: L().fresh.id, categories: Array.from({ length: 11 }, (_, i) => `c${i}`) }] }), 'items.0.categories'],
    ['options on a product without options', () => ({ items: [{ product: 'featured', listing_id: L().fresh.id, options: { tone: 'friendly' } }] }), 'items.0.options'],
    ['an option outside its values', () => ({ items: [{ product: 'done_for_you', listing_id: L().fresh.id, options: { tone: 'angry' } }] }), 'items.0.options.tone'],
    ['an unknown option', () => ({ items: [{ product: 'done_for_you', listing_id: L().fresh.id, options: { colour: 'red' } }] }), 'items.0.options.colour'],
    ['more than 20 option properties', () => ({ items: [{ product: 'done_for_you', listing_id: L().fresh.id, options: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])) }] }), 'items.0.options'],
    ['two launches of one listing', () => ({ items: [{ product: 'launch', listing_id: L().fresh.id }, { product: 'skip_queue', listing_id: L().fresh.id, week: '2026-11-23' }] }), 'items.1.product'],
  ])('%s', async (_name, body, path) => {
    const res = await quote(body());
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_input');
    expect(errorPaths(res.body)).toContain(path);
  });

  it('names every failing item at once', async () => {
    const res = await quote({ items: [{ product: 'featured' }, { product: 'relaunch', listing_id: w.listings.live.id }] });
    expect(res.status).toBe(400);
    expect(errorPaths(res.body)).toEqual(['items.0.listing_id', 'items.1.week']);
  });

  it('refuses a product the operator retired', async () => {
    await app.db.engine.prepare("UPDATE products SET active = 0 WHERE code = 'ai_review'").run();
    const res = await quote({ items: [{ product: 'ai_review', listing_id: w.listings.live.id }] });
    await app.db.engine.prepare("UPDATE products SET active = 1 WHERE code = 'ai_review'").run();
    expect(res.status).toBe(400);
    expect(errorPaths(res.body)).toEqual(['items.0.product']);
  });
});

describe('listings that are not the caller\'s', () => {
  it.each([
    ['another user\'s listing', () => w.listings.bobs.id],
    ['a listing that does not exist', () => 999_999],
  ])('%s is a 404 naming the field, never a 403', async (_name, id) => {
    const res = await quote({ items: [{ product: 'featured', listing_id: id() }] });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
    expect(errorPaths(res.body)).toEqual(['items.0.listing_id']);
  });

  it('the owner can quote for it', async () => {
    expect((await quote({ items: [{ product: 'featured', listing_id: w.listings.bobs.id }] }, w.bob.key)).status).toBe(200);
  });
});

describe('access', () => {
  it('needs a caller (401) holding orders:write (403)', async () => {
    const anon = await getJson(`${app.api}/orders/quote`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ items: [{ product: 'featured', listing_id: 1 }] }) });
    expect(anon.status).toBe(401);
    const k = await createApiKey({ db: app.db, clock: app.clock }, w.alice.id, 'read only', ['account:read']);
    if ('errors' in k) throw new Error('no key');
    const res = await quote({ items: [{ product: 'featured', listing_id: w.listings.fresh.id }] }, k.key);
    expect(res.status).toBe(403);
  });
});

describe.each(['modern', 'legacy'] as const)('quote_order over MCP (%s era, API key as Bearer)', (era) => {
  it('returns what REST returns', async () => {
    const body = { items: [{ product: 'launch', listing_id: w.listings.fresh.id, week: '2026-11-30' }], billing_country: 'FR', vat_number: 'FR40303265045' };
    const res = await clients[era]!.callTool({ name: 'quote_order', arguments: body });
    expect(res.isError).toBeFalsy();
    expect(res.structuredContent).toEqual((await quote(body)).body);
    expect((res.structuredContent as any).totals.reverse_charge).toBe(true);
  });

  it('reports a failing rule and another user\'s listing as problems', async () => {
    const bad = await clients[era]!.callTool({ name: 'quote_order', arguments: { items: [{ product: 'billboard_min', listing_id: w.listings.live.id, amount_cents: 5 }] } });
    expect(bad.isError).toBe(true);
    expect(errorPaths(resultBody(bad))).toEqual(['items.0.amount_cents']);
    const foreign = await clients[era]!.callTool({ name: 'quote_order', arguments: { items: [{ product: 'featured', listing_id: w.listings.bobs.id }] } });
    expect(foreign.isError).toBe(true);
    expect(resultBody(foreign).code).toBe('not_found');
  });
});

describe('an operator price change', () => {
  it('shows in the next quote (set-price through the CLI)', async () => {
    expect(await admin(app, 'set-price', 'featured', '12345')).toBe(0);
    const res = await quote({ items: [{ product: 'featured', listing_id: w.listings.fresh.id }], billing_country: 'DE' });
    expect(res.body.lines[0].price_cents).toBe(12345);
    expect(res.body.totals).toMatchObject({ subtotal_cents: 12345, vat_cents: 2346, total_cents: 14691 });
    const mcp = await clients.modern!.callTool({ name: 'quote_order', arguments: { items: [{ product: 'featured', listing_id: w.listings.fresh.id }] } });
    expect((mcp.structuredContent as any).lines[0].price_cents).toBe(12345);
  });

  it('moves the billboard minimum', async () => {
    expect(await admin(app, 'set-price', 'billboard_min', '2000')).toBe(0);
    const res = await quote({ items: [{ product: 'billboard_min', listing_id: w.listings.live.id, amount_cents: 1500 }] });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ path: 'items.0.amount_cents', message: expect.stringMatching(/2000/) });
  });
});
