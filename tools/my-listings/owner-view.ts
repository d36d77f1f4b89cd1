import { z } from 'zod';
import type { ToolContext } from '../context';
import { timestamp } from '../schemas';
import { listingProfile, storySchema } from '../listings/listing-profile';
import { profileFields, visibleSections } from '../listings/profile-fields';
import { LISTING_STATUSES, type MediaItem, type Story } from '../../storage/schema';
import { parseJson } from '../../storage/queries/listings';
import { milestonesWithIds, type OwnedListingRow } from '../../storage/queries/my-listings';
import { lastBadgeCheck } from '../../storage/queries/free-plan';
import { PAID_SECTIONS } from '../../storage/queries/order-effects';
import { badgeDimensions, badgeEmbedHtml, badgeSvgUrl, DEFAULT_STYLE } from '../../domain/badges';
import { isPublicListing } from '../../domain/listing-status';
import { mondayOf } from '../../domain/weeks';

// The owner's view of one listing (get_my_listing, and the answer of update_my_listing): everything the public
// profile shows, built from the same profile queries and schema as get_listing, plus what only the owner sees.

const milestoneItem = z.object({
  milestone_id: z.number().int().describe('Milestone id; pass it to delete_milestone'),
  date: z.string().describe('YYYY-MM-DD'),
  title: z.string().describe('Milestone title'),
  description: z.string().nullable().describe('Details'),
  url: z.string().nullable().describe('Link (https)'),
});

export const badgeEmbedSchema = z.object({
  page_url: z.string().describe('The listing page on this site: the link the homepage must carry'),
  embed_html: z.string().describe('The exact HTML to paste on the product homepage: a link to the listing page wrapping the "Listed on" badge'),
  last_check: z.object({
    checked_at: timestamp().describe('When the homepage was checked'),
    found: z.boolean().describe('Whether a link to the listing page was found'),
    detail: z.string().describe('What was found, or why it was not'),
    snippet: z.string().nullable().describe('The matching link found on the homepage; null when none'),
  }).nullable().describe('The latest badge check of the homepage; null before the first one'),
});

export const ownedListingView = listingProfile.omit({ status: true, story: true, milestones: true, media: true }).extend({
  listing_id: z.number().int().describe('Your listing id; pass it to the other my-listing operations'),
  status: z.enum(LISTING_STATUSES).describe('draft, submitted, awaiting_badge (free plan: waiting for the badge on the homepage), scheduled, live or rejected'),
  plan: z.enum(['free', 'paid']).nullable().describe('free or paid; null until a plan is chosen'),
  is_public: z.boolean().describe('Whether the public can see the listing now (live or scheduled)'),
  unlocked_sections: z.array(z.enum(PAID_SECTIONS)).describe('Paid sections unlocked for this listing: story, milestones, media'),
  public_sections: z.array(z.string()).describe('Sections the public profile shows (unlocked ones, plus milestones on paid listings)'),
  seo_title: z.string().nullable().describe('SEO title of the listing page'),
  seo_description: z.string().nullable().describe('SEO description of the listing page'),
  story: storySchema.nullable().describe('Founder story (set_founder_story); shown publicly only when the story section is unlocked'),
  milestones: z.array(milestoneItem).describe('Milestones, oldest first, with ids; shown publicly on paid listings or when unlocked'),
  media: z.array(z.object({
    kind: z.enum(['image', 'video']).describe('image or video'),
    url: z.string().describe('Media URL'),
    caption: z.string().nullable().describe('Caption'),
  })).describe('Screenshots and videos; shown publicly only when the media section is unlocked'),
  badge: badgeEmbedSchema.describe('The badge to put on the homepage (the free plan goes ahead once it is found) and the last check'),
  created_at: timestamp().describe('When the listing was saved'),
  updated_at: timestamp().describe('When it last changed'),
});
export type OwnedListingView = z.infer<typeof ownedListingView>;

// The "Listed on" badge in the default style, linking to the listing page (what the badge check looks for).
export function badgeEmbed(ctx: ToolContext, row: { slug: string; name: string }): { page_url: string; embed_html: string } {
  const site = ctx.config.siteUrl;
  const pageUrl = `${site}/listings/${row.slug}`;
  const { width, height } = badgeDimensions(DEFAULT_STYLE.shape, DEFAULT_STYLE.size);
  const svgUrl = badgeSvgUrl(site, row.slug, 'listed', DEFAULT_STYLE);
  return { page_url: pageUrl, embed_html: badgeEmbedHtml({ pageUrl, svgUrl, alt: `${row.name} – Listed on ${ctx.config.siteName}`, width, height }) };
}

export async function ownedListingViewOf(ctx: ToolContext, row: OwnedListingRow): Promise<OwnedListingView> {
  const db = ctx.db;
  const story = parseJson<Story | null>(row.story, null);
  return {
    ...await profileFields(ctx, row, mondayOf(ctx.clock.now())),
    listing_id: row.id,
    status: row.status,
    plan: row.plan,
    is_public: isPublicListing(row.status),
    unlocked_sections: parseJson<string[]>(row.unlocked_sections, []).filter((s): s is (typeof PAID_SECTIONS)[number] =>
      (PAID_SECTIONS as readonly string[]).includes(s)),
    public_sections: [...visibleSections(row)].sort(),
    seo_title: row.seo_title,
    seo_description: row.seo_description,
    story: story && Object.keys(story).length ? story : null,
    milestones: await milestonesWithIds(db, row.id),
    media: parseJson<MediaItem[]>(row.media, []).map((m) => ({ kind: m.kind, url: m.url, caption: m.caption ?? null })),
    badge: { ...badgeEmbed(ctx, row), last_check: await lastBadgeCheck(db, row.id) },
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
