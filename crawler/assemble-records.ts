import { normaliseForMatch, type Evidence } from '../domain/evidence';
import { answersQuestion, containsWord, founderOnPage, onlyInOthersWords, supportingQuotes } from '../domain/evidence-support';
import { isPersonName, milestoneDate, plainText, socialUrl, withinBound } from '../domain/value-clean';
import type { Dropped, EvidenceChecker } from './assemble-check';
import type { AiProposal } from './draft-ai';
import type { Facts, FounderFact } from './facts';

// The draft's records beyond the fields: FAQs, founders (with their socials), company socials and
// milestones. Each keeps only the quotes that survive the same checks as the fields.

export type BuiltFounder = { name: string; title: string | null; bio: string | null; socials: Record<string, string>; social_evidence: Record<string, Evidence[]>; evidence: Evidence[] };
export type BuiltMilestone = { date: string; title: string; description: string | null; url: string | null; evidence: Evidence[] };
export type AssembledRecords = {
  faqs: Array<{ question: string; answer: string; evidence: Evidence[] }>;
  founders: BuiltFounder[];
  company_socials: Record<string, string>;
  founder_socials: Record<string, string>;
  social_evidence: Record<string, Evidence[]>;
  founder_social_evidence: Record<string, Evidence[]>;
  milestones: BuiltMilestone[];
};
type Ctx = { facts: Facts; proposal: AiProposal | null; checker: EvidenceChecker; now: Date; dropped: Dropped[] };

export function assembleRecords(c: Ctx): AssembledRecords {
  const founders = assembleFounders(c);
  const { socials: company_socials, evidence: social_evidence } = linkedSocials(c, Object.entries(c.facts.socials).map(([p, f]) => [p, f!.value, f!.evidence]));
  return {
    faqs: assembleFaqs(c), founders, company_socials, social_evidence,
    founder_socials: founders[0]?.socials ?? {}, founder_social_evidence: founders[0]?.social_evidence ?? {},
    milestones: assembleMilestones(c),
  };
}

function assembleFaqs({ facts, proposal, checker, dropped }: Ctx): AssembledRecords['faqs'] {
  const out: AssembledRecords['faqs'] = [];
  for (const q of [...facts.faqs, ...(proposal?.faqs ?? [])]) {
    const origin = facts.faqs.includes(q) ? 'page' : 'model';
    const question = withinBound(plainText(q.question), 300);
    const answer = withinBound(plainText(q.answer, true), 1500);
    const drop = (reason: string) => { dropped.push({ field: 'faqs', value: q.question, origin, reason }); };
    if (!question || !answer || !question.endsWith('?') && question.split(' ').length > 25) { drop('not a question and answer'); continue; }
    const first = q.evidence[0];
    const cited = checker.onPage([...q.evidence, ...(first ? [{ url: first.url, quote: question }] : [])]);
    const asked = cited.find((e) => normaliseForMatch(e.quote) === normaliseForMatch(question));
    if (!asked) { drop('question not found on the page'); continue; }
    // The answer's quotes: on the question's page, after it (or the page's own JSON-LD pair), in the company's words.
    const page = checker.page(asked.url)!;
    const answerQuotes = cited.filter((e) => e !== asked && e.url === asked.url && !onlyInOthersWords(e.quote, page)
      && (answersQuestion(question, e.quote, page.text) || (origin === 'page' && e.source === 'attribute')));
    const kept = supportingQuotes('faq_answer', answer, answerQuotes);
    if (!kept.length) { drop('the page does not give this answer to the question'); continue; }
    if (!out.some((x) => normaliseForMatch(x.question) === normaliseForMatch(question))) out.push({ question, answer, evidence: [asked, ...kept] });
  }
  return out.slice(0, 10);
}

