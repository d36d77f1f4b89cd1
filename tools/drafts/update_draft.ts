import { z } from 'zod';
import { defineTool } from '../define';
import { ToolError } from '../errors';
import { withTransaction } from '../../storage/db';
import { categoryNames, updateDraft, type DraftRow } from '../../storage/queries/drafts';
import { syncListing } from '../../storage/queries/draft-submit';
import { applyPatch, checkPatch } from './apply-patch';
import { patchShape } from './patch-schema';
import { callerId, draftIdParam, draftView, ownedDraft, toDraftView } from './draft-view';

// Edits need a built draft: while it builds there is nothing to edit yet, and a failed one has no fields.
export function requireReady(d: DraftRow, doing: string): void {
  if (d.status === 'ready') return;
  if (d.status === 'failed') {
    throw new ToolError('conflict', `This draft could not be built, so it cannot be ${doing}: ${d.failureReason ?? 'the build failed'} Then submit the URL again with submit_listing.`);
  }
  throw new ToolError('conflict', `This draft is still being built (status ${d.status}), so it cannot be ${doing} yet. Poll get_draft until its status is ready.`);
}

export const update_draft = defineTool({
  name: 'update_draft',
  title: 'Edit a draft',
  description:
    'Edit one of your ready drafts; send only what changes. `fields` sets values you type (state edited or manual; null removes, state ' +
    'deleted); `lock_fields` protects fields from AI redrafts (override); `regenerate` (max 5) asks the AI to redraft fields from the ' +
    'website evidence in the background (watch `regenerating` in get_draft); `restore` returns fields to the AI\'s value. FAQs, socials, ' +
    'founders and milestones replace what was there; story sections and SEO keys sent replace those. After submit_draft, edits update ' +
    'the saved listing too. Returns the updated draft. The id comes from submit_listing or list_my_drafts.',
  scope: 'listings:write',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  http: { method: 'PATCH', path: '/drafts/:id', idempotencyKey: true },
  input: z.object({ id: draftIdParam(), ...patchShape }).strict(),
  output: draftView,
  async run(ctx, input) {
    const userId = callerId(ctx);
    const d = await ownedDraft(ctx, input.id);
    requireReady(d, 'edited');
    const categories = await categoryNames(ctx.db);
    checkPatch(input, d, categories);
    const { update, parts } = applyPatch(input, d, categories);
    const now = ctx.clock.now().toISOString();
    // The draft, its listing (once submitted) and the redraft job change together or not at all.
    const saved = await withTransaction(ctx.db, async () => {
      const row = (await updateDraft(ctx.db, d.id, update, now))!;
      if (row.listingId !== null && parts.size) await syncListing(ctx.db, row, parts, userId, now, d);
      if (input.regenerate?.length) await ctx.jobs.enqueueRegenerate(ctx, d.id, userId, [...new Set(input.regenerate)]);
      return row;
    });
    return toDraftView(ctx, saved);
  },
});
