import { countryNames, normaliseForMatch, type PageEvidence } from './evidence';
import { contentWords, unsupportedNumbers, wordCoverage } from './text-words';

// Does a quote (already found on its page) *support* the value drawn from it? One rule per kind of
// field, so a true but unrelated quote cannot carry an invented value:
//   literal   the value itself appears in the quote (year, e-mail, city, name, URL, price)
//   country   the country's name (or code) appears in the quote
//   enum      words in the quote that mean the value (English, German, French, Spanish)
//   person    the person is named in the quote next to a founder role
//   text      free text made of the quotes' own content words (FREE_TEXT_MIN_COVERAGE), numbers included
//   listed    categories: chosen from our list, the quote shares a content word with the value or the site's
//             own description (a classification, not a fact the site states)

export type SupportKind = 'literal' | 'year' | 'country' | 'stage' | 'pricing' | 'person' | 'text' | 'listed' | 'url';

export const FIELD_KIND: Record<string, SupportKind> = {
  name: 'literal', contact_email: 'literal', city: 'literal', founded_year: 'year', country: 'country',
  stage: 'stage', pricing_model: 'pricing', demo_video_url: 'url', logo_url: 'url',
  tagline: 'text', short_description: 'text', description: 'text', pricing_summary: 'text',
  features: 'text', usps: 'text', tags: 'text', keywords: 'text', categories: 'listed',
  founder: 'person', social: 'url', founder_social: 'url', milestone: 'text', faq_answer: 'text', seo_title: 'text', seo_meta: 'text',
};

// Share of a free-text value's content words (after folding and stemming) that its quotes must hold.
// Measured on the fixture sites (bench/draft-quality.ts): faithful summaries by the oracle model score
// 0.8 to 1; invented sentences that borrow a keyword or two score below 0.5.
export const FREE_TEXT_MIN_COVERAGE = 0.75;

// Facts about the company itself: someone else's words (a testimonial, a partner's block) never state them.
const COMPANY_FACTS = new Set([
  'name', 'founded_year', 'country', 'city', 'contact_email', 'founder', 'social', 'founder_social', 'milestone',
  'tagline', 'short_description', 'description', 'pricing_summary', 'pricing_model', 'features', 'usps', 'faq_answer',
  'demo_video_url', 'logo_url', 'seo_title', 'seo_meta',
]);
export const othersMayNotSupport = (field: string) => COMPANY_FACTS.has(field);

const words = (s: string) => `(^|[^\\p{L}\\p{N}])(?:${s})($|[^\\p{L}\\p{N}])`;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
export const containsWord = (hay: string, needle: string) => new RegExp(words(escape(needle)), 'u').test(hay);

