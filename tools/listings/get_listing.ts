import { z } from 'zod';
import { defineTool } from '../define';
import { notFound } from '../errors';
import { slug } from '../schemas';
import type { ToolContext } from '../context';
import { profileFields, visibleSections } from './profile-fields';
import { listingProfile, type ListingProfile } from './listing-profile';
import { mondayOf } from '../../domain/weeks';
import type { MediaItem, Story } from '../../storage/schema';
import { parseJson, publicListingBySlug } from '../../storage/queries/listings';
import { memoOn } from '../../storage/queries/memo';
import { milestonesOf } from '../../storage/queries/listing-profile';

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
    // Stays cached until this listing (its row or anything hanging off it, votes included), a category or a
    // founder changes: page views and other listings' votes and edits leave it alone.
    return (await memoOn(ctx.db, 'get_listing', `${input.slug}|${thisMonday}`,
      (p) => [`listing:${p.id}`, 'categories', 'founders'], async () => await buildProfile(ctx, input.slug, thisMonday),
      { period: Date.parse(thisMonday) })).profile;
  },
});

async function buildProfile(ctx: ToolContext, slug: string, thisMonday: string): Promise<{ id: number; profile: ListingProfile }> {
  const row = await publicListingBySlug(ctx.db, slug);
  if (!row) throw notFound(`Listing "${slug}"`);
  const profile: ListingProfile = { ...await profileFields(ctx, row, thisMonday), status: row.status };
  const sections = visibleSections(row);
  if (sections.has('story')) profile.story = parseJson<Story>(row.story, {}) ?? {};
  if (sections.has('milestones')) profile.milestones = await milestonesOf(ctx.db, row.id);
  if (sections.has('media')) {
    profile.media = parseJson<MediaItem[]>(row.media, []).map((m) => ({ kind: m.kind, url: m.url, caption: m.caption ?? null }));
  }
  return { id: row.id, profile };
}
