import type { Db } from '../storage/db';
import { orderById, type OrderLineRecord, type OrderRecord } from '../storage/queries/orders';
import { listingNames } from '../storage/queries/order-checks';
import { sellerDetails, type SellerDetails } from '../storage/queries/settings';
import { userById } from '../storage/queries/users';
import { orderState } from '../domain/order-state';
import { formatUsd } from '../domain/money';
import { escapeXml as e } from '../domain/svg';
import { vatLine } from '../domain/vat';
import { dayLabel } from '../domain/weeks';
import { EMAIL_JOB, type Mail } from './mailer';
import { enqueue } from './queue';

// The receipt e-mail of a paid order: what was bought, net, VAT, total, when, what happens next, the link to the
// order page and who sold it. Queued once per order (the job's dedupe key), in the transaction that marks the order
// paid, so every path to "paid" (checkout page, Stripe webhook, mark-paid) sends it and a replay never sends twice.

export type SiteInfo = { siteName: string; siteUrl: string };

export type ReceiptInput = {
  order: OrderRecord;
  to: string;
  site: SiteInfo;
  seller: SellerDetails;
  listingNames: Map<number, string>;
  now: Date;
};

const METHOD_WORDS: Record<string, string> = {
  test: 'Test mode (no money was taken)', card: 'Card', bank_transfer: 'Bank transfer', crypto: 'Crypto',
};

export const receiptDedupeKey = (orderNumber: string) => `order-receipt:${orderNumber}`;

const lineFor = (l: OrderLineRecord, names: Map<number, string>) => {
  const listing = l.listingId !== null ? names.get(l.listingId) ?? null : null;
  const week = l.week ? (l.productCode === 'launch' || l.productCode === 'relaunch' ? `launch week of ${dayLabel(l.week)}` : `week of ${dayLabel(l.week)}`) : null;
  return { name: l.productName, about: [listing ? `for ${listing}` : null, week].filter(Boolean).join(', '), price: formatUsd(l.priceCents) };
};

const lines = (text: string) => text.split(/\r?\n/).map((s) => s.trim()).filter(Boolean);

export function receiptMail(r: ReceiptInput): Mail {
  const o = r.order;
  const state = orderState({
    status: o.status, expiresAt: o.expiresAt, now: r.now,
    lines: o.lines.map((l) => ({ ...l, listingName: l.listingId !== null ? r.listingNames.get(l.listingId) ?? null : null })),
  });
  const items = o.lines.map((l) => lineFor(l, r.listingNames));
  const vat = vatLine({ rule: o.vatRule, country: o.vatCountry, rateBp: o.vatRateBp, vatNumber: o.vatNumber });
  const date = dayLabel(o.paidAt ?? r.now.toISOString());
  const method = o.paymentMethod ? METHOD_WORDS[o.paymentMethod] ?? o.paymentMethod : null;
  const orderUrl = `${r.site.siteUrl}/checkout/${o.checkoutToken}`;
  const seller = [r.seller.legalName || r.site.siteName, ...lines(r.seller.address), ...(r.seller.vatId ? [`VAT ID: ${r.seller.vatId}`] : [])];
  const billedTo = [o.billingName, ...lines(o.billingAddress ?? ''), o.billingCountry, o.vatNumber ? `VAT ID: ${o.vatNumber}` : null]
    .filter((v): v is string => !!v);
  const totals: Array<[string, string]> = [
    ['Net (excluding VAT)', formatUsd(o.subtotalCents)],
    [vat, formatUsd(o.vatCents)],
    [`Total paid (${o.currency})`, formatUsd(o.totalCents)],
  ];

  const text = [
    `Thank you for your order on ${r.site.siteName}. This is your receipt.`,
    '',
    `Order: ${o.number}`,
    `Date: ${date}`,
    ...(method ? [`Paid by: ${method}`] : []),
    `Status: ${state.headline}`,
    '',
    'Items',
    ...items.map((i) => `- ${i.name}${i.about ? ` (${i.about})` : ''}: ${i.price}`),
    '',
    ...totals.map(([label, amount]) => `${label}: ${amount}`),
    `Currency: ${o.currency}`,
    '',
    'What happens next',
    ...state.next.map((n) => `- ${n}`),
    '',
    `Your order page: ${orderUrl}`,
    ...(billedTo.length ? ['', 'Billed to', ...billedTo] : []),
    '',
    'Seller',
    ...seller,
    '',
  ].join('\n');

  // Every value below may be user-written (listing names, billing details) or operator-written: all escaped.
  const td = 'style="padding:4px 8px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top"';
  const num = 'style="padding:4px 8px;border-bottom:1px solid #ddd;text-align:right;white-space:nowrap"';
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.4;color:#111">
<p>Thank you for your order on ${e(r.site.siteName)}. This is your receipt.</p>
<p><strong>Order ${e(o.number)}</strong><br>Date: ${e(date)}${method ? `<br>Paid by: ${e(method)}` : ''}<br>Status: <strong>${e(state.headline)}</strong></p>
<table style="border-collapse:collapse;width:100%;max-width:640px">
<thead><tr><th ${td}>Item</th><th ${num}>Price</th></tr></thead>
<tbody>${items.map((i) => `<tr><td ${td}>${e(i.name)}${i.about ? `<br><small>${e(i.about)}</small>` : ''}</td><td ${num}>${e(i.price)}</td></tr>`).join('')}</tbody>
<tfoot>${totals.map(([label, amount], n) => `<tr><td ${td}>${n === totals.length - 1 ? `<strong>${e(label)}</strong>` : e(label)}</td><td ${num}>${n === totals.length - 1 ? `<strong>${e(amount)}</strong>` : e(amount)}</td></tr>`).join('')}</tfoot>
</table>
<p>Currency: ${e(o.currency)}</p>
<h3>What happens next</h3>
<ul>${state.next.map((n) => `<li>${e(n)}</li>`).join('')}</ul>
<p><a href="${e(orderUrl)}">Open your order page</a></p>
${billedTo.length ? `<h3>Billed to</h3><p>${billedTo.map(e).join('<br>')}</p>` : ''}
<h3>Seller</h3>
<p>${seller.map(e).join('<br>')}</p>
</body></html>`;

  return { to: r.to, subject: `Receipt for order ${o.number} on ${r.site.siteName}`, text, html };
}

// Queues the receipt of an order that has just become paid. Idempotent: a second call for the same order finds
// the first job by its dedupe key and queues nothing. Returns whether a receipt was queued by this call.
export async function queueOrderReceipt(db: Db, now: Date, orderId: number, site: SiteInfo): Promise<boolean> {
  const order = await orderById(db, orderId);
  if (!order) return false;
  const user = await userById(db, order.userId);
  if (!user) return false;
  const names = await listingNames(db, order.lines.flatMap((l) => (l.listingId === null ? [] : [l.listingId])));
  const mail = receiptMail({ order, to: user.email, site, seller: await sellerDetails(db), listingNames: names, now });
  return (await enqueue(db, { now: () => now }, EMAIL_JOB, mail, { maxAttempts: 8, dedupeKey: receiptDedupeKey(order.number) })).created;
}
