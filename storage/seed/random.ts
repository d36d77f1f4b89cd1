// Deterministic randomness for the demo directory: the same seed and clock give the same rows every run.
export type Rng = {
  next(): number; // [0, 1)
  int(min: number, max: number): number; // inclusive
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  sample<T>(items: readonly T[], n: number): T[]; // n distinct items, random order
  weighted<T>(entries: readonly (readonly [T, number])[]): T;
};

// mulberry32: tiny, fast and good enough for fake data (not for anything secret).
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)],
    sample(items, n) {
      const copy = items.slice();
      const k = Math.min(n, copy.length);
      // Partial Fisher-Yates: only the first k positions are shuffled.
      for (let i = 0; i < k; i++) {
        const j = i + Math.floor(next() * (copy.length - i));
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy.slice(0, k);
    },
    weighted(entries) {
      const total = entries.reduce((s, [, w]) => s + w, 0);
      let r = next() * total;
      for (const [value, w] of entries) if ((r -= w) < 0) return value;
      return entries[entries.length - 1][0];
    },
  };
}
