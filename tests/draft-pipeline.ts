import type { LanguageModel } from 'ai';
import { assemble, type Assembled } from '../crawler/assemble';
import { missingFields, toSource, type Source } from '../crawler/build-draft';
import { crawlSite, type CrawlResult } from '../crawler/crawl';
import { proposeWithModel, type AiProposal } from '../crawler/draft-ai';
import { extractFacts } from '../crawler/extract';
import { userAgentFor } from '../crawler/safe-fetch';

// buildDraft's own steps (crawl, extract, propose, assemble), with one addition for tests and the
// bench: until the crawler marks others' words itself (PageEvidence.othersText), the lines holding a
// site's known traps (expected.json) can be marked as someone else's words, so the support rules are
// measured on real crawled pages either way.

export const fetchOptions = { allowPrivate: false, userAgent: userAgentFor('http://directory.test'), trustAddress: (a: string) => a === '127.0.0.1' };

export type PipelineResult = Assembled & { sources: Source[]; proposal: AiProposal | null; markedByTest: boolean };

// `crawled`: the site's crawl, when the caller has it already (the crawl does not depend on the model, and a site with
// a Crawl-delay takes seconds to crawl again).
export async function draftPipeline(o: { url: string; model: LanguageModel | null; categories: string[]; now: Date; traps?: string[]; crawled?: Promise<CrawlResult> }): Promise<PipelineResult> {
  const crawl = await (o.crawled ?? crawlSite({ url: o.url, fetch: fetchOptions }));
  const extracted = extractFacts(crawl.pages.map((p) => ({ url: p.finalUrl, html: p.html, topic: p.topic })), o.categories);
  let sources = extracted.pages.map(toSource);
  const detected = sources.some((s) => s.othersText?.length);
  if (!detected && o.traps?.length) {
    const traps = o.traps.map((t) => t.toLowerCase());
    sources = sources.map((s) => ({ ...s, othersText: s.text.split('\n').filter((l) => traps.some((t) => l.toLowerCase().includes(t))) }));
  }
  const proposal = o.model ? await proposeWithModel({ model: o.model, pages: sources, categories: o.categories, want: missingFields(extracted.facts) }) : null;
  return { ...assemble({ facts: extracted.facts, proposal, pages: sources, categories: o.categories, now: o.now }), sources, proposal, markedByTest: !detected && !!o.traps?.length };
}
