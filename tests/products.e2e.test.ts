import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { getJson, startApp, type TestApp, openClients, closeAll, resultBody } from './harness';
import { addListing, insertRow } from './fixtures';
import { products } from '../storage/schema';
import { setSetting } from '../storage/queries/settings';

let app: TestApp;
const clients: Partial<Record<'modern' | 'legacy', Client>> = {};

type ProductRow = typeof products.$inferInsert;
const OPTIONS = {
  description: 'How the copy should sound.',
  properties: { tone: { type: 'string', description: 'Voice', enum: ['friendly', 'technical'] } },
};

// Base data may already hold these codes: replace them so the test owns every value it asserts.
async function upsertProduct(p: ProductRow) {
  await app.db.engine.prepare('DELETE FROM products WHERE code = ?').run(p.code);
  await insertRow(app.db, products, p);
}

beforeAll(async () => {
  app = await startApp({ demo: false }); // now = Wednesday 2026-11-18; the current week starts 2026-11-16
  await upsertProduct({ code: 'launch', name: 'Paid launch', description: 'Go live now or in a week.', priceCents: 4321, weekRule: 'optional', needsListing: true, options: null, position: 1 });
  await upsertProduct({ code: 'skip_queue', name: 'Skip the queue', description: 'Earlier week.', priceCents: 1234, weekRule: 'required', needsListing: true, options: null, position: 2 });
  await upsertProduct({ code: 'featured', name: 'Featured', description: 'Featured spots.', priceCents: 9999, weekRule: 'none', needsListing: true, options: null, position: 3 });
  await upsertProduct({ code: 'done_for_you', name: 'Done for you', description: 'We write it.', priceCents: 15000, weekRule: 'none', needsListing: true, options: OPTIONS, position: 4 });
  await upsertProduct({ code: 'retired_thing', name: 'Retired', description: 'No longer sold.', priceCents: 100, weekRule: 'none', needsListing: false, active: false, position: 5 });
  await setSetting(app.db, 'bookable_weeks', '4');
  await setSetting(app.db, 'paid_week_capacity', '2');
  await setSetting(app.db, 'billboard_min_cents', '2500');
  // 2026-11-23 is full (2 paid launches); 2026-11-30 has one paid launch; drafts and free launches hold no paid slot.
  await addListing(app.db, { name: 'Paid One', status: 'scheduled', plan: 'paid', launchWeek: '2026-11-23' });
  await addListing(app.db, { name: 'Paid Two', status: 'live', plan: 'paid', launchWeek: '2026-11-23' });
  await addListing(app.db, { name: 'Paid Three', status: 'scheduled', plan: 'paid', launchWeek: '2026-11-30' });
  await addListing(app.db, { name: 'Paid Draft', status: 'submitted', plan: 'paid', launchWeek: '2026-11-30' });
  await addListing(app.db, { name: 'Free One', status: 'scheduled', plan: 'free', launchWeek: '2026-11-30' });
  await addListing(app.db, { name: 'Paid Past', status: 'live', plan: 'paid', launchWeek: '2026-11-16' });
  await openClients(app, clients);
});
afterAll(() => closeAll(app, clients));

const rest = () => getJson(`${app.api}/products`);
const byCode = (body: any, code: string) => body.items.find((i: any) => i.code === code);
const WEEKS = [{ week: '2026-11-30', remaining: 1 }, { week: '2026-12-07', remaining: 2 }, { week: '2026-12-14', remaining: 2 }];

describe('list_products over REST', () => {
  it('lists active products at the database prices, excluding VAT', async () => {
    const { status, body } = await rest();
    expect(status).toBe(200);
    expect(body.billboard_min_cents).toBe(2500);
    expect(byCode(body, 'retired_thing')).toBeUndefined();
    expect(byCode(body, 'launch')).toEqual({
      code: 'launch', name: 'Paid launch', description: 'Go live now or in a week.', price_cents: 4321, currency: 'USD',
      vat_included: false, needs_listing: true, week_rule: 'optional', weeks: WEEKS,
    });
    expect(byCode(body, 'featured')).toEqual({
      code: 'featured', name: 'Featured', description: 'Featured spots.', price_cents: 9999, currency: 'USD',
      vat_included: false, needs_listing: true, week_rule: 'none',
    });
  });

  it('offers the same bookable weeks for skip_queue, skipping full weeks', async () => {
    const { body } = await rest();
    expect(byCode(body, 'skip_queue')).toMatchObject({ price_cents: 1234, week_rule: 'required', weeks: WEEKS });
    expect(byCode(body, 'skip_queue').weeks.map((w: any) => w.week)).not.toContain('2026-11-23');
  });

  it('describes options only where the product takes them', async () => {
    const { body } = await rest();
    expect(byCode(body, 'done_for_you').options).toEqual(OPTIONS);
    expect(byCode(body, 'done_for_you')).not.toHaveProperty('weeks');
    expect(byCode(body, 'launch')).not.toHaveProperty('options');
  });

  it('shows an admin price change at once', async () => {
    await app.db.engine.prepare('UPDATE products SET price_cents = ? WHERE code = ?').run(5555, 'launch');
    expect(byCode((await rest()).body, 'launch').price_cents).toBe(5555);
    for (const era of ['modern', 'legacy'] as const) {
      const res = await clients[era]!.callTool({ name: 'list_products', arguments: {} });
      expect(byCode(res.structuredContent, 'launch').price_cents).toBe(5555);
    }
    await setSetting(app.db, 'billboard_min_cents', '3100');
    expect((await rest()).body.billboard_min_cents).toBe(3100);
  });

  it('follows the capacity settings', async () => {
    await setSetting(app.db, 'paid_week_capacity', '1');
    await setSetting(app.db, 'bookable_weeks', '2');
    expect(byCode((await rest()).body, 'launch').weeks).toEqual([]); // 11-23 and 11-30 are both full now
    await setSetting(app.db, 'bookable_weeks', '3');
    expect(byCode((await rest()).body, 'launch').weeks).toEqual([{ week: '2026-12-07', remaining: 1 }]);
    await setSetting(app.db, 'paid_week_capacity', '2');
    await setSetting(app.db, 'bookable_weeks', '4');
  });

  it('rejects any input with 400 naming the field', async () => {
    const { status, body } = await getJson(`${app.api}/products?code=launch`);
    expect(status).toBe(400);
    expect(body.errors.map((e: any) => e.path)).toContain('code');
  });
});

describe.each(['modern', 'legacy'] as const)('list_products over MCP (%s era)', (era) => {
  it('returns what REST returns', async () => {
    const res = await clients[era]!.callTool({ name: 'list_products', arguments: {} });
    expect(res.isError).toBeFalsy();
    expect(res.structuredContent).toEqual((await rest()).body);
    expect(byCode(res.structuredContent, 'skip_queue').weeks.length).toBeGreaterThan(0);
  });

  it('rejects unknown arguments', async () => {
    const res = await clients[era]!.callTool({ name: 'list_products', arguments: { currency: 'EUR' } });
    expect(res.isError).toBe(true);
    expect(resultBody(res).errors.map((e: any) => e.path)).toContain('currency');
  });
});
