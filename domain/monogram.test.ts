import { describe, expect, it } from 'vitest';
import { contrastRatio, parseHexColor } from './contrast';
import { initials, monogramColours, nameHash } from './monogram';

describe('initials', () => {
  it.each([
    ['Lumen Notes', 'LN'],
    ['kiln', 'K'],
    ['GitHub', 'GH'],
    ['PayPal Checkout', 'PC'],
    ['Ångström Labs', 'ÅL'],
    ['e\u0301cole nouvelle', 'ÉN'], // decomposed é is one letter
    ['ñandú app', 'ÑA'],
    ['Ελληνικά Εργαλεία', 'ΕΕ'],
    ['Straße', 'S'],
    ['ßeta', 'ß'], // upper case would be two letters
    ['東京メトロ', '東'],
    ['3D Builder', '3B'],
    ["O'Reilly Media", 'OM'],
    ['🚀 Rocket', 'R'],
    ['🚀', '🚀'],
    ['👩‍👩‍👧 family', 'F'],
    ['  ', '?'],
    ['<script>alert(1)</script>', 'SA'],
    ['"&<>', '"'],
  ])('%j → %j', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});

describe('monogramColours', () => {
  it('the same name always gets the same colour; different names usually differ', () => {
    expect(monogramColours('Lumen Notes')).toEqual(monogramColours('  lumen notes '));
    const names = ['Lumen Notes', 'Kiln', 'Parcelhop', 'Feldpost', 'Tally Hall', 'Acme', 'Zebra', 'Orbit'];
    expect(new Set(names.map((n) => monogramColours(n).background)).size).toBeGreaterThan(5);
    expect(nameHash('Kiln')).toBe(nameHash('kiln'));
  });

  it('text reaches 4.5:1 on every background (checked over many names)', () => {
    for (let i = 0; i < 3000; i++) {
      const c = monogramColours(`Product ${i} ${String.fromCharCode(65 + (i % 26))}`);
      expect(c.background).toMatch(/^#[0-9a-f]{6}$/);
      expect(['#ffffff', '#111827']).toContain(c.text);
      expect(contrastRatio(parseHexColor(c.background)!, parseHexColor(c.text)!)).toBeGreaterThanOrEqual(4.5);
      expect(c.contrast).toBeGreaterThanOrEqual(4.5);
    }
  });
});
