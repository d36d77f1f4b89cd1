import type { Context, Hono } from 'hono';
import type { AppDeps } from '../../app-context';
import { csrfToken, csrfValid, currentUser } from '../../auth/session';
import { expireUnpaidOrders, orderById, orderByToken, sellerCountry, updateBilling, type OrderRecord } from '../../storage/queries/orders';
import { listingNames } from '../../storage/queries/order-checks';
import { sellerDetails } from '../../storage/queries/settings';
import { vatLine, vatTreatment } from '../../domain/vat';
import { totalsFor } from '../../tools/orders/price-order';
import { recordPayment } from '../../jobs/fulfilment';
import { paymentProviderFromEnv, PaymentUnavailable, WebhookError, type PaymentOrder, type PaymentProvider } from '../../jobs/payments/provider';
import { handlePaymentEvent } from '../../jobs/payments/webhook';
import { notFoundPage } from '../render';
import { staleForm } from '../account/ui';
import { CheckoutPage, type BillingValues, type CheckoutView } from './page';
import { renderPage } from '../viewer';

export type CheckoutDeps = AppDeps & { payments?: PaymentProvider };

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;
const text = (v: unknown, max: number) => (typeof v === 'string' ? v.trim().slice(0, max) : '');

// Personal pages with a capability in the URL: never cached, never framed, never sent on as a Referer.
async function page(c: Context, view: CheckoutView, status = 200): Promise<Response> {
  const html = await renderPage(c, CheckoutPage(view));
  return c.html(`<!doctype html>${html}`, status as 200, {
    'cache-control': 'no-store', 'x-frame-options': 'DENY', 'referrer-policy': 'no-referrer', 'x-robots-tag': 'noindex',
  });
}

function paymentOrder(o: OrderRecord, siteUrl: string): PaymentOrder {
  return {
    number: o.number, currency: 'USD', totalCents: o.totalCents, expiresAt: o.expiresAt,
    lines: o.lines.map((l) => ({ name: l.productName, priceCents: l.priceCents })),
    vat: o.vatCents > 0 ? { cents: o.vatCents, label: vatLine({ rule: o.vatRule, country: o.vatCountry, rateBp: o.vatRateBp, vatNumber: o.vatNumber }) } : null,
    returnUrl: `${siteUrl}/checkout/${o.checkoutToken}`,
  };
}

