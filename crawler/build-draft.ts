import type { LanguageModel } from 'ai';
import type { PageEvidence } from '../domain/evidence';
import { assemble, logoCandidates, type Assembled, type BuiltDraftField, type Dropped } from './assemble';
import { crawlSite, type CrawlOptions, type CrawlProgress } from './crawl';
import { AI_LISTS, AI_SCALARS, proposeWithModel, type AiProposal } from './draft-ai';
import { extractFacts } from './extract';
import { emptyFacts, type Facts } from './facts';
import { captureLogo, type CapturedLogo } from './logo-capture';
import type { SafeFetchOptions } from './safe-fetch';
import { logoFileName } from '../domain/logo-files';
import { DRAFT_FIELDS, isDraftField } from '../domain/draft-fields';

// The whole build: crawl (robots-obeying, through the safe fetch), read the facts the pages state,
// let the model (if configured) propose the rest, keep only values whose quotes are on the pages.

export type BuildStep = 'robots' | 'crawling' | 'extracting' | 'drafting' | 'done';
export type BuildProgress = { step: BuildStep; pages_fetched: number; pages_planned: number; current_url: string | null };
export type Source = { url: string; title: string | null; text: string; attributes: string[]; othersText?: string[] };

export type BuildDraftOptions = {
  url: string;
  fetchOptions: Omit<SafeFetchOptions, 'beforeRequest' | 'accept'>;
  model?: LanguageModel | null;
  categories: string[]; // list_categories names
  onProgress?: (p: BuildProgress) => void;
  crawl?: Pick<CrawlOptions, 'maxPages' | 'concurrency' | 'requestTimeoutMs' | 'totalTimeoutMs'>;
  modelTimeoutMs?: number;
  signal?: AbortSignal;
  now?: Date; // from the caller's clock: years and milestone dates after it are not plausible
  // Where stored logos are served (`${siteUrl}/logos`). Without it no logo is fetched and logo_url stays empty:
  // a draft never points at an image nobody checked.
  logoBaseUrl?: string;
};

export type DraftBuildResult = Omit<Assembled, 'company_socials'> & {
  fields: Record<string, BuiltDraftField>;
  socials: Record<string, string>; // the company's
  pages: Array<{ url: string; title: string | null }>;
  sources: Source[]; // page text kept for regenerating fields later without crawling again
  warnings: string[];
  used_model: boolean;
  dropped: Dropped[];
  logo: CapturedLogo | null; // checked bytes for the caller to store under logo_url's address
};

// Stored sources are capped so a draft row stays small.
const SOURCE_TEXT_CHARS = 50_000;
const SOURCE_ATTRIBUTES = 1_000;

