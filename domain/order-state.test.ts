import { describe, expect, it } from 'vitest';
import { lineProgress, orderState, type OrderStateInput, type OrderStateLine } from './order-state';
import { dayLabel } from './weeks';

const now = new Date('2026-11-18T12:00:00Z'); // Wednesday of the week of Monday 2026-11-16
const line = (productCode: string, over: Partial<OrderStateLine> = {}): OrderStateLine =>
  ({ productCode, productName: `Test ${productCode}`, week: null, fulfilled: true, ...over });
const order = (status: OrderStateInput['status'], lines: OrderStateLine[], over: Partial<OrderStateInput> = {}): OrderStateInput =>
  ({ status, lines, expiresAt: '2026-11-25T12:00:00.000Z', now, ...over });

describe('orderState: the headline an order shows', () => {
  it.each<[string, OrderStateInput, string, string]>([
    ['unpaid', order('pending', [line('launch', { fulfilled: false })]), 'awaiting_payment', 'Awaiting payment'],
    ['back from the provider, not confirmed yet', order('pending', [line('launch', { fulfilled: false })], { awaitingProvider: true }), 'confirming', 'Payment being confirmed'],
    ['expired unpaid', order('cancelled', [line('featured', { fulfilled: false })]), 'cancelled', 'Cancelled — not paid in time'],
    ['refunded', order('refunded', [line('featured')]), 'refunded', 'Refunded'],
    ['launch now, done', order('fulfilled', [line('launch')]), 'delivered', 'Paid and delivered'],
    ['launch booked for a later week', order('fulfilled', [line('launch', { week: '2026-12-07' })]), 'scheduled', 'Paid — goes live on Monday 7 December 2026'],
    ['launch booked for this week: live already', order('fulfilled', [line('launch', { week: '2026-11-16' })]), 'delivered', 'Paid and delivered'],
    ['launch booked for a past week', order('fulfilled', [line('launch', { week: '2026-11-09' })]), 'delivered', 'Paid and delivered'],
    ['the booked week has begun since', order('fulfilled', [line('launch', { week: '2026-12-07' })], { now: new Date('2026-12-07T00:00:00Z') }), 'delivered', 'Paid and delivered'],
    ['skip_queue to a later week', order('fulfilled', [line('skip_queue', { week: '2026-11-30' })]), 'scheduled', 'Paid — goes live on Monday 30 November 2026'],
    ['relaunch only', order('fulfilled', [line('relaunch', { week: '2026-12-14' })]), 'scheduled', 'Paid — relaunches on Monday 14 December 2026'],
    ['two launch weeks', order('fulfilled', [line('launch', { week: '2026-12-14' }), line('launch', { week: '2026-12-07' })]), 'scheduled',
      'Paid — goes live on Monday 7 December 2026 and Monday 14 December 2026'],
    ['launch and relaunch: the launch leads', order('fulfilled', [line('relaunch', { week: '2026-11-23' }), line('launch', { week: '2026-12-07' })]), 'scheduled',
      'Paid — goes live on Monday 7 December 2026'],
    ['a service line still open', order('paid', [line('featured'), line('done_for_you', { fulfilled: false })]), 'in_progress', 'Paid — being delivered'],
    ['a later launch and an open service line', order('paid', [line('launch', { week: '2026-12-07' }), line('ai_review', { fulfilled: false })]), 'scheduled',
      'Paid — goes live on Monday 7 December 2026'],
    ['a week on a product without weeks is ignored', order('fulfilled', [line('featured', { week: '2026-12-07' })]), 'delivered', 'Paid and delivered'],
  ])('%s', (_name, input, kind, headline) => {
    const s = orderState(input);
    expect(s.kind).toBe(kind);
    expect(s.headline).toBe(headline);
    expect(s.next.length).toBeGreaterThan(0);
  });

  it('says what happens next for each line still to come, naming the listing', () => {
    const s = orderState(order('paid', [
      line('launch', { week: '2026-12-07', listingName: 'Acme' }), line('featured', { listingName: 'Acme' }), line('ai_review', { fulfilled: false }),
    ]));
    expect(s.next).toEqual([
      'Test launch for Acme: goes live on Monday 7 December 2026.',
      'Test ai_review: the site team is working on it; this page shows it as done when it is.',
    ]);
    expect(s.goLiveDays).toEqual(['2026-12-07']);
  });

  it('tells an unpaid order when it is cancelled', () => {
    expect(orderState(order('pending', [line('launch')])).next).toEqual(['Nothing has been charged yet. Unpaid orders are cancelled on Wednesday 25 November 2026.']);
  });
});

describe('lineProgress', () => {
  it.each<[OrderStateLine, ReturnType<typeof lineProgress>]>([
    [line('launch'), { kind: 'done' }],
    [line('launch', { week: '2026-12-07' }), { kind: 'scheduled', day: '2026-12-07', relaunch: false }],
    [line('relaunch', { week: '2026-12-07' }), { kind: 'scheduled', day: '2026-12-07', relaunch: true }],
    [line('done_for_you', { fulfilled: false }), { kind: 'working' }],
  ])('%o', (l, expected) => {
    expect(lineProgress(l, now)).toEqual(expected);
  });
});

describe('dayLabel', () => {
  it.each([
    ['2026-12-07', 'Monday 7 December 2026'],
    ['2027-01-04', 'Monday 4 January 2027'],
    ['2026-11-25T12:00:00.000Z', 'Wednesday 25 November 2026'],
    ['not a date', 'not a date'],
  ])('%s → %s', (day, label) => {
    expect(dayLabel(day)).toBe(label);
  });
});
