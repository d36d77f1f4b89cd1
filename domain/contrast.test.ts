import { describe, expect, it } from 'vitest';
import { contrastRatio, hsl, mostReadableOn, NEAR_BLACK, parseHexColor, relativeLuminance, textColourOn, toHex, WHITE } from './contrast';

describe('parseHexColor', () => {
  it.each([
    ['#000000', { r: 0, g: 0, b: 0 }],
    ['#FFFFFF', { r: 255, g: 255, b: 255 }],
    ['#fff', { r: 255, g: 255, b: 255 }],
    ['#1a2B3c', { r: 26, g: 43, b: 60 }],
    [' #abc ', { r: 170, g: 187, b: 204 }],
  ])('%j → %j', (input, expected) => {
    expect(parseHexColor(input)).toEqual(expected);
  });

  it.each(['white', 'none', '#ffff', '#12345', '#gggggg', 'rgb(0,0,0)', '', 'currentColor'])('rejects %j', (input) => {
    expect(parseHexColor(input)).toBeNull();
  });
});

describe('relativeLuminance', () => {
  it.each([
    ['#000000', 0],
    ['#ffffff', 1],
    ['#ff0000', 0.2126],
    ['#00ff00', 0.7152],
    ['#0000ff', 0.0722],
    ['#808080', 0.2158605], // sRGB 128 is far darker than half in linear light
    ['#0a0a0a', 0.0030353], // below the 0.04045 knee: the linear segment
  ])('%s → %f', (hex, expected) => {
    expect(relativeLuminance(parseHexColor(hex)!)).toBeCloseTo(expected, 6);
  });
});

describe('contrastRatio', () => {
  // Reference values from the WCAG definition, as WebAIM's contrast checker reports them.
  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    ['#777777', '#ffffff', 4.48], // the classic just-fails grey
    ['#767676', '#ffffff', 4.54], // the darkest grey that passes AA on white
    ['#ff0000', '#ffffff', 4.0],
    ['#0000ff', '#ffffff', 8.59],
    ['#808080', '#000000', 5.32],
    ['#2563eb', '#ffffff', 5.17],
    ['#d4a017', '#ffffff', 2.38],
  ])('%s on %s = %f', (a, b, expected) => {
    expect(contrastRatio(a, b)).toBeCloseTo(expected, 2);
  });

  it('is symmetric and shorthand equals longhand', () => {
    expect(contrastRatio('#123456', '#fedcba')).toBe(contrastRatio('#fedcba', '#123456'));
    expect(contrastRatio('#abc', '#000')).toBe(contrastRatio('#aabbcc', '#000000'));
  });

  it('throws on a colour it cannot read instead of guessing', () => {
    expect(() => contrastRatio('none', '#fff')).toThrow(/Not a hex colour/);
  });
});

describe('mostReadableOn', () => {
  it.each([
    ['#2563eb', '#ffffff'], // blue: white ink
    ['#d4a017', '#0f172a'], // gold: dark ink
    ['#8a94a6', '#0f172a'], // silver: dark ink
    ['#777777', '#ffffff'], // 4.48 against 3.98: white, though neither reaches AA
    ['#ca8a04', '#0f172a'],
  ])('on %s picks %s', (bg, ink) => {
    expect(mostReadableOn(bg, ['#ffffff', '#0f172a'])).toBe(ink);
  });

  it('keeps the first candidate on a tie and refuses an empty list', () => {
    expect(mostReadableOn('#808080', ['#808080', '#808080'])).toBe('#808080');
    expect(() => mostReadableOn('#fff', [])).toThrow();
  });
});


const rgb = (hex: string) => parseHexColor(hex)!;

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
  ])('parseHexColor(%j)', (hex, expected) => {
    expect(parseHexColor(hex)).toEqual(expected);
  });
  it.each([
    [0, 1, 0.5, '#ff0000'], [120, 1, 0.5, '#00ff00'], [240, 1, 0.5, '#0000ff'], [0, 0, 0, '#000000'], [0, 0, 1, '#ffffff'], [210, 0.5, 0.4, '#336699'],
  ])('hsl(%d, %d, %d) is %s', (h, s, l, hex) => {
    expect(toHex(hsl(h, s, l))).toBe(hex);
  });
});
