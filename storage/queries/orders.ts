import { withTransaction, type Db } from '../db';
import { getSetting } from './settings';
import type { OrderStatus, VatRule } from '../schema/orders';

// Orders and their lines. Statuses: pending → paid → fulfilled; pending → cancelled (expired unpaid);
// paid | fulfilled → refunded. Money is USD cents excluding VAT per line; VAT on the order's subtotal.

export type OrderLineRecord = {
  id: number; position: number; productCode: string; productName: string; listingId: number | null; week: string | null;
  amountCents: number | null; categories: string[] | null; options: Record<string, unknown> | null; priceCents: number;
  fulfilled: boolean; fulfilledAt: string | null;
};
export type OrderRecord = {
  id: number; number: string; userId: number; status: OrderStatus; currency: string;
  subtotalCents: number; vatRateBp: number; vatCents: number; totalCents: number; reverseCharge: boolean;
  vatRule: VatRule; vatCountry: string | null; billingCountry: string | null; vatNumber: string | null;
  billingName: string | null; billingAddress: string | null; checkoutToken: string;
  paymentProvider: string | null; paymentMethod: string | null; paymentReference: string | null;
  createdAt: string; updatedAt: string; expiresAt: string; paidAt: string | null; fulfilledAt: string | null;
  cancelledAt: string | null; lines: OrderLineRecord[];
};
export type Totals = {
  subtotalCents: number; vatRateBp: number; vatCents: number; totalCents: number; reverseCharge: boolean;
  vatRule: VatRule; vatCountry: string | null; billingCountry: string | null; vatNumber: string | null;
};
export type NewLine = Omit<OrderLineRecord, 'id' | 'fulfilled' | 'fulfilledAt'>;

export const ORDER_TTL_DAYS = 7; // an unpaid order is cancelled after this

const COLUMNS = `id, number, user_id, status, currency, subtotal_cents, vat_rate_bp, vat_cents, total_cents, reverse_charge,
  vat_rule, vat_country, billing_country, vat_number, billing_name, billing_address, checkout_token, payment_provider,
  payment_method, payment_reference, created_at, updated_at, expires_at, paid_at, fulfilled_at, cancelled_at`;

function prepare(db: Db) {
  const s = db.engine;
  return {
    insert: s.prepare(`INSERT INTO orders (number, user_id, status, currency, subtotal_cents, vat_rate_bp, vat_cents, total_cents,
        reverse_charge, vat_rule, vat_country, billing_country, vat_number, checkout_token, created_at, updated_at, expires_at)
      VALUES (@tmp, @userId, 'pending', 'USD', @subtotalCents, @vatRateBp, @vatCents, @totalCents, @reverseCharge, @vatRule,
        @vatCountry, @billingCountry, @vatNumber, @token, @now, @now, @expiresAt)`),
    setNumber: s.prepare('UPDATE orders SET number = ? WHERE id = ?'),
    insertLine: s.prepare(`INSERT INTO order_lines (order_id, position, product_code, product_name, listing_id, week, amount_cents,
        categories, options, price_cents) VALUES (@orderId, @position, @productCode, @productName, @listingId, @week, @amountCents,
        @categories, @options, @priceCents)`),
    byId: s.prepare(`SELECT ${COLUMNS} FROM orders WHERE id = ?`),
    byNumber: s.prepare(`SELECT ${COLUMNS} FROM orders WHERE number = ?`),
    byToken: s.prepare(`SELECT ${COLUMNS} FROM orders WHERE checkout_token = ?`),
    lines: s.prepare(`SELECT id, position, product_code, product_name, listing_id, week, amount_cents, categories, options,
        price_cents, fulfilled, fulfilled_at FROM order_lines WHERE order_id = ? ORDER BY position`),
    ofUser: s.prepare(`SELECT ${COLUMNS} FROM orders WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT CAST(? AS INTEGER) OFFSET CAST(? AS INTEGER)`),
    countOfUser: s.prepare('SELECT count(*) AS n FROM orders WHERE user_id = ?'),
    productsOf: s.prepare(`SELECT order_id, json_group_array(product_code) AS codes FROM
        (SELECT order_id, product_code FROM order_lines WHERE order_id IN (SELECT CAST(value AS INTEGER) FROM json_each(?)) ORDER BY order_id, position) AS lines
      GROUP BY order_id`),
    billing: s.prepare(`UPDATE orders SET billing_name = @name, billing_address = @address, billing_country = @billingCountry,
        vat_number = @vatNumber, vat_rate_bp = @vatRateBp, vat_cents = @vatCents, total_cents = @totalCents,
        reverse_charge = @reverseCharge, vat_rule = @vatRule, vat_country = @vatCountry, updated_at = @now
      WHERE id = @id AND status = 'pending'`),
    paid: s.prepare(`UPDATE orders SET status = 'paid', paid_at = @at, updated_at = @at, cancelled_at = NULL,
        payment_provider = @provider, payment_method = @method, payment_reference = @reference
      WHERE id = @id AND status IN ('pending', 'cancelled')`),
    // Checked first with a read, so the common case (nothing overdue) never takes the write lock.
    anyOverdue: s.prepare(`SELECT 1 FROM orders WHERE status = 'pending' AND expires_at <= ? LIMIT 1`),
    expire: s.prepare(`UPDATE orders SET status = 'cancelled', cancelled_at = @now, updated_at = @now
      WHERE status = 'pending' AND expires_at <= @now`),
    byReference: s.prepare(`SELECT ${COLUMNS} FROM orders WHERE payment_provider = ? AND payment_reference = ?`),
    refunded: s.prepare(`UPDATE orders SET status = 'refunded', updated_at = @at WHERE id = @id AND status IN ('paid', 'fulfilled')`),
    lineDone: s.prepare('UPDATE order_lines SET fulfilled = 1, fulfilled_at = ? WHERE id = ? AND fulfilled = 0'),
    fulfilled: s.prepare(`UPDATE orders SET status = 'fulfilled', fulfilled_at = @at, updated_at = @at WHERE id = @id AND status = 'paid'
      AND NOT EXISTS (SELECT 1 FROM order_lines WHERE order_id = @id AND fulfilled = 0)`),
    paidUnfulfilled: s.prepare(`SELECT id FROM orders WHERE status = 'paid' ORDER BY paid_at, id`),
    event: s.prepare(`INSERT INTO payment_events (provider, event_id, type, order_number, received_at) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT DO NOTHING`),
  };
}
const cache = new WeakMap<Db, ReturnType<typeof prepare>>();
function stmts(db: Db) {
  let s = cache.get(db);
  if (!s) cache.set(db, (s = prepare(db)));
  return s;
}

