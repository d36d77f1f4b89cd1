import { z } from 'zod';
import type { ToolContext } from '../context';
import { notFound, ToolError } from '../errors';
import { timestamp } from '../schemas';
import { DRAFT_STATUSES, type DraftProgress } from '../../storage/schema';
import type { DraftRow } from '../../storage/queries/drafts';
import { inviteSummaries, regeneratingFields, userDraftWithoutSources } from '../../storage/queries/draft-reads';
import { founderRecords } from '../../storage/queries/draft-founders';
import { completeness, DRAFT_FIELDS, FIELD_STATES, type DraftFieldRecord } from '../../domain/draft-fields';
import { STORY_SECTIONS } from './patch-schema';
import type { Evidence } from '../../domain/evidence';
import { quoteSupportsValue, supportingQuotes } from '../../domain/evidence-support';

// What get_draft (and every draft write) answers. The crawled page text stays on the server: only the
// URLs and titles of the pages read are shown, with the quotes that back each value.

export const draftIdParam = () => z.uuid().describe('Draft id (uuid), from submit_listing or list_my_drafts');

export function callerId(ctx: ToolContext): number {
  if (ctx.actor.kind === 'anonymous') throw new ToolError('unauthenticated', 'Sign in first: send an API key or an OAuth access token.');
  return ctx.actor.userId;
}

// Another user's draft is not found, never forbidden. The row comes without the crawled page text.
export async function ownedDraft(ctx: ToolContext, id: string): Promise<DraftRow> {
  const row = await userDraftWithoutSources(ctx.db, id, callerId(ctx));
  if (!row) throw notFound(`Draft ${id}`);
  return row;
}

const evidence = z.array(z.object({
  url: z.string().describe('The page of the product website the quote is from'),
  quote: z.string().describe('Text copied from that page'),
})).describe('Quotes from the website that back the value; empty for values you typed');
const socialEvidence = z.record(z.string(), evidence);

// One schema for every draft field, shared by reference ($defs) so the schema states it once, not 18 times.
const fieldView = z.object({
  value: z.union([z.string(), z.array(z.string())]).nullable().describe('The value (a list for categories, tags, features, usps, keywords); null when empty'),
  state: z.enum(FIELD_STATES).describe('ai (drafted from the website), not_found (the website does not state it), edited (you changed the AI value), manual (you typed a value the AI did not find), override (locked by you), deleted (you removed it)'),
  evidence,
  item_evidence: z.array(evidence).optional().describe('For a list value: the quotes that back each item, in the order of `value`'),
  locked: z.boolean().describe('Locked against AI redrafts (lock_fields); restore unlocks'),
}).meta({ id: 'DraftField', description: 'A drafted field: its value, state, evidence quotes and lock' });

export const PROGRESS_STEPS = 'queued (waiting: one draft per user is built at a time), robots, crawling, extracting, drafting, done or failed';

export const progressView = z.object({
  step: z.string().describe(`Current step: ${PROGRESS_STEPS}`),
  percent: z.number().int().min(0).max(100).describe('Rough share of the build done, for a progress bar'),
  pages_fetched: z.number().int().describe('Pages of the website read so far'),
  pages_planned: z.number().int().describe('Pages the crawl plans to read (grows as links are found)'),
  elapsed_ms: z.number().int().describe('Time since the build started (0 while queued)'),
});

