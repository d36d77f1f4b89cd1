import type { LanguageModel } from 'ai';
import { withTransaction, type Db } from '../storage/db';
import { syncListing } from '../storage/queries/draft-submit';
import type { Clock } from '../domain/clock';
import { categoryNames, getDraft, updateDraft } from '../storage/queries/drafts';
import { applyRegenerated, completeness, isDraftField, type DraftFieldMap } from '../domain/draft-fields';
import { enqueue, type HandlerSpec } from './queue';

// The 'draft_regenerate' job (PATCH regenerate, at most 5 fields): the model redrafts the named
// fields from the page text stored with the draft, with the same quote verification as a build.
// Locked fields are left alone. Without a model there is nothing to redraft and the job does nothing.

export const DRAFT_REGENERATE_JOB = 'draft_regenerate';
export type DraftRegeneratePayload = { draftId: string; fields: string[] };

export async function enqueueRegenerate(db: Db, clock: Clock, draftId: string, userId: number, fields: string[]): Promise<number> {
  return (await enqueue(db, clock, DRAFT_REGENERATE_JOB, { draftId, fields } satisfies DraftRegeneratePayload, { userId, maxAttempts: 3 })).id;
}

export function draftRegenerateHandler(deps: { model?: LanguageModel | null }): HandlerSpec<DraftRegeneratePayload> {
  return {
    concurrency: 4,
    perUser: 2,
    leaseMs: 120_000,
    async run({ draftId, fields }, { db, clock, signal }) {
      const draft = await getDraft(db, draftId);
      const wanted = fields.filter(isDraftField).filter((f) => draft?.fields[f] && !draft.fields[f]!.locked);
      if (!draft || !wanted.length || !draft.build?.sources.length) return;
      const { redraftFields } = await import('../crawler/build-draft'); // loaded on first use, as in draft-build.ts
      const built = await redraftFields({ sources: draft.build.sources, fields: wanted, model: deps.model, categories: await categoryNames(db), signal, now: clock.now() });
      if (!built) return;
      const current = await getDraft(db, draftId);
      if (!current) return;
      const next = { ...current.fields } as DraftFieldMap;
      for (const f of wanted) if (built[f] && next[f]) next[f] = applyRegenerated(next[f], built[f]);
      const now = clock.now().toISOString();
      // A submitted draft's listing follows its draft (spec: PATCH after submit updates the listing too).
      await withTransaction(db, async () => {
        await updateDraft(db, draftId, {
          fields: next,
          completeness: completeness({ fields: next, faqs: current.faqs, founders: current.founders, company_socials: current.companySocials }).percent,
        }, now);
        const saved = (await getDraft(db, draftId))!;
        if (saved.listingId) await syncListing(db, saved, new Set(['fields', 'categories']), saved.userId, now, current);
      });
    },
  };
}