const json = <T>(v: string | null): T | null => (v ? (JSON.parse(v) as T) : null);

async function toOrder(db: Db, r: Record<string, any> | undefined): Promise<OrderRecord | undefined> {
  if (!r) return undefined;
  const lines = (await stmts(db).lines.all(r.id) as Record<string, any>[]).map((l) => ({
    id: l.id, position: l.position, productCode: l.product_code, productName: l.product_name, listingId: l.listing_id,
    week: l.week, amountCents: l.amount_cents, categories: json<string[]>(l.categories), options: json<Record<string, unknown>>(l.options),
    priceCents: l.price_cents, fulfilled: !!l.fulfilled, fulfilledAt: l.fulfilled_at,
  }));
  return { ...toHead(r), lines };
}

const toHead = (r: Record<string, any>): Omit<OrderRecord, 'lines'> => ({
  id: r.id, number: r.number, userId: r.user_id, status: r.status, currency: r.currency, subtotalCents: r.subtotal_cents,
  vatRateBp: r.vat_rate_bp, vatCents: r.vat_cents, totalCents: r.total_cents, reverseCharge: !!r.reverse_charge, vatRule: r.vat_rule,
  vatCountry: r.vat_country, billingCountry: r.billing_country, vatNumber: r.vat_number, billingName: r.billing_name,
  billingAddress: r.billing_address, checkoutToken: r.checkout_token, paymentProvider: r.payment_provider,
  paymentMethod: r.payment_method, paymentReference: r.payment_reference, createdAt: r.created_at, updatedAt: r.updated_at,
  expiresAt: r.expires_at, paidAt: r.paid_at, fulfilledAt: r.fulfilled_at, cancelledAt: r.cancelled_at,
});

// Human-readable and at most 32 characters: ORD-2026-000123 (the row id, so it never collides).
export const orderNumberFor = (id: number, createdAt: string) => `ORD-${createdAt.slice(0, 4)}-${String(id).padStart(6, '0')}`;

