import { sqliteTable, integer, text, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { listings } from './directory';

// Money contributed to the billboard (paid ranking). Orders add rows; the board sums them.
export const billboardContributions = sqliteTable('billboard_contributions', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  listingId: integer('listing_id').notNull().references(() => listings.id, { onDelete: 'cascade' }),
  amountCents: integer('amount_cents').notNull(),
  source: text('source').notNull().default('order'), // order number or 'demo' / 'manual'
  createdAt: text('created_at').notNull(),
}, (t) => [index('billboard_listing').on(t.listingId)]);

// Third-party Domain Rating, imported from outside; every import adds a row so the trend is real.
export const domainRatings = sqliteTable('domain_ratings', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  listingId: integer('listing_id').notNull().references(() => listings.id, { onDelete: 'cascade' }),
  rating: integer('rating').notNull(), // 0..100
  recordedOn: text('recorded_on').notNull(), // YYYY-MM-DD
  source: text('source').notNull().default('import'),
}, (t) => [uniqueIndex('domain_ratings_listing_day').on(t.listingId, t.recordedOn), index('domain_ratings_day').on(t.recordedOn)]);

// Verified revenue figures, imported from outside (monthly recurring revenue in USD cents).
export const revenueReports = sqliteTable('revenue_reports', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  listingId: integer('listing_id').notNull().references(() => listings.id, { onDelete: 'cascade' }),
  mrrCents: integer('mrr_cents').notNull(),
  period: text('period').notNull(), // YYYY-MM-DD, first day of the month reported
  verifiedBy: text('verified_by').notNull(), // e.g. 'stripe', 'paddle', 'manual'
  recordedOn: text('recorded_on').notNull(),
}, (t) => [uniqueIndex('revenue_listing_period').on(t.listingId, t.period)]);
