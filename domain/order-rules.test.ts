import { describe, expect, it } from 'vitest';
import { checkOrderItems, type ListingInfo, type OrderItem, type ProductInfo, type RuleContext } from './order-rules';

const TONE = { description: 'Tone', properties: {
  tone: { type: 'string', description: 'Voice', enum: ['friendly', 'technical'] },
  notes: { type: 'string', description: 'Notes' },
  pages: { type: 'integer', description: 'Pages' },
  rush: { type: 'boolean', description: 'Rush' },
} };
const product = (code: string, priceCents: number, weekRule: ProductInfo['weekRule'] = 'none', options: ProductInfo['options'] = null): ProductInfo =>
  ({ code, name: code.replace('_', ' '), priceCents, needsListing: true, weekRule, options });
const PRODUCTS = [
  product('launch', 4900, 'optional'), product('skip_queue', 1900, 'required'), product('featured', 9900),
  product('done_for_you', 14900, 'none', TONE), product('launch_bundle', 19900, 'none', TONE), product('extra_categories', 2900),
  product('relaunch', 3900, 'required'), product('ai_review', 1900), product('billboard_min', 1000),
];
const listing = (id: number, over: Partial<ListingInfo> = {}): ListingInfo =>
  ({ id, status: 'submitted', plan: null, featured: false, categoryIds: [1], extraCount: 0, ...over });

const ctx: RuleContext = {
  products: new Map(PRODUCTS.map((p) => [p.code, p])),
  listings: new Map([
    [1, listing(1)],
    [2, listing(2, { status: 'scheduled', plan: 'free' })], // waiting in the free queue
    [3, listing(3, { status: 'live', plan: 'paid', featured: true, categoryIds: [1, 2, 3], extraCount: 2 })],
    [4, listing(4, { status: 'scheduled', plan: 'paid' })],
    [5, listing(5, { status: 'rejected' })],
  ]),
  categories: new Map([['dev-tools', 1], ['ai', 2], ['design', 3], ['marketing', 4], ['sales', 5]]),
  weeks: new Map([['2026-11-23', 2], ['2026-11-30', 1]]),
  billboardMinCents: 1000,
};
const check = (...items: OrderItem[]) => checkOrderItems(items, ctx);
const paths = (...items: OrderItem[]) => {
  const r = check(...items);
  return r.ok ? [] : r.problems.map((p) => p.path);
};

describe('valid items are priced at the given prices', () => {
  it.each<[string, OrderItem, number]>([
    ['launch now', { product: 'launch', listing_id: 1 }, 4900],
    ['launch in a week', { product: 'launch', listing_id: 1, week: '2026-11-23' }, 4900],
    ['skip_queue', { product: 'skip_queue', listing_id: 2, week: '2026-11-30' }, 1900],
    ['featured', { product: 'featured', listing_id: 1 }, 9900],
    ['done_for_you with options', { product: 'done_for_you', listing_id: 1, options: { tone: 'friendly', notes: 'x', pages: 3, rush: true } }, 14900],
    ['launch_bundle', { product: 'launch_bundle', listing_id: 2 }, 19900],
    ['extra_categories', { product: 'extra_categories', listing_id: 1, categories: ['ai', 'design', 'sales'] }, 2900],
    ['relaunch', { product: 'relaunch', listing_id: 3, week: '2026-11-23' }, 3900],
    ['ai_review', { product: 'ai_review', listing_id: 3 }, 1900],
    ['billboard_min at its amount', { product: 'billboard_min', listing_id: 3, amount_cents: 2500 }, 2500],
  ])('%s', (_name, item, price) => {
    const r = check(item);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.lines[0]).toMatchObject({ position: 0, product: item.product, priceCents: price, listingId: item.listing_id });
  });
});

