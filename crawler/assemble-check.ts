import { locateQuote, verifyEvidence, type Evidence, type PageEvidence } from '../domain/evidence';
import { onlyInOthersWords, othersMayNotSupport, supportingQuotes } from '../domain/evidence-support';

// One place that decides which quotes of a value survive: on the page they name, not only inside
// someone else's words when the value is a fact about the company, and supporting the value by the
// rule of its kind (domain/evidence-support.ts).

export type Dropped = { field: string; value: string; origin: 'page' | 'model'; reason: string };

export function evidenceChecker(pages: PageEvidence[]) {
  const byUrl = new Map(pages.map((p) => [p.url, p]));
  const onPage = (evidence: Evidence[]) => verifyEvidence(evidence, pages);
  const ownWords = (field: string, evidence: Evidence[]) =>
    othersMayNotSupport(field) ? evidence.filter((e) => { const p = byUrl.get(e.url); return !p || !onlyInOthersWords(e.quote, p); }) : evidence;
  // The quotes of `evidence` that survive for `value` in `field`, and why none did.
  const check = (field: string, value: string, evidence: Evidence[]): { kept: Evidence[]; reason: string } => {
    const found = onPage(evidence);
    if (!found.length) return { kept: [], reason: 'no quote found on the page it names' };
    const own = ownWords(field, found);
    if (!own.length) return { kept: [], reason: 'quoted only from someone else\'s words (testimonial, partner, customer)' };
    const kept = supportingQuotes(field, value, own);
    return { kept, reason: kept.length ? '' : 'the quotes do not support the value' };
  };
  // A link found in markup: the pages whose attributes hold it, as attribute quotes.
  const pagesHolding = (link: string): Evidence[] =>
    pages.filter((p) => locateQuote(link, p) === 'attribute').slice(0, 3).map((p) => ({ url: p.url, quote: link, source: 'attribute' as const }));
  return { check, onPage, ownWords, pagesHolding, page: (url: string) => byUrl.get(url) };
}
export type EvidenceChecker = ReturnType<typeof evidenceChecker>;
