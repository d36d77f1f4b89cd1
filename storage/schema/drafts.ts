import { sqliteTable, integer, text, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './community';
import { listings, type Story } from './directory';
import type { DraftFieldMap } from '../../domain/draft-fields';
import type { Evidence } from '../../domain/evidence';

export const DRAFT_STATUSES = ['crawling', 'drafting', 'ready', 'failed'] as const;
export type DraftStatus = (typeof DRAFT_STATUSES)[number];

// What get_draft shows while the build runs, so a client can draw a progress bar.
export type DraftProgress = {
  step: string; // queued | robots | crawling | extracting | drafting | saving | done | failed
  pages_fetched: number;
  pages_planned: number;
  started_at: string | null;
  updated_at: string;
  current_url?: string | null;
};
export type DraftFaq = { question: string; answer: string; evidence?: Evidence[] };
export type DraftFounder = { name: string; title?: string | null; bio?: string | null; socials?: Record<string, string>; social_evidence?: Record<string, Evidence[]>; evidence?: Evidence[] };
export type DraftMilestone = { date: string; title: string; description?: string | null; url?: string | null; evidence?: Evidence[] };
// title_evidence / meta_evidence: the quotes of a drafted SEO text, cleared when the user types it.
export type DraftSeo = { title?: string | null; meta?: string | null; title_evidence?: Evidence[]; meta_evidence?: Evidence[] };
// The crawl behind the draft: pages read, their text (for regenerating fields later from the same
// evidence without crawling again), warnings, and the evidence of the socials found.
export type DraftBuildInfo = {
  pages: Array<{ url: string; title: string | null }>;
  sources: Array<{ url: string; title: string | null; text: string; attributes: string[]; othersText?: string[] }>;
  warnings: string[];
  used_model: boolean;
  not_found_on_website: string[];
  social_evidence: Record<string, Evidence[]>;
  founder_social_evidence?: Record<string, Evidence[]>;
  finished_at: string | null;
};

export const drafts = sqliteTable('drafts', {
  id: text('id').primaryKey(), // uuid
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  status: text('status', { enum: DRAFT_STATUSES }).notNull().default('crawling'),
  failureReason: text('failure_reason'),
  progress: text('progress', { mode: 'json' }).$type<DraftProgress>(),
  fields: text('fields', { mode: 'json' }).$type<Partial<DraftFieldMap>>().notNull().default({}),
  faqs: text('faqs', { mode: 'json' }).$type<DraftFaq[]>().notNull().default([]),
  founders: text('founders', { mode: 'json' }).$type<DraftFounder[]>().notNull().default([]),
  companySocials: text('company_socials', { mode: 'json' }).$type<Record<string, string>>().notNull().default({}),
  founderSocials: text('founder_socials', { mode: 'json' }).$type<Record<string, string>>().notNull().default({}),
  story: text('story', { mode: 'json' }).$type<Story>(),
  milestones: text('milestones', { mode: 'json' }).$type<DraftMilestone[]>().notNull().default([]),
  competitorUrl: text('competitor_url'),
  seo: text('seo', { mode: 'json' }).$type<DraftSeo>(),
  build: text('build', { mode: 'json' }).$type<DraftBuildInfo>(),
  listingId: integer('listing_id').references(() => listings.id, { onDelete: 'set null' }),
  completeness: integer('completeness').notNull().default(0),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
}, (t) => [index('drafts_user_created').on(t.userId, t.createdAt), index('drafts_status').on(t.status)]);

// Co-founder invites: the e-mailed link carries a random token; only its SHA-256 is stored.
export const draftInvites = sqliteTable('draft_invites', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  draftId: text('draft_id').notNull().references(() => drafts.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  tokenHash: text('token_hash').notNull(),
  invitedByUserId: integer('invited_by_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  acceptedUserId: integer('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: text('created_at').notNull(),
  expiresAt: text('expires_at').notNull(),
  acceptedAt: text('accepted_at'),
}, (t) => [uniqueIndex('draft_invites_token').on(t.tokenHash), index('draft_invites_draft').on(t.draftId)]);
