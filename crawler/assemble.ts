import {
  DRAFT_FIELDS, FIELD_MAX_CHARS, LIST_FIELDS, LIST_ITEM_MAX_CHARS, LIST_MAX_ITEMS, PRICING_MODELS, STAGES,
  type DraftField, type FieldValue, type ListField,
} from '../domain/draft-fields';
import { countryNames, normaliseForMatch, type Evidence, type PageEvidence } from '../domain/evidence';
import { emailAddress, isPlaceName, plainText, plausibleYear, withinBound } from '../domain/value-clean';
import { evidenceChecker, type Dropped, type EvidenceChecker } from './assemble-check';
import { assembleRecords, type AssembledRecords } from './assemble-records';
import type { AiProposal } from './draft-ai';
import type { Fact, Facts, ScalarField } from './facts';
import { youtubeVideo } from '../domain/socials';

// Turns candidate facts (from the pages and, if any, the model) into draft values. A value is kept
// only when it is clean and of its field's type, and at least one of its quotes is on the page it
// names, in the company's own words, and supports it (assemble-check.ts); otherwise it is left out.

export type { Dropped } from './assemble-check';
export type BuiltDraftField = { value: FieldValue; state: 'ai' | 'not_found'; evidence: Evidence[] };
export type BuiltSeo = { title: string | null; meta: string | null; title_evidence: Evidence[]; meta_evidence: Evidence[] };
export type Assembled = AssembledRecords & {
  fields: Record<DraftField, BuiltDraftField>;
  seo: BuiltSeo;
  not_found_on_website: string[];
  dropped: Dropped[];
};

const isHttpUrl = (s: string) => { try { return /^https?:$/.test(new URL(s).protocol); } catch { return false; } };
// Short one-line fields the listing shows in a line; the model is asked for these lengths too.
const SHORT_BOUND: Partial<Record<DraftField, number>> = { name: 100, tagline: 160, short_description: 300, pricing_summary: 300 };
export const boundOf = (field: DraftField) =>
  (LIST_FIELDS as readonly string[]).includes(field) ? LIST_ITEM_MAX_CHARS : Math.min(SHORT_BOUND[field] ?? Infinity, FIELD_MAX_CHARS(field));

// The value in its stored form, or null if it is not a valid value for the field.
export function cleanValue(field: DraftField, raw: string, categories: string[], now: Date = new Date()): string | null {
  const v = plainText(String(raw), field === 'description');
  if (!v) return null;
  switch (field) {
    case 'founded_year': return plausibleYear(v, now);
    case 'country': { const c = v.toUpperCase(); return /^[A-Z]{2}$/.test(c) && countryNames(c).length ? c : null; }
    case 'stage': return (STAGES as readonly string[]).includes(v.toLowerCase()) ? v.toLowerCase() : null;
    case 'pricing_model': return (PRICING_MODELS as readonly string[]).includes(v.toLowerCase()) ? v.toLowerCase() : null;
    case 'contact_email': return emailAddress(v);
    case 'city': return isPlaceName(v) ? v : null;
    case 'demo_video_url': return youtubeVideo(v);
    case 'logo_url': return isHttpUrl(v) && v.length <= 500 ? v : null;
    case 'categories': return categories.find((c) => c.toLowerCase() === v.toLowerCase()) ?? null;
    case 'name': return v.length <= boundOf(field) ? v : null;
  }
  return withinBound(v, boundOf(field));
}

export function assemble(o: { facts: Facts; proposal?: AiProposal | null; pages: PageEvidence[]; categories: string[]; now?: Date }): Assembled {
  const { facts, proposal, pages, categories } = o;
  const now = o.now ?? new Date();
  const dropped: Dropped[] = [];
  const checker = evidenceChecker(pages);
  const fields = {} as Record<DraftField, BuiltDraftField>;

  for (const field of DRAFT_FIELDS) {
    if ((LIST_FIELDS as readonly string[]).includes(field)) continue;
    const f = field as ScalarField;
    const mine = [...(facts.scalars[f] ?? [])].map((c) => ({ ...c, origin: 'page' as const }));
    const ai = proposal?.scalars[f];
    // The model writes the description (the page's own paragraphs are the fallback); for every other
    // field what the markup and text state directly comes first and the model only fills gaps.
    const aiCandidate = ai ? [{ ...ai, origin: 'model' as const, rank: field === 'description' ? 0.5 : 10 }] : [];
    fields[field] = pick(field, [...mine, ...aiCandidate].sort((a, b) => (a.rank ?? 5) - (b.rank ?? 5)), categories, now, checker, dropped);
  }
  for (const field of LIST_FIELDS) {
    const mine = (facts.lists[field] ?? []).map((c) => ({ ...c, origin: 'page' as const }));
    const ai = (proposal?.lists[field] ?? []).map((c) => ({ ...c, origin: 'model' as const }));
    fields[field] = pickList(field, field === 'categories' ? [...ai, ...mine] : [...mine, ...ai], categories, checker, dropped);
  }
  const records = assembleRecords({ facts, proposal: proposal ?? null, checker, now, dropped });
  const not_found_on_website = [
    ...DRAFT_FIELDS.filter((f) => fields[f].value === null),
    ...(records.faqs.length ? [] : ['faqs']), ...(records.founders.length ? [] : ['founders']),
    ...(Object.keys(records.company_socials).length ? [] : ['company_socials']), ...(records.milestones.length ? [] : ['milestones']),
  ];
  return { fields, ...records, seo: draftSeo(fields, pages, checker), not_found_on_website, dropped };
}

