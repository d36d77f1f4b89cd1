import { describe, expect, it } from 'vitest';
import { AddressMap, addressHash, AskedBefore } from './asked-before';

describe('AskedBefore', () => {
  it.each([
    { name: 'an address asked once is not asked before', asks: ['/a'], expected: [false] },
    { name: 'the second ask is', asks: ['/a', '/a'], expected: [false, true] },
    { name: 'then it is forgotten (the caller remembers it now)', asks: ['/a', '/a', '/a'], expected: [false, true, false] },
    { name: 'addresses are told apart', asks: ['/a', '/b', '/b', '/a'], expected: [false, false, true, true] },
    { name: 'the query is part of the address', asks: ['/a?x=1', '/a?x=2', '/a?x=1'], expected: [false, false, true] },
  ])('$name', ({ asks, expected }) => {
    const seen = new AskedBefore(100);
    expect(asks.map((a) => seen.ask(a))).toEqual(expected);
  });

  it('remembers first asks for one to two generations of other addresses', () => {
    const seen = new AskedBefore(4);
    seen.ask('/kept');
    for (let i = 0; i < 3; i++) seen.ask(`/other-${i}`); // fills the first generation: it becomes the previous one
    for (let i = 3; i < 6; i++) seen.ask(`/other-${i}`); // three into the next
    expect(seen.ask('/kept')).toBe(true);
    seen.ask('/gone');
    for (let i = 6; i < 14; i++) seen.ask(`/other-${i}`); // two whole generations later
    expect(seen.ask('/gone')).toBe(false);
  });

  it('holds a bounded number of hashes however many addresses come once', () => {
    const seen = new AskedBefore(1000);
    let again = 0;
    for (let i = 0; i < 100_000; i++) if (seen.ask(`/api/v1/listings/listing-${i}`)) again++;
    // Distinct addresses: only a hash collision within two generations (~2,000 hashes of 2^30) could say otherwise.
    expect(again).toBeLessThanOrEqual(2);
    const sets = Object.values(seen).filter((v): v is Set<number> => v instanceof Set);
    expect(sets).toHaveLength(2);
    expect(sets.reduce((n, s) => n + s.size, 0)).toBeLessThanOrEqual(2000);
  });

  it.each(['', '/', '/api/v1/listings/notion', '/listings/ünïcode?q=日本', 'x'.repeat(10_000)])('hashes %j to a small integer', (text) => {
    const h = addressHash(text);
    expect(Number.isInteger(h) && h >= 0 && h < 2 ** 30).toBe(true);
    expect(addressHash(text)).toBe(h);
  });

  it('refuses a generation of no addresses', () => {
    expect(() => new AskedBefore(0)).toThrow(RangeError);
  });
});

describe('AddressMap', () => {
  it('takes an address in at its second ask, replaces one it holds, and forgets on delete', () => {
    const map = new AddressMap<string>(100);
    map.remember('/a', 'first');
    expect(map.get('/a')).toBeUndefined();
    expect(map.size).toBe(0);
    map.remember('/a', 'second');
    expect(map.get('/a')).toBe('second');
    map.remember('/a', 'third'); // already held: replaced at once
    expect(map.get('/a')).toBe('third');
    map.delete('/a');
    expect(map.get('/a')).toBeUndefined();
    map.remember('/a', 'fourth'); // asked again from the start
    expect(map.get('/a')).toBeUndefined();
  });

  it('holds at most its count, the least recently used going first', () => {
    const map = new AddressMap<number>(3);
    for (const a of ['/1', '/2', '/3', '/4']) {
      map.remember(a, 0);
      map.remember(a, 1);
    }
    expect(map.size).toBe(3);
    expect(map.get('/1')).toBeUndefined();
    expect(map.get('/4')).toBe(1);
  });
});
