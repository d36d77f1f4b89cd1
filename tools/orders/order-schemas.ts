import { z } from 'zod';
import { countryCode, slug, timestamp } from '../schemas';
import { ORDER_STATUSES, VAT_RULES } from '../../storage/schema/orders';
import type { OrderLineRecord, OrderRecord } from '../../storage/queries/orders';
import type { PricedLine } from '../../domain/order-rules';
import { ratePercent, vatNote } from '../../domain/vat';

// The body quote_order and create_checkout share, with the spec's bounds; the rules the schema cannot say
// (which product takes what, weeks, ownership, minimums) live in domain/order-rules.ts.
const MAX_OPTIONS = 20;
const orderItem = z.object({
  product: z.string().min(1).max(60).describe('Product code from list_products: launch, skip_queue, featured, done_for_you, launch_bundle, extra_categories, relaunch, ai_review, billboard_min'),
  listing_id: z.number().int().min(1).optional().describe('One of your listings (list_my_listings); required for products with needs_listing'),
  week: z.string().max(10).optional().describe('Launch week Monday (YYYY-MM-DD) from list_products weeks. launch: optional (omit to go live now); skip_queue and relaunch: required'),
  amount_cents: z.number().int().min(1).max(100_000_000).optional().describe('billboard_min only: the amount to contribute in USD cents, at least billboard_min_cents'),
  categories: z.array(slug('Category slug from list_categories')).max(10).optional().describe('extra_categories only: category slugs to add; a listing has at most 3 extra categories in total'),
  options: z.record(z.string(), z.unknown())
    .refine((o) => Object.keys(o).length <= MAX_OPTIONS, `must have at most ${MAX_OPTIONS} properties`)
    .meta({ maxProperties: MAX_OPTIONS })
    .optional().describe('Only for products whose list_products entry has options: the values it describes (max 20 properties)'),
}).strict().describe('One thing to order');

export const orderInput = z.object({
  items: z.array(orderItem).min(1).max(20).describe('What to order, 1 to 20 items'),
  billing_country: countryCode().optional().describe('Two-letter country of the buyer, for the VAT preview (the checkout page asks again)'),
  vat_number: z.string().max(32).optional().describe('EU VAT number of a business buyer; a valid number from another EU country than the seller gets reverse charge (0 % VAT)'),
}).strict();
export type OrderInput = z.infer<typeof orderInput>;

export const lineOutput = z.object({
  item: z.number().int().describe('Index of the item in the request (items.N)'),
  product: z.string().describe('Product code'),
  name: z.string().describe('Product name'),
  listing_id: z.number().int().nullable().describe('The listing the line is for'),
  week: z.string().nullable().describe('Chosen launch week Monday, if any'),
  amount_cents: z.number().int().nullable().describe('Billboard contribution in USD cents (billboard_min only)'),
  categories: z.array(z.string()).nullable().describe('Categories added (extra_categories only)'),
  options: z.record(z.string(), z.unknown()).nullable().describe('Options given for the product'),
  price_cents: z.number().int().describe('Line price in USD cents excluding VAT, at the current admin price'),
});

export const totalsOutput = z.object({
  currency: z.literal('USD').describe('Currency of every amount'),
  subtotal_cents: z.number().int().describe('Sum of the lines, excluding VAT'),
  vat_rate_percent: z.number().describe('VAT rate applied, in percent (0 for reverse charge or outside the EU)'),
  vat_cents: z.number().int().describe('VAT on the subtotal'),
  total_cents: z.number().int().describe('Amount to pay: subtotal plus VAT'),
  reverse_charge: z.boolean().describe('True when an EU business from another country accounts for the VAT itself'),
  vat_rule: z.enum(VAT_RULES).describe('domestic (seller country), oss (buyer country rate), reverse_charge, outside_eu, or not_determined (no billing country yet)'),
  vat_country: z.string().nullable().describe('Country whose VAT rate applies'),
  vat_note: z.string().describe('The VAT rule in words'),
});

export const orderOutput = z.object({
  number: z.string().describe('Order number; pass it to get_order'),
  status: z.enum(ORDER_STATUSES).describe('pending (awaiting payment), paid, fulfilled (every line done), cancelled (expired unpaid) or refunded'),
  created_at: timestamp().describe('When the order was made'),
  expires_at: timestamp().nullable().describe('While pending: when the unpaid order is cancelled'),
  paid_at: timestamp().nullable().describe('When payment was confirmed'),
  fulfilled_at: timestamp().nullable().describe('When the last line was fulfilled'),
  cancelled_at: timestamp().nullable().describe('When the order was cancelled'),
  checkout_url: z.string().optional().describe('While pending: the page where the person reviews the order, enters billing details and pays'),
  billing_country: z.string().nullable().describe('Billing country the VAT is based on'),
  vat_number: z.string().nullable().describe('VAT number given, normalised with its country prefix'),
  payment_method: z.string().nullable().describe('How it was paid: test, card, bank_transfer or crypto'),
  totals: totalsOutput.describe('Totals with VAT'),
  lines: z.array(lineOutput.extend({
    fulfilled: z.boolean().describe('Whether this line has been delivered'),
    fulfilled_at: timestamp().nullable().describe('When it was delivered'),
  })).describe('Order lines in request order'),
});

type TotalsSource = Pick<OrderRecord, 'subtotalCents' | 'vatRateBp' | 'vatCents' | 'totalCents' | 'reverseCharge' | 'vatRule' | 'vatCountry' | 'vatNumber'>;
export const totalsOf = (t: TotalsSource): z.infer<typeof totalsOutput> => ({
  currency: 'USD', subtotal_cents: t.subtotalCents, vat_rate_percent: ratePercent(t.vatRateBp), vat_cents: t.vatCents,
  total_cents: t.totalCents, reverse_charge: t.reverseCharge, vat_rule: t.vatRule, vat_country: t.vatCountry,
  vat_note: vatNote({ rule: t.vatRule, country: t.vatCountry, rateBp: t.vatRateBp, vatNumber: t.vatNumber }),
});

export const lineOf = (l: PricedLine | OrderLineRecord): z.infer<typeof lineOutput> => {
  const p = 'product' in l ? l : { ...l, product: l.productCode, name: l.productName };
  return {
    item: p.position, product: p.product, name: p.name, listing_id: p.listingId, week: p.week, amount_cents: p.amountCents,
    categories: p.categories, options: p.options, price_cents: p.priceCents,
  };
};

export const checkoutUrl = (siteUrl: string, token: string) => `${siteUrl}/checkout/${token}`;

export function orderOf(o: OrderRecord, siteUrl: string): z.infer<typeof orderOutput> {
  const pending = o.status === 'pending';
  return {
    number: o.number, status: o.status, created_at: o.createdAt, expires_at: pending ? o.expiresAt : null, paid_at: o.paidAt,
    fulfilled_at: o.fulfilledAt, cancelled_at: o.cancelledAt,
    ...(pending ? { checkout_url: checkoutUrl(siteUrl, o.checkoutToken) } : {}),
    billing_country: o.billingCountry, vat_number: o.vatNumber, payment_method: o.paymentMethod, totals: totalsOf(o),
    lines: o.lines.map((l) => ({ ...lineOf(l), fulfilled: l.fulfilled, fulfilled_at: l.fulfilledAt })),
  };
}
