import { Layout } from '../layout';
import type { OrderLineRecord, OrderRecord } from '../../storage/queries/orders';
import { vatLine } from '../../domain/vat';
import { lineProgress, orderState } from '../../domain/order-state';
import { dayLabel } from '../../domain/weeks';
import { formatUsd } from '../../domain/money';

// The checkout page: the person reviews the lines and totals with VAT, enters billing details and pays.
// hono/jsx escapes every interpolated value (listing names, options, billing details are user-written).

export type BillingValues = { name?: string; address?: string; country?: string; vat_number?: string };
export type CheckoutView = {
  siteName: string;
  order: OrderRecord;
  listingNames: Map<number, string>;
  csrf: string;
  testMode: boolean;
  providerName: string;
  values?: BillingValues;
  errors?: Record<string, string>;
  notice?: string;
  returnedFromProvider?: boolean;
  now: Date;
};

const usd = formatUsd;

const CSS = `.test-mode{border:2px dashed #b45309;background:#fffbeb;color:#78350f;padding:.75rem 1rem;border-radius:.5rem}
.lines{width:100%;border-collapse:collapse;margin:1rem 0}.lines th,.lines td{text-align:left;padding:.4rem .5rem;border-bottom:1px solid var(--line,#ddd);vertical-align:top}
.lines .num{text-align:right;white-space:nowrap}.lines tfoot td{border-bottom:none}.total td{font-weight:700}
.form p{margin:.75rem 0}.form label{display:block;font-weight:600;margin-bottom:.25rem}.form input,.form textarea{width:100%;max-width:28rem}
.error{color:#b42318}.notice{border-left:4px solid #2563eb;padding:.5rem 1rem}.next{margin:.5rem 0 1rem;padding-left:1.25rem}`;

function details(line: OrderLineRecord): string[] {
  const out: string[] = [];
  if (line.productCode === 'launch') out.push(line.week ? `Launch week of ${line.week}` : 'Goes live as soon as it is paid');
  else if (line.week) out.push(`Week of ${line.week}`);
  if (line.categories?.length) out.push(`Categories: ${line.categories.join(', ')}`);
  if (line.amountCents !== null) out.push(`Contribution: ${usd(line.amountCents)} (a paid billboard ranking)`);
  for (const [k, v] of Object.entries(line.options ?? {})) out.push(`${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`);
  return out;
}

const Field = (p: { id: string; label: string; hint?: string; error?: string; children: any }) => (
  <p>
    <label for={p.id}>{p.label}{p.hint ? <span class="muted"> {p.hint}</span> : null}</label>
    {p.children}
    {p.error ? <span class="error" id={`${p.id}-error`} role="alert">{p.error}</span> : null}
  </p>
);

function BillingForm(p: CheckoutView) {
  const o = p.order;
  const v: BillingValues = p.values ?? { name: o.billingName ?? '', address: o.billingAddress ?? '', country: o.billingCountry ?? '', vat_number: o.vatNumber ?? '' };
  const e = p.errors ?? {};
  return (
    <form method="post" action={`/checkout/${o.checkoutToken}/pay`} class="form">
      <input type="hidden" name="csrf" value={p.csrf} />
      <input type="hidden" name="expected_total" value={String(o.totalCents)} />
      <h2>Billing details</h2>
      <Field id="name" label="Name or company" error={e.name}>
        <input id="name" name="name" type="text" autocomplete="name" required maxlength={200} value={v.name ?? ''} />
      </Field>
      <Field id="address" label="Address" error={e.address}>
        <textarea id="address" name="address" rows={3} autocomplete="street-address" required maxlength={500}>{v.address ?? ''}</textarea>
      </Field>
      <Field id="country" label="Country" hint="(two-letter code, e.g. DE, FR, US)" error={e.country}>
        <input id="country" name="country" type="text" autocomplete="country" required minlength={2} maxlength={2} pattern="[A-Za-z]{2}" value={v.country ?? ''} />
      </Field>
      <Field id="vat_number" label="EU VAT number" hint="(businesses only, optional)" error={e.vat_number}>
        <input id="vat_number" name="vat_number" type="text" maxlength={32} value={v.vat_number ?? ''} />
      </Field>
      <p><button type="submit">Pay {usd(o.totalCents)}{p.testMode ? ' (test mode, no real payment)' : ''}</button></p>
      <p class="muted small">
        {p.providerName === 'test' ? 'Test mode: pressing Pay marks the order paid at once. No card is asked for and no money moves.'
          : p.providerName === 'none' ? 'Online payment is not set up on this site yet: nothing can be charged here. Ask the site team how to pay by bank transfer.'
            : 'You will pay on Stripe’s secure page. This site never sees your card or account details.'}
        {' '}If your billing country changes the VAT, you will see the new total before anything is charged.
      </p>
    </form>
  );
}

