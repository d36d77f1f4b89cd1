// Turning a typed search into an FTS5 MATCH expression. Pure: the vocabulary is passed in.
import { boundedDamerauLevenshtein, type VocabIndex } from './fuzzy';
import type { Lru } from './lru';

// A 200-character query could hold ~100 words; every word is ANDed, so past a handful more words only
// narrow the result and cost time. Later words are ignored.
export const MAX_QUERY_WORDS = 8;
// The orders a search may be sorted in (the API's `sort` values, the site's sort menu; storage/queries/search.ts
// implements each).
export const SEARCH_SORTS = ['relevance', 'newest', 'votes', 'trending', 'most_viewed', 'most_followed'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
// Per mistyped word, the nearest vocabulary terms kept (nearest first, then the most common).
export const MAX_CANDIDATES_PER_WORD = 16;
// Prefix matching on a 1–2 letter stem would expand to thousands of index terms.
export const MIN_PREFIX_LENGTH = 3;

// Same folding as the index's tokenizer (unicode61, remove_diacritics 2): lowercase, accents removed,
// anything that is not a letter or digit separates words.
export function tokenise(q: string): string[] {
  return textTerms(q).slice(0, MAX_QUERY_WORDS);
}

// The distinct terms of a text as the search index splits it (FTS5 unicode61 with remove_diacritics: letters and
// digits, diacritics removed, lower case), in order of first appearance.
export function textTerms(text: string): string[] {
  const folded = text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
  return [...new Set(folded.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0))];
}

// How many typos a word may carry and still match: none for 1–2 letters (every short term would be
// "one typo away") or anything with a digit (versions and years are not misspelled), one for 3–4 letters,
// two for longer words.
export function typoBudget(word: string): number {
  if (word.length <= 2 || /\p{N}/u.test(word)) return 0;
  return word.length <= 4 ? 1 : 2;
}

export type Vocabulary = {
  has(term: string): boolean;
  nearest(word: string, max: number, limit: number): string[];
};

// A vocabulary over an index, remembering each neighbour lookup in `nearest` (the same typo is looked up by every
// search that contains it; the caller clears it when words are added).
export function vocabularyOver(index: VocabIndex, nearest: Lru<string, string[]>): Vocabulary {
  return {
    has: (term) => index.has(term),
    nearest(word, max, limit) {
      const key = `${word}|${max}|${limit}`;
      let found = nearest.get(key);
      if (!found) nearest.set(key, (found = index.nearest(word, max, limit)));
      return found;
    },
  };
}

// One AND-ed group: the word as typed, its vocabulary neighbours when it is not a known term, and for the
// last word (still being typed) a prefix match.
export type WordPlan = { word: string; terms: string[]; prefix: boolean };

export function planWords(words: string[], vocab: Vocabulary): WordPlan[] {
  return words.map((word, i) => {
    // The typed word is always a candidate: a term added since the vocabulary was loaded still matches.
    const terms = [word];
    if (!vocab.has(word)) {
      for (const t of vocab.nearest(word, typoBudget(word), MAX_CANDIDATES_PER_WORD)) if (t !== word) terms.push(t);
    }
    return { word, terms, prefix: i === words.length - 1 && word.length >= MIN_PREFIX_LENGTH };
  });
}

// Every term is a quoted FTS5 string, so nothing a user types is read as query syntax (AND, NEAR, column:, *).
export const quoteTerm = (term: string): string => `"${term.replace(/"/g, '""')}"`;

export function buildMatchExpression(plans: WordPlan[]): string | null {
  if (plans.length === 0) return null;
  return plans
    .map((p) => {
      const alts = p.terms.map(quoteTerm);
      if (p.prefix) alts.push(`${quoteTerm(p.word)}*`);
      return alts.length === 1 ? alts[0] : `(${alts.join(' OR ')})`;
    })
    .join(' AND ');
}

// The whole step: query text → MATCH expression, or null when nothing searchable was typed (browse).
export function matchExpressionFor(q: string | undefined, vocab: Vocabulary): string | null {
  if (!q) return null;
  return buildMatchExpression(planWords(tokenise(q), vocab));
}

// Whether a listing whose searchable text gained or lost these terms could now appear in, or drop out of, the
// results of a query made of these words (tokenise). A term can match a word when it is the word, lies within the
// word's typo budget (whether or not the vocabulary made it a candidate: a new term may become one), or, for the
// last word, starts with it. Any doubt counts as yes: the answer decides whether a cached result may be kept.
export function textChangeCanAffect(words: string[], terms: Iterable<string>): boolean {
  if (words.length === 0) return false;
  const last = words.length - 1;
  for (const term of terms) {
    for (let i = 0; i < words.length; i++) {
      const word = words[i];
      if (term === word) return true;
      if (i === last && word.length >= MIN_PREFIX_LENGTH && term.startsWith(word)) return true;
      const budget = typoBudget(word);
      if (budget > 0 && boundedDamerauLevenshtein(word, term, budget) <= budget) return true;
    }
  }
  return false;
}

// How many more (or fewer) listings hold each term after some listings' texts changed, each from `before` to `after`
// ('' for a listing added or deleted): what keeps a vocabulary's counts as a build from the index now would read them
// (domain/fuzzy.ts VocabIndex.adjust). Terms whose count did not move are left out.
export function termCountChanges(texts: Iterable<{ before: string; after: string }>): Map<string, number> {
  const deltas = new Map<string, number>();
  for (const { before, after } of texts) {
    const was = new Set(textTerms(before));
    const is = new Set(textTerms(after));
    for (const term of was) if (!is.has(term)) deltas.set(term, (deltas.get(term) ?? 0) - 1);
    for (const term of is) if (!was.has(term)) deltas.set(term, (deltas.get(term) ?? 0) + 1);
  }
  for (const [term, delta] of deltas) if (delta === 0) deltas.delete(term);
  return deltas;
}

// Case variants of a two-letter code, so a case-insensitive match can still use the plain index on country.
export function caseVariants(code: string): string[] {
  const [a, b] = code.toLowerCase();
  const up = (c: string) => c.toUpperCase();
  return [up(a) + up(b), a + b, up(a) + b, a + up(b)];
}
