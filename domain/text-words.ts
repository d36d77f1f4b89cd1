import { normaliseForMatch } from './evidence';

// Content words of a text, folded (case, accents) and lightly stemmed, so "teams" in a value meets
// "team" in a quote and "Zusammenarbeit" meets "zusammenarbeit". Stop words of English, German,
// French and Spanish carry no claim and are left out.

const STOP = new Set(`
a an and are as at be been but by can do does for from has have how i if in into is it its itself just me more most my
no not of on or our ours so such than that the their them then there these they this those through to too up us very
was we were what when where which while who whom why will with you your yours all any each also both about after before
over under out off again further once here only own same should would could may might must shall than via per etc
der die das den dem des ein eine einen einem einer und oder aber mit von zu zum zur im in ist sind war auf fur für bei aus
als auch wie wir ihr sie es er nicht noch nur so dass daß sich an am um werden wird hat haben unser unsere uns
le la les un une des du de et ou mais avec pour par dans sur au aux est sont nous vous ils elle qui que ce cette ces
notre nos leur leurs en pas plus se sa son ses
el los las una unos unas del y o pero con para por en es son nosotros su sus que este esta estos estas al lo
eur usd gbp chf jpy cad aud
`.split(/\s+/).filter(Boolean));

const fold = (s: string) => normaliseForMatch(s).normalize('NFD').replace(/\p{M}/gu, '');

// A light suffix stemmer: enough to meet plural and tense variants in four languages, never so
// aggressive that unrelated words collide (stems keep at least four letters).
export function stem(word: string): string {
  if (/^\d/.test(word)) return word;
  for (const suf of ['ations', 'ation', 'ments', 'ment', 'ingly', 'ings', 'ing', 'edly', 'ies', 'ied', 'ers', 'er', 'es', 'ed', 'ly', 'en', 's', 'e']) {
    if (word.endsWith(suf) && word.length - suf.length >= 4) return word.slice(0, -suf.length);
  }
  return word;
}

export function contentWords(text: string): string[] {
  const words = fold(text).match(/[\p{L}\p{N}]+(?:[.,][\p{N}]+)*/gu) ?? [];
  return words.filter((w) => !STOP.has(w) && (w.length > 1 || /\d/.test(w))).map(stem);
}

// The share of the value's content words found among the quotes' content words (1 for an empty value).
export function wordCoverage(value: string, quotes: string[]): number {
  const have = new Set(quotes.flatMap(contentWords));
  const want = contentWords(value);
  if (!want.length) return 0;
  return want.filter((w) => have.has(w)).length / want.length;
}

// Numbers (prices, counts, years) in the value that no quote shows: a summary may reword, never renumber.
export function unsupportedNumbers(value: string, quotes: string[]): string[] {
  const nums = (s: string) => (fold(s).match(/\d+(?:[.,]\d+)*/g) ?? []).map((n) => n.replace(/[.,]00$/, '').replace(/,/g, ''));
  const have = new Set(quotes.flatMap(nums));
  return nums(value).filter((n) => !have.has(n));
}