function assembleFounders(c: Ctx): BuiltFounder[] {
  const founders: BuiltFounder[] = [];
  for (const p of [...c.facts.founders, ...(c.proposal?.founders ?? [])] as FounderFact[]) {
    const origin = c.facts.founders.includes(p) ? 'page' : 'model';
    const name = plainText(p.name);
    if (!isPersonName(name)) { c.dropped.push({ field: 'founders', value: p.name, origin, reason: 'not a person\'s name' }); continue; }
    const cited = c.checker.ownWords('founder', c.checker.onPage(p.evidence));
    const named = cited.filter((e) => normaliseForMatch(e.quote).includes(normaliseForMatch(name)));
    const byPage = new Map<string, typeof cited>();
    for (const e of cited) byPage.set(e.url, [...(byPage.get(e.url) ?? []), e]);
    const founder = [...byPage].some(([url, quotes]) => founderOnPage(name, quotes, c.checker.page(url)!, origin === 'page'));
    if (!named.length || !founder) { c.dropped.push({ field: 'founders', value: name, origin, reason: 'not named as a founder in the company\'s own words on the page' }); continue; }
    const title = p.title ? withinBound(plainText(p.title), 160) : null;
    const shownTitle = title && cited.some((e) => normaliseForMatch(e.quote).includes(normaliseForMatch(title))) ? title : null;
    const bio = p.bio ? withinBound(plainText(p.bio, true), 3000) : null;
    const bioQuotes = bio ? supportingQuotes('description', bio, cited) : [];
    const { socials, evidence: social_evidence } = linkedSocials(c, Object.entries(p.socials ?? {}).map(([k, v]) => [k, v, []]), true);
    const evidence = [...named, ...bioQuotes.filter((e) => !named.includes(e))];
    const existing = founders.find((x) => normaliseForMatch(x.name) === normaliseForMatch(name));
    if (existing) {
      existing.title ??= shownTitle; existing.bio ??= bioQuotes.length ? bio : null;
      existing.evidence.push(...evidence.filter((e) => !existing.evidence.some((x) => x.url === e.url && x.quote === e.quote)));
    } else founders.push({ name, title: shownTitle, bio: bioQuotes.length ? bio : null, socials, social_evidence, evidence });
  }
  return founders.slice(0, 6);
}

// Social links kept only on their platform's host and with the link itself found on a page (an
// href is an attribute quote), not only in someone else's block.
function linkedSocials(c: Ctx, entries: Array<[string, string, Evidence[]]>, personal = false) {
  const socials: Record<string, string> = {};
  const evidence: Record<string, Evidence[]> = {};
  for (const [platform, raw, ev] of entries) {
    const url = socialUrl(platform, raw);
    const field = personal ? 'founder_social' : 'social';
    if (!url) { c.dropped.push({ field, value: raw, origin: 'page', reason: `not a ${platform} link` }); continue; }
    const given = ev.length ? ev : c.checker.pagesHolding(raw);
    const { kept, reason } = c.checker.check(field, url, given);
    if (!kept.length) { c.dropped.push({ field, value: url, origin: 'page', reason }); continue; }
    socials[platform] = url; evidence[platform] = kept;
  }
  return { socials, evidence };
}

function assembleMilestones(c: Ctx): BuiltMilestone[] {
  const out: BuiltMilestone[] = [];
  for (const m of [...c.facts.milestones, ...(c.proposal?.milestones ?? [])]) {
    const origin = c.facts.milestones.includes(m) ? 'page' : 'model';
    const date = milestoneDate(m.date, c.now);
    const title = withinBound(plainText(m.title), 200);
    const description = m.description ? withinBound(plainText(m.description, true), 2000) : null;
    if (!date || !title) { c.dropped.push({ field: 'milestones', value: `${m.date} ${m.title}`, origin, reason: 'not a dated milestone' }); continue; }
    const { kept, reason } = c.checker.check('milestone', title, m.evidence);
    const dated = kept.length && c.checker.ownWords('milestone', c.checker.onPage(m.evidence)).some((e) => containsWord(normaliseForMatch(e.quote), date.slice(0, 4)));
    if (!dated) { c.dropped.push({ field: 'milestones', value: title, origin, reason: reason || 'the quotes do not show its year' }); continue; }
    const descQuotes = description ? supportingQuotes('description', description, c.checker.onPage(m.evidence)) : [];
    const url = m.url && /^https:\/\//.test(m.url) && m.url.length <= 2048 ? m.url : null;
    if (!out.some((x) => x.date === date && normaliseForMatch(x.title) === normaliseForMatch(title))) {
      out.push({ date, title, description: descQuotes.length ? description : null, url, evidence: [...kept, ...descQuotes.filter((e) => !kept.includes(e))] });
    }
  }
  return out.sort((a, b) => b.date.localeCompare(a.date)).slice(0, 50);
}
