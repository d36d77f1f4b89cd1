import { z } from 'zod';
import type { ToolContext } from '../context';
import { notFound, ToolError } from '../errors';
import { isListingOwner } from '../../storage/queries/ownership';
import { ownedListingRow, type OwnedListingRow } from '../../storage/queries/my-listings';

// What every owner operation starts with: who calls, and the caller's listing (another user's listing is a 404).

export const listingIdParam = () =>
  z.number().int().min(1).describe('Your listing id (integer >= 1), from list_my_listings or the listing_id of submit_draft');

export function callerId(ctx: ToolContext): number {
  if (ctx.actor.kind === 'anonymous') throw new ToolError('unauthenticated', 'Sign in first: send an API key or an OAuth access token.');
  return ctx.actor.userId;
}

export async function ownedListing(ctx: ToolContext, listingId: number): Promise<OwnedListingRow> {
  const row = await isListingOwner(ctx.db, listingId, callerId(ctx)) ? await ownedListingRow(ctx.db, listingId) : undefined;
  if (!row) throw notFound(`Listing ${listingId} among your listings`);
  return row;
}
