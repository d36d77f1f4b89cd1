import type { Clock } from '../../domain/clock';
import { PaymentUnavailable, WebhookError } from './errors';
import type { PaymentEvent, PaymentOrder, PaymentProvider } from './types';
import { verifyStripeSignature } from './stripe-signature';

// Stripe Checkout over its REST API with fetch (no SDK): one Checkout Session per attempt to pay, the person pays
// on Stripe's hosted page (card, wallets and whatever methods the Stripe account enables), and the signed
// `checkout.session.completed` webhook marks the order paid.

export type StripeOptions = { secretKey: string; webhookSecret: string | null; apiBase: string; clock: Clock };

const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
const MIN_SESSION_S = 31 * 60; // Stripe requires a session to live at least 30 minutes
const MAX_SESSION_S = 24 * 3600; // and at most 24 hours

// Stripe's form encoding: nested keys as line_items[0][price_data][currency].
function sessionForm(order: PaymentOrder, nowS: number): URLSearchParams {
  const f = new URLSearchParams();
  f.set('mode', 'payment');
  f.set('success_url', `${order.returnUrl}?paid=1`);
  f.set('cancel_url', order.returnUrl);
  f.set('client_reference_id', order.number);
  f.set('metadata[order_number]', order.number);
  f.set('payment_intent_data[metadata][order_number]', order.number);
  const lines = [...order.lines, ...(order.vat && order.vat.cents > 0 ? [{ name: order.vat.label, priceCents: order.vat.cents }] : [])];
  lines.forEach((l, i) => {
    f.set(`line_items[${i}][quantity]`, '1');
    f.set(`line_items[${i}][price_data][currency]`, order.currency.toLowerCase());
    f.set(`line_items[${i}][price_data][unit_amount]`, String(l.priceCents));
    f.set(`line_items[${i}][price_data][product_data][name]`, l.name.slice(0, 250));
  });
  const untilOrderEnds = Math.floor(Date.parse(order.expiresAt) / 1000) - nowS;
  f.set('expires_at', String(nowS + Math.min(MAX_SESSION_S, Math.max(MIN_SESSION_S, untilOrderEnds))));
  return f;
}

export function stripeProvider(o: StripeOptions): PaymentProvider {
  return {
    name: 'stripe',
    testMode: o.secretKey.startsWith('sk_test_'),
    async createSession(order) {
      const nowS = Math.floor(o.clock.now().getTime() / 1000);
      let res: Response;
      try {
        res = await fetch(`${o.apiBase}/v1/checkout/sessions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${o.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
          body: sessionForm(order, nowS),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (e) {
        throw new PaymentUnavailable(`Stripe could not be reached: ${(e as Error).message}`);
      }
      const body = (await res.json().catch(() => null)) as { id?: string; url?: string; error?: { message?: string } } | null;
      if (!res.ok || !body?.url || !body.id) {
        throw new PaymentUnavailable(`Stripe refused the checkout session (${res.status}): ${body?.error?.message ?? 'no session URL returned'}`);
      }
      return { kind: 'redirect', redirectUrl: body.url, reference: body.id };
    },
    verifyWebhook(rawBody, headers) {
      if (!o.webhookSecret) throw new WebhookError('STRIPE_WEBHOOK_SECRET is not set, so Stripe webhooks cannot be verified.');
      verifyStripeSignature(rawBody, headers.get('stripe-signature'), o.webhookSecret, Math.floor(o.clock.now().getTime() / 1000));
      return parseEvent(rawBody);
    },
  };
}

function parseEvent(rawBody: string): PaymentEvent {
  let event: any;
  try {
    event = JSON.parse(rawBody);
  } catch {
    throw new WebhookError('The webhook body is not JSON.');
  }
  if (typeof event?.id !== 'string' || typeof event?.type !== 'string') throw new WebhookError('The webhook body is not a Stripe event.');
  const obj = event.data?.object ?? {};
  const isSession = obj.object === 'checkout.session';
  const paid = PAID_EVENTS.has(event.type) && isSession && obj.payment_status === 'paid';
  // A charge refunded in full; partial refunds leave the order as it is (an operator's call).
  const refunded = event.type === 'charge.refunded' && obj.object === 'charge' && obj.refunded === true;
  return {
    id: event.id,
    type: event.type,
    paid,
    refunded,
    orderNumber: isSession ? (obj.metadata?.order_number ?? obj.client_reference_id ?? null) : null,
    amountCents: Number.isSafeInteger(obj.amount_total) ? obj.amount_total : null,
    currency: typeof obj.currency === 'string' ? obj.currency.toUpperCase() : null,
    method: Array.isArray(obj.payment_method_types) && typeof obj.payment_method_types[0] === 'string' ? obj.payment_method_types[0] : 'card',
    reference: typeof obj.payment_intent === 'string' ? obj.payment_intent : typeof obj.id === 'string' ? obj.id : null,
  };
}
