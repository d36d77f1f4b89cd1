// Typo tolerance: bounded Damerau–Levenshtein distance and an in-memory index of the search vocabulary.
// Pure: the caller loads the vocabulary (from FTS5's fts5vocab table) and decides when to rebuild.

const MAX_WORD = 64; // longer "words" are not typo-corrected (nobody mistypes a 65-letter word)
// Scratch rows reused by every call (the scan runs millions of times; allocating per call would dominate).
const rowA = new Int32Array(MAX_WORD + 2);
const rowB = new Int32Array(MAX_WORD + 2);
const rowC = new Int32Array(MAX_WORD + 2);

// Optimal string alignment distance (insert, delete, substitute, swap two adjacent letters), computed only
// as far as `max`: returns max + 1 as soon as the distance is known to exceed it, which is what makes a
// scan over a large vocabulary cheap.
export function boundedDamerauLevenshtein(a: string, b: string, max: number): number {
  if (a === b) return 0;
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > max) return max + 1;
  if (n > MAX_WORD || m > MAX_WORD) return max + 1;
  if (n === 0 || m === 0) return Math.max(n, m) <= max ? Math.max(n, m) : max + 1;
  let prev2 = rowA; // row i-2
  let prev = rowB; // row i-1
  let cur = rowC; // row i
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const bj = b.charCodeAt(j - 1);
      const cost = ai === bj ? 0 : 1;
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) d = Math.min(d, prev2[j - 2] + 1);
      cur[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  return prev[m] <= max ? prev[m] : max + 1;
}

// One bit per letter class. Every edit adds or removes at most one class, so if the classes one word has
// and the other lacks number more than `max`, the distance is more than `max`: a filter that skips most
// of the vocabulary before the distance is computed.
export function letterMask(s: string): number {
  let mask = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const bit = c >= 97 && c <= 122 ? c - 97 : c >= 48 && c <= 57 ? 26 + ((c - 48) % 5) : 31;
    mask |= 1 << bit;
  }
  return mask;
}

const popcount = (x: number): number => {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
};

export type VocabEntry = { term: string; doc: number };
type Bucket = { terms: string[]; masks: Int32Array };

// The vocabulary bucketed by term length: a word of length L within distance d can only be a term of length
// L-d .. L+d, so a lookup reads at most 2d+1 buckets.
export class VocabIndex {
  private readonly buckets = new Map<number, Bucket>();
  private readonly docsOf = new Map<string, number>();

  constructor(entries: Iterable<VocabEntry>) {
    const grouped = new Map<number, VocabEntry[]>();
    for (const e of entries) {
      this.docsOf.set(e.term, e.doc);
      if (e.term.length > MAX_WORD) continue;
      let g = grouped.get(e.term.length);
      if (!g) grouped.set(e.term.length, (g = []));
      g.push(e);
    }
    for (const [len, list] of grouped) {
      this.buckets.set(len, {
        terms: list.map((e) => e.term),
        masks: Int32Array.from(list, (e) => letterMask(e.term)),
      });
    }
  }

  // Terms held by at least one listing now.
  get size(): number {
    let n = 0;
    for (const doc of this.docsOf.values()) if (doc > 0) n++;
    return n;
  }

  // A listing's text written since the index was built: `delta` more (or fewer) listings hold `term` now. Counts are
  // kept exactly, as a build now would read them, so that every process answers a typo search as a process started
  // now would: a word no listing holds any more is no longer taken for a known word (which would leave a typo of a
  // live word unexpanded), and does not take one of a typo's few candidate places from a live one. Terms new to the
  // index are kept apart, in growable lists, until the next full build. Returns whether the term came or went.
  private readonly added = new Map<number, { terms: string[]; masks: number[] }>();
  adjust(term: string, delta: number): boolean {
    const before = this.docsOf.get(term);
    const after = (before ?? 0) + delta;
    this.docsOf.set(term, after);
    if (before === undefined && term.length <= MAX_WORD) {
      let b = this.added.get(term.length);
      if (!b) this.added.set(term.length, (b = { terms: [], masks: [] }));
      b.terms.push(term);
      b.masks.push(letterMask(term));
    }
    return (before ?? 0) > 0 !== after > 0;
  }

  has(term: string): boolean {
    return (this.docsOf.get(term) ?? 0) > 0;
  }

  // Terms within `max` edits of `word`, nearest first, then the most common (more documents) first.
  nearest(word: string, max: number, limit: number): string[] {
    if (max <= 0 || word.length > MAX_WORD) return [];
    const mask = letterMask(word);
    const found: { term: string; dist: number; doc: number }[] = [];
    for (let len = Math.max(1, word.length - max); len <= word.length + max; len++) {
      const bucket = this.buckets.get(len);
      if (bucket) {
        const { terms, masks } = bucket;
        for (let i = 0; i < terms.length; i++) {
          const m = masks[i];
          if (popcount(mask & ~m) > max || popcount(m & ~mask) > max) continue;
          const dist = boundedDamerauLevenshtein(word, terms[i], max);
          if (dist > max) continue;
          const doc = this.docsOf.get(terms[i])!;
          if (doc > 0) found.push({ term: terms[i], dist, doc });
        }
      }
      const extra = this.added.get(len);
      if (extra) {
        for (let i = 0; i < extra.terms.length; i++) {
          const m = extra.masks[i];
          if (popcount(mask & ~m) > max || popcount(m & ~mask) > max) continue;
          const dist = boundedDamerauLevenshtein(word, extra.terms[i], max);
          if (dist > max) continue;
          const doc = this.docsOf.get(extra.terms[i])!;
          if (doc > 0) found.push({ term: extra.terms[i], dist, doc });
        }
      }
    }
    found.sort((x, y) => x.dist - y.dist || y.doc - x.doc || (x.term < y.term ? -1 : 1));
    return found.slice(0, limit).map((f) => f.term);
  }
}
