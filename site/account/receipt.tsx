import { formatDate } from '../components';
import { AccountLayout } from './ui';
import { vatLine, type VatRule } from '../../domain/vat';
import { formatUsd } from '../../domain/money';

// An order as its buyer sees it afterwards (get_order): what was bought, the amounts with the VAT line once,
// and where it stands. Paid orders read as a receipt; pending ones link to the checkout page.
type Line = { name: string; price_cents: number; week: string | null; fulfilled: boolean };
export type OrderView = {
  number: string; status: string; created_at: string; paid_at: string | null; fulfilled_at: string | null; checkout_url?: string;
  billing_country: string | null; vat_number: string | null; payment_method: string | null;
  totals: { subtotal_cents: number; vat_rate_percent: number; vat_cents: number; total_cents: number; vat_rule: VatRule; vat_country: string | null; reverse_charge: boolean };
  lines: Line[];
};


export function ReceiptPage(p: { siteName: string; order: OrderView; seller?: string[] }) {
  const o = p.order;
  const paid = o.status === 'paid' || o.status === 'fulfilled';
  return (
    <AccountLayout siteName={p.siteName} title={`${paid ? 'Receipt' : 'Order'} ${o.number}`}>
      <p class="muted small"><a href="/account#orders">Your orders</a> ›</p>
      <h1>{paid ? 'Receipt' : 'Order'} {o.number}</h1>
      <p>
        {paid ? `Paid on ${formatDate(o.paid_at)}` : o.status === 'pending' ? 'Awaiting payment' : `Status: ${o.status}`}
        {o.payment_method ? ` · ${o.payment_method}` : ''}. Ordered on {formatDate(o.created_at)}.
      </p>
      {o.checkout_url ? <p><a class="button" href={new URL(o.checkout_url).pathname}>Review and pay</a></p> : null}
      <table>
        <thead><tr><th>Item</th><th>Amount</th></tr></thead>
        <tbody>
          {o.lines.map((l) => (
            <tr>
              <td>{l.name}{l.week ? ` · week of ${formatDate(l.week)}` : ''}{paid ? <span class="muted small">{l.fulfilled ? ' · delivered' : l.week ? ` · goes live the week of ${formatDate(l.week)}` : ' · in progress'}</span> : null}</td>
              <td class="nowrap">{formatUsd(l.price_cents)}</td>
            </tr>
          ))}
          <tr><td>Subtotal</td><td class="nowrap">{formatUsd(o.totals.subtotal_cents)}</td></tr>
          <tr><td>{vatLine({ rule: o.totals.vat_rule, country: o.totals.vat_country, rateBp: Math.round(o.totals.vat_rate_percent * 100), vatNumber: o.vat_number })}</td><td class="nowrap">{formatUsd(o.totals.vat_cents)}</td></tr>
          <tr><th scope="row">Total</th><th class="nowrap">{formatUsd(o.totals.total_cents)}</th></tr>
        </tbody>
      </table>
      {o.billing_country || o.vat_number ? <p class="small">Billed to: {[o.billing_country, o.vat_number].filter(Boolean).join(' · ')}</p> : null}
      {p.seller?.length ? <p class="small muted">Seller: {p.seller.join(' · ')}</p> : <p class="small muted">Seller: {p.siteName}</p>}
    </AccountLayout>
  );
}

export const ReceiptNotFound = (siteName: string) => (
  <AccountLayout siteName={siteName} title="Order not found">
    <h1>Order not found</h1>
    <p>You have no order with this number. <a href="/account#orders">See your orders</a>.</p>
  </AccountLayout>
);
