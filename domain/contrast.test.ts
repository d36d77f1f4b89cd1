import { describe, expect, it } from 'vitest';
import { contrastRatio, hsl, NEAR_BLACK, parseHex, relativeLuminance, textColourOn, toHex, WHITE } from './contrast';

const rgb = (hex: string) => parseHex(hex)!;

describe('relative luminance and contrast ratio (WCAG 2.x)', () => {
  it.each([
    ['#000000', 0],
    ['#ffffff', 1],
    ['#808080', 0.2159],
    ['#ff0000', 0.2126],
    ['#00ff00', 0.7152],
    ['#0000ff', 0.0722],
  ])('luminance of %s is %d', (hex, expected) => {
    expect(relativeLuminance(rgb(hex))).toBeCloseTo(expected, 4);
  });

  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    ['#777777', '#ffffff', 4.48], // the classic "just fails AA" grey
    ['#767676', '#ffffff', 4.54], // and the one that passes
    ['#0000ff', '#ffffff', 8.59],
    ['#ff0000', '#ffffff', 4.0],
  ])('%s on %s is %d:1, whichever comes first', (a, b, expected) => {
    expect(contrastRatio(rgb(a), rgb(b))).toBeCloseTo(expected, 2);
    expect(contrastRatio(rgb(b), rgb(a))).toBeCloseTo(expected, 2);
  });
});

describe('textColourOn', () => {
  it.each([
    ['#1d4ed8', WHITE], ['#111827', WHITE], ['#7c3aed', WHITE],
    ['#fde047', NEAR_BLACK], ['#ffffff', NEAR_BLACK], ['#22d3ee', NEAR_BLACK],
  ])('on %s', (bg, expected) => {
    expect(textColourOn(rgb(bg))).toEqual(expected);
  });
});

describe('hex and HSL', () => {
  it.each([
    ['#abc', { r: 170, g: 187, b: 204 }], ['1D4ED8', { r: 29, g: 78, b: 216 }], ['#12345', null], ['red', null], ['#gggggg', null],
  ])('parseHex(%j)', (hex, expected) => {
    expect(parseHex(hex)).toEqual(expected);
  });
  it.each([
    [0, 1, 0.5, '#ff0000'], [120, 1, 0.5, '#00ff00'], [240, 1, 0.5, '#0000ff'], [0, 0, 0, '#000000'], [0, 0, 1, '#ffffff'], [210, 0.5, 0.4, '#336699'],
  ])('hsl(%d, %d, %d) is %s', (h, s, l, hex) => {
    expect(toHex(hsl(h, s, l))).toBe(hex);
  });
});
