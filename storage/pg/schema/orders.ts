import { pgTable, integer, text, index, uniqueIndex, primaryKey } from 'drizzle-orm/pg-core';
import { intBool, jsonText } from './columns';
import { users } from './users';
import { listings } from './directory';
import { ORDER_STATUSES, SERVICE_TASK_STATUSES, VAT_RULES } from '../../schema/orders';

export const orders = pgTable('orders', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  number: text('number').notNull().unique(), // ORD-YYYY-NNNNNN, at most 32 chars
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
  currency: text('currency').notNull().default('USD'),
  // Money in USD cents; prices exclude VAT. vat_rate_bp is basis points (1900 = 19 %).
  subtotalCents: integer('subtotal_cents').notNull(),
  vatRateBp: integer('vat_rate_bp').notNull().default(0),
  vatCents: integer('vat_cents').notNull().default(0),
  totalCents: integer('total_cents').notNull(),
  reverseCharge: intBool('reverse_charge').notNull().default(false),
  vatRule: text('vat_rule', { enum: VAT_RULES }).notNull().default('not_determined'),
  vatCountry: text('vat_country'),
  billingCountry: text('billing_country'),
  vatNumber: text('vat_number'),
  billingName: text('billing_name'),
  billingAddress: text('billing_address'),
  // The capability in checkout_url: whoever holds the link may review and pay the order.
  checkoutToken: text('checkout_token').notNull().unique(),
  paymentProvider: text('payment_provider'), // 'test' | 'stripe' | 'manual'
  paymentMethod: text('payment_method'), // 'test' | 'card' | 'bank_transfer' | 'crypto'
  paymentReference: text('payment_reference'),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
  expiresAt: text('expires_at').notNull(),
  paidAt: text('paid_at'),
  fulfilledAt: text('fulfilled_at'),
  cancelledAt: text('cancelled_at'),
}, (t) => [index('orders_user_created').on(t.userId, t.createdAt), index('orders_status_expires').on(t.status, t.expiresAt)]);

// One line per order item, priced when the order was made; `fulfilled` flips once its effect is applied.
export const orderLines = pgTable('order_lines', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(), // index of the item in the request (items.N)
  productCode: text('product_code').notNull(),
  productName: text('product_name').notNull(),
  listingId: integer('listing_id').references(() => listings.id, { onDelete: 'set null' }),
  week: text('week'),
  amountCents: integer('amount_cents'),
  categories: jsonText('categories').$type<string[]>(),
  options: jsonText('options').$type<Record<string, unknown>>(),
  priceCents: integer('price_cents').notNull(),
  fulfilled: intBool('fulfilled').notNull().default(false),
  fulfilledAt: text('fulfilled_at'),
}, (t) => [uniqueIndex('order_lines_order_position').on(t.orderId, t.position), index('order_lines_listing').on(t.listingId)]);

// Work for the site team that a paid service line opens (done_for_you, launch_bundle, ai_review).
// An operator closes it with `npm run admin -- complete-task ID`, which fulfils the line.
export const serviceTasks = pgTable('service_tasks', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  orderLineId: integer('order_line_id').notNull().unique().references(() => orderLines.id, { onDelete: 'cascade' }),
  orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  listingId: integer('listing_id').references(() => listings.id, { onDelete: 'set null' }),
  productCode: text('product_code').notNull(),
  brief: jsonText('brief').$type<Record<string, unknown>>(), // the line's options
  status: text('status', { enum: SERVICE_TASK_STATUSES }).notNull().default('open'),
  note: text('note'),
  createdAt: text('created_at').notNull(),
  completedAt: text('completed_at'),
}, (t) => [index('service_tasks_status').on(t.status, t.createdAt)]);

// Provider webhook events already handled: a replayed delivery finds its id here and changes nothing.
export const paymentEvents = pgTable('payment_events', {
  provider: text('provider').notNull(),
  eventId: text('event_id').notNull(),
  type: text('type').notNull(),
  orderNumber: text('order_number'),
  receivedAt: text('received_at').notNull(),
}, (t) => [primaryKey({ columns: [t.provider, t.eventId] })]);
