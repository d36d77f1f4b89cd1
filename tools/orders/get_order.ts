import { z } from 'zod';
import { defineTool } from '../define';
import { notFound } from '../errors';
import { orderOf, orderOutput } from './order-schemas';
import { callerId } from './price-order';
import { expireUnpaidOrders, orderOfUser } from '../../storage/queries/orders';

export const get_order = defineTool({
  name: 'get_order',
  title: 'Get one of your orders',
  description:
    'Get one of your orders by number: status (pending, paid, fulfilled, cancelled, refunded), totals with VAT, lines with their fulfilled '
    + 'flags, and the checkout_url while it awaits payment. Use it after create_checkout or list_my_orders gave you the number, '
    + 'e.g. to see whether the person has paid.',
  scope: 'account:read',
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  http: { method: 'GET', path: '/orders/:number' },
  input: z.object({ number: z.string().min(1).max(32).describe('Order number from create_checkout or list_my_orders') }).strict(),
  output: orderOutput,
  async run(ctx, input) {
    const userId = callerId(ctx);
    await expireUnpaidOrders(ctx.db, ctx.clock.now()); // lazy expiry: an order read after its time is already cancelled
    const order = await orderOfUser(ctx.db, userId, input.number);
    if (!order) throw notFound(`Order ${input.number}`);
    return orderOf(order, ctx.config.siteUrl);
  },
});
