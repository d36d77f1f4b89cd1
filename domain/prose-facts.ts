// Facts that sites state only in sentences: the founding year and the founders, in English, German, French and
// Spanish. Pure pattern rules returning where they matched, so the caller can cut a verbatim quote around it.
// Bounded, non-nested quantifiers only: linear on hostile text.

const L = '\\p{L}';
const NOT_LETTER_BEFORE = `(?<![${L}])`;
const NOT_LETTER_AFTER = `(?![${L}])`;
// A person's name: two or three capitalised words, with the particles names carry.
const NAME = `\\p{Lu}[${L}'’-]{1,30}(?:\\s(?:van|von|de|da|del|der|di|du|la|le|ter)){0,2}(?:\\s\\p{Lu}[${L}'’-]{1,30}){1,2}`;
const AND = '\\s*(?:,|and|und|et|y|e|&)\\s*';
// Names must stay case-sensitive, so words that may open a sentence (or are German nouns) take either first letter.
const either = (alternatives: string) => alternatives.replace(/(^|[(|:])(\p{Ll})/gu, (_m, before: string, c: string) => `${before}[${c}${c.toUpperCase()}]`);
const FOUND_VERB = either('(?:founded|co-founded|started|created|launched|established|gegründet|gegruendet|fondée?s?|créée?s?|fundad[ao]s?|cread[ao]s?)');
const YEAR = '((?:18|19|20)\\d{2})';

export type YearMatch = { year: string; index: number; length: number; rank: number };

const FOUNDED_YEAR: Array<[RegExp, number]> = [
  // "founded in 2019", "gegründet 2018", "fondée en 2017", "fundada en 2016"
  [new RegExp(`${NOT_LETTER_BEFORE}${FOUND_VERB}(?:\\s(?:in|im|en|el|au|in the year|im jahr))?\\s${YEAR}(?!\\d)`, 'giu'), 2],
  // "We started Parcelhop in 2023", "founded the company in 2016"
  [new RegExp(`${NOT_LETTER_BEFORE}(?:started|founded|launched|gründeten|fondé|fundó)(?:\\s[\\p{L}\\d'’-]{1,30}){1,3}?\\s(?:in|im|en)\\s${YEAR}(?!\\d)`, 'giu'), 2],
  // "Feldpost wurde 2018 … gegründet", "was 2019 … founded"
  [new RegExp(`${NOT_LETTER_BEFORE}(?:wurde|was|a été|fue)(?:\\s(?:im jahr|in|en))?\\s${YEAR}(?!\\d)[^.!?\\n]{0,80}?${FOUND_VERB}${NOT_LETTER_AFTER}`, 'giu'), 2],
  // "since 2015", "seit 2012", "depuis 2014", "desde 2013": weaker (also said of customers, but their words are
  // excluded elsewhere)
  [new RegExp(`${NOT_LETTER_BEFORE}(?:since|seit|depuis|desde)\\s${YEAR}(?!\\d)`, 'giu'), 3],
];

export function foundedYears(text: string): YearMatch[] {
  const out: YearMatch[] = [];
  for (const [re, rank] of FOUNDED_YEAR) for (const m of text.matchAll(re)) out.push({ year: m[1], index: m.index!, length: m[0].length, rank });
  return out;
}

export type NamedFounder = { name: string; title: string | null; index: number; length: number };

const BY = '(?:by|von|par|por)';
const ROLE = either('(?:co-?founder|cofounder|founder|mitgründer(?:in)?|gründer(?:in)?|co-?fondat(?:eur|rice)|fondat(?:eur|rice)|cofundador(?:a)?|fundador(?:a)?)');
const FOUNDER_PATTERNS: RegExp[] = [
  // "founded in 2019 by Ana Ruiz and Tom Berg", "fondée par Claire Martin et Hugo Petit"
  new RegExp(`${NOT_LETTER_BEFORE}${FOUND_VERB}[^.!?\\n]{0,40}?\\s${BY}\\s(${NAME})(?:${AND}(${NAME}))?(?:${AND}(${NAME}))?`, 'gu'),
  // "wurde 2018 von Jonas Weber und Lea Hoffmann in Leipzig gegründet"
  new RegExp(`${NOT_LETTER_BEFORE}${BY}\\s(${NAME})(?:${AND}(${NAME}))?(?:${AND}(${NAME}))?[^.!?\\n]{0,60}?${FOUND_VERB}${NOT_LETTER_AFTER}`, 'gu'),
];
// "Jonas Weber ist Mitgründer und Geschäftsführer", "Ana Ruiz, our co-founder and CEO, …"
const ROLE_SENTENCE = new RegExp(`(${NAME})(?:,|\\s(?:is|ist|est|es))\\s(?:(?:our|one of our|unser(?:e)?|notre|nuestr[ao])\\s)?(?:the\\s)?(${ROLE}[^.!?,\\n]{0,50})`, 'gu');

export function foundersInProse(text: string): NamedFounder[] {
  const out: NamedFounder[] = [];
  for (const re of FOUNDER_PATTERNS) {
    for (const m of text.matchAll(re)) {
      for (const name of [m[1], m[2], m[3]]) if (name) out.push({ name, title: null, index: m.index!, length: m[0].length });
    }
  }
  for (const m of text.matchAll(ROLE_SENTENCE)) {
    out.push({ name: m[1], title: m[2].trim().replace(/\s+/g, ' '), index: m.index!, length: m[0].length });
  }
  return out;
}