// Words that state each stage and pricing model, in English, German, French and Spanish (folded case).
export const STAGE_WORDS: Record<string, string[]> = {
  idea: ['coming soon', 'waitlist', 'wait list', 'join the waitlist', 'pre-launch', 'prelaunch', 'demnächst', 'bientôt disponible', 'liste d\'attente', 'warteliste', 'próximamente', 'lista de espera'],
  mvp: ['mvp', 'beta', 'alpha', 'early access', 'public preview', 'prototype', 'frühzugang', 'accès anticipé', 'acceso anticipado', 'versión beta', 'version bêta', 'bêta'],
  launched: ['launched', 'now available', 'generally available', 'general availability', 'now live', 'is live', 'released', 'version 1.0', 'v1.0',
    'jetzt verfügbar', 'veröffentlicht', 'maintenant disponible', 'lancé', 'disponible ahora', 'ya disponible', 'lanzado'],
  growing: ['customers', 'teams use', 'companies use', 'trusted by', 'used by', 'users', 'growing', 'kunden', 'nutzen', 'clients', 'utilisateurs', 'clientes', 'usuarios', 'empresas'],
};
export const PRICING_WORDS: Record<string, string[]> = {
  free: ['free', 'kostenlos', 'gratis', 'gratuit', 'gratuite', 'gratuito', 'gratuita', 'umsonst'],
  freemium: ['free plan', 'free tier', 'freemium', 'free forever', 'free for', 'free version', 'start for free', '$0', '€0', '£0', '0 €',
    'kostenloser plan', 'kostenlose version', 'für immer kostenlos', 'plan gratuit', 'offre gratuite', 'plan gratis', 'versión gratuita'],
  subscription: ['per month', '/month', '/ month', '/mo', '/ mo', 'a month', 'monthly', 'per year', '/year', '/ year', '/yr', 'annual', 'yearly', 'subscription', 'per user', '/user', 'per seat', 'billed',
    'pro monat', '/monat', 'monatlich', 'jährlich', 'abo', 'abonnement', 'par mois', '/mois', 'mensuel', 'par an', 'al mes', '/mes', 'mensual', 'anual', 'suscripción'],
  'one-time': ['one-time', 'one time', 'lifetime', 'pay once', 'single payment', 'perpetual', 'einmalig', 'einmalzahlung', 'paiement unique', 'à vie', 'pago único', 'de por vida'],
  'usage-based': ['pay as you go', 'pay-as-you-go', 'per request', 'per call', 'metered', 'usage-based', 'based on usage', 'per 1,000', 'per 1000', 'nach verbrauch', 'à l\'usage', 'pago por uso'],
  'open-source': ['open source', 'open-source', 'self-host', 'self host', 'mit licen', 'apache licen', 'gpl', 'quelloffen', 'code source ouvert', 'código abierto', 'libre'],
};

// Role words next to which a person's name states a founder (four languages; folded case).
const FOUNDER_ROLE = /(co-?founder|cofounder|founder|founded|started by|ceo|cto|coo|chief executive|managing director|gründer(in)?|mitgründer(in)?|gegründet|geschäftsführer(in)?|fondat(eur|rice)|cofondat(eur|rice)|fondée?s?|fundador(a)?|cofundador(a)?|fundad[oa]s?|fundó)/u;
export const FOUNDER_ROLE_WORDS = FOUNDER_ROLE;
const ROLE_WINDOW = 80;

export function namedAsFounder(name: string, quote: string): boolean {
  const q = normaliseForMatch(quote);
  const n = normaliseForMatch(name);
  if (!n) return false;
  let at = q.indexOf(n);
  while (at >= 0) {
    const around = q.slice(Math.max(0, at - ROLE_WINDOW), at + n.length + ROLE_WINDOW);
    if (FOUNDER_ROLE.test(around)) return true;
    at = q.indexOf(n, at + 1);
  }
  return false;
}

// A relative link on the page ("/img/logo.png") names the absolute value.
const resolvesTo = (quote: string, value: string) => { try { return new URL(quote.trim(), value).href === new URL(value).href; } catch { return false; } };
const sameUrl = (a: string, b: string) => normaliseForMatch(a).replace(/^https?:\/\/(www\.)?/, '').replace(/\/+$/, '');

// The page text outside someone else's words, normalised (cached per page).
const ownTexts = new WeakMap<PageEvidence, string>();
export function ownText(page: PageEvidence): string {
  let own = ownTexts.get(page);
  if (own === undefined) {
    own = normaliseForMatch(page.text);
    for (const t of page.othersText ?? []) { const n = normaliseForMatch(t); if (n) own = own.split(n).join(' \u0000 '); }
    ownTexts.set(page, own);
  }
  return own;
}