export const draftView = z.object({
  id: z.string().describe('Draft id (uuid)'),
  status: z.enum(DRAFT_STATUSES).describe('crawling or drafting while it builds (poll get_draft every few seconds), ready, or failed'),
  failure_reason: z.string().nullable().describe('Why the build failed and what to change before submitting again; null unless failed'),
  url: z.string().describe('The website that was submitted'),
  progress: progressView.describe('Build progress'),
  fields: z.object(Object.fromEntries(DRAFT_FIELDS.map((f) => [f, fieldView.optional()])))
    .describe('Drafted fields with value, state, evidence and lock; empty while the draft is being built'),
  regenerating: z.array(z.string()).describe('Fields a regenerate request is still redrafting'),
  faqs: z.array(z.object({
    question: z.string().describe('Question'), answer: z.string().describe('Answer'), evidence,
  })).describe('FAQs (the first 5 are shown on the listing page)'),
  founders: z.array(z.object({
    name: z.string().describe('Name'),
    title: z.string().nullable().describe('Role, e.g. Co-founder & CEO'),
    bio: z.string().nullable().describe('Short bio'),
    socials: z.record(z.string(), z.string()).describe('Personal profiles, platform → link'),
    joined: z.boolean().describe('True when this founder added their own profile through an invite'),
    evidence,
    social_evidence: socialEvidence.describe('Per platform, the pages that link to each of these profiles; empty for links you typed'),
  })).describe('Founders; the first is the primary founder'),
  company_socials: z.record(z.string(), z.string()).describe('Company profiles, platform → link'),
  company_social_evidence: socialEvidence.describe('Per platform, where the website links to the company profile; empty for links you typed'),
  founder_socials: z.record(z.string(), z.string()).describe('The primary founder\'s profiles, platform → link'),
  founder_social_evidence: socialEvidence.describe('Per platform, where the website links to the primary founder\'s profile; empty for links you typed'),
  story: z.object(Object.fromEntries(STORY_SECTIONS.map((k) => [k, z.string().optional().describe(`Section ${k}`)])))
    .describe('Founder story sections written by you'),
  milestones: z.array(z.object({
    date: z.string().describe('YYYY-MM-DD'), title: z.string().describe('Title'),
    description: z.string().nullable().describe('Details'), url: z.string().nullable().describe('Link (https)'),
    evidence,
  })).describe('Milestones: drafted from dated events the website states (with their quotes), or as you entered them'),
  competitor_url: z.string().nullable().describe('Website of the closest competitor; null when not set'),
  competitor_evidence: evidence,
  seo: z.object({
    title: z.string().nullable().describe('SEO title'), meta: z.string().nullable().describe('Meta description'),
    evidence: evidence.describe('Quotes behind a drafted title and meta description (the home page\'s own); empty for texts you typed'),
  }).describe('SEO texts'),
  not_found_on_website: z.array(z.string()).describe('Facts the website did not state (left blank, never invented)'),
  completeness: z.number().int().min(0).max(100).describe('How complete the draft is, 0-100'),
  missing: z.array(z.string()).describe('What is still missing, most important first'),
  warnings: z.array(z.string()).describe('Notes on the build, e.g. pages skipped or built without a language model'),
  pages: z.array(z.object({ url: z.string().describe('Page URL'), title: z.string().nullable().describe('Page title') }))
    .describe('Pages of the website that were read'),
  invites: z.array(z.object({
    email: z.string().describe('Invited address'),
    status: z.enum(['pending', 'accepted', 'expired']).describe('pending, accepted or expired'),
    created_at: timestamp().describe('When the invite was sent'),
  })).describe('Co-founder invites sent for this draft (up to 10)'),
  listing_id: z.number().int().nullable().describe('Your listing once submit_draft saved it (see get_my_listing); null before'),
  created_at: timestamp().describe('When the URL was submitted'),
  updated_at: timestamp().describe('When the draft last changed'),
});
export type DraftView = z.infer<typeof draftView>;

const STEP_PERCENT: Record<string, number> = { queued: 0, robots: 2, extracting: 78, drafting: 85, saving: 95, done: 100, failed: 100 };

export function progressOf(p: DraftProgress | null, now: Date): z.infer<typeof progressView> {
  const step = p?.step ?? 'queued';
  const fetched = p?.pages_fetched ?? 0;
  const planned = Math.max(p?.pages_planned ?? 0, fetched);
  const percent = step === 'crawling' ? 5 + Math.round((70 * fetched) / Math.max(planned, 1)) : STEP_PERCENT[step] ?? 0;
  const finished = step === 'done' || step === 'failed';
  const start = p?.started_at ? Date.parse(p.started_at) : NaN;
  const end = finished && p ? Date.parse(p.updated_at) : now.getTime();
  return { step, percent, pages_fetched: fetched, pages_planned: planned, elapsed_ms: Number.isNaN(start) ? 0 : Math.max(0, end - start) };
}

