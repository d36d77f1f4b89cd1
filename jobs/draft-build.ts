import type { LanguageModel } from 'ai';
import type { Db } from '../storage/db';
import type { Clock } from '../domain/clock';
import type { DraftProgress, DraftStatus } from '../storage/schema';
import { categoryNames, failDraft, getDraft, saveDraftBuild, setDraftProgress } from '../storage/queries/drafts';
import { applyRebuild, completeness, fromBuild, DRAFT_FIELDS, type DraftFieldMap } from '../domain/draft-fields';
import type { BuildDraftOptions, BuildProgress } from '../crawler/build-draft';
import { BuildFailure } from '../crawler/failure';
import { saveLogo } from '../storage/queries/logos';
import { enqueue, type HandlerSpec } from './queue';

// The 'draft_build' job: crawl and draft one submitted URL, moving the draft crawling → drafting →
// ready, or failed with a reason the user can act on. Build failures (robots, private address…) are
// final; unexpected errors are retried and recorded as a failure on the last attempt.

export const DRAFT_BUILD_JOB = 'draft_build';
export type DraftBuildPayload = { draftId: string };

export type DraftBuildDeps = {
  fetchOptions: BuildDraftOptions['fetchOptions'];
  model?: LanguageModel | null;
  logoBaseUrl: string; // `${siteUrl}/logos`: where the logo the build stores is served
  crawl?: BuildDraftOptions['crawl'];
  concurrency?: number; // draft builds at once across the service (default 4)
  perUser?: number; // draft builds at once for one user (default 1); the rest wait in the queue
};

export async function enqueueDraftBuild(db: Db, clock: Clock, draftId: string, userId: number): Promise<number> {
  return (await enqueue(db, clock, DRAFT_BUILD_JOB, { draftId } satisfies DraftBuildPayload, { userId, maxAttempts: 3, dedupeKey: `${DRAFT_BUILD_JOB}:${draftId}` })).id;
}

const statusFor = (step: BuildProgress['step']): DraftStatus => (step === 'robots' || step === 'crawling' ? 'crawling' : 'drafting');
const PROGRESS_WRITE_MS = 250;

export function draftBuildHandler(deps: DraftBuildDeps): HandlerSpec<DraftBuildPayload> {
  return {
    concurrency: deps.concurrency ?? 4,
    perUser: deps.perUser ?? 1,
    leaseMs: 120_000,
    backoffMs: 10_000,
    async run({ draftId }, { db, clock, signal, lastAttempt }) {
      const draft = await getDraft(db, draftId);
      if (!draft || draft.status === 'ready' || draft.status === 'failed') return; // gone, or finished by an earlier attempt
      const iso = () => clock.now().toISOString();
      const startedAt = iso();
      let progress: DraftProgress = { step: 'robots', pages_fetched: 0, pages_planned: 1, started_at: startedAt, updated_at: startedAt, current_url: draft.url };
      let lastWrite = 0;
      // The crawler reports progress without waiting, so progress writes run one after another on this chain, which
      // is awaited (and its error seen) before the draft is saved or failed: a late progress write never undoes either.
      let progressWrites: Promise<void> = Promise.resolve();
      const write = (force: boolean): Promise<void> => {
        const now = Date.now(); // throttles writes only; the stored times come from the clock
        if (!force && now - lastWrite < PROGRESS_WRITE_MS) return progressWrites;
        lastWrite = now;
        const p = progress;
        progressWrites = progressWrites.then(async () => await setDraftProgress(db, draftId, statusFor(p.step as BuildProgress['step']), p, p.updated_at));
        progressWrites.catch(() => {}); // handled where the chain is awaited
        return progressWrites;
      };
      await write(true);
      try {
        // Loaded on the first build: the crawler and the AI SDK weigh ~75 MB, which a node serving reads never needs.
        const { buildDraft } = await import('../crawler/build-draft');
        const result = await buildDraft({
          url: draft.url, fetchOptions: deps.fetchOptions, model: deps.model, crawl: deps.crawl, categories: await categoryNames(db), signal, now: clock.now(),
          logoBaseUrl: deps.logoBaseUrl,
          onProgress: (p) => {
            const stepChanged = p.step !== progress.step;
            progress = { ...p, started_at: startedAt, updated_at: iso() };
            void write(stepChanged);
          },
        });
        await progressWrites;
        const current = await getDraft(db, draftId);
        if (!current) return;
        // A rebuild keeps what the user already owns (edited, manual, deleted, locked fields).
        const fields = Object.fromEntries(DRAFT_FIELDS.map((f) => {
          const prev = current.fields[f];
          return [f, prev ? applyRebuild(prev, result.fields[f]) : fromBuild(result.fields[f])];
        })) as DraftFieldMap;
        const faqs = current.faqs.length ? current.faqs : result.faqs;
        const founders = current.founders.length ? current.founders : result.founders;
        const companySocials = Object.keys(current.companySocials).length ? current.companySocials : result.socials;
        const founderSocials = Object.keys(current.founderSocials).length ? current.founderSocials : result.founder_socials;
        const milestones = current.milestones.length ? current.milestones : result.milestones;
        const seo = current.seo?.title || current.seo?.meta ? current.seo : result.seo;
        const done = iso();
        // Stored before the draft that points at it, so a ready draft never names a missing file.
        if (result.logo) {
          const { id, mediaType, bytes, width, height, sourceUrl } = result.logo;
          await saveLogo(db, { id, contentType: mediaType, bytes, width, height, sourceUrl, createdAt: done });
        }
        await saveDraftBuild(db, draftId, {
          fields, faqs, founders, companySocials, founderSocials, milestones, seo,
          completeness: completeness({ fields, faqs, founders, company_socials: companySocials }).percent,
          progress: { ...progress, step: 'done', updated_at: done, current_url: null },
          build: {
            pages: result.pages, sources: result.sources, warnings: result.warnings, used_model: result.used_model,
            not_found_on_website: result.not_found_on_website, social_evidence: result.social_evidence,
            founder_social_evidence: result.founder_social_evidence, finished_at: done,
          },
        }, done);
      } catch (e) {
        await progressWrites.catch(() => {});
        if (e instanceof BuildFailure) {
          await failDraft(db, draftId, e.message, { ...progress, step: 'failed', updated_at: iso() }, iso());
          return; // final: retrying cannot change robots.txt or an address
        }
        if (lastAttempt) {
          await failDraft(db, draftId, 'The draft could not be built because of an error on our side. Submit the URL again in a few minutes.', { ...progress, step: 'failed', updated_at: iso() }, iso());
        }
        throw e;
      }
    },
  };
}
