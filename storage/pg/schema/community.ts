import { pgTable, integer, text, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { intBool } from './columns';
import { listings } from './directory';
import { users } from './users';

// Votes come only from people on the site; no API operation writes this table.
export const votes = pgTable('votes', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  listingId: integer('listing_id').notNull().references(() => listings.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: text('created_at').notNull(),
}, (t) => [uniqueIndex('votes_user_listing').on(t.userId, t.listingId), index('votes_listing_created').on(t.listingId, t.createdAt), index('votes_created').on(t.createdAt)]);

export const follows = pgTable('follows', {
  listingId: integer('listing_id').notNull().references(() => listings.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: text('created_at').notNull(),
}, (t) => [uniqueIndex('follows_user_listing').on(t.userId, t.listingId), index('follows_listing').on(t.listingId)]);

// Community rating counts reviews with genuine = true only.
export const reviews = pgTable('reviews', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  listingId: integer('listing_id').notNull().references(() => listings.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  rating: integer('rating').notNull(),
  body: text('body').notNull(),
  genuine: intBool('genuine').notNull().default(true),
  createdAt: text('created_at').notNull(),
}, (t) => [uniqueIndex('reviews_user_listing').on(t.userId, t.listingId), index('reviews_listing').on(t.listingId)]);

// Launch of the Week #1..#3.
export const awards = pgTable('awards', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  week: text('week').notNull(), // Monday, YYYY-MM-DD
  rank: integer('rank').notNull(),
  listingId: integer('listing_id').notNull().references(() => listings.id, { onDelete: 'cascade' }),
  votes: integer('votes').notNull().default(0),
}, (t) => [uniqueIndex('awards_week_rank').on(t.week, t.rank), index('awards_listing').on(t.listingId)]);
