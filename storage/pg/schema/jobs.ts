import { pgTable, integer, text, index } from 'drizzle-orm/pg-core';
import { jsonText } from './columns';
import { JOB_STATUSES } from '../../schema/jobs';

// Durable background work. Times are ISO 8601 UTC strings from the app's Clock; they compare as text.
// A running job holds a lease; when lease_until passes (the process died) another worker takes it over.
// `attempts` is the fencing token: a worker only finishes a job whose attempt number is still its own.
export const jobs = pgTable('jobs', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  kind: text('kind').notNull(),
  payload: jsonText('payload').$type<unknown>().notNull(),
  status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
  runAt: text('run_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  maxAttempts: integer('max_attempts').notNull().default(5),
  leaseUntil: text('lease_until'),
  lastError: text('last_error'),
  userId: integer('user_id'), // for per-user concurrency limits; not a foreign key so jobs outlive nothing
  dedupeKey: text('dedupe_key').unique(), // NULLs never collide; a key is unique for the life of the table
  createdAt: text('created_at').notNull(),
  startedAt: text('started_at'),
  finishedAt: text('finished_at'),
}, (t) => [
  index('jobs_due').on(t.status, t.runAt),
  index('jobs_kind_status').on(t.kind, t.status),
  index('jobs_user_kind_status').on(t.userId, t.kind, t.status),
]);

// Mail that had no SMTP server to go to (SMTP_URL unset): kept so a local user can open the links.
export const outbox = pgTable('outbox', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  createdAt: text('created_at').notNull(),
}, (t) => [index('outbox_to').on(t.to, t.createdAt)]);