const quotes = (ev: Evidence[] | undefined) => (ev ?? []).map((e) => ({ url: e.url, quote: e.quote }));
// A link's evidence stays only while the link is the one the website shows (an edited link has none).
function linkEvidence(links: Record<string, string>, ev: Record<string, Evidence[]> | undefined): Record<string, Array<{ url: string; quote: string }>> {
  return Object.fromEntries(Object.entries(links).map(([platform, link]) =>
    [platform, quotes((ev?.[platform] ?? []).filter((e) => quoteSupportsValue('social', link, e.quote)))]));
}

// A list's evidence per item: the field's quotes that support that item by the field's rule.
const view = (field: string, r: DraftFieldRecord) => ({
  value: r.value, state: r.state, evidence: quotes(r.evidence),
  ...(Array.isArray(r.value) ? { item_evidence: r.value.map((item) => quotes(r.evidence.length ? supportingQuotes(field, item, r.evidence) : [])) } : {}),
  locked: r.locked,
});

export async function toDraftView(ctx: ToolContext, d: DraftRow): Promise<DraftView> {
  const now = ctx.clock.now();
  const fields = Object.fromEntries(DRAFT_FIELDS.flatMap((f) => (d.fields[f] ? [[f, view(f, d.fields[f]!)]] : [])));
  const { percent, missing } = completeness({ fields: d.fields, faqs: d.faqs, founders: d.founders, company_socials: d.companySocials });
  const filled = new Set(DRAFT_FIELDS.filter((f) => d.fields[f]?.value !== null && d.fields[f]?.value !== undefined));
  return {
    id: d.id,
    status: d.status,
    failure_reason: d.status === 'failed' ? d.failureReason ?? 'The draft could not be built.' : null,
    url: d.url,
    progress: progressOf(d.progress ?? null, now),
    fields,
    regenerating: d.status === 'ready' ? await regeneratingFields(ctx.db, d.id) : [],
    faqs: d.faqs.map((q) => ({ question: q.question, answer: q.answer, evidence: (q.evidence ?? []).map((e) => ({ url: e.url, quote: e.quote })) })),
    founders: founderRecords(d).map((f) => ({
      name: f.name, title: f.title ?? null, bio: f.bio ?? null, socials: f.socials ?? {}, joined: !!f.user_id,
      evidence: (f.evidence ?? []).map((e) => ({ url: e.url, quote: e.quote })),
      social_evidence: linkEvidence(f.socials ?? {}, (f as { social_evidence?: Record<string, Evidence[]> }).social_evidence),
    })),
    company_socials: d.companySocials,
    company_social_evidence: linkEvidence(d.companySocials, d.build?.social_evidence),
    founder_socials: d.founderSocials,
    founder_social_evidence: linkEvidence(d.founderSocials, d.build?.founder_social_evidence),
    story: d.story ?? {},
    milestones: d.milestones.map((m) => ({ date: m.date, title: m.title, description: m.description ?? null, url: m.url ?? null, evidence: quotes(m.evidence) })),
    competitor_url: d.competitorUrl ?? null,
    competitor_evidence: [], // typed by the user: the drafter never names a competitor the site does not
    seo: { title: d.seo?.title ?? null, meta: d.seo?.meta ?? null, evidence: quotes([...(d.seo?.title_evidence ?? []), ...(d.seo?.meta_evidence ?? [])]) },
    // What the site did not state, less what the user has filled in since.
    not_found_on_website: (d.build?.not_found_on_website ?? []).filter((f) => !filled.has(f as never)),
    completeness: d.status === 'ready' ? percent : 0,
    missing,
    warnings: d.build?.warnings ?? [],
    pages: d.build?.pages ?? [],
    invites: (await inviteSummaries(ctx.db, d.id)).map((i) => ({
      email: i.email,
      status: i.accepted_at ? 'accepted' : i.expires_at <= now.toISOString() ? 'expired' : 'pending',
      created_at: i.created_at,
    })),
    listing_id: d.listingId ?? null,
    created_at: d.createdAt,
    updated_at: d.updatedAt,
  };
}
