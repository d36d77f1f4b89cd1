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

describe('VocabIndex.adjust (listings written since the index was built)', () => {
  it.each<[string, string, number, string[]]>([
    ['a new word is found by a typo of it', 'zorblatt', 1, ['zorblatt']],
    ['and by two typos when allowed', 'zorblatt', 2, ['zorblatt']],
  ])('%s', (_, term, max, expected) => {
    const index = new VocabIndex([{ term: 'ledger', doc: 3 }]);
    expect(index.adjust(term, 1)).toBe(true);
    expect(index.nearest(max === 1 ? 'zorblat' : 'zrblat', max, 5)).toEqual(expected);
  });

  it('a known word gains a listing without coming again, and built and added terms are ranked together', () => {
    const index = new VocabIndex([{ term: 'ledger', doc: 3 }]);
    expect(index.adjust('ledger', 1)).toBe(false);
    expect(index.adjust('ledgers', 1)).toBe(true);
    expect(index.has('ledgers')).toBe(true);
    expect(index.nearest('ledgre', 2, 5)).toEqual(['ledger', 'ledgers']);
  });

  // What a build now would read: a term no listing holds is not a term, wherever it was first counted.
  it.each<[string, Array<[string, number]>, boolean, string[]]>([
    ['a built word its last listing lost is gone', [['bakery', -2]], false, ['baker']],
    ['a built word with listings left stays (ranked by its count now)', [['bakery', -1]], true, ['baker', 'bakery']],
    ['an added word lost again is gone', [['bakerly', 1], ['bakerly', -1]], false, ['bakery', 'baker']],
    ['a word gone and back is there', [['bakery', -2], ['bakery', 1]], true, ['baker', 'bakery']],
    ['a word lost without ever being counted stays unknown', [['bakeri', -1]], false, ['bakery', 'baker']],
  ])('%s', (_, changes, known, nearest) => {
    const index = new VocabIndex([{ term: 'bakery', doc: 2 }, { term: 'baker', doc: 1 }]);
    for (const [term, delta] of changes) index.adjust(term, delta);
    const term = changes[0][0];
    expect(index.has(term)).toBe(known);
    expect(index.nearest('bakeri', 2, 5)).toEqual(nearest);
  });

  it('candidates are ranked by the counts as they are now', () => {
    const index = new VocabIndex([{ term: 'ledger', doc: 5 }, { term: 'ledges', doc: 1 }]);
    expect(index.nearest('ledgez', 1, 1)).toEqual(['ledger']);
    index.adjust('ledger', -4);
    index.adjust('ledges', 2);
    expect(index.nearest('ledgez', 1, 1)).toEqual(['ledges']);
  });

  it('a word coming and going tells so, so the caller clears its remembered lookups', () => {
    const index = new VocabIndex([{ term: 'ledger', doc: 1 }]);
    expect(index.adjust('ledger', -1)).toBe(true);
    expect(index.adjust('ledger', 1)).toBe(true);
    expect(index.size).toBe(1);
  });
});
