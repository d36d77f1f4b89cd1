import { describe, expect, it } from 'vitest';
import { boundedDamerauLevenshtein, letterMask, VocabIndex } from './fuzzy';

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