describe('each failing rule names the item and field', () => {
  it.each<[string, OrderItem[], string[]]>([
    ['unknown product', [{ product: 'gold_plating', listing_id: 1 }], ['items.0.product']],
    ['listing required', [{ product: 'featured' }], ['items.0.listing_id']],
    ['week not offered', [{ product: 'launch', listing_id: 1, week: '2026-11-16' }], ['items.0.week']],
    ['week on a product without weeks', [{ product: 'featured', listing_id: 1, week: '2026-11-23' }], ['items.0.week']],
    ['skip_queue needs a week', [{ product: 'skip_queue', listing_id: 2 }], ['items.0.week']],
    ['skip_queue needs a free listing', [{ product: 'skip_queue', listing_id: 1, week: '2026-11-23' }], ['items.0.listing_id']],
    ['relaunch needs a week', [{ product: 'relaunch', listing_id: 3 }], ['items.0.week']],
    ['relaunch needs a live listing', [{ product: 'relaunch', listing_id: 1, week: '2026-11-23' }], ['items.0.listing_id']],
    ['launch of a live listing', [{ product: 'launch', listing_id: 3 }], ['items.0.listing_id']],
    ['launch of a listing with a paid launch booked', [{ product: 'launch', listing_id: 4 }], ['items.0.listing_id']],
    ['launch of a rejected listing', [{ product: 'launch', listing_id: 5 }], ['items.0.listing_id']],
    ['featured twice', [{ product: 'featured', listing_id: 3 }], ['items.0.listing_id']],
    ['amount on another product', [{ product: 'featured', listing_id: 1, amount_cents: 5000 }], ['items.0.amount_cents']],
    ['billboard without amount', [{ product: 'billboard_min', listing_id: 1 }], ['items.0.amount_cents']],
    ['billboard under the minimum', [{ product: 'billboard_min', listing_id: 1, amount_cents: 999 }], ['items.0.amount_cents']],
    ['categories on another product', [{ product: 'featured', listing_id: 1, categories: ['ai'] }], ['items.0.categories']],
    ['extra_categories without categories', [{ product: 'extra_categories', listing_id: 1 }], ['items.0.categories']],
    ['unknown category', [{ product: 'extra_categories', listing_id: 1, categories: ['ai', 'nope'] }], ['items.0.categories.1']],
    ['category named twice', [{ product: 'extra_categories', listing_id: 1, categories: ['ai', 'ai'] }], ['items.0.categories.1']],
    ['category the listing already has', [{ product: 'extra_categories', listing_id: 1, categories: ['dev-tools'] }], ['items.0.categories.0']],
    ['more than 3 extras counting existing ones', [{ product: 'extra_categories', listing_id: 3, categories: ['marketing', 'sales'] }], ['items.0.categories']],
    ['more than 3 extras across two items', [
      { product: 'extra_categories', listing_id: 1, categories: ['ai', 'design'] },
      { product: 'extra_categories', listing_id: 1, categories: ['marketing', 'sales'] },
    ], ['items.1.categories']],
    ['options on a product without options', [{ product: 'featured', listing_id: 1, options: { tone: 'friendly' } }], ['items.0.options']],
    ['unknown option', [{ product: 'done_for_you', listing_id: 1, options: { colour: 'red' } }], ['items.0.options.colour']],
    ['option outside its enum', [{ product: 'done_for_you', listing_id: 1, options: { tone: 'angry' } }], ['items.0.options.tone']],
    ['option of the wrong type', [{ product: 'done_for_you', listing_id: 1, options: { pages: 1.5, rush: 'yes' } }], ['items.0.options.pages', 'items.0.options.rush']],
    ['two launches of one listing', [{ product: 'launch', listing_id: 1 }, { product: 'launch_bundle', listing_id: 1 }], ['items.1.product']],
    ['the same product twice for a listing', [{ product: 'ai_review', listing_id: 1 }, { product: 'ai_review', listing_id: 1 }], ['items.1.product']],
    ['more launches in a week than slots', [
      { product: 'launch', listing_id: 1, week: '2026-11-30' }, { product: 'launch', listing_id: 2, week: '2026-11-30' },
    ], ['items.1.week']],
  ])('%s', (_name, items, expected) => {
    const r = check(...items);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.kind).toBe('invalid');
    expect(paths(...items)).toEqual(expected);
  });

  it('collects problems of several items at once', () => {
    expect(paths({ product: 'featured' }, { product: 'launch', listing_id: 1, week: 'soon' }, { product: 'nope' }))
      .toEqual(['items.0.listing_id', 'items.1.week', 'items.2.product']);
  });
});

describe('listings the caller does not own', () => {
  it('are not found (never forbidden), naming the field', () => {
    const r = check({ product: 'featured', listing_id: 1 }, { product: 'featured', listing_id: 99 });
    expect(r).toEqual({ ok: false, kind: 'not_found', problems: [{ path: 'items.1.listing_id', message: expect.stringMatching(/not found/) }] });
  });
});
