import { pgTable, integer, text, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { jsonText } from './columns';
import { users } from './users';
import { listings } from './directory';
import type { DraftFieldMap } from '../../../domain/draft-fields';
import type { Story } from '../../schema/directory';
import { DRAFT_STATUSES, type DraftBuildInfo, type DraftFaq, type DraftFounder, type DraftMilestone, type DraftProgress, type DraftSeo } from '../../schema/drafts';

export const drafts = pgTable('drafts', {
  id: text('id').primaryKey(), // uuid
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  status: text('status', { enum: DRAFT_STATUSES }).notNull().default('crawling'),
  failureReason: text('failure_reason'),
  progress: jsonText('progress').$type<DraftProgress>(),
  fields: jsonText('fields').$type<Partial<DraftFieldMap>>().notNull().default({}),
  faqs: jsonText('faqs').$type<DraftFaq[]>().notNull().default([]),
  founders: jsonText('founders').$type<DraftFounder[]>().notNull().default([]),
  companySocials: jsonText('company_socials').$type<Record<string, string>>().notNull().default({}),
  founderSocials: jsonText('founder_socials').$type<Record<string, string>>().notNull().default({}),
  story: jsonText('story').$type<Story>(),
  milestones: jsonText('milestones').$type<DraftMilestone[]>().notNull().default([]),
  competitorUrl: text('competitor_url'),
  seo: jsonText('seo').$type<DraftSeo>(),
  build: jsonText('build').$type<DraftBuildInfo>(),
  listingId: integer('listing_id').references(() => listings.id, { onDelete: 'set null' }),
  completeness: integer('completeness').notNull().default(0),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
}, (t) => [index('drafts_user_created').on(t.userId, t.createdAt), index('drafts_status').on(t.status)]);

// Co-founder invites: the e-mailed link carries a random token; only its SHA-256 is stored.
export const draftInvites = pgTable('draft_invites', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  draftId: text('draft_id').notNull().references(() => drafts.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  tokenHash: text('token_hash').notNull(),
  invitedByUserId: integer('invited_by_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  acceptedUserId: integer('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: text('created_at').notNull(),
  expiresAt: text('expires_at').notNull(),
  acceptedAt: text('accepted_at'),
}, (t) => [uniqueIndex('draft_invites_token').on(t.tokenHash), index('draft_invites_draft').on(t.draftId)]);
