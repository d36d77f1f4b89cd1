import { describe, expect, it } from 'vitest';
import { boundedDamerauLevenshtein, letterMask, Lru, VocabIndex } from './fuzzy';

describe('boundedDamerauLevenshtein', () => {
  it.each([
    ['notion', 'notion', 2, 0],
    ['notoin', 'notion', 2, 1], // one swap of adjacent letters
    ['notin', 'notion', 2, 1], // one deletion
    ['projct', 'project', 2, 1],
    ['managment', 'management', 2, 1],
    ['analitics', 'analytics', 2, 1],
    ['uptme', 'uptime', 2, 1],
    ['monitorng', 'monitoring', 2, 1],
    ['nootin', 'notion', 2, 2],
    ['kitten', 'sitting', 3, 3],
    ['kitten', 'sitting', 2, 3], // over the bound: max + 1
    ['abc', 'abcdef', 2, 3], // length difference alone exceeds the bound
    ['', 'ab', 2, 2],
    ['ca', 'abc', 3, 3], // optimal string alignment, not unrestricted Damerau
    ['flow', 'wolf', 2, 3],
  ])('%s ↔ %s (max %i) = %i', (a, b, max, expected) => {
    expect(boundedDamerauLevenshtein(a, b, max)).toBe(expected);
    expect(boundedDamerauLevenshtein(b, a, max)).toBe(expected);
  });
});

describe('letterMask', () => {
  it.each([
    ['abc', 0b111],
    ['cab', 0b111],
    ['aaa', 0b1],
  ])('%s', (s, mask) => expect(letterMask(s)).toBe(mask));
  it('gives digits and other characters their own bits', () => {
    expect(letterMask('0') & letterMask('a')).toBe(0);
    expect(letterMask('é') & letterMask('e')).toBe(0);
  });
});

describe('VocabIndex', () => {
  const vocab = new VocabIndex([
    { term: 'notion', doc: 3 }, { term: 'motion', doc: 9 }, { term: 'nation', doc: 1 }, { term: 'project', doc: 5 },
    { term: 'projects', doc: 2 }, { term: 'management', doc: 4 }, { term: 'note', doc: 7 }, { term: 'notes', doc: 6 },
  ]);
  it.each([
    ['notoin', 2, ['notion', 'motion', 'nation']],
    ['notoin', 1, ['notion']],
    ['projct', 2, ['project', 'projects']],
    ['managment', 2, ['management']],
    ['xyzzy', 2, []],
    ['nite', 1, ['note']],
    ['notion', 0, []],
  ])('nearest(%s, %i)', (word, max, expected) => {
    expect(vocab.nearest(word, max, 10)).toEqual(expected);
  });
  it('orders equal distances by how common the term is and honours the limit', () => {
    expect(vocab.nearest('xotion', 1, 10)).toEqual(['motion', 'notion']);
    expect(vocab.nearest('xotion', 1, 1)).toEqual(['motion']);
  });
  it('knows its terms', () => {
    expect(vocab.has('notion')).toBe(true);
    expect(vocab.has('notoin')).toBe(false);
    expect(vocab.size).toBe(8);
  });
});

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

describe('VocabIndex.add (words written since the index was built)', () => {
  it.each<[string, string, number, string[]]>([
    ['a new word is found by a typo of it', 'zorblatt', 1, ['zorblatt']],
    ['and by two typos when allowed', 'zorblatt', 2, ['zorblatt']],
  ])('%s', (_, term, max, expected) => {
    const index = new VocabIndex([{ term: 'ledger', doc: 3 }]);
    expect(index.add(term)).toBe(true);
    expect(index.nearest(max === 1 ? 'zorblat' : 'zrblat', max, 5)).toEqual(expected);
  });

  it('a known word is not added twice, and built and added terms are ranked together', () => {
    const index = new VocabIndex([{ term: 'ledger', doc: 3 }]);
    expect(index.add('ledger')).toBe(false);
    expect(index.add('ledgers')).toBe(true);
    expect(index.has('ledgers')).toBe(true);
    expect(index.nearest('ledgre', 2, 5)).toEqual(['ledger', 'ledgers']);
  });
});
