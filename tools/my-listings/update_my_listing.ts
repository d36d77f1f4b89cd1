import { z } from 'zod';
import { defineTool } from '../define';
import { withTransaction } from '../../storage/db';
import { listingIdParam, ownedListing } from './owned';
import { ownedListingView, ownedListingViewOf } from './owner-view';
import { currentEdit, editFaqs, editFields, editSocials, mergeEdit } from './edit-fields';
import { ownedListingRow, writeListingEdit } from '../../storage/queries/my-listings';
import { addVersion } from '../../storage/queries/listing-history';

export const update_my_listing = defineTool({
  name: 'update_my_listing',
  title: 'Edit one of your listings',
  description:
    'Edit a listing you own: send only what changes in `fields` (tagline, descriptions, pricing, place, founded year, demo video, contact, '
    + 'features, USPs, keywords, headline, summary, SEO), `socials` (replaces all) and `faqs` (replaces all). Edits are published at once, '
    + 'kept in the version history, and the site team sees a before/after copy. Listing ids come from list_my_listings.',
  scope: 'listings:write',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  http: { method: 'PATCH', path: '/me/listings/:listing_id', idempotencyKey: true },
  input: z.object({
    listing_id: listingIdParam(),
    fields: editFields.optional().describe('Listing fields to change; no other keys. A text field sent as "" is cleared'),
    socials: editSocials.optional(),
    faqs: editFaqs.optional(),
  }).strict(),
  output: ownedListingView.extend({
    changed_fields: z.array(z.string()).describe('Fields this edit changed (empty when every value sent was already the listing\'s)'),
  }),
  async run(ctx, input) {
    const userId = ctx.actor.kind === 'anonymous' ? null : ctx.actor.userId;
    const row = await ownedListing(ctx, input.listing_id);
    const current = currentEdit(row);
    const { next, changed } = mergeEdit(current, input);
    if (!changed.length) return { ...await ownedListingViewOf(ctx, row), changed_fields: [] };
    const at = ctx.clock.now().toISOString();
    const pick = (v: Record<string, unknown>) => Object.fromEntries(changed.map((k) => [k, v[k]]));
    // The change and its version row are written together: nothing is published without its history.
    await withTransaction(ctx.db, async () => {
      await writeListingEdit(ctx.db, row.id, next, at);
      await addVersion(ctx.db, { listingId: row.id, userId, before: pick(current), after: pick(next), changedFields: changed, at });
    });
    return { ...await ownedListingViewOf(ctx, (await ownedListingRow(ctx.db, row.id))!), changed_fields: changed };
  },
});
