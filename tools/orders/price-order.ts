import type { ToolContext } from '../context';
import { ToolError } from '../errors';
import type { OrderInput } from './order-schemas';
import { checkOrderItems, type PricedLine, type ProductInfo } from '../../domain/order-rules';
import { vatCents, vatTreatment, type VatTreatment } from '../../domain/vat';
import { activeProducts, billboardMinCents, selectableWeeks } from '../../storage/queries/products';
import { categoryIdsBySlug, ownedListingsForOrder } from '../../storage/queries/order-checks';
import { sellerCountry, type Totals } from '../../storage/queries/orders';

export type PricedOrder = { lines: PricedLine[]; totals: Totals };

export function callerId(ctx: ToolContext): number {
  if (ctx.actor.kind === 'anonymous') throw new ToolError('unauthenticated', 'Orders need a signed-in caller: send an API key or an OAuth access token.');
  return ctx.actor.userId;
}

// Totals for a subtotal under a VAT treatment (VAT on the order's subtotal, not per line).
export function totalsFor(subtotalCents: number, t: VatTreatment): Totals {
  const vat = vatCents(subtotalCents, t.rateBp);
  return {
    subtotalCents, vatRateBp: t.rateBp, vatCents: vat, totalCents: subtotalCents + vat, reverseCharge: t.reverseCharge,
    vatRule: t.rule, vatCountry: t.country, billingCountry: t.billingCountry, vatNumber: t.vatNumber,
  };
}

// Validates every item against the current products, the caller's listings and the bookable weeks, prices it
// at the admin's current prices and works out VAT. Shared by quote_order and create_checkout; writes nothing.
export async function priceOrder(ctx: ToolContext, input: OrderInput): Promise<PricedOrder> {
  const userId = callerId(ctx);
  const db = ctx.db;
  const products = new Map<string, ProductInfo>((await activeProducts(db)).map((p) => [p.code, p]));
  const listingIds = [...new Set(input.items.flatMap((i) => (i.listing_id === undefined ? [] : [i.listing_id])))];
  const slugs = [...new Set(input.items.flatMap((i) => i.categories ?? []))];
  const needsWeeks = input.items.some((i) => i.week !== undefined);
  const result = checkOrderItems(input.items, {
    products,
    listings: await ownedListingsForOrder(db, userId, listingIds),
    categories: await categoryIdsBySlug(db, slugs),
    weeks: new Map(needsWeeks ? (await selectableWeeks(db, ctx.clock.now())).map((w) => [w.week, w.remaining]) : []),
    billboardMinCents: await billboardMinCents(db),
  });
  if (!result.ok) {
    const detail = result.problems.map((p) => `${p.path}: ${p.message}`).join('; ');
    if (result.kind === 'not_found') throw new ToolError('not_found', `Listing not found. ${detail}`, result.problems);
    throw new ToolError('invalid_input', `The order cannot be made. ${detail}`, result.problems);
  }
  const vat = vatTreatment({ sellerCountry: await sellerCountry(db), billingCountry: input.billing_country, vatNumber: input.vat_number });
  if (!vat.ok) throw new ToolError('invalid_input', `${vat.path}: ${vat.message}`, [{ path: vat.path, message: vat.message }]);
  const subtotal = result.lines.reduce((sum, l) => sum + l.priceCents, 0);
  return { lines: result.lines, totals: totalsFor(subtotal, vat.treatment) };
}
