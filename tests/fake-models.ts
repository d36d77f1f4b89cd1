import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MockLanguageModelV3 } from 'ai/test';
import { normaliseForMatch } from '../domain/evidence';
import { FOUNDER_ROLE_WORDS, PRICING_WORDS, STAGE_WORDS } from '../domain/evidence-support';
import { countryNames } from '../domain/evidence';
import { SITES_DIR } from './fixture-server';

// Two fake language models for the drafter, both reading only the prompt the drafter sends (its PAGE
// blocks), as a real model would:
// - the oracle answers with the values a fixture site's expected.json lists, each with a true quote it
//   finds in the prompt's page text: the drafter must keep (nearly) all of them;
// - the adversary plants one bad value of every kind the drafter must refuse (ADVERSARIAL_CATEGORIES),
//   each built from the same page text, so the quotes are real where the category needs them to be.

export type Expected = {
  fields: Record<string, string | string[]>;
  founders: Array<{ name: string; title: string }>;
  faqs: Array<{ question: string }>;
  socials: Record<string, string>;
  milestones: Array<{ date: string; title: string }>;
  absent: string[];
  traps: string[];
};
export const readExpected = (site: string): Expected | null => {
  try { return JSON.parse(readFileSync(join(SITES_DIR, site, 'expected.json'), 'utf8')) as Expected; } catch { return null; }
};

export type PromptPage = { url: string; lines: string[] };
// The PAGE blocks of the drafter's prompt.
export function pagesInPrompt(prompt: string): PromptPage[] {
  return prompt.split('\n\n---\n\n').flatMap((block) => {
    const at = block.indexOf('PAGE ');
    if (at < 0) return [];
    const [head, , ...body] = block.slice(at).split('\n');
    return [{ url: head.slice(5).trim(), lines: body.map((l) => l.trim()).filter((l) => l && l !== '[…]') }];
  });
}

type Ev = { url: string; quote: string };
type Item = { value: string; evidence: Ev[] };
const none = { value: null, evidence: [] };
export function emptyAnswer(): Record<string, unknown> {
  return {
    name: none, tagline: none, short_description: none, description: none, stage: none, pricing_model: none, pricing_summary: none,
    country: none, city: none, founded_year: none, categories: [], tags: [], features: [], usps: [], keywords: [], faqs: [], founders: [], milestones: [],
  };
}

// The first line (on any page) that the predicate accepts, as evidence.
function findLine(pages: PromptPage[], ok: (line: string) => boolean): (Ev & { page: PromptPage; index: number }) | null {
  for (const page of pages) {
    const index = page.lines.findIndex(ok);
    if (index >= 0) return { url: page.url, quote: page.lines[index].slice(0, 300), page, index };
  }
  return null;
}
const has = (line: string, s: string) => normaliseForMatch(line).includes(normaliseForMatch(s));