// GET /checkout/:token (review, billing, Pay), POST /checkout/:token/pay, and POST /webhooks/stripe.
export function registerCheckoutRoutes(app: Hono, deps: CheckoutDeps): void {
  const payments = deps.payments ?? paymentProviderFromEnv(process.env, deps.clock, deps.config.siteUrl);
  if (payments.name === 'stripe' && !process.env.STRIPE_WEBHOOK_SECRET) {
    console.warn('[payments] STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not: payments will never be confirmed.');
  }
  // A startup notice only: routes register synchronously, so the setting is read without holding them up.
  if (payments.name === 'stripe') {
    void sellerDetails(deps.db).then((seller) => {
      if (!seller.legalName) console.warn('[payments] Receipts name no seller: set seller_legal_name, seller_address and seller_vat_id with `npm run admin -- set-setting`.');
    }, () => {});
  }
  if (payments.name === 'none') {
    console.warn('[payments] No payment provider: set STRIPE_SECRET_KEY (test mode runs only for local sites or with PAYMENTS_TEST_MODE=true).');
  }

  const load = async (token: string) => {
    if (!TOKEN.test(token)) return undefined;
    await expireUnpaidOrders(deps.db, deps.clock.now());
    return await orderByToken(deps.db, token);
  };
  const view = async (c: Context, order: OrderRecord, extra: Partial<CheckoutView> = {}): Promise<CheckoutView> => ({
    siteName: deps.config.siteName, order, csrf: csrfToken(c, deps, await currentUser(c, deps)), testMode: payments.testMode,
    providerName: payments.name, now: deps.clock.now(), listingNames: await listingNames(deps.db, order.lines.flatMap((l) => (l.listingId === null ? [] : [l.listingId]))),
    ...extra,
  });

  app.get('/checkout/:token', async (c) => {
    const order = await load(c.req.param('token'));
    if (!order) return notFoundPage(c, deps, 'There is no order at this checkout address. It may have been mistyped.');
    return page(c, await view(c, order, { returnedFromProvider: c.req.query('paid') === '1' }));
  });

  app.post('/checkout/:token/pay', async (c) => {
    const order = await load(c.req.param('token'));
    if (!order) return notFoundPage(c, deps, 'There is no order at this checkout address.');
    const form = await c.req.parseBody();
    if (!csrfValid(c, deps, await currentUser(c, deps), form.csrf)) return staleForm(c);
    if (order.status !== 'pending') return c.redirect(`/checkout/${order.checkoutToken}`, 303);

    const values: BillingValues = { name: text(form.name, 200), address: text(form.address, 500), country: text(form.country, 10).toUpperCase(), vat_number: text(form.vat_number, 100) };
    const errors: Record<string, string> = {};
    if (!values.name) errors.name = 'Enter the name to put on the invoice.';
    if (!values.address) errors.address = 'Enter the billing address.';
    if (!/^[A-Z]{2}$/.test(values.country!)) errors.country = 'Enter a two-letter country code, e.g. DE or US.';
    if (values.vat_number!.length > 32) errors.vat_number = 'A VAT number has at most 32 characters.';
    const vat = errors.country || errors.vat_number ? null : vatTreatment({ sellerCountry: await sellerCountry(deps.db), billingCountry: values.country, vatNumber: values.vat_number || null });
    if (vat && !vat.ok) errors[vat.path === 'billing_country' ? 'country' : 'vat_number'] = `This VAT number ${vat.message}.`;
    if (Object.keys(errors).length || !vat?.ok) return page(c, await view(c, order, { values, errors }), 400);

    const now = deps.clock.now();
    const totals = totalsFor(order.subtotalCents, vat.treatment);
    await updateBilling(deps.db, order.id, { name: values.name!, address: values.address! }, totals, now.toISOString());
    const updated = (await orderById(deps.db, order.id))!;
    if (String(totals.totalCents) !== text(form.expected_total, 20)) {
      // Never charge an amount the person has not seen: show the new total and let them press Pay again.
      return page(c, await view(c, updated, { notice: `With these billing details the total is ${(totals.totalCents / 100).toFixed(2)} USD. Check it and press Pay again.` }));
    }
    let session;
    try {
      session = await payments.createSession(paymentOrder(updated, deps.config.siteUrl));
    } catch (e) {
      if (!(e instanceof PaymentUnavailable)) throw e;
      console.warn(`[payments] ${e.message}`);
      return page(c, await view(c, updated, { notice: 'The payment could not be started. Nothing was charged; please try again in a moment.' }), 503);
    }
    if (session.kind === 'redirect') return c.redirect(session.redirectUrl, 303);
    if (payments.name === 'none') throw new Error('the unconfigured payment provider completed a payment');
    await recordPayment(deps.db, deps.clock.now(), order.id, { provider: payments.name, method: session.method, reference: session.reference }, deps.config);
    return c.redirect(`/checkout/${order.checkoutToken}`, 303);
  });

  app.post('/webhooks/stripe', async (c) => {
    if (payments.name !== 'stripe') return c.json({ error: 'Stripe is not configured on this site.' }, 404);
    const raw = await c.req.text();
    let event;
    try {
      event = payments.verifyWebhook(raw, c.req.raw.headers);
    } catch (e) {
      if (e instanceof WebhookError) return c.json({ error: e.message }, 400);
      throw e;
    }
    const outcome = await handlePaymentEvent(deps.db, deps.clock.now(), 'stripe', event, deps.config);
    return c.json({ received: true, outcome });
  });
}
