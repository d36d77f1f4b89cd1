import { withTransaction, type Db } from '../../storage/db';
import { markOrderRefunded, orderByNumber, orderByPaymentReference, recordPaymentEvent } from '../../storage/queries/orders';
import { recordPayment } from '../fulfilment';
import type { SiteInfo } from '../order-receipt';
import type { PaymentEvent } from './types';

export type WebhookOutcome = 'paid' | 'already_paid' | 'refunded' | 'duplicate' | 'ignored' | 'unknown_order' | 'amount_mismatch';

// Acts on one verified provider event, exactly once: the event id is stored in the same transaction as the
// payment and fulfilment it causes, so a replay (or a retry after a crash mid-way) never applies anything twice.
export async function handlePaymentEvent(db: Db, now: Date, provider: 'stripe', event: PaymentEvent, site: SiteInfo): Promise<WebhookOutcome> {
  return await withTransaction(db, async () => {
    const fresh = await recordPaymentEvent(db, { provider, id: event.id, type: event.type, orderNumber: event.orderNumber, at: now.toISOString() });
    if (!fresh) return 'duplicate';
    if (event.refunded && event.reference) {
      const refunded = await orderByPaymentReference(db, provider, event.reference);
      if (!refunded) return 'unknown_order';
      return await markOrderRefunded(db, refunded.id, now.toISOString()) ? 'refunded' : 'ignored';
    }
    if (!event.paid) return 'ignored';
    const order = event.orderNumber ? await orderByNumber(db, event.orderNumber) : undefined;
    if (!order) return 'unknown_order';
    // Only the amount the order asks for settles it; anything else is left for an operator (mark-paid).
    if (event.amountCents !== order.totalCents || event.currency !== order.currency) {
      console.warn(`[payments] ${provider} event ${event.id} for ${order.number}: paid ${event.amountCents} ${event.currency}, order total ${order.totalCents} ${order.currency}; not marked paid`);
      return 'amount_mismatch';
    }
    if (order.status === 'refunded') return 'ignored';
    const { newlyPaid } = await recordPayment(db, now, order.id, { provider, method: event.method, reference: event.reference }, site);
    return newlyPaid ? 'paid' : 'already_paid';
  });
}
