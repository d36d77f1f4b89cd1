import { pgTable, bigint, integer, text, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { listings } from './directory';

// Money contributed to the billboard (paid ranking). Orders add rows; the board sums them.
export const billboardContributions = pgTable('billboard_contributions', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  listingId: integer('listing_id').notNull().references(() => listings.id, { onDelete: 'cascade' }),
  amountCents: integer('amount_cents').notNull(),
  source: text('source').notNull().default('order'), // order number or 'demo' / 'manual'
  createdAt: text('created_at').notNull(),
}, (t) => [index('billboard_listing').on(t.listingId)]);

// Third-party Domain Rating, imported from outside; every import adds a row so the trend is real.
export const domainRatings = pgTable('domain_ratings', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  listingId: integer('listing_id').notNull().references(() => listings.id, { onDelete: 'cascade' }),
  rating: integer('rating').notNull(), // 0..100
  recordedOn: text('recorded_on').notNull(), // YYYY-MM-DD
  source: text('source').notNull().default('import'),
}, (t) => [uniqueIndex('domain_ratings_listing_day').on(t.listingId, t.recordedOn), index('domain_ratings_day').on(t.recordedOn)]);

// Verified revenue figures, imported from outside (monthly recurring revenue in USD cents).
export const revenueReports = pgTable('revenue_reports', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  listingId: integer('listing_id').notNull().references(() => listings.id, { onDelete: 'cascade' }),
  mrrCents: bigint('mrr_cents', { mode: 'number' }).notNull(), // bigint: 32 bits end at $21.4M a month
  period: text('period').notNull(), // YYYY-MM-DD, first day of the month reported
  verifiedBy: text('verified_by').notNull(), // e.g. 'stripe', 'paddle', 'manual'
  recordedOn: text('recorded_on').notNull(),
}, (t) => [uniqueIndex('revenue_listing_period').on(t.listingId, t.period)]);
