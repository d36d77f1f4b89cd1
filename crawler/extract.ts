import { normaliseForMatch } from '../domain/evidence';
import { extractJsonLd } from './extract-jsonld';
import { extractHomeMeta, extractLinks, extractTextFacts } from './extract-page';
import { extractFaqs, extractFounders, extractPlans } from './extract-sections';
import { extractMilestones, extractStageAndPricing } from './extract-dated';
import { addScalar, emptyFacts, type Facts, type FounderFact, type PlanFact } from './facts';
import { parsePage, type ParsedPage } from './page-text';

// Deterministic extraction: everything the pages state in markup or plain words, each value with
// the quotes it was read from. The model (if any) only adds to this; it never replaces evidence.

export type PageInput = { url: string; html: string; topic?: string | null };
export type ExtractResult = { facts: Facts; pages: ParsedPage[] };

export function extractFacts(input: PageInput[], categories: string[] = []): ExtractResult {
  const f = emptyFacts();
  const pages = input.map((p) => parsePage(p.url, p.html));
  pages.forEach((p, i) => {
    const topic = i === 0 ? null : (input[i].topic ?? topicOf(p.url));
    extractJsonLd(f, p.url, p.jsonLd, categories);
    extractFaqs(f, p, topic);
    extractPlans(f, p, topic);
    const cards = extractFounders(f, p);
    extractLinks(f, p, i === 0, cards);
    extractTextFacts(f, p, topic);
    extractMilestones(f, p);
    extractStageAndPricing(f, p, topic);
    if (i === 0) extractHomeMeta(f, p); // after the links: a linked profile beats the twitter:site handle
  });
  f.founders = mergeFounders(f.founders).slice(0, 6);
  f.milestones = dedupeBy(f.milestones, (m) => `${m.date} ${normaliseForMatch(m.title)}`).slice(0, 50);
  f.faqs = dedupeBy(f.faqs, (q) => normaliseForMatch(q.question)).slice(0, 10);
  f.plans = dedupeBy(f.plans, (p) => normaliseForMatch(p.name)).slice(0, 8);
  pricingFromPlans(f, f.plans);
  return { facts: f, pages };
}

// The topic a page was chosen for, from its path (pages passed without one, e.g. in tests).
function topicOf(url: string): string | null {
  const path = new URL(url).pathname.toLowerCase();
  for (const t of ['pricing', 'about', 'team', 'faq', 'features', 'contact', 'press', 'changelog']) if (path.includes(t)) return t;
  return null;
}

function dedupeBy<T>(items: T[], key: (t: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((t) => {
    const k = key(t);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

// One record per person: JSON-LD and team-page cards of the same name are combined.
function mergeFounders(list: FounderFact[]): FounderFact[] {
  const byName = new Map<string, FounderFact>();
  for (const p of list) {
    const k = normaliseForMatch(p.name);
    const prev = byName.get(k);
    if (!prev) {
      byName.set(k, { ...p, socials: { ...p.socials }, evidence: [...p.evidence] });
      continue;
    }
    prev.title ??= p.title;
    prev.bio ??= p.bio;
    prev.socials = { ...p.socials, ...prev.socials };
    for (const e of p.evidence) if (!prev.evidence.some((x) => x.url === e.url && x.quote === e.quote)) prev.evidence.push(e);
  }
  return [...byName.values()];
}

const isFreePrice = (price: string) => /^(free\b|[$€£¥]\s?0(?:[.,]0+)?\b|0(?:[.,]0+)?\s?(?:€|usd|eur|gbp|\$))/i.test(price.trim());

// Pricing model and summary follow from the plans a pricing page lists.
function pricingFromPlans(f: Facts, plans: PlanFact[]): void {
  if (!plans.length) return;
  const free = plans.filter((p) => isFreePrice(p.price));
  const paid = plans.filter((p) => !isFreePrice(p.price));
  const ev = (ps: PlanFact[]) => ps.flatMap((p) => p.evidence);
  if (free.length && paid.length) addScalar(f, 'pricing_model', 'freemium', ev([...free, ...paid]), 2);
  else if (paid.length && paid.every((p) => p.period)) addScalar(f, 'pricing_model', 'subscription', ev(paid), 2);
  else if (free.length && !paid.length) addScalar(f, 'pricing_model', 'free', ev(free), 2);
  let summary = '';
  for (const p of plans) {
    const part = `${p.name}: ${p.price}`;
    if ((summary ? summary.length + 2 : 0) + part.length > 300) break;
    summary = summary ? `${summary}; ${part}` : part;
  }
  if (summary) addScalar(f, 'pricing_summary', summary, ev(plans), 2);
}
