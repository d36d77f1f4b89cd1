import { pgTable, bigint, integer, text, index, primaryKey } from 'drizzle-orm/pg-core';

// Tables kept by triggers (storage/pg/migrations/0001_search.sql, 0002_change_versions.sql). On SQLite they exist only
// in the migrations (0011, 0012); declared here so the PostgreSQL repository can read them with drizzle too.

// What cached reads depend on: a version per topic, bumped by triggers on every write behind it.
export const changeVersions = pgTable('change_versions', {
  topic: text('topic').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

// Votes per listing per launch week (Monday, UTC).
export const weeklyVotes = pgTable('weekly_votes', {
  week: text('week').notNull(),
  listingId: integer('listing_id').notNull(),
  votes: integer('votes').notNull(),
}, (t) => [primaryKey({ columns: [t.week, t.listingId] }), index('weekly_votes_rank').on(t.week, t.votes.desc())]);

// Listings whose searchable text was written, with the text from before the change; the last 10 000 are kept.
export const searchTermsLog = pgTable('search_terms_log', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  listingId: integer('listing_id').notNull(),
  oldText: text('old_text'),
});
