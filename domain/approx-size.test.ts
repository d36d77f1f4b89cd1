import { describe, expect, it } from 'vitest';
import { approxBytes } from './approx-size';

describe('approxBytes', () => {
  it.each<[string, unknown, number]>([
    ['a small integer lives in its slot', 42, 0],
    ['a fraction is a boxed double', 4.5, 16],
    ['a large integer too', 2 ** 40, 16],
    ['booleans and null are shared', [true, null], 24 + 2 * 8],
    ['a string: header and characters', 'abcd', 16 + 4],
    ['a long string of Latin-1: a byte a character', 'é'.repeat(100), 16 + 100],
    ['a long string with one character beyond: two bytes each', `${'a'.repeat(99)}—`, 16 + 200],
    ['a middle dot is still Latin-1', `${'a'.repeat(99)}·`, 16 + 100],
    ['a short one is taken for Latin-1', 'Zoë — ok', 16 + 8],
    ['an empty object', {}, 24],
    ['an object: a slot a property and its value', { a: 'xy', b: 1 }, 24 + 8 + 18 + 8 + 0],
    ['an array: a slot an element', ['a', 'b'], 24 + 2 * 8 + 2 * 17],
    ['nested', { rows: [{ n: 1.5 }] }, 24 + 8 + (24 + 8 + (24 + 8 + 16))],
    ['byte arrays by their length', new Uint8Array(1000), 72 + 1000],
    ['functions are not data', { f: () => 1 }, 24 + 8],
    ['undefined is nothing', undefined, 0],
  ])('%s', (_, value, expected) => {
    expect(approxBytes(value)).toBe(expected);
  });

  it('grows with what a value holds, row by row', () => {
    const row = (i: number) => ({ id: i, slug: `listing-${i}`, name: `Listing ${i}`, tagline: 'x'.repeat(100), votes: i * 3 });
    const one = approxBytes([row(1)]);
    const many = approxBytes(Array.from({ length: 100 }, (_, i) => row(i + 1)));
    expect(many).toBeGreaterThan(90 * (one - 24));
    expect(many).toBeLessThan(110 * one);
    // At least what its JSON text is: V8 holds every field's text and more.
    expect(many).toBeGreaterThan(JSON.stringify(Array.from({ length: 100 }, (_, i) => row(i + 1))).length);
  });
});
