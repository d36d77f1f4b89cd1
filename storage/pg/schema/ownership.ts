import { pgTable, integer, text, primaryKey, index } from 'drizzle-orm/pg-core';
import { listings } from './directory';
import { users } from './users';

// People who may edit a listing besides its submitter (listings.owner_user_id): verified claimants and
// co-founders who joined. Ownership is checked in one place: storage/queries/ownership.ts.
export const listingOwners = pgTable('listing_owners', {
  listingId: integer('listing_id').notNull().references(() => listings.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  via: text('via', { enum: ['submitted', 'claim', 'invite'] }).notNull(),
  createdAt: text('created_at').notNull(),
}, (t) => [primaryKey({ columns: [t.listingId, t.userId] }), index('listing_owners_user').on(t.userId)]);