function progressWords(l: OrderLineRecord, now: Date): string {
  const p = lineProgress(l, now);
  if (p.kind === 'scheduled') return `${p.relaunch ? 'Relaunches' : 'Goes live'} on ${dayLabel(p.day)}`;
  return p.kind === 'done' ? 'Yes' : 'In progress';
}

export function CheckoutPage(p: CheckoutView) {
  const o = p.order;
  const paid = o.status === 'paid' || o.status === 'fulfilled';
  const state = orderState({
    status: o.status, expiresAt: o.expiresAt, now: p.now, awaitingProvider: p.returnedFromProvider,
    lines: o.lines.map((l) => ({ ...l, listingName: l.listingId !== null ? p.listingNames.get(l.listingId) ?? null : null })),
  });
  const span = paid ? 4 : 3;
  return (
    <Layout siteName={p.siteName} title={`Checkout ${o.number}`} noindex>
      <style>{CSS}</style>
      {p.testMode ? (
        <p class="test-mode" role="note"><strong>Test mode.</strong>{p.providerName === 'test'
          ? ' Payments on this site are simulated: pressing Pay completes the order and no real money is taken.'
          : ' Stripe is in test mode: pay with a Stripe test card; no real money is taken.'}</p>
      ) : null}
      <h1>Order {o.number}</h1>
      <p>Status: <strong data-state={state.kind}>{state.headline}</strong>{o.paidAt ? ` · paid on ${dayLabel(o.paidAt)}` : ''}</p>
      {p.notice ? <p class="notice" role="status">{p.notice}</p> : null}
      <ul class="next" aria-label="What happens next">{state.next.map((n) => <li>{n}</li>)}</ul>
      <table class="lines">
        <thead><tr><th>Item</th><th>For listing</th><th>Details</th>{paid ? <th>Delivered</th> : null}<th class="num">Price</th></tr></thead>
        <tbody>
          {o.lines.map((l) => (
            <tr>
              <td>{l.productName}</td>
              <td>{l.listingId !== null ? p.listingNames.get(l.listingId) ?? `#${l.listingId}` : '—'}</td>
              <td>{details(l).map((d) => <div>{d}</div>)}</td>
              {paid ? <td>{progressWords(l, p.now)}</td> : null}
              <td class="num">{usd(l.priceCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr><td colspan={span}>Subtotal (excluding VAT)</td><td class="num">{usd(o.subtotalCents)}</td></tr>
          <tr class="vat"><td colspan={span}>{vatLine({ rule: o.vatRule, country: o.vatCountry, rateBp: o.vatRateBp, vatNumber: o.vatNumber })}</td><td class="num">{usd(o.vatCents)}</td></tr>
          <tr class="total"><td colspan={span}>Total (USD)</td><td class="num">{usd(o.totalCents)}</td></tr>
        </tfoot>
      </table>
      {o.status === 'pending' ? <BillingForm {...p} /> : null}
      {paid ? <p>Thank you. A receipt was sent to your e-mail address. Your assistant can follow delivery with get_order ({o.number}).</p> : null}
    </Layout>
  );
}
