import {
  DRAFT_FIELDS, FIELD_MAX_CHARS, LIST_FIELDS, LIST_ITEM_MAX_CHARS, LIST_MAX_ITEMS, PRICING_MODELS, STAGES,
  type DraftField, type FieldValue, type ListField,
} from '../domain/draft-fields';
import { countryNames, normaliseForMatch, quoteSupports, verifyEvidence, type Evidence, type PageEvidence } from '../domain/evidence';
import type { AiProposal } from './draft-ai';
import type { Fact, Facts, ScalarField } from './facts';
import { youtubeVideo } from './socials';
import { isEmailLike } from '../domain/strings';

// Turns candidate facts (from the pages and, if any, the model) into draft values. A value is kept
// only with at least one quote found on the page it names (and, for short facts, a quote that shows
// the value itself); a field with no surviving value is not_found.

export type BuiltDraftField = { value: FieldValue; state: 'ai' | 'not_found'; evidence: Evidence[] };
export type Dropped = { field: string; value: string; origin: 'page' | 'model'; reason: string };
export type Assembled = {
  fields: Record<DraftField, BuiltDraftField>;
  faqs: Array<{ question: string; answer: string; evidence: Evidence[] }>;
  founders: Array<{ name: string; title: string | null; bio: string | null; socials: Record<string, string>; evidence: Evidence[] }>;
  company_socials: Record<string, string>;
  founder_socials: Record<string, string>;
  social_evidence: Record<string, Evidence[]>;
  not_found_on_website: string[];
  dropped: Dropped[];
};

const isHttpUrl = (s: string) => { try { return /^https?:$/.test(new URL(s).protocol); } catch { return false; } };

// The value in its stored form, or null if it is not a valid value for the field.
export function cleanValue(field: DraftField, raw: string, categories: string[]): string | null {
  let v = field === 'description' ? raw.trim() : raw.replace(/\s+/g, ' ').trim();
  if (!v) return null;
  switch (field) {
    case 'founded_year': { const y = Number(v); return /^\d{4}$/.test(v) && y >= 1800 && y <= 2100 ? v : null; }
    case 'country': v = v.toUpperCase(); return /^[A-Z]{2}$/.test(v) && countryNames(v).length ? v : null;
    case 'stage': v = v.toLowerCase(); return (STAGES as readonly string[]).includes(v) ? v : null;
    case 'pricing_model': v = v.toLowerCase(); return (PRICING_MODELS as readonly string[]).includes(v) ? v : null;
    case 'contact_email': v = v.toLowerCase(); return isEmailLike(v) ? v : null;
    case 'demo_video_url': return youtubeVideo(v);
    case 'logo_url': return isHttpUrl(v) ? v : null;
    case 'categories': return categories.find((c) => c.toLowerCase() === v.toLowerCase()) ?? null;
  }
  if ((LIST_FIELDS as readonly string[]).includes(field)) return v.length <= LIST_ITEM_MAX_CHARS ? v : null;
  return v.length <= FIELD_MAX_CHARS(field) ? v : null;
}

