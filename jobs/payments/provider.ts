import type { Clock } from '../../tools/clock';
import { testModeProvider } from './test-mode';
import { stripeProvider } from './stripe';
import { PaymentUnavailable, WebhookError } from './errors';

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
  readonly name: 'test' | 'stripe' | 'none';
  readonly testMode: boolean; // shown prominently on the checkout page
  createSession(order: PaymentOrder): Promise<PaymentSession>;
  verifyWebhook(rawBody: string, headers: Headers): PaymentEvent; // throws WebhookError
}

export { WebhookError, PaymentUnavailable } from './errors';

const LOCAL_HOST = /^(localhost|[a-z0-9.-]+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/i;
const truthy = (v: string | undefined) => /^(1|true|yes|on)$/i.test(v?.trim() ?? '');

// Test mode completes orders without money, so it must never be what a public site falls back to: it runs
// for a site on this machine (localhost, 127.x, ::1) or when the operator sets PAYMENTS_TEST_MODE=true.
export function testModeAllowed(env: NodeJS.ProcessEnv, siteUrl: string): boolean {
  if (truthy(env.PAYMENTS_TEST_MODE)) return true;
  try {
    return LOCAL_HOST.test(new URL(siteUrl).hostname);
  } catch {
    return false;
  }
}

// A public site without a payment provider: orders can be placed and paid by bank transfer (mark-paid), but
// the checkout page cannot take a payment.
export function noPaymentProvider(): PaymentProvider {
  return {
    name: 'none',
    testMode: false,
    async createSession() {
      throw new PaymentUnavailable('No payment provider is configured (set STRIPE_SECRET_KEY; test mode is only for local sites or PAYMENTS_TEST_MODE=true).');
    },
    verifyWebhook() {
      throw new WebhookError('No payment provider is configured, so no webhooks are taken.');
    },
  };
}

// Stripe Checkout when STRIPE_SECRET_KEY is set; otherwise the clearly labelled test mode where it is allowed
// (see testModeAllowed), and no online payment at all on a public site.
export function paymentProviderFromEnv(env: NodeJS.ProcessEnv, clock: Clock, siteUrl: string): PaymentProvider {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  if (!secretKey) return testModeAllowed(env, siteUrl) ? testModeProvider() : noPaymentProvider();
  return stripeProvider({
    secretKey, webhookSecret: env.STRIPE_WEBHOOK_SECRET?.trim() || null, apiBase: env.STRIPE_API_BASE?.trim() || 'https://api.stripe.com', clock,
  });
}
