import { randomBytes } from 'node:crypto';
import { defineTool } from '../define';
import { orderInput, orderOf, orderOutput } from './order-schemas';
import { callerId, priceOrder } from './price-order';
import { insertOrder, ORDER_TTL_DAYS } from '../../storage/queries/orders';

export const create_checkout = defineTool({
  name: 'create_checkout',
  title: 'Start a checkout',
  description:
    'Create a pending order from the same body as quote_order (validated and priced the same way) and get its checkout_url: a page on this '
    + 'site where the person reviews the order, enters billing details and pays themselves. The API never takes payment details. '
    + 'Give the link to the person, then follow the status with get_order. An unpaid order is cancelled after 7 days.',
  scope: 'orders:write',
  annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: false },
  http: { method: 'POST', path: '/orders/checkout', status: 201, idempotencyKey: true, notFound: true },
  input: orderInput,
  output: orderOutput,
  async run(ctx, input) {
    const userId = callerId(ctx);
    const { lines, totals } = await priceOrder(ctx, input);
    const now = ctx.clock.now();
    const order = await insertOrder(ctx.db, {
      userId, totals,
      lines: lines.map((l) => ({
        position: l.position, productCode: l.product, productName: l.name, listingId: l.listingId, week: l.week,
        amountCents: l.amountCents, categories: l.categories, options: l.options, priceCents: l.priceCents,
      })),
      token: randomBytes(24).toString('base64url'), // 192 bits: the link is the capability to pay
      now: now.toISOString(),
      expiresAt: new Date(now.getTime() + ORDER_TTL_DAYS * 86_400_000).toISOString(),
    });
    return orderOf(order, ctx.config.siteUrl);
  },
});
