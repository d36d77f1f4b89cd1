import { z } from 'zod';
import { defineTool } from '../define';
import { notFound } from '../errors';
import { withTransaction } from '../../storage/db';
import { listingIdParam, ownedListing, callerId } from './owned';
import { deleteMilestone } from '../../storage/queries/my-listings';
import { addVersion } from '../../storage/queries/listing-history';

export const delete_milestone = defineTool({
  name: 'delete_milestone',
  title: 'Delete a milestone',
  description:
    'Delete one milestone of a listing you own. Milestone ids come from get_my_listing (or add_milestone); listing ids from list_my_listings. '
    + 'An id that is unknown or belongs to another listing is not found.',
  scope: 'listings:write',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  http: { method: 'DELETE', path: '/me/listings/:listing_id/milestones/:milestone_id', idempotencyKey: true },
  input: z.object({
    listing_id: listingIdParam(),
    milestone_id: z.number().int().min(1).describe('Milestone id (integer >= 1), from get_my_listing'),
  }).strict(),
  output: z.object({
    deleted: z.literal(true).describe('Always true: the milestone is gone'),
    listing_id: z.number().int().describe('Your listing id'),
    milestone: z.object({
      milestone_id: z.number().int().describe('Id it had'),
      date: z.string().describe('YYYY-MM-DD'),
      title: z.string().describe('Milestone title'),
      description: z.string().nullable().describe('Details'),
      url: z.string().nullable().describe('Link'),
    }).describe('The milestone that was deleted'),
  }),
  async run(ctx, input) {
    const userId = callerId(ctx);
    const row = await ownedListing(ctx, input.listing_id);
    const at = ctx.clock.now().toISOString();
    const gone = await withTransaction(ctx.db, async () => {
      const m = await deleteMilestone(ctx.db, row.id, input.milestone_id);
      if (m) await addVersion(ctx.db, { listingId: row.id, userId, before: { milestone: m }, after: { milestone: null }, changedFields: ['milestones'], at });
      return m;
    });
    if (!gone) throw notFound(`Milestone ${input.milestone_id} of listing ${row.id}`);
    return { deleted: true as const, listing_id: row.id, milestone: gone };
  },
});
