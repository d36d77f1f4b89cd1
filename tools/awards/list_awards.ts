import { z } from 'zod';
import { defineTool } from '../define';
import { offsetOf, pageOf, paging, slug } from '../schemas';
import { awardsPage } from '../../storage/queries/awards';
import { awardItem, awardItems } from './award-item';

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
  async run(ctx, input) {
    const { rows, total } = await awardsPage(ctx.db, input.listing ?? null, input.per_page, offsetOf(input));
    return { items: await awardItems(ctx, rows), page: input.page, per_page: input.per_page, total };
  },
});
