import { withTransaction, type Db } from '../storage/db';
import {
  completeOrderIfDone, expireUnpaidOrders, markLineFulfilled, markOrderPaid, orderById, orderByNumber, paidOrderIds,
  type OrderLineRecord, type OrderRecord,
} from '../storage/queries/orders';
import {
  addBillboardContribution, addExtraCategories, closeServiceTask, launchListing, openServiceTask, serviceTask, setFeatured, setLaunchWeek,
} from '../storage/queries/order-effects';
import { mondayOf } from '../domain/weeks';
import type { HandlerSpec } from './queue';
import type { Clock } from '../domain/clock';
import { HOUR_MS, hourStart, scheduleHourly } from './hourly';
import { queueOrderReceipt, type SiteInfo } from './order-receipt';

// Fulfilment of paid orders, line by line. A line's effect and its fulfilled flag are written in one
// transaction, so running fulfilment again (a replayed webhook, a second mark-paid, the sweep) changes nothing.
// Service products open a task for the site team instead; the line is fulfilled when an operator closes it.

export const SERVICE_PRODUCTS = new Set(['done_for_you', 'launch_bundle', 'ai_review']);

// A chosen week that has already begun by the time the order is paid means "now".
const weekOrNow = (week: string | null, current: string) => (week && week > current ? week : current);

// Applies one line; true when the line is complete, false when it waits on the site team.
async function applyLine(db: Db, order: OrderRecord, line: OrderLineRecord, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const current = mondayOf(now);
  const id = line.listingId!;
  switch (line.productCode) {
    case 'launch': {
      const week = weekOrNow(line.week, current);
      await launchListing(db, id, { live: week === current, week, at });
      return true;
    }
    case 'skip_queue':
    case 'relaunch':
      await setLaunchWeek(db, id, weekOrNow(line.week, current), at);
      return true;
    case 'featured':
      await setFeatured(db, id, at);
      return true;
    case 'extra_categories':
      await addExtraCategories(db, id, line.categories ?? []);
      return true;
    case 'billboard_min':
      await addBillboardContribution(db, id, line.amountCents ?? line.priceCents, order.number, at);
      return true;
  }
  // done_for_you, ai_review, the bundle's copy, and any product code added later without code: people do it.
  const opened = await openServiceTask(db, { lineId: line.id, orderId: order.id, listingId: line.listingId, productCode: line.productCode, brief: line.options, at });
  if (opened && line.productCode === 'launch_bundle') {
    // The bundle's launch and featured placement apply at once (only when its task opens, so never twice).
    await launchListing(db, id, { live: true, week: current, at });
    await setFeatured(db, id, at);
  }
  return false;
}

export type FulfilResult = { order: OrderRecord; newlyFulfilled: number };

export async function fulfilOrder(db: Db, now: Date, orderId: number): Promise<FulfilResult | undefined> {
  return await withTransaction(db, async () => {
    const order = await orderById(db, orderId);
    if (!order || order.status !== 'paid') return order && { order, newlyFulfilled: 0 };
    const at = now.toISOString();
    let newlyFulfilled = 0;
    for (const line of order.lines) {
      if (line.fulfilled) continue;
      // A line whose listing was deleted has nothing to apply to; it counts as done so the order can close.
      if (line.listingId === null || await applyLine(db, order, line, now)) {
        if (await markLineFulfilled(db, line.id, at)) newlyFulfilled++;
      }
    }
    await completeOrderIfDone(db, order.id, at);
    return { order: (await orderById(db, orderId))!, newlyFulfilled };
  });
}

export type PaymentInput = { provider: 'test' | 'stripe' | 'manual'; method: string; reference: string | null };

// Records a confirmed payment, fulfils at once and queues the receipt (composed after fulfilment, so it says
// what really happened). Returns whether this call moved the order to paid (false for a replay or an order
// already paid, which sends no second receipt).
export async function recordPayment(db: Db, now: Date, orderId: number, p: PaymentInput, site: SiteInfo): Promise<{ newlyPaid: boolean; order: OrderRecord }> {
  return await withTransaction(db, async () => {
    const newlyPaid = await markOrderPaid(db, orderId, { ...p, at: now.toISOString() });
    await fulfilOrder(db, now, orderId);
    if (newlyPaid) await queueOrderReceipt(db, now, orderId, site);
    return { newlyPaid, order: (await orderById(db, orderId))! };
  });
}

export class PaymentRefused extends Error {}

// `npm run admin -- mark-paid ORDER_NUMBER [--method bank_transfer|crypto]`: money that arrived outside the site.
export async function markPaidManually(db: Db, now: Date, number: string, method: string, site: SiteInfo): Promise<OrderRecord> {
  const order = await orderByNumber(db, number);
  if (!order) throw new PaymentRefused(`No order ${number}.`);
  if (order.status === 'paid' || order.status === 'fulfilled') throw new PaymentRefused(`Order ${number} is already ${order.status}.`);
  if (order.status === 'refunded') throw new PaymentRefused(`Order ${number} was refunded; it cannot be paid again.`);
  return (await recordPayment(db, now, order.id, { provider: 'manual', method, reference: null }, site)).order;
}

// `npm run admin -- complete-task ID`: the site team finished the work; the order line is fulfilled.
export async function completeServiceTask(db: Db, now: Date, taskId: number, note: string | null): Promise<{ order: OrderRecord }> {
  return await withTransaction(db, async () => {
    const task = await serviceTask(db, taskId);
    if (!task) throw new PaymentRefused(`No service task ${taskId}.`);
    if (task.status === 'done') throw new PaymentRefused(`Service task ${taskId} is already done.`);
    const at = now.toISOString();
    await closeServiceTask(db, taskId, at, note);
    await markLineFulfilled(db, task.order_line_id, at);
    await completeOrderIfDone(db, task.order_id, at);
    return { order: (await orderById(db, task.order_id))! };
  });
}

// Recovery sweep: fulfils paid orders left open (e.g. a crash between payment and fulfilment) and expires
// unpaid ones. Idempotent; the lead schedules it as the `orders.sweep` job (ordersJobHandlers).
export async function sweepOrders(db: Db, now: Date): Promise<{ expired: number; fulfilledLines: number }> {
  const expired = await expireUnpaidOrders(db, now);
  let fulfilledLines = 0;
  for (const id of await paidOrderIds(db)) fulfilledLines += (await fulfilOrder(db, now, id))?.newlyFulfilled ?? 0;
  return { expired, fulfilledLines };
}

export const ORDERS_SWEEP_JOB = 'orders.sweep';
export const scheduleOrdersSweep = async (db: Db, clock: Clock, at: Date): Promise<boolean> => await scheduleHourly(db, clock, ORDERS_SWEEP_JOB, at);

export const ordersJobHandlers: Record<string, HandlerSpec> = {
  [ORDERS_SWEEP_JOB]: {
    concurrency: 1,
    run: async (_payload, ctx) => {
      const now = ctx.clock.now();
      await scheduleOrdersSweep(ctx.db, ctx.clock, new Date(hourStart(now).getTime() + HOUR_MS)); // first: a failure below never ends the chain
      await sweepOrders(ctx.db, now);
    },
  },
};
