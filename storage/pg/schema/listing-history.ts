import { pgTable, integer, text, index, primaryKey } from 'drizzle-orm/pg-core';
import { intBool, jsonText } from './columns';
import { listings } from './directory';
import { users } from './users';
import { interviewQuestions } from './content';

// Every owner edit of a published listing, kept with a before/after copy of the changed fields. Edits publish at
// once; the site team reads the unreviewed ones (`npm run admin -- review-queue`) and marks them reviewed.
export const listingVersions = pgTable('listing_versions', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  listingId: integer('listing_id').notNull().references(() => listings.id, { onDelete: 'cascade' }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  before: jsonText('before').$type<Record<string, unknown>>().notNull(),
  after: jsonText('after').$type<Record<string, unknown>>().notNull(),
  changedFields: jsonText('changed_fields').$type<string[]>().notNull(),
  createdAt: text('created_at').notNull(),
  reviewedAt: text('reviewed_at'),
}, (t) => [
  index('listing_versions_listing').on(t.listingId, t.createdAt),
  index('listing_versions_review').on(t.reviewedAt, t.createdAt),
]);

// A person's answers to the founder interview, shown on their founder profile (founders.user_id).
export const interviewAnswers = pgTable('interview_answers', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  questionId: integer('question_id').notNull().references(() => interviewQuestions.id, { onDelete: 'cascade' }),
  answer: text('answer').notNull(),
  updatedAt: text('updated_at').notNull(),
}, (t) => [primaryKey({ columns: [t.userId, t.questionId] })]);

// Results of looking for the service's badge (a link to the listing page) on a free listing's homepage.
export const badgeChecks = pgTable('badge_checks', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  listingId: integer('listing_id').notNull().references(() => listings.id, { onDelete: 'cascade' }),
  checkedAt: text('checked_at').notNull(),
  found: intBool('found').notNull(),
  detail: text('detail').notNull(), // what was found or why not, in words the owner can act on
  snippet: text('snippet'), // the matching link found on the homepage; null when none was found
}, (t) => [index('badge_checks_listing').on(t.listingId, t.checkedAt)]);
