import { z } from 'zod';
import { defineTool } from '../define';
import { activeProducts, billboardMinCents, selectableWeeks } from '../../storage/queries/products';
import { mondayOf } from '../../domain/weeks';
import { rememberShowing } from '../remembered';

const product = z.object({
  code: z.string().describe('Product code; pass it as items[].product to quote_order and create_checkout'),
  name: z.string().describe('Product name'),
  description: z.string().describe('What the product does'),
  price_cents: z.number().int().describe('Current price in USD cents, excluding VAT (set by the site admin; read it, never hardcode it)'),
  currency: z.literal('USD').describe('Currency of price_cents'),
  vat_included: z.literal(false).describe('Prices exclude VAT; quote_order shows VAT for a billing country'),
  needs_listing: z.boolean().describe('Whether an order item needs listing_id (one of your listings from list_my_listings)'),
  options: z.object({
    description: z.string().describe('What the options object carries'),
    properties: z.record(z.string(), z.object({
      type: z.string().describe('JSON type of the value'),
      description: z.string().describe('What the value means'),
      enum: z.array(z.string()).optional().describe('Allowed values'),
    })).describe('Accepted option properties, JSON-schema-like'),
  }).optional().describe('The items[].options object this product takes; absent when it takes none'),
  week_rule: z.enum(['optional', 'required', 'none']).describe('Whether items[].week is optional (omit to go live now), required, or not taken'),
  weeks: z.array(z.object({
    week: z.string().describe('Launch week Monday (YYYY-MM-DD); pass it as items[].week'),
    remaining: z.number().int().describe('Paid launch slots still free that week'),
  })).optional().describe('Selectable launch weeks with free slots; present for products that take a week'),
});

export const list_products = defineTool({
  name: 'list_products',
  title: 'Products and prices',
  description:
    'List what can be ordered (launch, skip_queue, featured, …) with current prices in USD cents excluding VAT, whether a listing is needed, options and selectable launch weeks. '
    + 'Call it before quote_order or create_checkout: prices are set by the admin and change, so never hardcode them.',
  scope: 'public',
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  http: { method: 'GET', path: '/products' },
  input: z.object({}).strict(),
  output: z.object({
    items: z.array(product).describe('Products that can be ordered now'),
    billboard_min_cents: z.number().int().describe('Minimum amount_cents for billboard_min, in USD cents'),
  }),
  // Remembered for the week (the selectable weeks follow this Monday) until a product, a setting (capacity, bookable
  // weeks, billboard minimum) or which listings are scheduled or live where changes: a paid launch taking a slot
  // writes its status and week (migration 0011 listing_status), and its plan with them.
  async run(ctx) {
    const now = ctx.clock.now();
    return rememberShowing(ctx, 'list_products', mondayOf(now), ['products', 'settings', 'listing_status'], async () => {
      const products = await activeProducts(ctx.db);
      const weeks = products.some((p) => p.weekRule !== 'none') ? await selectableWeeks(ctx.db, now) : [];
      return {
        value: {
          items: products.map((p) => ({
            code: p.code, name: p.name, description: p.description, price_cents: p.priceCents,
            currency: 'USD' as const, vat_included: false as const, needs_listing: p.needsListing,
            ...(p.options ? { options: p.options } : {}),
            week_rule: p.weekRule,
            ...(p.weekRule !== 'none' ? { weeks } : {}),
          })),
          billboard_min_cents: await billboardMinCents(ctx.db),
        },
      };
    });
  },
});
