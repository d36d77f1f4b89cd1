// About how many bytes of V8's heap a value of plain data holds (what JSON can carry, plus byte arrays): what a kept
// answer counts against a cache's byte budget (domain/lru.ts ByteBudget).
// Written here rather than taken from a package: object-sizeof's walk (its v1) counts no object or array headers,
// counts each property name again in every object (V8 shares them), and never a string at two bytes a character;
// its v2 is the length of the value's JSON, which is all of those at once. Neither is near what V8 holds for rows
// of short fields, nor for a page with one em dash in it. The figures are V8's on 64-bit Node with pointer compression
// off: a header of 3 pointers for an object or array and one slot per property or element; a string's header and its
// characters, one byte each for Latin-1 text and two for a string holding anything else (one "—" or "→" makes a
// whole page two bytes a character; only strings of LONG characters or more are scanned for it: a name or a slug is
// short, and a scan of every field would cost as much as the walk); a number that is not a small integer is a boxed
// double.
// A string or object reached twice is counted twice, so shared parts make an over- rather than an underestimate.
const HEADER = 24;
const SLOT = 8;
const STRING_HEADER = 16;
const BOXED_NUMBER = 16;
const LONG = 64;
const BEYOND_LATIN1 = /[^\u0000-\u00ff]/;

export function approxBytes(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return STRING_HEADER + (value.length >= LONG && BEYOND_LATIN1.test(value) ? 2 * value.length : value.length);
    case 'number':
      return Number.isInteger(value) && Math.abs(value) < 2 ** 30 ? 0 : BOXED_NUMBER;
    case 'bigint':
      return BOXED_NUMBER;
    case 'object': {
      if (value === null) return 0;
      if (ArrayBuffer.isView(value)) return HEADER * 3 + value.byteLength;
      if (Array.isArray(value)) {
        let sum = HEADER + value.length * SLOT;
        for (const item of value) sum += approxBytes(item);
        return sum;
      }
      let sum = HEADER;
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue;
        sum += SLOT + approxBytes((value as Record<string, unknown>)[key]);
      }
      return sum;
    }
    default:
      return 0; // booleans, undefined and null are shared constants; functions and symbols are not data
  }
}
