import { NOUNS, PHRASES, rng, WORDS } from './load-listings';

// Searches as many different people type them, so that nearly every one is the first of its kind: a word or two
// of the directory's own (a phrase's word, a product's name, a name with its number), half of them with a typo (a
// letter dropped, doubled, swapped with the next or replaced), now and then in capitals or with a stray
// punctuation mark. The read caches cannot absorb these: each costs what a cold search costs.
export function distinctQueries(count: number, listings: number): string[] {
  const rand = rng(7);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
  const phraseWords = [...new Set(PHRASES.flatMap((p) => p.toLowerCase().split(' ')).filter((w) => w.length > 3))];
  const typo = (word: string): string => {
    if (word.length < 4 || rand() < 0.5) return word;
    const at = 1 + Math.floor(rand() * (word.length - 2));
    switch (Math.floor(rand() * 4)) {
      case 0: return word.slice(0, at) + word.slice(at + 1);
      case 1: return word.slice(0, at) + word[at] + word.slice(at);
      case 2: return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
      default: return word.slice(0, at) + 'aeiou'[Math.floor(rand() * 5)] + word.slice(at + 1);
    }
  };
  const term = (): string => {
    const r = rand();
    if (r < 0.45) return typo(pick(phraseWords));
    if (r < 0.8) return typo(`${pick(WORDS)}${pick(NOUNS)}`);
    return `${pick(WORDS)}${pick(NOUNS)} ${Math.floor(rand() * listings)}`;
  };
  const seen = new Set<string>();
  for (let tries = 0; seen.size < count && tries < count * 20; tries++) {
    let q = rand() < 0.6 ? term() : `${term()} ${term()}`;
    if (rand() < 0.1) q = q.toUpperCase();
    if (rand() < 0.1) q = `${q}${pick(['?', '!', ',', ' -'])}`;
    seen.add(q);
  }
  return [...seen];
}
