import { z } from 'zod';
import { defineTool } from '../define';
import { ToolError } from '../errors';
import { isoDate } from '../schemas';
import { withTransaction } from '../../storage/db';
import { lockParentRow } from '../../storage/queries/row-locks';
import { listingIdParam, ownedListing, callerId } from './owned';
import { insertMilestone, milestoneCount } from '../../storage/queries/my-listings';
import { addVersion } from '../../storage/queries/listing-history';
import { visibleSections } from '../listings/profile-fields';

export const MAX_MILESTONES = 50; // the draft's bound, kept for the published listing too

export const milestoneOutput = z.object({
  milestone_id: z.number().int().describe('Milestone id; pass it to delete_milestone'),
  listing_id: z.number().int().describe('Your listing id'),
  date: z.string().describe('YYYY-MM-DD'),
  title: z.string().describe('Milestone title'),
  description: z.string().nullable().describe('Details'),
  url: z.string().nullable().describe('Link (https)'),
  shown_publicly: z.boolean().describe('Whether the public profile shows milestones (paid listings, or the milestones section unlocked)'),
});

export const add_milestone = defineTool({
  name: 'add_milestone',
  title: 'Add a milestone',
  description:
    'Add a milestone (date, title, optional description and https link) to a listing you own. Milestones show publicly on paid listings or '
    + 'when the milestones section is unlocked; get_my_listing lists them with their ids. Listing ids come from list_my_listings.',
  scope: 'listings:write',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  http: { method: 'POST', path: '/me/listings/:listing_id/milestones', status: 201, idempotencyKey: true },
  input: z.object({
    listing_id: listingIdParam(),
    date: isoDate().describe('Date of the milestone, YYYY-MM-DD (required)'),
    title: z.string().max(200).regex(/\S/, 'must not be empty').describe('Milestone title (required, max 200 chars)'),
    description: z.string().max(2000).optional().describe('Details (max 2000 chars)'),
    url: z.string().max(500).regex(/^https:\/\/[^\s/]\S*$/, 'must be an https link').optional().describe('Link about the milestone (https, max 500 chars)'),
  }).strict(),
  output: milestoneOutput,
  async run(ctx, input) {
    const userId = callerId(ctx);
    const row = await ownedListing(ctx, input.listing_id);
    const at = ctx.clock.now().toISOString();
    const m = {
      date: input.date, title: input.title.trim(),
      description: input.description?.trim() || null, url: input.url ?? null,
    };
    const id = await withTransaction(ctx.db, async () => {
      await lockParentRow(ctx.db, 'listings', row.id);
      if (await milestoneCount(ctx.db, row.id) >= MAX_MILESTONES) {
        throw new ToolError('conflict', `Listing ${row.id} already has ${MAX_MILESTONES} milestones, the most it can have: delete one first (delete_milestone).`);
      }
      const id = await insertMilestone(ctx.db, { listingId: row.id, ...m });
      await addVersion(ctx.db, { listingId: row.id, userId, before: { milestone: null }, after: { milestone: { milestone_id: id, ...m } }, changedFields: ['milestones'], at });
      return id;
    });
    return { milestone_id: id, listing_id: row.id, ...m, shown_publicly: visibleSections(row).has('milestones') };
  },
});
