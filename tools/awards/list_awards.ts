import { z } from 'zod';
import { defineTool } from '../define';
import { offsetOf, pageOf, paging, slug } from '../schemas';
import { awardsPage } from '../../storage/queries/awards';
import { awardItem, awardItems } from './award-item';
import { rememberShowing } from '../remembered';

export const list_awards = defineTool({
  name: 'list_awards',
  title: 'Awards',
  description:
    'List Launch of the Week awards (#1, #2, #3), newest week first. Pass listing (a slug from search_listings or get_listing) to see one listing\'s awards; an unknown slug simply matches nothing.',
  scope: 'public',
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  http: { method: 'GET', path: '/awards' },
  input: z.object({
    listing: slug('Only awards won by this listing (listing slug)').optional(),
    ...paging(),
  }).strict(),
  output: pageOf(awardItem),
  // Remembered until an award, a listing's status or slug (what the filter and the visibility read), or a listing shown
  // changes: read per call, each walked every award with its listing.
  async run(ctx, input) {
    return rememberShowing(ctx, 'list_awards', `${input.listing ?? ''}|${input.page}|${input.per_page}`,
      ['awards', 'listing_status', 'listing_lists'], async () => {
        const { rows, total } = await awardsPage(ctx.db, input.listing ?? null, input.per_page, offsetOf(input));
        return {
          value: { items: await awardItems(ctx, rows), page: input.page, per_page: input.per_page, total },
          listingIds: rows.map((r) => r.listing_id),
        };
      });
  },
});