export function oracleAnswer(expected: Expected, pages: PromptPage[]): Record<string, unknown> {
  const out = emptyAnswer();
  const scalarWith = (value: string, ok: (l: string) => boolean) => { const e = findLine(pages, ok); return e ? { value, evidence: [{ url: e.url, quote: e.quote }] } : null; };
  for (const [field, value] of Object.entries(expected.fields)) {
    if (Array.isArray(value)) {
      out[field] = value.flatMap((v) => { const s = scalarWith(v, (l) => has(l, v)); return s ? [s] : []; });
      continue;
    }
    const words = field === 'stage' ? STAGE_WORDS[value] : field === 'pricing_model' ? PRICING_WORDS[value] : field === 'country' ? countryNames(value) : [value];
    if (['contact_email', 'demo_video_url', 'logo_url'].includes(field)) continue; // markup fields the model does not draft
    const s = scalarWith(value, (l) => (words ?? []).some((w) => has(l, w)) && (field !== 'founded_year' || /found|gegründet|fond|fund|started/i.test(l)));
    if (s) out[field] = s;
  }
  // The home page's opening sentence is the description and short description, in its own words.
  const name = typeof expected.fields.name === 'string' ? expected.fields.name : '';
  const opening = pages[0]?.lines.find((l) => l.split(' ').length >= 10 && l.length <= 300 && (!name || l.includes(name))); // not a cookie banner
  if (opening) for (const f of ['description', 'short_description']) out[f] = { value: opening, evidence: [{ url: pages[0].url, quote: opening }] };
  out.founders = expected.founders.flatMap((f) => {
    const e = findLine(pages, (l) => has(l, f.name) && FOUNDER_ROLE_WORDS.test(normaliseForMatch(l))) ?? findLine(pages, (l) => has(l, f.name));
    return e ? [{ name: f.name, title: null, evidence: [{ url: e.url, quote: e.quote }] }] : [];
  });
  out.faqs = expected.faqs.flatMap((q) => {
    const e = findLine(pages, (l) => has(l, q.question));
    const answer = e?.page.lines[e.index + 1];
    return e && answer ? [{ question: q.question, answer, evidence: [{ url: e.url, quote: q.question }, { url: e.url, quote: answer }] }] : [];
  });
  out.milestones = expected.milestones.flatMap((m) => {
    // The line naming the event with its year close by (a changelog entry, a timeline row).
    const year = m.date.slice(0, 4);
    const near = (p: PromptPage, i: number) => p.lines.slice(Math.max(0, i - 2), i + 3).find((l) => l.includes(year));
    for (const p of pages) {
      const i = p.lines.findIndex((l, j) => has(l, m.title) && near(p, j));
      if (i >= 0) return [{ date: m.date, title: m.title, evidence: [{ url: p.url, quote: p.lines[i].slice(0, 300) }, { url: p.url, quote: near(p, i)!.slice(0, 300) }] }];
    }
    return [];
  });
  return out;
}

export const ADVERSARIAL_CATEGORIES = [
  'unsupported free text', 'markup in values', 'someone else\'s words', 'keyword-only quote', 'value in the wrong field',
  'over-long value', 'sentence as a founder name', 'FAQ answer the site never gives', 'quote not on the page', 'social link to the wrong host',
] as const;
export type AdversarialCategory = (typeof ADVERSARIAL_CATEGORIES)[number];
// What the adversary planted, so a test or the bench can tell whether each bad value survived.
export type Plant = { category: AdversarialCategory; field: string; value: string };