export function assemble(o: { facts: Facts; proposal?: AiProposal | null; pages: PageEvidence[]; categories: string[] }): Assembled {
  const { facts, proposal, pages, categories } = o;
  const dropped: Dropped[] = [];
  const fields = {} as Record<DraftField, BuiltDraftField>;
  const verify = (field: string, value: string, evidence: Evidence[]) =>
    verifyEvidence(evidence, pages).filter((e) => quoteSupports(field, value, e.quote));

  // Every candidate is checked (so every untraceable one is reported); the best one that holds wins.
  const pick = (field: DraftField, candidates: Fact[]): BuiltDraftField => {
    let best: BuiltDraftField | null = null;
    for (const c of candidates) {
      const value = cleanValue(field, c.value, categories);
      const origin = c.origin ?? 'page';
      if (!value) { dropped.push({ field, value: c.value, origin, reason: 'not a valid value for the field' }); continue; }
      const evidence = verify(field, value, c.evidence);
      if (!evidence.length) dropped.push({ field, value, origin, reason: 'no quote found on the page it names that shows it' });
      else best ??= { value, state: 'ai', evidence };
    }
    return best ?? { value: null, state: 'not_found', evidence: [] };
  };

  for (const field of DRAFT_FIELDS) {
    if ((LIST_FIELDS as readonly string[]).includes(field)) continue;
    const f = field as ScalarField;
    const mine = [...(facts.scalars[f] ?? [])].map((c) => ({ ...c, origin: 'page' as const }));
    const ai = proposal?.scalars[f];
    // The model writes the description (the page's own paragraphs are the fallback); for every other
    // field what the markup and text state directly comes first and the model only fills gaps.
    const aiCandidate = ai ? [{ ...ai, origin: 'model' as const, rank: field === 'description' ? 0.5 : 10 }] : [];
    fields[field] = pick(field, [...mine, ...aiCandidate].sort((a, b) => (a.rank ?? 5) - (b.rank ?? 5)));
  }

  for (const field of LIST_FIELDS) {
    const mine = (facts.lists[field] ?? []).map((c) => ({ ...c, origin: 'page' as const }));
    const ai = (proposal?.lists[field] ?? []).map((c) => ({ ...c, origin: 'model' as const }));
    fields[field] = pickList(field, field === 'categories' ? [...ai, ...mine] : [...mine, ...ai], categories, verify, dropped);
  }

  const faqs = [...facts.faqs, ...(proposal?.faqs ?? [])].flatMap((q) => {
    const question = q.question.trim().slice(0, 300);
    const answer = q.answer.trim();
    const cited = verifyEvidence([...q.evidence, ...q.evidence.slice(0, 1).map((e) => ({ url: e.url, quote: question }))], pages);
    const hasQuestion = cited.some((e) => normaliseForMatch(e.quote) === normaliseForMatch(question));
    const hasAnswer = cited.some((e) => normaliseForMatch(e.quote) !== normaliseForMatch(question));
    if (!question || !answer || answer.length > 1500 || !hasQuestion || !hasAnswer) {
      dropped.push({ field: 'faqs', value: question, origin: facts.faqs.includes(q) ? 'page' : 'model', reason: 'question or answer not found on the page' });
      return [];
    }
    return [{ question, answer, evidence: cited }];
  });
  const uniqueFaqs = faqs.filter((q, i) => faqs.findIndex((x) => normaliseForMatch(x.question) === normaliseForMatch(q.question)) === i).slice(0, 10);

  const founders: Assembled['founders'] = [];
  for (const p of [...facts.founders, ...(proposal?.founders ?? [])]) {
    const cited = verifyEvidence(p.evidence, pages);
    const named = cited.filter((e) => quoteSupports('name', p.name, e.quote));
    const origin = facts.founders.includes(p) ? 'page' : 'model';
    if (!named.length || p.name.length > 160) { dropped.push({ field: 'founders', value: p.name, origin, reason: 'name not found on the page' }); continue; }
    const shows = (s: string | null) => (s && cited.some((e) => normaliseForMatch(e.quote).includes(normaliseForMatch(s))) ? s : null);
    const existing = founders.find((x) => normaliseForMatch(x.name) === normaliseForMatch(p.name));
    const rec = { name: p.name, title: shows(p.title)?.slice(0, 160) ?? null, bio: shows(p.bio)?.slice(0, 3000) ?? null, socials: p.socials, evidence: cited };
    if (existing) { existing.title ??= rec.title; existing.bio ??= rec.bio; existing.evidence.push(...cited); } else founders.push(rec);
  }

  const company_socials: Record<string, string> = {};
  const social_evidence: Record<string, Evidence[]> = {};
  for (const [platform, fact] of Object.entries(facts.socials)) {
    const cited = verifyEvidence(fact!.evidence, pages);
    if (cited.length && fact!.value.length <= 500) { company_socials[platform] = fact!.value; social_evidence[platform] = cited; }
  }

  const not_found_on_website = [
    ...DRAFT_FIELDS.filter((f) => fields[f].value === null),
    ...(uniqueFaqs.length ? [] : ['faqs']), ...(founders.length ? [] : ['founders']), ...(Object.keys(company_socials).length ? [] : ['company_socials']),
  ];
  return {
    fields, faqs: uniqueFaqs, founders: founders.slice(0, 6), company_socials, founder_socials: founders[0]?.socials ?? {},
    social_evidence, not_found_on_website, dropped,
  };
}

function pickList(field: ListField, candidates: Array<Fact & { origin: 'page' | 'model' }>, categories: string[],
  verify: (f: string, v: string, e: Evidence[]) => Evidence[], dropped: Dropped[]): BuiltDraftField {
  const values: string[] = [];
  const evidence: Evidence[] = [];
  const max = field === 'categories' ? 4 : LIST_MAX_ITEMS;
  for (const c of candidates) {
    if (values.length >= max) break;
    const value = cleanValue(field, c.value, categories);
    if (!value) { dropped.push({ field, value: c.value, origin: c.origin, reason: 'not a valid value for the field' }); continue; }
    if (values.some((v) => normaliseForMatch(v) === normaliseForMatch(value))) continue;
    const cited = verify(field, value, c.evidence);
    if (!cited.length) { dropped.push({ field, value, origin: c.origin, reason: 'no quote found on the page it names' }); continue; }
    values.push(value);
    for (const e of cited) if (!evidence.some((x) => x.url === e.url && x.quote === e.quote)) evidence.push(e);
  }
  return values.length ? { value: values, state: 'ai', evidence } : { value: null, state: 'not_found', evidence: [] };
}
