import { sqliteTable, integer, text, index, uniqueIndex, primaryKey } from 'drizzle-orm/sqlite-core';
import { users } from './community';

// JSON columns hold small ordered lists that are always read whole with their listing.
export type Faq = { question: string; answer: string };
export type PricingPlan = { name: string; price: string; period?: string | null; features?: string[] };
export type Story = Partial<Record<'title' | 'story' | 'why_started' | 'problem' | 'journey' | 'challenges' | 'achievements' | 'lessons' | 'whats_next', string>>;
export type MediaItem = { kind: 'image' | 'video'; url: string; caption?: string | null };

export const categories = sqliteTable('categories', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  parentId: integer('parent_id'),
  position: integer('position').notNull().default(0),
  faqs: text('faqs', { mode: 'json' }).$type<Faq[]>().notNull().default([]),
}, (t) => [index('categories_parent').on(t.parentId)]);

// The statuses are domain's (domain/listing-status.ts, with the moves between them); the column conforms to them.
export { LISTING_STATUSES, type ListingStatus } from '../../domain/listing-status';
import { LISTING_STATUSES } from '../../domain/listing-status';

export const listings = sqliteTable('listings', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  domain: text('domain').notNull(), // normalised host without www., for domain lookups
  tagline: text('tagline'),
  shortDescription: text('short_description'),
  description: text('description'),
  headline: text('headline'),
  summary: text('summary'),
  logoUrl: text('logo_url'),
  stage: text('stage'),
  pricingModel: text('pricing_model'),
  pricingSummary: text('pricing_summary'),
  pricingPlans: text('pricing_plans', { mode: 'json' }).$type<PricingPlan[]>().notNull().default([]),
  country: text('country'),
  city: text('city'),
  foundedYear: integer('founded_year'),
  contactEmail: text('contact_email'),
  demoVideoUrl: text('demo_video_url'),
  features: text('features', { mode: 'json' }).$type<string[]>().notNull().default([]),
  usps: text('usps', { mode: 'json' }).$type<string[]>().notNull().default([]),
  keywords: text('keywords', { mode: 'json' }).$type<string[]>().notNull().default([]),
  tags: text('tags', { mode: 'json' }).$type<string[]>().notNull().default([]),
  faqs: text('faqs', { mode: 'json' }).$type<Faq[]>().notNull().default([]),
  socials: text('socials', { mode: 'json' }).$type<Record<string, string>>().notNull().default({}),
  notFoundOnWebsite: text('not_found_on_website', { mode: 'json' }).$type<string[]>().notNull().default([]),
  story: text('story', { mode: 'json' }).$type<Story>(),
  media: text('media', { mode: 'json' }).$type<MediaItem[]>().notNull().default([]),
  // Paid sections the listing may show publicly: 'story' | 'milestones' | 'media'.
  unlockedSections: text('unlocked_sections', { mode: 'json' }).$type<string[]>().notNull().default([]),
  seoTitle: text('seo_title'),
  seoDescription: text('seo_description'),
  status: text('status', { enum: LISTING_STATUSES }).notNull().default('draft'),
  plan: text('plan', { enum: ['free', 'paid'] }),
  launchWeek: text('launch_week'), // Monday, YYYY-MM-DD
  launchedAt: text('launched_at'), // ISO timestamp when it went live
  featured: integer('featured', { mode: 'boolean' }).notNull().default(false),
  verified: integer('verified', { mode: 'boolean' }).notNull().default(false),
  primaryCategoryId: integer('primary_category_id').references(() => categories.id),
  ownerUserId: integer('owner_user_id').references(() => users.id),
  votesCount: integer('votes_count').notNull().default(0),
  viewsCount: integer('views_count').notNull().default(0),
  followsCount: integer('follows_count').notNull().default(0),
  isDemo: integer('is_demo', { mode: 'boolean' }).notNull().default(false),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
}, (t) => [
  index('listings_domain').on(t.domain),
  index('listings_status_launched').on(t.status, t.launchedAt, t.id),
  index('listings_status_votes').on(t.status, t.votesCount, t.launchedAt, t.id),
  index('listings_status_views').on(t.status, t.viewsCount, t.votesCount, t.id),
  index('listings_status_follows').on(t.status, t.followsCount, t.votesCount, t.id),
  index('listings_week').on(t.launchWeek, t.status),
  index('listings_primary_category').on(t.primaryCategoryId, t.status),
  index('listings_country').on(t.country),
  index('listings_owner').on(t.ownerUserId),
]);

// Every listing has one primary category (is_primary) and paid listings up to 3 more.
export const listingCategories = sqliteTable('listing_categories', {
  listingId: integer('listing_id').notNull().references(() => listings.id, { onDelete: 'cascade' }),
  categoryId: integer('category_id').notNull().references(() => categories.id),
  isPrimary: integer('is_primary', { mode: 'boolean' }).notNull().default(false),
}, (t) => [primaryKey({ columns: [t.listingId, t.categoryId] }), index('listing_categories_category').on(t.categoryId, t.listingId)]);

// Alternatives named by a listing's owner; approved ones are shown first.
export const listingAlternatives = sqliteTable('listing_alternatives', {
  listingId: integer('listing_id').notNull().references(() => listings.id, { onDelete: 'cascade' }),
  alternativeId: integer('alternative_id').notNull().references(() => listings.id, { onDelete: 'cascade' }),
  approved: integer('approved', { mode: 'boolean' }).notNull().default(true),
  position: integer('position').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.listingId, t.alternativeId] })]);

export const founders = sqliteTable('founders', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  headline: text('headline'),
  bio: text('bio'),
  country: text('country'),
  avatarUrl: text('avatar_url'),
  socials: text('socials', { mode: 'json' }).$type<Record<string, string>>().notNull().default({}),
  userId: integer('user_id').references(() => users.id),
  isDemo: integer('is_demo', { mode: 'boolean' }).notNull().default(false),
  createdAt: text('created_at').notNull(),
}, (t) => [index('founders_name').on(t.name), index('founders_country').on(t.country), uniqueIndex('founders_user').on(t.userId)]);

export const listingFounders = sqliteTable('listing_founders', {
  listingId: integer('listing_id').notNull().references(() => listings.id, { onDelete: 'cascade' }),
  founderId: integer('founder_id').notNull().references(() => founders.id, { onDelete: 'cascade' }),
  title: text('title'),
  position: integer('position').notNull().default(0), // 0 = primary founder
}, (t) => [primaryKey({ columns: [t.listingId, t.founderId] }), index('listing_founders_founder').on(t.founderId)]);

export const listingUpdates = sqliteTable('listing_updates', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  listingId: integer('listing_id').notNull().references(() => listings.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  body: text('body').notNull(),
  createdAt: text('created_at').notNull(),
}, (t) => [index('listing_updates_listing').on(t.listingId, t.createdAt), index('listing_updates_created').on(t.createdAt)]);

export const milestones = sqliteTable('milestones', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  listingId: integer('listing_id').notNull().references(() => listings.id, { onDelete: 'cascade' }),
  date: text('date').notNull(),
  title: text('title').notNull(),
  description: text('description'),
  url: text('url'),
}, (t) => [index('milestones_listing').on(t.listingId, t.date)]);
