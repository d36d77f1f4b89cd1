import { pgTable, integer, text, index, uniqueIndex, primaryKey } from 'drizzle-orm/pg-core';
import { intBool, jsonText } from './columns';
import { users } from './users';

// The JSON shapes are the SQLite schema's: one definition for both engines.
import type { Faq, MediaItem, PricingPlan, Story } from '../../schema/directory';

export const categories = pgTable('categories', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  parentId: integer('parent_id'),
  position: integer('position').notNull().default(0),
  faqs: jsonText('faqs').$type<Faq[]>().notNull().default([]),
}, (t) => [index('categories_parent').on(t.parentId)]);

import { LISTING_STATUSES } from '../../../domain/listing-status';

export const listings = pgTable('listings', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
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
  pricingPlans: jsonText('pricing_plans').$type<PricingPlan[]>().notNull().default([]),
  country: text('country'),
  city: text('city'),
  foundedYear: integer('founded_year'),
  contactEmail: text('contact_email'),
  demoVideoUrl: text('demo_video_url'),
  features: jsonText('features').$type<string[]>().notNull().default([]),
  usps: jsonText('usps').$type<string[]>().notNull().default([]),
  keywords: jsonText('keywords').$type<string[]>().notNull().default([]),
  tags: jsonText('tags').$type<string[]>().notNull().default([]),
  faqs: jsonText('faqs').$type<Faq[]>().notNull().default([]),
  socials: jsonText('socials').$type<Record<string, string>>().notNull().default({}),
  notFoundOnWebsite: jsonText('not_found_on_website').$type<string[]>().notNull().default([]),
  story: jsonText('story').$type<Story>(),
  media: jsonText('media').$type<MediaItem[]>().notNull().default([]),
  // Paid sections the listing may show publicly: 'story' | 'milestones' | 'media'.
  unlockedSections: jsonText('unlocked_sections').$type<string[]>().notNull().default([]),
  seoTitle: text('seo_title'),
  seoDescription: text('seo_description'),
  status: text('status', { enum: LISTING_STATUSES }).notNull().default('draft'),
  plan: text('plan', { enum: ['free', 'paid'] }),
  launchWeek: text('launch_week'), // Monday, YYYY-MM-DD
  launchedAt: text('launched_at'), // ISO timestamp when it went live
  featured: intBool('featured').notNull().default(false),
  verified: intBool('verified').notNull().default(false),
  primaryCategoryId: integer('primary_category_id').references(() => categories.id),
  ownerUserId: integer('owner_user_id').references(() => users.id),
  votesCount: integer('votes_count').notNull().default(0),
  viewsCount: integer('views_count').notNull().default(0),
  followsCount: integer('follows_count').notNull().default(0),
  isDemo: intBool('is_demo').notNull().default(false),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
}, (t) => [
  index('listings_domain').on(t.domain),
  index('listings_status_launched').on(t.status, t.launchedAt),
  index('listings_status_votes').on(t.status, t.votesCount),
  index('listings_status_views').on(t.status, t.viewsCount),
  index('listings_status_follows').on(t.status, t.followsCount),
  index('listings_week').on(t.launchWeek, t.status),
  index('listings_primary_category').on(t.primaryCategoryId, t.status),
  index('listings_country').on(t.country),
  index('listings_owner').on(t.ownerUserId),
]);

// Every listing has one primary category (is_primary) and paid listings up to 3 more.
export const listingCategories = pgTable('listing_categories', {
  listingId: integer('listing_id').notNull().references(() => listings.id, { onDelete: 'cascade' }),
  categoryId: integer('category_id').notNull().references(() => categories.id),
  isPrimary: intBool('is_primary').notNull().default(false),
}, (t) => [primaryKey({ columns: [t.listingId, t.categoryId] }), index('listing_categories_category').on(t.categoryId, t.listingId)]);

// Alternatives named by a listing's owner; approved ones are shown first.
export const listingAlternatives = pgTable('listing_alternatives', {
  listingId: integer('listing_id').notNull().references(() => listings.id, { onDelete: 'cascade' }),
  alternativeId: integer('alternative_id').notNull().references(() => listings.id, { onDelete: 'cascade' }),
  approved: intBool('approved').notNull().default(true),
  position: integer('position').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.listingId, t.alternativeId] })]);

export const founders = pgTable('founders', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  headline: text('headline'),
  bio: text('bio'),
  country: text('country'),
  avatarUrl: text('avatar_url'),
  socials: jsonText('socials').$type<Record<string, string>>().notNull().default({}),
  userId: integer('user_id').references(() => users.id),
  isDemo: intBool('is_demo').notNull().default(false),
  createdAt: text('created_at').notNull(),
}, (t) => [index('founders_name').on(t.name), index('founders_country').on(t.country), uniqueIndex('founders_user').on(t.userId)]);

export const listingFounders = pgTable('listing_founders', {
  listingId: integer('listing_id').notNull().references(() => listings.id, { onDelete: 'cascade' }),
  founderId: integer('founder_id').notNull().references(() => founders.id, { onDelete: 'cascade' }),
  title: text('title'),
  position: integer('position').notNull().default(0), // 0 = primary founder
}, (t) => [primaryKey({ columns: [t.listingId, t.founderId] }), index('listing_founders_founder').on(t.founderId)]);

export const listingUpdates = pgTable('listing_updates', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  listingId: integer('listing_id').notNull().references(() => listings.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  body: text('body').notNull(),
  createdAt: text('created_at').notNull(),
}, (t) => [index('listing_updates_listing').on(t.listingId, t.createdAt), index('listing_updates_created').on(t.createdAt)]);

export const milestones = pgTable('milestones', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  listingId: integer('listing_id').notNull().references(() => listings.id, { onDelete: 'cascade' }),
  date: text('date').notNull(),
  title: text('title').notNull(),
  description: text('description'),
  url: text('url'),
}, (t) => [index('milestones_listing').on(t.listingId, t.date)]);
