import { pgTable, integer, text } from 'drizzle-orm/pg-core';
import { intBool } from './columns';

// In the SQLite schema this table sits in community.ts; here it has a file of its own, so directory.ts (listings and
// founders reference users) and community.ts (votes, follows and reviews reference listings) do not import each other.
export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  email: text('email').notNull().unique(),
  name: text('name'),
  passwordHash: text('password_hash'), // null for demo voters, who cannot sign in
  isDemo: intBool('is_demo').notNull().default(false),
  createdAt: text('created_at').notNull(),
});
