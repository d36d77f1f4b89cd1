import { z } from 'zod';
import { defineTool } from '../define';
import { offsetOf, pageOf, paging, timestamp } from '../schemas';
import { checkoutUrl } from './order-schemas';
import { callerId } from './price-order';
import { ORDER_STATUSES } from '../../storage/schema/orders';
import { expireUnpaidOrders, ordersOfUser } from '../../storage/queries/orders';

const orderSummary = z.object({
  number: z.string().describe('Order number; get_order gives the full order'),
  status: z.enum(ORDER_STATUSES).describe('pending, paid, fulfilled, cancelled or refunded'),
  created_at: timestamp().describe('When the order was made'),
  paid_at: timestamp().nullable().describe('When payment was confirmed'),
  products: z.array(z.string()).describe('Product codes of its lines, in order'),
  currency: z.literal('USD').describe('Currency of the amounts'),
  total_cents: z.number().int().describe('Total including VAT'),
  checkout_url: z.string().optional().describe('While pending: where the person pays'),
});

export const list_my_orders = defineTool({
  name: 'list_my_orders',
  title: 'Your orders',
  description:
    'List your orders, newest first, with status and total. Use get_order with a number for totals with VAT, lines and fulfilment.',
  scope: 'account:read',
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  http: { method: 'GET', path: '/orders' },
  input: z.object({ ...paging() }).strict(),
  output: pageOf(orderSummary),
  async run(ctx, input) {
    const userId = callerId(ctx);
    await expireUnpaidOrders(ctx.db, ctx.clock.now());
    const { rows, total } = await ordersOfUser(ctx.db, userId, input.per_page, offsetOf(input));
    return {
      items: rows.map((o) => ({
        number: o.number, status: o.status, created_at: o.createdAt, paid_at: o.paidAt, products: o.products, currency: 'USD' as const,
        total_cents: o.totalCents, ...(o.status === 'pending' ? { checkout_url: checkoutUrl(ctx.config.siteUrl, o.checkoutToken) } : {}),
      })),
      page: input.page, per_page: input.per_page, total,
    };
  },
});
