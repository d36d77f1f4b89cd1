import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { sameJson } from './same-json';

// sameJson must judge every pair as util.isDeepStrictEqual does: it is only a shorter way to the same answer.
const sparse = [1, , 3];
const withExtra = Object.assign([1, 2], { extra: true });
const sym = Symbol('s');
class Point { constructor(public x: number) {} }
const nullProto = Object.assign(Object.create(null), { a: 1 });
const profile = {
  slug: 'ledgerly', name: 'Ledgerly', votes: 12, rating: null, demo: false,
  categories: [{ slug: 'finance', name: 'Finance' }], socials: { x: 'https://x.com/ledgerly' }, faqs: [],
};

const PAIRS: Array<[string, unknown, unknown]> = [
  ['the same profile, copied', profile, structuredClone(profile)],
  ['a nested value changed', profile, { ...profile, categories: [{ slug: 'finance', name: 'Finances' }] }],
  ['a key missing', profile, (({ demo: _d, ...rest }) => rest)(profile)],
  ['a key undefined against a key missing', { a: 1, b: undefined }, { a: 1 }],
  ['the same keys in another order', { a: 1, b: 2 }, { b: 2, a: 1 }],
  ['NaN and NaN', { n: NaN }, { n: NaN }],
  ['0 and -0', { n: 0 }, { n: -0 }],
  ['1 and "1"', [1], ['1']],
  ['null and undefined', [null], [undefined]],
  ['null and an empty object', null, {}],
  ['an array and an object with its indexes', [1, 2], { 0: 1, 1: 2 }],
  ['arrays of different lengths', [1, 2], [1, 2, 3]],
  ['a hole against undefined', sparse, [1, undefined, 3]],
  ['a hole against a hole', sparse, [1, , 3]],
  ['an array with an extra property', withExtra, [1, 2]],
  ['two arrays with the same extra property', withExtra, Object.assign([1, 2], { extra: true })],
  ['a symbol key', { [sym]: 1, a: 1 }, { a: 1 }],
  ['a null prototype against a plain object', nullProto, { a: 1 }],
  ['two null prototypes', nullProto, Object.assign(Object.create(null), { a: 1 })],
  ['a class instance against a plain object', new Point(1), { x: 1 }],
  ['two class instances', new Point(1), new Point(1)],
  ['dates, equal', { at: new Date(5) }, { at: new Date(5) }],
  ['dates, not equal', { at: new Date(5) }, { at: new Date(6) }],
  ['a date against its text', { at: new Date(5) }, { at: new Date(5).toISOString() }],
  ['strings', 'a', 'a'],
  ['deep arrays of objects', [[{ a: [1, { b: 'c' }] }]], [[{ a: [1, { b: 'c' }] }]]],
  ['deep arrays of objects, one leaf apart', [[{ a: [1, { b: 'c' }] }]], [[{ a: [1, { b: 'd' }] }]]],
];

describe('sameJson', () => {
  it.each(PAIRS)('%s: as isDeepStrictEqual', (_, a, b) => {
    expect(sameJson(a, b)).toBe(isDeepStrictEqual(a, b));
    expect(sameJson(b, a)).toBe(isDeepStrictEqual(b, a));
  });

  it('so that the table above holds both answers', () => {
    const answers = PAIRS.map(([, a, b]) => isDeepStrictEqual(a, b));
    expect(answers.filter(Boolean).length).toBeGreaterThan(5);
    expect(answers.filter((x) => !x).length).toBeGreaterThan(5);
  });
});