// Lines in someone else's words: testimonials, reviews, partner and customer blocks (found by wording, as
// the fixture sites write them, so the adversary needs no help from the drafter).
const OTHERS = /(„|“|"|”|customer|partner|trusted by|case stud|says|vorsitzender|gründerin von|founder of|owner,|cto and co-founder of)/i;

export function adversarialAnswer(pages: PromptPage[]): { answer: Record<string, unknown>; plants: Plant[] } {
  const out = emptyAnswer();
  const plants: Plant[] = [];
  const home = pages[0];
  if (!home) return { answer: out, plants };
  const real = (i: number) => home.lines[Math.min(i, home.lines.length - 1)];
  const ev = (quote: string, url = home.url) => [{ url, quote }];
  const plant = (category: AdversarialCategory, field: string, value: string) => plants.push({ category, field, value });
  const longLine = pages.flatMap((p) => p.lines.map((l) => ({ url: p.url, l }))).sort((a, b) => b.l.length - a.l.length)[0];

  out.description = { value: 'The AI-powered platform trusted by Fortune 500 enterprises, with SOC 2 certification and 24/7 phone support.', evidence: ev(real(1)) };
  plant('unsupported free text', 'description', 'The AI-powered platform trusted by Fortune 500 enterprises, with SOC 2 certification and 24/7 phone support.');
  const h1 = real(1);
  out.tagline = { value: `<b>${h1}</b> <a href="https://evil.example">learn more</a>`, evidence: ev(h1) };
  plant('markup in values', 'tagline', '<');
  out.usps = [{ value: '**Rated #1** by [G2](https://g2.example)', evidence: ev(real(2)) }];
  plant('markup in values', 'usps', '**');
  const others = pages.flatMap((p) => p.lines.filter((l) => OTHERS.test(l)).map((l) => ({ url: p.url, l })));
  const yearInOthers = others.find((o) => /\b(19|20)\d{2}\b/.test(o.l));
  if (yearInOthers) {
    const year = yearInOthers.l.match(/\b(19|20)\d{2}\b/)![0];
    out.founded_year = { value: year, evidence: ev(yearInOthers.l, yearInOthers.url) };
    plant('someone else\'s words', 'founded_year', year);
  }
  const personInOthers = others.map((o) => ({ ...o, m: o.l.match(/(\p{Lu}[\p{L}.]+(?: \p{Lu}[\p{L}]+)+),/u) })).find((o) => o.m);
  if (personInOthers) {
    const name = personInOthers.m![1].replace(/^Dr\. /, '');
    out.founders = [{ name, title: 'Founder', evidence: ev(personInOthers.l, personInOthers.url) }];
    plant('someone else\'s words', 'founders', name);
  }
  out.features = [{ value: 'Native integrations with Shopify, Salesforce and SAP', evidence: ev(home.lines[0]) }];
  plant('keyword-only quote', 'features', 'Native integrations with Shopify, Salesforce and SAP');
  const mail = findLine(pages, (l) => /@/.test(l));
  const address = mail?.quote.match(/[\w.+-]+@[\w.-]+\.\w+/)?.[0];
  if (mail && address) { out.city = { value: address, evidence: ev(mail.quote, mail.url) }; plant('value in the wrong field', 'city', address); }
  if (longLine) {
    const long = Array(6).fill(longLine.l).join(' ');
    out.short_description = { value: long, evidence: ev(longLine.l, longLine.url) };
    plant('over-long value', 'short_description', long);
  }
  const sentence = findLine(pages, (l) => l.split(' ').length >= 8 && /found|gegründet|co-founder/i.test(l));
  if (sentence) {
    out.founders = [...(out.founders as unknown[]), { name: sentence.quote, title: null, evidence: ev(sentence.quote, sentence.url) }];
    plant('sentence as a founder name', 'founders', sentence.quote);
  }
  const question = findLine(pages, (l) => l.endsWith('?') && l.length > 10);
  if (question) {
    const unrelated = home.lines.find((l) => l.split(' ').length >= 6) ?? real(1);
    out.faqs = [
      { question: question.quote, answer: 'Yes, we offer a lifetime deal for $99 and a 90-day money-back guarantee.', evidence: [{ url: question.url, quote: question.quote }, { url: home.url, quote: unrelated }] },
      { question: question.quote, answer: unrelated, evidence: [{ url: question.url, quote: question.quote }, { url: home.url, quote: unrelated }] },
    ];
    plant('FAQ answer the site never gives', 'faqs', 'Yes, we offer a lifetime deal for $99 and a 90-day money-back guarantee.');
    if (home.url !== question.url) plant('FAQ answer the site never gives', 'faqs', unrelated);
  }
  out.pricing_summary = { value: 'Enterprise plan from $999 per month', evidence: ev('Enterprise plan from $999 per month') };
  plant('quote not on the page', 'pricing_summary', 'Enterprise plan from $999 per month');
  out.milestones = [{ date: '2017-02-01', title: 'Acquired by Globex Corporation', evidence: ev('In February 2017 we were acquired by Globex Corporation.') }];
  plant('quote not on the page', 'milestones', 'Acquired by Globex Corporation');
  return { answer: out, plants };
}

const text = (s: string) => ({
  content: [{ type: 'text', text: s }], finishReason: { unified: 'stop', raw: 'stop' },
  usage: { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 10, text: 10, reasoning: 0 } }, warnings: [],
});
const promptText = (prompt: unknown) => JSON.stringify(prompt).replace(/\\n/g, '\n').replace(/\\"/g, '"');

// A mock model whose answer is computed from the prompt it receives; `last` holds what it answered.
export function promptModel<T>(answer: (pages: PromptPage[]) => { answer: Record<string, unknown> } & T) {
  const state: { last: ({ answer: Record<string, unknown> } & T) | null } = { last: null };
  const model = new MockLanguageModelV3({
    doGenerate: async (options) => {
      const user = (options.prompt as Array<{ role: string; content: unknown }>).filter((m) => m.role === 'user');
      const raw = user.map((m) => (Array.isArray(m.content) ? m.content.map((c: { text?: string }) => c.text ?? '').join('\n') : String(m.content))).join('\n');
      state.last = answer(pagesInPrompt(raw || promptText(options.prompt)));
      return text(JSON.stringify(state.last.answer)) as never;
    },
  });
  return { model, state };
}

export const oracleModel = (expected: Expected) => promptModel((pages) => ({ answer: oracleAnswer(expected, pages) }));
export const adversarialModel = () => promptModel((pages) => adversarialAnswer(pages));

// What a built draft holds, flattened: every value a plant could have become.
export type DraftLike = {
  fields: Record<string, { value: string | string[] | null }>;
  faqs: Array<{ question: string; answer: string }>;
  founders: Array<{ name: string }>;
  milestones?: Array<{ title: string }>;
  socials?: Record<string, string>;
};
const MARKUP = /<[a-z/!]|\*\*|\]\(|&[a-z]+;/i;

// The plants that made it into the draft (0 is the only acceptable count). Over-long values survive
// when stored past the field's bound; markup survives when any stored value still holds markup.
export function survivingPlants(plants: Plant[], d: DraftLike, bound: (field: string) => number): Plant[] {
  const values = (field: string): string[] => {
    if (field === 'founders') return d.founders.map((f) => f.name);
    if (field === 'faqs') return d.faqs.map((f) => f.answer);
    if (field === 'milestones') return (d.milestones ?? []).map((m) => m.title);
    if (field.startsWith('socials.')) return Object.values(d.socials ?? {});
    const v = d.fields[field]?.value;
    return v === null || v === undefined ? [] : Array.isArray(v) ? v : [v];
  };
  return plants.filter((p) => {
    const held = values(p.field);
    if (p.category === 'markup in values') return Object.keys(d.fields).flatMap(values).some((v) => MARKUP.test(v));
    if (p.category === 'over-long value') return held.some((v) => v.length > bound(p.field));
    return held.some((v) => normaliseForMatch(v) === normaliseForMatch(p.value));
  });
}

// Every value the oracle proposed, and whether the draft kept it.
export function oracleKept(answer: Record<string, any>, r: DraftLike & { milestones: Array<{ title: string }> }): Array<{ what: string; kept: boolean }> {
  const same = (a: string, b: string) => normaliseForMatch(a) === normaliseForMatch(b);
  const out: Array<{ what: string; kept: boolean }> = [];
  for (const [field, v] of Object.entries(answer)) {
    if (!(field in r.fields) || field === 'founders') continue;
    const held = r.fields[field]?.value;
    const items = Array.isArray(v) ? v : v?.value ? [v] : [];
    for (const i of items) out.push({ what: `${field}=${i.value}`, kept: Array.isArray(held) ? held.some((h) => same(h, i.value)) : !!held && same(held, i.value) });
  }
  for (const f of answer.founders) out.push({ what: `founder=${f.name}`, kept: r.founders.some((x) => same(x.name, f.name)) });
  for (const q of answer.faqs) out.push({ what: `faq=${q.question}`, kept: r.faqs.some((x) => same(x.question, q.question)) });
  for (const m of answer.milestones) out.push({ what: `milestone=${m.title}`, kept: r.milestones.some((x) => same(x.title, m.title)) });
  return out;
}