export async function buildDraft(o: BuildDraftOptions): Promise<DraftBuildResult> {
  let last: BuildProgress = { step: 'robots', pages_fetched: 0, pages_planned: 1, current_url: o.url };
  const report = (p: Partial<BuildProgress>) => { last = { ...last, ...p }; o.onProgress?.(last); };
  const crawl = await crawlSite({
    url: o.url, fetch: { ...o.fetchOptions, signal: o.signal }, ...o.crawl,
    onProgress: (p: CrawlProgress) => report(p),
  });
  report({ step: 'extracting', current_url: null });
  const extracted = extractFacts(crawl.pages.map((p) => ({ url: p.finalUrl, html: p.html, topic: p.topic })), o.categories);
  const { facts } = extracted;
  // Quotes are verified against the same (capped) text that is stored with the draft, so every kept
  // quote can be checked again later and regenerate reads exactly what the build read.
  const pages = extracted.pages.map(toSource);
  const warnings: string[] = [];
  for (const s of crawl.skipped.slice(0, 10)) warnings.push(`Skipped ${s.url}: ${s.reason}`);
  for (const p of crawl.pages.filter((x) => x.truncated)) warnings.push(`${p.finalUrl} is larger than the size limit; only its beginning was read.`);
  // The logo is fetched while the model drafts: neither waits for the other.
  const logoTask = o.logoBaseUrl
    ? captureLogo({ candidates: logoCandidates(facts, pages), fetch: { ...o.fetchOptions, signal: o.signal }, beforeRequest: crawl.robots.guard })
    : null;

  let proposal: AiProposal | null = null;
  if (!o.model) {
    warnings.push('No language model is configured (AI_BASE_URL is not set): this draft holds only facts read directly from the website.');
  } else {
    report({ step: 'drafting' });
    try {
      const want = missingFields(facts);
      const proposed = await proposeWithModel({ model: o.model, pages, categories: o.categories, want, signal: o.signal, timeoutMs: o.modelTimeoutMs });
      proposal = proposed;
      if (proposed.cutPages.length) {
        warnings.push(`${proposed.cutPages.length} page(s) were longer than the language model's reading budget: it read the passages most relevant to the missing fields (${want.slice(0, 8).join(', ')}${want.length > 8 ? ', …' : ''}) and not the rest of ${proposed.cutPages.slice(0, 3).join(', ')}${proposed.cutPages.length > 3 ? ' and others' : ''}.`);
      }
    } catch (e) {
      warnings.push(`The language model could not draft this time (${describeError(e)}): this draft holds only facts read directly from the website.`);
    }
  }
  const result = assemble({ facts, proposal, pages, categories: o.categories, now: o.now });
  const logo = logoTask ? await logoTask : null;
  result.fields.logo_url = logo?.logo && o.logoBaseUrl
    ? { value: `${o.logoBaseUrl.replace(/\/+$/, '')}/${logoFileName(logo.logo.id, logo.logo.type)}`, state: 'ai', evidence: logo.logo.evidence }
    : { value: null, state: 'not_found', evidence: [] };
  result.not_found_on_website = [
    ...DRAFT_FIELDS.filter((f) => result.fields[f].value === null),
    ...result.not_found_on_website.filter((x) => !isDraftField(x)),
  ];
  if (logo && !logo.logo && logo.refused.length) {
    warnings.push(`No logo was kept: ${logo.refused.slice(0, 3).map((r) => `${r.url} (${r.reason})`).join('; ')}${logo.refused.length > 3 ? '; …' : ''}.`);
  }
  const droppedByModel = result.dropped.filter((d) => d.origin === 'model').length;
  if (droppedByModel) warnings.push(`${droppedByModel} value(s) proposed by the language model were left out because their quotes are not on the website, are someone else's words, or do not support the value.`);
  report({ step: 'done', current_url: null });
  const { company_socials, ...rest } = result;
  return {
    ...rest,
    socials: company_socials,
    pages: crawl.pages.map((p) => ({ url: p.finalUrl, title: p.title })),
    sources: pages,
    warnings,
    used_model: proposal !== null,
    logo: logo?.logo ?? null,
  };
}

export function toSource(p: PageEvidence & { title: string | null }): Source {
  return {
    url: p.url, title: p.title, text: p.text.slice(0, SOURCE_TEXT_CHARS), attributes: p.attributes.slice(0, SOURCE_ATTRIBUTES),
    ...(p.othersText?.length ? { othersText: p.othersText } : {}),
  };
}

// The fields the pages' markup and text did not already state: what the model should look for first.
export function missingFields(facts: Facts): string[] {
  const scalars = AI_SCALARS.filter((f) => !facts.scalars[f]?.length);
  const lists = AI_LISTS.filter((f) => !facts.lists[f]?.length);
  return [...scalars, ...lists, ...(facts.faqs.length ? [] : ['faqs']), ...(facts.founders.length ? [] : ['founders']), ...(facts.milestones.length ? [] : ['milestones'])];
}

function describeError(e: unknown): string {
  const err = e as { name?: string; message?: string };
  const msg = (err?.message ?? String(e)).split('\n')[0].slice(0, 200);
  return err?.name && err.name !== 'Error' ? `${err.name}: ${msg}` : msg;
}

// PATCH regenerate: the model redrafts the named fields from the stored page text, with the same
// verification. Without a model nothing can be redrafted and null is returned.
export async function redraftFields(o: { sources: Source[]; fields: string[]; model?: LanguageModel | null; categories: string[]; signal?: AbortSignal; now?: Date }): Promise<Record<string, BuiltDraftField> | null> {
  if (!o.model || o.sources.length === 0) return null;
  const proposal = await proposeWithModel({ model: o.model, pages: o.sources, categories: o.categories, only: o.fields, signal: o.signal });
  const assembled = assemble({ facts: emptyFacts(), proposal, pages: o.sources, categories: o.categories, now: o.now });
  return Object.fromEntries(o.fields.filter((f) => f in assembled.fields).map((f) => [f, assembled.fields[f as keyof typeof assembled.fields]]));
}
