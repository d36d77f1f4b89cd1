import { pgTable, text, integer, primaryKey, index } from 'drizzle-orm/pg-core';

// Idempotency-Key records: per actor and key, the request's hash and the first response, kept 24 hours.
export const idempotencyKeys = pgTable('idempotency_keys', {
  actor: text('actor').notNull(), // 'user:<id>'
  key: text('key').notNull(),
  operation: text('operation').notNull(),
  requestHash: text('request_hash').notNull(),
  state: text('state', { enum: ['in_progress', 'done'] }).notNull(),
  status: integer('status'),
  response: text('response'), // JSON body of the first response
  createdAt: text('created_at').notNull(),
  expiresAt: text('expires_at').notNull(),
}, (t) => [primaryKey({ columns: [t.actor, t.key] }), index('idempotency_expires').on(t.expiresAt)]);