// A person is a founder by the page's own words: a quote names them and, where that quote stands on
// the page (outside others' words), a founder role is within reach. Structured data (a JSON-LD
// `founder`, an attribute quote read by the extractor) states the role by its place.
export function founderOnPage(name: string, quotes: Array<{ quote: string; source?: string }>, page: PageEvidence, structured = false): boolean {
  const n = normaliseForMatch(name);
  if (!n) return false;
  if (structured && quotes.some((e) => e.source === 'attribute' && normaliseForMatch(e.quote).includes(n))) return true;
  const own = ownText(page);
  for (const e of quotes) {
    const q = normaliseForMatch(e.quote);
    if (e.source !== 'text' || !q.includes(n)) continue;
    if (namedAsFounder(name, e.quote)) { if (own.includes(q)) return true; continue; }
    for (let at = own.indexOf(n); at >= 0; at = own.indexOf(n, at + 1)) {
      if (FOUNDER_ROLE.test(own.slice(Math.max(0, at - ROLE_WINDOW), at + n.length + ROLE_WINDOW))) return true;
    }
  }
  return false;
}

// One quote against one value, for the kinds judged quote by quote.
export function quoteSupportsValue(field: string, value: string, quote: string): boolean {
  const q = normaliseForMatch(quote);
  const v = normaliseForMatch(value);
  if (!v || !q) return false;
  switch (FIELD_KIND[field] ?? 'text') {
    case 'year': return /^\d{4}$/.test(v) && containsWord(q, v);
    case 'literal': return containsWord(q, v);
    case 'url': {
      // A video is the same video whatever form of its address the page uses (embed, youtu.be, watch).
      const video = field === 'demo_video_url' ? value.match(/[?&]v=([A-Za-z0-9_-]{6,20})/)?.[1] : undefined;
      if (video) return quote.includes(video);
      return q.includes(sameUrl(value, '')) || sameUrl(quote, '') === sameUrl(value, '') || resolvesTo(quote, value);
    }
    case 'country': return countryNames(v).some((n) => containsWord(q, n)) || containsWord(quote, value.toUpperCase());
    case 'stage': return (STAGE_WORDS[v] ?? []).some((w) => containsWord(q, w));
    case 'pricing': return (PRICING_WORDS[v] ?? []).some((w) => q.includes(w));
    case 'person': return namedAsFounder(value, quote);
    case 'listed': return contentWords(quote).length > 0;
    case 'text': return wordCoverage(value, [quote]) > 0;
  }
}

// The quotes that support the value: every supporting quote for quote-by-quote kinds; for free text,
// the quotes that lend it words, and only if together they cover FREE_TEXT_MIN_COVERAGE of its content
// words and every number in it.
export function supportingQuotes<E extends { quote: string }>(field: string, value: string, evidence: E[]): E[] {
  const kind = FIELD_KIND[field] ?? 'text';
  if (kind !== 'text') return evidence.filter((e) => quoteSupportsValue(field, value, e.quote));
  const lending = evidence.filter((e) => wordCoverage(value, [e.quote]) > 0);
  const quotes = lending.map((e) => e.quote);
  if (wordCoverage(value, quotes) < FREE_TEXT_MIN_COVERAGE || unsupportedNumbers(value, quotes).length) return [];
  return lending;
}

// True when the quote is on the page only inside someone else's words (othersText regions).
export function onlyInOthersWords(quote: string, page: PageEvidence): boolean {
  const others = page.othersText ?? [];
  if (!others.length) return false;
  const q = normaliseForMatch(quote);
  if (!others.some((t) => normaliseForMatch(t).includes(q))) return false;
  return !ownText(page).includes(q) && !page.attributes.some((a) => normaliseForMatch(a).includes(q));
}

// An FAQ answer is the page's answer to that question: its quote comes after the question, near it.
export const FAQ_ANSWER_WINDOW = 1500;
export function answersQuestion(question: string, answerQuote: string, pageText: string): boolean {
  const text = normaliseForMatch(pageText);
  const q = normaliseForMatch(question);
  const a = normaliseForMatch(answerQuote);
  if (!q || !a || a === q) return false;
  for (let at = text.indexOf(q); at >= 0; at = text.indexOf(q, at + 1)) {
    const after = text.slice(at + q.length, at + q.length + FAQ_ANSWER_WINDOW + a.length);
    const found = after.indexOf(a);
    // The answer must come before the next question of the list.
    if (found >= 0 && !after.slice(0, found).includes('?')) return true;
  }
  return false;
}
