import { z } from 'zod';
import { defineTool } from '../define';
import { notFound } from '../errors';
import { offsetOf, pageOf, paging, slug } from '../schemas';
import { listingSummary } from '../listing-summary';
import { summariesByIds } from '../../storage/queries/summaries';
import { alternativesOf, publicListingRefBySlug } from '../../storage/queries/listings';
import { minuteOf, rememberShowing } from '../remembered';

export const get_alternatives = defineTool({
  name: 'get_alternatives',
  title: 'Alternatives to a listing',
  description:
    'List alternatives to one listing: the alternatives its owner approved come first (approved=true), then the other live ' +
    'listings of the same primary category, most voted first. Use it when someone asks what else does the same job; ' +
    'the slug comes from search_listings or get_listing.',
  scope: 'public',
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  http: { method: 'GET', path: '/listings/:slug/alternatives' },
  input: z.object({
    slug: slug('Slug of the listing to find alternatives to (from search_listings)'),
    ...paging(),
  }).strict(),
  output: pageOf(listingSummary.extend({
    approved: z.boolean().describe('True when the listing\'s owner approved this alternative (these come first); false for same-category suggestions'),
  })),
  async run(ctx, input) {
    // The approved alternatives are the listing's own (they bump its topic); the others are its category's live
    // listings, ranked by votes as of the minute.
    const minute = minuteOf(ctx.clock.now());
    return rememberShowing(ctx, 'get_alternatives', `${input.slug}|${input.page}|${input.per_page}|${minute}`,
      ['listing_lists', 'listing_status', 'categories'], async () => {
        const listing = await publicListingRefBySlug(ctx.db, input.slug);
        if (!listing) throw notFound(`Listing "${input.slug}"`);
        const { items, total } = await alternativesOf(ctx.db, listing, input.per_page, offsetOf(input));
        const part = async (approved: boolean) =>
          (await summariesByIds(ctx.db, items.filter((i) => i.approved === approved).map((i) => i.id), ctx.config.siteUrl))
            .map((s) => ({ ...s, approved }));
        const value = { items: [...await part(true), ...await part(false)], page: input.page, per_page: input.per_page, total };
        return { value, listingIds: [listing.id, ...items.map((i) => i.id)] };
      }, { period: minute });
  },
});
