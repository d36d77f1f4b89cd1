import { z } from 'zod';
import { defineTool } from '../define';
import { notFound } from '../errors';
import { slug } from '../schemas';
import { apiBase, type ToolContext } from '../context';
import { listingProfile, type ListingProfile } from './listing-profile';
import { mondayOf } from '../../domain/weeks';
import type { Faq, MediaItem, PricingPlan, Story } from '../../storage/schema';
import { memoUntilChange, parseJson, publicListingBySlug, type ListingRow } from '../../storage/queries/listings';
import {
  categoriesOf, communityRatingOf, domainRatingOf, foundersOf, latestUpdatesOf, milestonesOf, votesByWeekOf,
} from '../../storage/queries/listing-profile';

// Paid sections are public only when unlocked. The spec adds that milestones also show on paid listings.
export function visibleSections(row: Pick<ListingRow, 'unlocked_sections' | 'plan'>): Set<string> {
  const sections = new Set(parseJson<string[]>(row.unlocked_sections, []));
  if (row.plan === 'paid') sections.add('milestones');
  return sections;
}

export const get_listing = defineTool({
  name: 'get_listing',
  title: 'Get listing',
  description:
    'Get the full public profile of one listing by its slug: description, features, pricing, categories, founders, FAQs, ' +
    'socials, latest updates, community rating (genuine reviews only), third-party Domain Rating with trend, votes per week, ' +
    'links and the facts its website did not state. Use it after search_listings, get_category or a launch list gave you a slug. ' +
    'Only live and scheduled listings are public; others are not found. Reading a listing does not count as a page view.',
  scope: 'public',
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  http: { method: 'GET', path: '/listings/:slug' },
  input: z.object({ slug: slug('Listing slug, from search_listings or any list of listings') }).strict(),
  output: listingProfile,
  async run(ctx, input) {
    const thisMonday = mondayOf(ctx.clock.now());
    return memoUntilChange(ctx.db, 'get_listing', `${input.slug}|${thisMonday}`, () => buildProfile(ctx, input.slug, thisMonday));
  },
});

function buildProfile(ctx: ToolContext, slug: string, thisMonday: string): ListingProfile {
  const row = publicListingBySlug(ctx.db, slug);
  if (!row) throw notFound(`Listing "${slug}"`);
  const site = ctx.config.siteUrl;
  const db = ctx.db;
  const profile: ListingProfile = {
    slug: row.slug,
    name: row.name,
    url: row.url,
    tagline: row.tagline,
    short_description: row.short_description,
    description: row.description,
    headline: row.headline,
    summary: row.summary,
    logo_url: row.logo_url,
    stage: row.stage,
    pricing: {
      model: row.pricing_model,
      summary: row.pricing_summary,
      plans: parseJson<PricingPlan[]>(row.pricing_plans, []).map((p) => ({
        name: p.name, price: p.price, period: p.period ?? null, features: p.features ?? [],
      })),
    },
    country: row.country,
    city: row.city,
    founded_year: row.founded_year,
    contact_email: row.contact_email,
    demo_video_url: row.demo_video_url,
    features: parseJson<string[]>(row.features, []),
    usps: parseJson<string[]>(row.usps, []),
    keywords: parseJson<string[]>(row.keywords, []),
    tags: parseJson<string[]>(row.tags, []),
    categories: categoriesOf(db, row.id),
    founders: foundersOf(db, row.id),
    faqs: parseJson<Faq[]>(row.faqs, []),
    socials: parseJson<Record<string, string>>(row.socials, {}),
    latest_updates: latestUpdatesOf(db, row.id),
    community_rating: communityRatingOf(db, row.id),
    domain_rating: domainRatingOf(db, row.id),
    votes: row.votes_count,
    votes_by_week: votesByWeekOf(db, row.id, thisMonday),
    links: {
      website: row.url,
      page_url: `${site}/listings/${row.slug}`,
      badges_url: `${apiBase(ctx.config)}/listings/${row.slug}/badges`,
    },
    not_found_on_website: parseJson<string[]>(row.not_found_on_website, []),
    status: row.status,
    launch_week: row.launch_week,
    launched_at: row.launched_at,
    featured: row.featured === 1,
    verified: row.verified === 1,
  };
  const sections = visibleSections(row);
  if (sections.has('story')) profile.story = parseJson<Story>(row.story, {}) ?? {};
  if (sections.has('milestones')) profile.milestones = milestonesOf(db, row.id);
  if (sections.has('media')) {
    profile.media = parseJson<MediaItem[]>(row.media, []).map((m) => ({ kind: m.kind, url: m.url, caption: m.caption ?? null }));
  }
  return profile;
}
