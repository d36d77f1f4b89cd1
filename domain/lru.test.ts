import { describe, expect, it } from 'vitest';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { ByteBudget, Lru } from './lru';

describe('Lru', () => {
  it('evicts the least recently used key', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1); // a is now the most recent
    lru.set('c', 3);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
    expect(lru.get('c')).toBe(3);
    lru.clear();
    expect(lru.get('a')).toBeUndefined();
  });

  it.each<[string, number, number]>([
    // capacity, how often (in insertions) the hot key is read
    ['read every tenth of the capacity', 100, 10],
    ['read every half of the capacity', 100, 50],
    ['read at three fifths of the capacity', 1000, 600],
    ['a tiny map read every other insertion', 4, 2],
  ])('keeps a key %s while many others pass through, and stays within its capacity', (_, capacity, every) => {
    const lru = new Lru<string, number>(capacity);
    lru.set('hot', -1);
    for (let i = 0; i < capacity * 20; i++) {
      lru.set(`k${i}`, i);
      if (i % every === 0) expect(lru.get('hot')).toBe(-1);
      expect(lru.size).toBeLessThanOrEqual(capacity);
    }
    expect(lru.get('k0')).toBeUndefined();
    expect(lru.get(`k${capacity * 20 - 1}`)).toBe(capacity * 20 - 1);
  });

  it('evicts a key not read during a whole capacity of insertions', () => {
    const lru = new Lru<string, number>(100);
    lru.set('cold', 0);
    for (let i = 0; i < 100; i++) lru.set(`k${i}`, i);
    expect(lru.get('cold')).toBeUndefined();
  });
});

describe('ByteBudget shared by several maps', () => {
  // Each step: [map, key, weight] to set, or [map, key] to read. Then what each map still holds.
  type Step = ['set', 'a' | 'b', string, number] | ['get', 'a' | 'b', string];
  it.each<[string, number, Step[], { a: string[]; b: string[]; total: number }]>([
    ['within the limit nothing goes', 100, [['set', 'a', 'x', 40], ['set', 'b', 'y', 60]], { a: ['x'], b: ['y'], total: 100 }],
    ['past it the oldest entry goes, whichever map holds it', 100,
      [['set', 'a', 'x', 40], ['set', 'b', 'y', 40], ['set', 'a', 'z', 40]], { a: ['z'], b: ['y'], total: 80 }],
    ['as many go as it takes to fit the new one', 100,
      [['set', 'a', 'x', 30], ['set', 'b', 'y', 30], ['set', 'a', 'z', 30], ['set', 'b', 'w', 90]], { a: [], b: ['w'], total: 90 }],
    ['an entry read (and moved) since is not the oldest any more', 100,
      [['set', 'a', 'x', 40], ['set', 'b', 'y', 40], ['get', 'a', 'x'], ['set', 'b', 'z', 40]], { a: ['x'], b: ['z'], total: 80 }],
    ['replacing a key counts only its new weight', 100,
      [['set', 'a', 'x', 60], ['set', 'a', 'x', 30], ['set', 'b', 'y', 70]], { a: ['x'], b: ['y'], total: 100 }],
    ['an entry heavier than the whole limit is not kept', 100,
      [['set', 'a', 'x', 20], ['set', 'b', 'huge', 150]], { a: [], b: [], total: 0 }],
  ])('%s', (_, limit, steps, expected) => {
    const budget = new ByteBudget(limit);
    // Every read moves its key here (no freshness window: a map moves a key only once it is out of the newest quarter
    // of its capacity, which a table of a few steps never reaches), so the order is the plain least recently used.
    const maps = { a: new Lru<string, number>(1000, budget), b: new Lru<string, number>(1000, budget) };
    for (const m of Object.values(maps)) (m as unknown as { fresh: number }).fresh = -1;
    for (const s of steps) {
      if (s[0] === 'set') maps[s[1]].set(s[2], 0, s[3]);
      else expect(maps[s[1]].get(s[2])).toBe(0);
    }
    expect([...maps.a.entries()].map(([k]) => k)).toEqual(expected.a);
    expect([...maps.b.entries()].map(([k]) => k)).toEqual(expected.b);
    expect(budget.total).toBe(expected.total);
    expect(maps.a.weight + maps.b.weight).toBe(expected.total);
  });

  it('a map still keeps no more than its own count, and what its count drops leaves the budget', () => {
    const budget = new ByteBudget(1_000_000);
    const lru = new Lru<number, number>(10, budget);
    for (let i = 0; i < 100; i++) lru.set(i, i, 7);
    expect(lru.size).toBe(10);
    expect(budget.total).toBe(70);
    lru.delete(99);
    lru.clear();
    expect(budget.total).toBe(0);
  });

  it('without a budget a weight counts for nothing', () => {
    const lru = new Lru<string, number>(10);
    lru.set('a', 1, 500);
    expect(lru.weight).toBe(0);
  });

  it.each<[string, (big: string, i: number) => string]>([
    ['cut from a longer string', (big) => big.slice(0, 40)],
    ['joined from parts', (big, i) => `${big.slice(0, 30)}|${i}`],
  ])('a string key %s does not keep that string alive', (_, keyOf) => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const lru = new Lru<string, number>(100);
    const heapAfter = (fill: () => void) => { gc(); const before = process.memoryUsage().heapUsed; fill(); gc(); return process.memoryUsage().heapUsed - before; };
    // Forty strings of 1 MB each, a key taken from each, the strings themselves dropped.
    const grown = heapAfter(() => { for (let i = 0; i < 40; i++) lru.set(keyOf(`${i}`.padEnd(1 << 20, 'abcdefgh'), i), i); });
    expect(lru.size).toBe(40);
    expect(lru.get(keyOf(`${7}`.padEnd(1 << 20, 'abcdefgh'), 7))).toBe(7);
    expect(grown).toBeLessThan(4 << 20);
  });

  it('keeps every string key as it was given, lone surrogates and all', () => {
    const lru = new Lru<string, number>(10);
    const keys = ['search|q=\ud800 thirteen+', 'search|q=\udfff thirteen+', 'search|q=\ufffd thirteen+', 'search|q=日本語のテキスト検索'];
    keys.forEach((k, i) => lru.set(k, i));
    expect(keys.map((k) => lru.get(k))).toEqual([0, 1, 2, 3]);
    expect([...lru.entries()].map(([k]) => k)).toEqual(keys);
  });
});
