import { trimTrailing } from './strings';
// Evidence quotes: a drafted value survives only if a quote it cites is really on the page it names.
// `text` quotes are passages of the page's visible text; `attribute` quotes are verbatim attribute,
// <title> or JSON-LD strings (meta description, og:*, a link's href, a JSON-LD name …).

export type EvidenceSource = 'text' | 'attribute';
export type Evidence = { url: string; quote: string; source?: EvidenceSource };

// What a page offers for verification: its visible text and the attribute strings it carries.
// othersText holds the visible text of each region that is someone else's words (testimonials, reviews,
// quotes by others, customer/partner/"trusted by"/"as seen in" blocks, case studies, third-party widgets,
// comments), in the same line form as `text`: such a quote never supports a fact about the company itself.
export type PageEvidence = { url: string; text: string; attributes: string[]; othersText?: string[] };

const ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ndash: '-', mdash: '-', hellip: '...',
  lsquo: "'", rsquo: "'", ldquo: '"', rdquo: '"', sbquo: "'", bdquo: '"', laquo: '"', raquo: '"', copy: '©',
  reg: '®', trade: '™', middot: '·', bull: '•', euro: '€', pound: '£', yen: '¥', cent: '¢', times: '×',
};

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[body.toLowerCase()] ?? m;
  });
}

// Folds the differences a faithful copy may still show: entities, Unicode forms, typographic quotes
// and dashes, invisible characters, whitespace and case.
export function normaliseForMatch(s: string): string {
  return decodeEntities(s)
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u201A\u201B\u2032\u0060\u00B4]/g, "'")
    .replace(/[\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB]/g, '"')
    .replace(/[\u2010\u2011\u2012\u2013\u2014\u2015\u2212]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/[\u200B-\u200D\u2060\uFEFF\u00AD]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

// A quote must say something: a couple of characters would match almost any page.
export const MIN_QUOTE_CHARS = 2;

// Cache the normalised text of a page: one build verifies hundreds of quotes against ~16 pages.
const normalised = new WeakMap<PageEvidence, { text: string; attributes: string[] }>();
function normalisedPage(page: PageEvidence) {
  let n = normalised.get(page);
  if (!n) normalised.set(page, (n = { text: normaliseForMatch(page.text), attributes: page.attributes.map(normaliseForMatch) }));
  return n;
}

// Where the quote was found on the page, or null if it is not there.
export function locateQuote(quote: string, page: PageEvidence): EvidenceSource | null {
  const q = normaliseForMatch(quote);
  const n = normalisedPage(page);
  // A one-character quote is only evidence as a whole attribute value (a JSON-LD price of "9").
  if (q.length < MIN_QUOTE_CHARS) return q && n.attributes.includes(q) ? 'attribute' : null;
  if (n.text.includes(q)) return 'text';
  if (n.attributes.some((a) => a.includes(q))) return 'attribute';
  return null;
}

const sameUrl = (a: string, b: string) => stripUrl(a) === stripUrl(b);
function stripUrl(u: string): string {
  try {
    const x = new URL(u);
    x.hash = '';
    return `${x.host.replace(/^www\./, '')}${trimTrailing(x.pathname, '/')}${x.search}`.toLowerCase();
  } catch {
    return u.trim().toLowerCase();
  }
}

// Keeps the quotes found on the page they name, each tagged with where it was found.
export function verifyEvidence(evidence: Evidence[], pages: PageEvidence[]): Evidence[] {
  const out: Evidence[] = [];
  for (const e of evidence) {
    if (typeof e?.quote !== 'string' || typeof e?.url !== 'string') continue;
    const page = pages.find((p) => sameUrl(p.url, e.url));
    const source = page ? locateQuote(e.quote, page) : null;
    if (page && source && !out.some((o) => o.url === page.url && o.quote === e.quote)) out.push({ url: page.url, quote: e.quote, source });
  }
  return out;
}

// ---- Country names, for reading places and for the support rules (domain/evidence-support.ts) ----

const COUNTRY_ALIASES: Record<string, string[]> = {
  US: ['usa', 'u.s.', 'u.s.a.', 'united states of america', 'america'],
  GB: ['uk', 'u.k.', 'england', 'scotland', 'wales', 'britain', 'great britain'],
  NL: ['holland', 'the netherlands'],
  AE: ['uae'],
  KR: ['south korea', 'korea'],
  CZ: ['czech republic', 'czechia'],
};
let regionNames: Intl.DisplayNames[] | null = null;

// Codes Intl can name that are not current ISO 3166-1 countries (user-assigned, withdrawn, unions,
// exceptional reservations): never a listing's country.
const NOT_COUNTRIES = /^(AA|Q[M-Z]|X[A-JL-Z]|ZZ|DD|EU|EZ|FX|UN|YU|CS|SU|ZR|TP|BU|NT|AN|CP|DG|EA|IC|TA|AC|CQ)$/;

export function countryNames(code: string): string[] {
  const upper = code.toUpperCase();
  if (!/^[A-Z]{2}$/.test(upper) || NOT_COUNTRIES.test(upper)) return [];
  // Sites state their country in their own language: the English, German, French and Spanish names count.
  regionNames ??= ['en', 'de', 'fr', 'es'].map((l) => new Intl.DisplayNames([l], { type: 'region' }));
  const names = new Set<string>();
  for (const r of regionNames) {
    let name: string | undefined;
    try { name = r.of(upper); } catch { name = undefined; }
    if (name && name !== upper) names.add(name.toLowerCase());
  }
  return [...names, ...(COUNTRY_ALIASES[upper] ?? [])];
}
