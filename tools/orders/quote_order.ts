import { z } from 'zod';
import { defineTool } from '../define';
import { lineOf, lineOutput, orderInput, totalsOf, totalsOutput } from './order-schemas';
import { priceOrder } from './price-order';

export const quote_order = defineTool({
  name: 'quote_order',
  title: 'Quote an order',
  description:
    'Price order items at the current admin prices and preview VAT for a billing country, validating every item (listing ownership, weeks, '
    + 'categories, billboard minimum, options) exactly as create_checkout will. Nothing is saved or charged. Take product codes and weeks from '
    + 'list_products and listing ids from list_my_listings; call create_checkout with the same body to order.',
  scope: 'orders:write',
  annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: false },
  http: { method: 'POST', path: '/orders/quote', notFound: true },
  input: orderInput,
  output: z.object({
    lines: z.array(lineOutput).describe('Priced lines in request order'),
    totals: totalsOutput.describe('Subtotal, VAT and total'),
    billing_country: z.string().nullable().describe('Billing country the VAT preview is based on'),
    vat_number: z.string().nullable().describe('VAT number as understood, normalised with its country prefix'),
    saved: z.literal(false).describe('Always false: a quote saves and charges nothing'),
  }),
  async run(ctx, input) {
    const { lines, totals } = await priceOrder(ctx, input);
    return {
      lines: lines.map(lineOf), totals: totalsOf(totals), billing_country: totals.billingCountry, vat_number: totals.vatNumber,
      saved: false as const,
    };
  },
});
