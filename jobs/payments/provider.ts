import type { Clock } from '../../domain/clock';
import { testModeProvider } from './test-mode';
import { stripeProvider } from './stripe';
import { PaymentUnavailable, WebhookError } from './errors';
import type { PaymentProvider } from './types';

// Payment providers behind one interface. The site's checkout page asks the provider for a session; a provider
// either completes the payment itself (test mode) or sends the person to its hosted page (Stripe Checkout) and
// confirms later through a signed webhook. The API never sees payment details.

// The shapes live in ./types.ts, which the providers import: provider.ts picks a provider, so importing it from
// a provider would close a circle.
export type { PaymentEvent, PaymentOrder, PaymentProvider, PaymentSession } from './types';

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
