import { pgTable, integer, text, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { listings } from './directory';
import { users } from './users';
import { CLAIM_METHODS, CLAIM_STATUSES } from '../../schema/claims';

// A company proving it runs a listed product's website. A verified claim makes the claimant an owner
// (listing_owners, via 'claim') and sets listings.verified.
export const claims = pgTable('claims', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  listingId: integer('listing_id').notNull().references(() => listings.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  method: text('method', { enum: CLAIM_METHODS }).notNull(),
  email: text('email'), // only for method 'email'
  token: text('token').notNull(), // random and unguessable; for e-mail claims it is the link's secret
  status: text('status', { enum: CLAIM_STATUSES }).notNull().default('pending'),
  lastCheckAt: text('last_check_at'),
  lastCheckDetail: text('last_check_detail'),
  expiresAt: text('expires_at').notNull(),
  verifiedAt: text('verified_at'),
  createdAt: text('created_at').notNull(),
}, (t) => [
  uniqueIndex('claims_token').on(t.token),
  index('claims_user_created').on(t.userId, t.createdAt),
  index('claims_listing_user').on(t.listingId, t.userId, t.method),
]);
