import { z } from 'zod';
import { defineTool } from '../define';
import { ToolError } from '../errors';
import { LISTING_STATUSES } from '../../storage/schema';
import { otherListingOfSite, saveDraftAsListing } from '../../storage/queries/draft-submit';
import { callerId, draftIdParam, ownedDraft } from './draft-view';
import { requireReady } from './update_draft';

export const submit_draft = defineTool({
  name: 'submit_draft',
  title: 'Save a draft as your listing',
  description:
    'Save one of your ready drafts as your listing. It is not published: it gets status submitted and stays out of public pages and ' +
    'search until you publish it with choose_free_listing or a paid launch order (create_checkout). Calling it again after edits ' +
    'updates the same listing; after the first call, update_draft updates the listing too. Returns listing_id (for get_my_listing and the ' +
    'other my-listing operations). The id comes from submit_listing or list_my_drafts.',
  scope: 'listings:write',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  http: { method: 'POST', path: '/drafts/:id/submit', idempotencyKey: true },
  input: z.object({ id: draftIdParam() }).strict(),
  output: z.object({
    listing_id: z.number().int().describe('Your listing id; pass it to get_my_listing, choose_free_listing or an order'),
    status: z.enum(LISTING_STATUSES).describe('The listing status: submitted (saved, not published) unless it was published since'),
    draft_id: z.string().describe('The draft that was saved'),
    slug: z.string().describe('The listing slug: its public address once it is published'),
    created: z.boolean().describe('True when this call created the listing, false when it updated it'),
  }),
  async run(ctx, input) {
    const userId = callerId(ctx);
    const d = await ownedDraft(ctx, input.id);
    requireReady(d, 'submitted');
    const missing: Array<{ path: string; message: string }> = [];
    if (typeof d.fields.name?.value !== 'string') missing.push({ path: 'fields.name', message: 'the product name' });
    if (!Array.isArray(d.fields.categories?.value) || !d.fields.categories.value.length) {
      missing.push({ path: 'fields.categories', message: 'a category name from list_categories; the first is primary' });
    }
    // The problem names each missing field (errors[].path), so a form can show it beside the field.
    if (missing.length) {
      throw new ToolError('conflict', `A listing needs ${missing.map((m) => `${m.path} (${m.message})`).join(' and ')}: set ${missing.length > 1 ? 'them' : 'it'} with update_draft, then submit again.`,
        missing.map((m) => ({ path: m.path, message: `A listing needs ${m.message}.` })));
    }
    const other = await otherListingOfSite(ctx.db, d.url, d.listingId);
    if (other) {
      throw new ToolError('conflict', other.owner_user_id === userId
        ? `You already have a listing for this website ("${other.slug}", listing_id ${other.id}): edit it with update_my_listing.`
        : `This website is already listed as "${other.slug}". If it is your company's, claim that listing with claim_listing.`);
    }
    const saved = await saveDraftAsListing(ctx.db, d, userId, ctx.clock.now().toISOString());
    return { listing_id: saved.listingId, status: saved.status, draft_id: d.id, slug: saved.slug, created: saved.created };
  },
});
