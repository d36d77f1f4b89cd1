import type { DraftField, ListField, SocialPlatform } from '../domain/draft-fields';
import type { Evidence } from '../domain/evidence';

// What deterministic extraction (and later the model) found, each value with its evidence.
// rank orders candidates of one field by how reliable their source is (lower is better).
export type Fact = { value: string; evidence: Evidence[]; rank?: number; origin?: 'page' | 'model' };
export type ScalarField = Exclude<DraftField, ListField>;

export type FaqFact = { question: string; answer: string; evidence: Evidence[] };
export type FounderFact = { name: string; title: string | null; bio: string | null; socials: Record<string, string>; evidence: Evidence[] };
export type PlanFact = { name: string; price: string; period: string | null; evidence: Evidence[] };
// A dated event the site states about the company (changelog entry, press item, "our story" timeline).
export type MilestoneFact = { date: string; title: string; description: string | null; url: string | null; evidence: Evidence[] };

export type Facts = {
  // Candidates per field, best first; the first whose evidence verifies is used.
  scalars: Partial<Record<ScalarField, Fact[]>>;
  lists: Partial<Record<ListField, Fact[]>>;
  faqs: FaqFact[];
  founders: FounderFact[];
  socials: Partial<Record<SocialPlatform, Fact>>;
  plans: PlanFact[];
  milestones: MilestoneFact[];
};

export const emptyFacts = (): Facts => ({ scalars: {}, lists: {}, faqs: [], founders: [], socials: {}, plans: [], milestones: [] });

export const textEv = (url: string, quote: string): Evidence => ({ url, quote, source: 'text' });
export const attrEv = (url: string, quote: string): Evidence => ({ url, quote, source: 'attribute' });

export function addScalar(f: Facts, field: ScalarField, value: string | null | undefined, evidence: Evidence[], rank = 5): void {
  const v = field === 'description' ? value?.trim() : value?.replace(/\s+/g, ' ').trim();
  if (!v) return;
  const list = (f.scalars[field] ??= []);
  const same = list.find((c) => c.value.toLowerCase() === v.toLowerCase());
  if (same) {
    same.evidence.push(...evidence.filter((e) => !same.evidence.some((s) => s.url === e.url && s.quote === e.quote)));
    same.rank = Math.min(same.rank ?? 5, rank);
  } else list.push({ value: v, evidence, rank });
  list.sort((a, b) => (a.rank ?? 5) - (b.rank ?? 5));
}

export function addListItem(f: Facts, field: ListField, value: string | null | undefined, evidence: Evidence[]): void {
  const v = value?.replace(/\s+/g, ' ').trim();
  if (!v || v.length > 200) return;
  const list = (f.lists[field] ??= []);
  if (!list.some((c) => c.value.toLowerCase() === v.toLowerCase())) list.push({ value: v, evidence });
}

// The sentence around a match, cut from the same text so it is a verbatim quote.
export function sentenceAround(text: string, index: number, length: number, max = 300): string {
  const isEnd = (ch: string) => ch === '\n' || ch === '!' || ch === '?';
  let start = index;
  while (start > 0 && !isEnd(text[start - 1]) && !(text[start - 1] === ' ' && text[start - 2] === '.') && index - start < max / 2) start--;
  let end = index + length;
  while (end < text.length && !isEnd(text[end]) && text[end] !== '.' && end - index < max / 2) end++;
  if (text[end] === '.' || text[end] === '!' || text[end] === '?') end++;
  return text.slice(start, end).trim();
}
