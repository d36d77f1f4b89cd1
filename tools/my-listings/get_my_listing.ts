import { z } from 'zod';
import { defineTool } from '../define';
import { listingIdParam, ownedListing } from './owned';
import { ownedListingView, ownedListingViewOf } from './owner-view';

export const get_my_listing = defineTool({
  name: 'get_my_listing',
  title: 'Get one of your listings',
  description:
    'Get one listing you own by listing_id: status, plan, launch week, unlocked paid sections, milestones with their ids, the founder story, '
    + 'the badge snippet to embed on the homepage with the last badge check (free plan), plus everything the public profile shows. '
    + 'Listing ids come from list_my_listings or submit_draft.',
  scope: 'account:read',
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  http: { method: 'GET', path: '/me/listings/:listing_id' },
  input: z.object({ listing_id: listingIdParam() }).strict(),
  output: ownedListingView,
  async run(ctx, input) {
    return ownedListingViewOf(ctx, await ownedListing(ctx, input.listing_id));
  },
});
