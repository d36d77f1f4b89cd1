import { generateText, Output, type LanguageModel } from 'ai';
import { z } from 'zod';
import { AI_LISTS, AI_SCALARS, PRICING_MODELS, STAGES, type ListField } from '../domain/draft-fields';
import type { Evidence } from '../domain/evidence';
import type { Fact, FaqFact, FounderFact, MilestoneFact, ScalarField } from './facts';
import { budgetPassages } from './passages';

// The language model reads the crawled text and proposes values, each with verbatim quotes. It is
// only a proposer: build-draft verifies every quote against the page it names and drops the rest.

export type AiPage = { url: string; title: string | null; text: string };
export type AiProposal = {
  scalars: Partial<Record<ScalarField, Fact>>;
  lists: Partial<Record<ListField, Fact[]>>;
  faqs: FaqFact[];
  founders: FounderFact[];
  milestones?: MilestoneFact[];
};

// Fields the model may propose. URLs, e-mail and logo come from markup the model does not see.
export { AI_LISTS, AI_SCALARS } from '../domain/draft-fields';

const evidence = z.array(z.object({
  url: z.string().describe('The URL of the page the quote is copied from, exactly as given in its "PAGE" line'),
  quote: z.string().describe('A passage copied character for character from that page (5 to 300 characters)'),
})).describe('Quotes from the pages that state this value; empty when the value is null');
const scalar = (what: string) => z.object({ value: z.string().nullable().describe(`${what}; null when the pages do not state it`), evidence });
const items = (what: string) => z.array(z.object({ value: z.string().describe(what), evidence })).describe(`${what}; an empty list when none are stated`);

export function draftSchema(categories: string[]) {
  return z.object({
    name: scalar('The product name'),
    tagline: scalar('A one-line tagline, at most 80 characters, in the site\'s own words where possible'),
    short_description: scalar('One or two sentences, at most 300 characters, saying what the product does and for whom'),
    description: scalar('A factual description of 2 to 4 short paragraphs, at most 2000 characters, using only what the pages say'),
    stage: z.object({ value: z.enum(STAGES).nullable().describe('The product stage, only if the pages say it (e.g. "in beta" is mvp, "coming soon" is idea)'), evidence }),
    pricing_model: z.object({ value: z.enum(PRICING_MODELS).nullable().describe('The pricing model, only if the pages state prices or plans'), evidence }),
    pricing_summary: scalar('A short summary of the plans and prices, at most 300 characters'),
    country: scalar('The company\'s country as an ISO 3166 two-letter code, only if the pages state where the company is'),
    city: scalar('The company\'s city, only if the pages state it'),
    founded_year: scalar('The year the company or product was founded (four digits), only if the pages state it'),
    categories: categories.length
      ? z.array(z.object({ value: z.enum(categories as [string, ...string[]]).describe('A category name from the given list'), evidence })).describe('1 to 3 categories from the given list, best first; the first is the primary category')
      : z.array(z.object({ value: z.string(), evidence })).describe('Leave empty'),
    tags: items('A short tag (1 to 3 words) describing the product'),
    features: items('A product feature named on the pages (at most 80 characters)'),
    usps: items('A unique selling point the pages claim (at most 120 characters)'),
    keywords: items('A search keyword for the product (1 to 3 words)'),
    faqs: z.array(z.object({ question: z.string(), answer: z.string(), evidence })).describe('Questions and answers the pages themselves show as FAQ; empty if none'),
    founders: z.array(z.object({ name: z.string(), title: z.string().nullable(), evidence })).describe('Founders the pages name, with their role; empty if none'),
    milestones: z.array(z.object({ date: z.string().describe('YYYY-MM-DD, or YYYY-MM or YYYY when the page gives no day'), title: z.string().describe('What happened, at most 200 characters'), evidence }))
      .describe('Dated events the pages state about the company or product (launches, releases, funding); empty if none'),
  });
}

const SYSTEM = [
  'You draft a product listing from the text of the product\'s own website.',
  'Rules:',
  '- Use only what the given pages say. Never use outside knowledge and never guess.',
  '- Every value needs at least one quote copied exactly (character for character) from the page it comes from, with that page\'s URL.',
  '- If the pages do not state something, return null (or an empty list) and no quotes. A blank is always better than a guess.',
  '- Stage, pricing model, country, city and founded year only when the pages state them plainly.',
  '- Categories only from the given list; the first is the primary category.',
  '- Write in English, plainly, without marketing superlatives the pages do not use.',
].join('\n');

export const TOTAL_CHARS = 48_000;
const ALL_WANTED = [...AI_SCALARS, ...AI_LISTS, 'faqs', 'founders', 'milestones'];

// The prompt, with the passages most relevant to `want` (the fields still missing) within the budget,
// and the pages that were cut.
export function promptFor(pages: AiPage[], categories: string[], only?: string[], want?: string[]): { prompt: string; cutPages: string[] } {
  const { blocks, cutPages } = budgetPassages(pages, only ?? want ?? ALL_WANTED, TOTAL_CHARS);
  const prompt = [
    only ? `Draft only these fields (leave every other field null or empty): ${only.join(', ')}.` : 'Draft every field you can support with quotes.',
    categories.length ? `Category names to choose from: ${categories.join(' | ')}` : 'No categories are available: leave categories empty.',
    '',
    blocks.join('\n\n---\n\n'),
  ].join('\n');
  return { prompt, cutPages };
}

type Raw = z.infer<ReturnType<typeof draftSchema>>;
const ev = (e: Array<{ url: string; quote: string }>): Evidence[] => e.map((x) => ({ url: x.url, quote: x.quote }));

// Calls the model once. Throws on any failure (network, NoObjectGeneratedError): the caller decides.
export async function proposeWithModel(o: { model: LanguageModel; pages: AiPage[]; categories: string[]; only?: string[]; want?: string[]; signal?: AbortSignal; timeoutMs?: number }): Promise<AiProposal & { cutPages: string[] }> {
  const { prompt, cutPages } = promptFor(o.pages, o.categories, o.only, o.want);
  const signal = AbortSignal.any([o.signal ?? new AbortController().signal, AbortSignal.timeout(o.timeoutMs ?? 90_000)]);
  const { output } = await generateText({
    model: o.model,
    system: SYSTEM,
    prompt,
    output: Output.object({ schema: draftSchema(o.categories), name: 'listing_draft' }),
    temperature: 0,
    maxRetries: 1,
    abortSignal: signal,
  });
  const raw = output as Raw;
  const out: AiProposal & { cutPages: string[] } = { scalars: {}, lists: {}, faqs: [], founders: [], milestones: [], cutPages };
  for (const f of AI_SCALARS) {
    const v = raw[f];
    if (v?.value) out.scalars[f] = { value: String(v.value), evidence: ev(v.evidence ?? []) };
  }
  for (const f of AI_LISTS) out.lists[f] = (raw[f] ?? []).filter((i) => i.value).map((i) => ({ value: String(i.value), evidence: ev(i.evidence ?? []) }));
  out.faqs = (raw.faqs ?? []).map((q) => ({ question: q.question, answer: q.answer, evidence: ev(q.evidence ?? []) }));
  out.founders = (raw.founders ?? []).map((p) => ({ name: p.name, title: p.title ?? null, bio: null, socials: {}, evidence: ev(p.evidence ?? []) }));
  out.milestones = (raw.milestones ?? []).map((m) => ({ date: m.date, title: m.title, description: null, url: null, evidence: ev(m.evidence ?? []) }));
  return out;
}
