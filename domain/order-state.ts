import { dayLabel, mondayOf } from './weeks';

// What an order's page and receipt say about it: one headline and what happens next, from the order's real
// state rather than its status alone. A paid launch for a later week is "fulfilled" in storage as soon as it is
// booked, but nothing is visible yet: until its week starts (launch weeks go live Monday 00:00 UTC) the order
// reads "Paid — goes live on <that Monday>", never "Paid and delivered".

export type OrderStateLine = {
  productCode: string;
  productName: string;
  week: string | null; // the booked launch week's Monday, for products that take one
  fulfilled: boolean;
  listingName?: string | null;
};

export type OrderStateInput = {
  status: 'pending' | 'paid' | 'fulfilled' | 'cancelled' | 'refunded';
  lines: OrderStateLine[];
  expiresAt: string;
  now: Date;
  awaitingProvider?: boolean; // the person came back from the provider's page; its confirmation has not arrived
};

export type OrderStateKind = 'awaiting_payment' | 'confirming' | 'cancelled' | 'refunded' | 'in_progress' | 'scheduled' | 'delivered';

export type OrderState = {
  kind: OrderStateKind;
  headline: string;
  next: string[]; // what happens next, one sentence each, in line order
  goLiveDays: string[]; // Mondays on which paid launches of this order still go live, earliest first
};

// Products whose effect is a place in a launch week.
const WEEK_PRODUCTS = new Set(['launch', 'skip_queue', 'relaunch']);

export type LineProgress = { kind: 'done' } | { kind: 'working' } | { kind: 'scheduled'; day: string; relaunch: boolean };

// One line's progress: booked for a week not begun yet, waiting on the site team, or done.
export function lineProgress(l: OrderStateLine, now: Date): LineProgress {
  if (WEEK_PRODUCTS.has(l.productCode) && l.week !== null && l.week > mondayOf(now)) {
    return { kind: 'scheduled', day: l.week, relaunch: l.productCode === 'relaunch' };
  }
  return l.fulfilled ? { kind: 'done' } : { kind: 'working' };
}

const joinWords = (items: string[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);
const forListing = (l: OrderStateLine) => (l.listingName ? ` for ${l.listingName}` : '');

export function orderState(o: OrderStateInput): OrderState {
  const none = { goLiveDays: [] as string[] };
  switch (o.status) {
    case 'pending':
      return o.awaitingProvider
        ? { ...none, kind: 'confirming', headline: 'Payment being confirmed', next: ['We are waiting for the payment provider to confirm your payment; reload this page in a moment.'] }
        : { ...none, kind: 'awaiting_payment', headline: 'Awaiting payment', next: [`Nothing has been charged yet. Unpaid orders are cancelled on ${dayLabel(o.expiresAt)}.`] };
    case 'cancelled':
      return { ...none, kind: 'cancelled', headline: 'Cancelled — not paid in time', next: ['Nothing was charged. Ask your assistant for a new checkout, or use the API’s create_checkout again.'] };
    case 'refunded':
      return { ...none, kind: 'refunded', headline: 'Refunded', next: ['The payment was returned. Contact the site team if you have a question about it.'] };
  }

  const next: string[] = [];
  const launchDays = new Set<string>();
  const relaunchDays = new Set<string>();
  for (const l of o.lines) {
    const p = lineProgress(l, o.now);
    if (p.kind === 'scheduled') {
      (p.relaunch ? relaunchDays : launchDays).add(p.day);
      next.push(`${l.productName}${forListing(l)}: ${p.relaunch ? 'relaunches' : 'goes live'} on ${dayLabel(p.day)}.`);
    } else if (p.kind === 'working') {
      next.push(`${l.productName}${forListing(l)}: the site team is working on it; this page shows it as done when it is.`);
    }
  }
  const goLiveDays = [...new Set([...launchDays, ...relaunchDays])].sort();
  if (launchDays.size) {
    return { kind: 'scheduled', headline: `Paid — goes live on ${joinWords([...launchDays].sort().map(dayLabel))}`, next, goLiveDays };
  }
  if (relaunchDays.size) {
    return { kind: 'scheduled', headline: `Paid — relaunches on ${joinWords([...relaunchDays].sort().map(dayLabel))}`, next, goLiveDays };
  }
  if (next.length) return { kind: 'in_progress', headline: 'Paid — being delivered', next, goLiveDays };
  return { kind: 'delivered', headline: 'Paid and delivered', next: ['Everything in this order is in place.'], goLiveDays };
}
