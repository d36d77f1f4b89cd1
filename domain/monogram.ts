import { AA_TEXT, contrastRatio, hsl, textColourOn, toHex, WHITE, type Rgb } from './contrast';

// A product without a logo is shown by its initials on a colour of its own: the same name always gets the same
// colour, and the letters are white or near-black, whichever reaches 4.5:1 against it.

const GRAPHEMES = new Intl.Segmenter('und', { granularity: 'grapheme' });
const firstGrapheme = (s: string) => GRAPHEMES.segment(s)[Symbol.iterator]().next().value?.segment ?? '';
// Upper case where the script has one, unless that changes the letter count (ß → SS).
const upper = (g: string) => {
  const u = g.toLocaleUpperCase('und');
  return [...GRAPHEMES.segment(u)].length === 1 ? u : g;
};
const WORDS = /[\p{L}\p{N}][\p{L}\p{N}\p{M}'’]*/gu;

// One or two letters: the first letters of the first two words ("Lumen Notes" → LN), of a word's humps
// ("GitHub" → GH), or of its one word ("kiln" → K). Names with no letters at all keep their first character.
export function initials(name: string): string {
  const text = name.normalize('NFC').trim();
  const [first, second] = text.match(WORDS) ?? [];
  if (first && second) return upper(firstGrapheme(first)) + upper(firstGrapheme(second));
  if (first) {
    const hump = /\p{Ll}(\p{Lu})/u.exec(first);
    return upper(firstGrapheme(first)) + (hump ? hump[1] : '');
  }
  return firstGrapheme(text) || '?';
}

export const graphemeCount = (s: string) => [...GRAPHEMES.segment(s)].length;

// FNV-1a over the name's UTF-16 units: small, stable across runs and machines, and spreads similar names apart.
export function nameHash(name: string): number {
  let h = 0x811c9dc5;
  const s = name.normalize('NFC').trim().toLowerCase();
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export type MonogramColours = { background: string; text: string; contrast: number };

export function monogramColours(name: string): MonogramColours {
  const h = nameHash(name);
  const hue = h % 360;
  const saturation = 0.45 + ((h >>> 9) % 30) / 100;
  let lightness = 0.32 + ((h >>> 17) % 30) / 100;
  let bg: Rgb = hsl(hue, saturation, lightness);
  let text = textColourOn(bg);
  // Mid-tones reach about 4.4:1 at best with near-black: move away from the text colour until 4.5:1 holds.
  while (contrastRatio(bg, text) < AA_TEXT) {
    lightness += text === WHITE ? -0.02 : 0.02;
    bg = hsl(hue, saturation, Math.min(1, Math.max(0, lightness)));
    text = textColourOn(bg);
  }
  return { background: toHex(bg), text: toHex(text), contrast: contrastRatio(bg, text) };
}
