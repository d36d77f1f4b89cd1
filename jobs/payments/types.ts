// What every payment provider speaks (see provider.ts for how one is chosen). Its own module so the providers
// (stripe.ts, test-mode.ts) and the webhook handler import the shapes without importing provider.ts, which imports
// them: the imports in jobs/payments/ run one way.

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
