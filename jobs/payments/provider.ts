import type { Clock } from '../../tools/clock';
import { testModeProvider } from './test-mode';
import { stripeProvider } from './stripe';

// Payment providers behind one interface. The site's checkout page asks the provider for a session; a provider
// either completes the payment itself (test mode) or sends the person to its hosted page (Stripe Checkout) and
// confirms later through a signed webhook. The API never sees payment details.

export type PaymentOrder = {
  number: string;
  currency: 'USD';
  lines: Array<{ name: string; priceCents: number }>;
  vat: { cents: number; label: string } | null; // a separate line, so the hosted page shows the same total
  totalCents: number;
  returnUrl: string; // the checkout page; the person comes back here after paying or cancelling
  expiresAt: string; // when the order is cancelled unpaid
};

export type PaymentSession =
  | { kind: 'paid'; method: string; reference: string } // completed at once (test mode)
  | { kind: 'redirect'; redirectUrl: string; reference: string };

// A verified webhook event, reduced to what the service acts on.
export type PaymentEvent = {
  id: string; // the provider's event id: an event is processed once however often it is delivered
  type: string;
  paid: boolean; // true for a completed payment
  refunded: boolean; // true when the payment `reference` was refunded in full
  orderNumber: string | null;
  amountCents: number | null;
  currency: string | null;
  method: string;
  reference: string | null;
};

export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  readonly testMode: boolean; // shown prominently on the checkout page
  createSession(order: PaymentOrder): Promise<PaymentSession>;
  verifyWebhook(rawBody: string, headers: Headers): PaymentEvent; // throws WebhookError
}

export { WebhookError, PaymentUnavailable } from './errors';

// Stripe Checkout when STRIPE_SECRET_KEY is set; otherwise the clearly labelled test mode.
export function paymentProviderFromEnv(env: NodeJS.ProcessEnv, clock: Clock): PaymentProvider {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  if (!secretKey) return testModeProvider();
  return stripeProvider({
    secretKey, webhookSecret: env.STRIPE_WEBHOOK_SECRET?.trim() || null, apiBase: env.STRIPE_API_BASE?.trim() || 'https://api.stripe.com', clock,
  });
}