// Every logo candidate whose quotes hold, best first. The build fetches them in turn and keeps the first that is a
// real image (crawler/logo-capture.ts); the draft's logo_url is then the stored copy's address, with these quotes.
export function logoCandidates(facts: Facts, pages: PageEvidence[]): Array<{ url: string; evidence: Evidence[]; rank?: number }> {
  const checker = evidenceChecker(pages);
  return (facts.scalars.logo_url ?? []).flatMap((c) => {
    const url = cleanValue('logo_url', c.value, []);
    const kept = url ? checker.check('logo_url', url, c.evidence).kept : [];
    return url && kept.length ? [{ url, evidence: kept, rank: c.rank }] : [];
  });
}

// SEO texts from the home page's own title and the drafted short description, within the spec's bounds
// (title 70, meta 170), each with its quotes; nothing when they would not fit or are not supported.
function draftSeo(fields: Record<DraftField, BuiltDraftField>, pages: PageEvidence[], checker: EvidenceChecker): BuiltSeo {
  const home = pages[0] as (PageEvidence & { title?: string | null }) | undefined;
  const rawTitle = home?.title ? plainText(home.title) : '';
  const title = rawTitle && rawTitle.length <= 70 ? rawTitle : null;
  const titleEv = title && home ? checker.check('seo_title', title, [{ url: home.url, quote: home.title! }]).kept : [];
  const short = fields.short_description;
  const meta = typeof short.value === 'string' ? withinBound(short.value, 170) : null;
  const metaEv = meta ? checker.check('seo_meta', meta, short.evidence).kept : [];
  return { title: titleEv.length ? title : null, meta: metaEv.length ? meta : null, title_evidence: titleEv, meta_evidence: metaEv };
}

// Every candidate is checked (so every untraceable one is reported); the best one that holds wins.
function pick(field: DraftField, candidates: Array<Fact & { origin: 'page' | 'model' }>, categories: string[], now: Date, checker: EvidenceChecker, dropped: Dropped[]): BuiltDraftField {
  let best: BuiltDraftField | null = null;
  for (const c of candidates) {
    const value = cleanValue(field, c.value, categories, now);
    if (!value) { dropped.push({ field, value: c.value, origin: c.origin, reason: 'not a valid value for the field' }); continue; }
    const { kept, reason } = checker.check(field, value, c.evidence);
    if (!kept.length) dropped.push({ field, value, origin: c.origin, reason });
    else best ??= { value, state: 'ai', evidence: kept };
  }
  return best ?? { value: null, state: 'not_found', evidence: [] };
}

function pickList(field: ListField, candidates: Array<Fact & { origin: 'page' | 'model' }>, categories: string[], checker: EvidenceChecker, dropped: Dropped[]): BuiltDraftField {
  const values: string[] = [];
  const evidence: Evidence[] = [];
  const max = field === 'categories' ? 4 : LIST_MAX_ITEMS;
  for (const c of candidates) {
    if (values.length >= max) break;
    const value = cleanValue(field, c.value, categories);
    if (!value) { dropped.push({ field, value: c.value, origin: c.origin, reason: 'not a valid value for the field' }); continue; }
    if (values.some((v) => normaliseForMatch(v) === normaliseForMatch(value))) continue;
    const { kept, reason } = checker.check(field, value, c.evidence);
    if (!kept.length) { dropped.push({ field, value, origin: c.origin, reason }); continue; }
    values.push(value);
    for (const e of kept) if (!evidence.some((x) => x.url === e.url && x.quote === e.quote)) evidence.push(e);
  }
  return values.length ? { value: values, state: 'ai', evidence } : { value: null, state: 'not_found', evidence: [] };
}
