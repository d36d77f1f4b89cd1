import { z } from 'zod';
import { defineTool } from '../define';
import { offsetOf, pageOf, paging } from '../schemas';
import { listingSummary } from '../listing-summary';
import { callerId } from './owned';
import { ownedListingIds } from '../../storage/queries/ownership';
import { summariesByIds } from '../../storage/queries/summaries';
import { plansBySlug } from '../../storage/queries/my-listings';

const ownedSummary = listingSummary.extend({
  listing_id: z.number().int().describe('Your listing id; pass it to get_my_listing and the other my-listing operations'),
  status: z.string().describe('draft, submitted, awaiting_badge, scheduled, live or rejected'),
  plan: z.enum(['free', 'paid']).nullable().describe('free or paid; null until a plan is chosen'),
});

export const list_my_listings = defineTool({
  name: 'list_my_listings',
  title: 'Your listings',
  description:
    'List every listing you own, in any status (submitted, awaiting_badge, scheduled, live, …), newest first, with its status, plan and launch week. '
    + 'Use the listing_id with get_my_listing, update_my_listing, choose_free_listing and the other my-listing operations.',
  scope: 'account:read',
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  http: { method: 'GET', path: '/me/listings' },
  input: z.object({ ...paging() }).strict(),
  output: pageOf(ownedSummary),
  async run(ctx, input) {
    const ids = await ownedListingIds(ctx.db, callerId(ctx)); // newest first; a person owns a handful, so paging in memory is fine
    const pageIds = ids.slice(offsetOf(input), offsetOf(input) + input.per_page);
    const plans = await plansBySlug(ctx.db, pageIds);
    return {
      items: (await summariesByIds(ctx.db, pageIds, ctx.config.siteUrl)).map((s) => {
        const own = plans.get(s.slug)!;
        return { ...s, listing_id: own.id, plan: own.plan };
      }),
      page: input.page, per_page: input.per_page, total: ids.length,
    };
  },
});