export async function insertOrder(db: Db, o: { userId: number; lines: NewLine[]; totals: Totals; token: string; now: string; expiresAt: string }): Promise<OrderRecord> {
  const s = stmts(db);
  return await withTransaction(db, async () => {
    const { totals } = o;
    const id = Number((await s.insert.run({
      ...totals, reverseCharge: totals.reverseCharge ? 1 : 0, userId: o.userId, token: o.token, now: o.now, expiresAt: o.expiresAt,
      tmp: `tmp-${o.token}`,
    })).lastInsertRowid);
    await s.setNumber.run(orderNumberFor(id, o.now), id);
    for (const l of o.lines) {
      await s.insertLine.run({
        ...l, orderId: id, categories: l.categories ? JSON.stringify(l.categories) : null, options: l.options ? JSON.stringify(l.options) : null,
      });
    }
    return (await toOrder(db, await s.byId.get(id) as Record<string, any>))!;
  });
}

export const orderById = async (db: Db, id: number) => toOrder(db, await stmts(db).byId.get(id) as Record<string, any> | undefined);
export const orderByNumber = async (db: Db, number: string) => toOrder(db, await stmts(db).byNumber.get(number) as Record<string, any> | undefined);
export const orderByToken = async (db: Db, token: string) => toOrder(db, await stmts(db).byToken.get(token) as Record<string, any> | undefined);

// Another user's order is simply not found.
export async function orderOfUser(db: Db, userId: number, number: string): Promise<OrderRecord | undefined> {
  const o = await orderByNumber(db, number);
  return o && o.userId === userId ? o : undefined;
}

export type OrderSummaryRecord = Omit<OrderRecord, 'lines'> & { products: string[] };

export async function ordersOfUser(db: Db, userId: number, limit: number, offset: number): Promise<{ rows: OrderSummaryRecord[]; total: number }> {
  const s = stmts(db);
  const heads = (await s.ofUser.all(userId, limit, offset) as Record<string, any>[]).map(toHead);
  const codes = new Map((await s.productsOf.all(JSON.stringify(heads.map((h) => h.id))) as { order_id: number; codes: string }[])
    .map((r) => [r.order_id, JSON.parse(r.codes) as string[]]));
  const total = (await s.countOfUser.get(userId) as { n: number }).n;
  return { rows: heads.map((h) => ({ ...h, products: codes.get(h.id) ?? [] })), total };
}

export type Billing = { name: string; address: string };

// Billing details from the checkout page, with the VAT they imply. Only a pending order takes them.
export async function updateBilling(db: Db, id: number, billing: Billing, totals: Totals, now: string): Promise<boolean> {
  return (await stmts(db).billing.run({ ...totals, reverseCharge: totals.reverseCharge ? 1 : 0, ...billing, id, now })).changes === 1;
}

// pending → paid, and also cancelled → paid: money a provider confirms (or an operator records) after the order
// expired is still taken, so the order is honoured. Returns false when it was already paid (a replay).
export async function markOrderPaid(db: Db, id: number, p: { provider: string; method: string; reference: string | null; at: string }): Promise<boolean> {
  return (await stmts(db).paid.run({ id, ...p })).changes === 1;
}

// Cancels every pending order whose time ran out. Runs lazily before order reads; a job may run it too.
export async function expireUnpaidOrders(db: Db, now: Date): Promise<number> {
  const s = stmts(db);
  const at = now.toISOString();
  return await s.anyOverdue.get(at) ? (await s.expire.run({ now: at })).changes : 0;
}

export const orderByPaymentReference = async (db: Db, provider: string, reference: string) =>
  toOrder(db, await stmts(db).byReference.get(provider, reference) as Record<string, any> | undefined);

// paid | fulfilled → refunded. What was delivered stays delivered; the status records that the money went back.
export const markOrderRefunded = async (db: Db, id: number, at: string): Promise<boolean> => (await stmts(db).refunded.run({ id, at })).changes === 1;

export const markLineFulfilled = async (db: Db, lineId: number, at: string): Promise<boolean> => (await stmts(db).lineDone.run(at, lineId)).changes === 1;

// paid → fulfilled once no line is left open.
export const completeOrderIfDone = async (db: Db, id: number, at: string): Promise<boolean> => (await stmts(db).fulfilled.run({ id, at })).changes === 1;

export const paidOrderIds = async (db: Db): Promise<number[]> => (await stmts(db).paidUnfulfilled.all() as { id: number }[]).map((r) => r.id);

// A provider event id is handled once; returns false for a replay.
export async function recordPaymentEvent(db: Db, e: { provider: string; id: string; type: string; orderNumber: string | null; at: string }): Promise<boolean> {
  return (await stmts(db).event.run(e.provider, e.id, e.type, e.orderNumber, e.at)).changes === 1;
}

// The seller's country decides domestic VAT (setting seller_country, checked when the operator sets it).
export const sellerCountry = async (db: Db): Promise<string> => await getSetting(db, 'seller_country');
