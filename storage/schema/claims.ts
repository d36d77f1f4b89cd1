import { sqliteTable, integer, text, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { listings } from './directory';
import { users } from './community';

export const CLAIM_METHODS = ['dns', 'meta', 'file', 'email'] as const;
export type ClaimMethod = (typeof CLAIM_METHODS)[number];

// pending → verified (check passed or e-mail link confirmed); pending → expired (not verified in time);
// pending → failed (the listing stopped being public before the claim was verified).
export const CLAIM_STATUSES = ['pending', 'verified', 'expired', 'failed'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

// A company proving it runs a listed product's website. A verified claim makes the claimant an owner
// (listing_owners, via 'claim') and sets listings.verified.
export const claims = sqliteTable('claims', {
  id: integer('id').primaryKey({ autoIncrement: true }),
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
