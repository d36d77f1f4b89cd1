// WCAG 2.x contrast between two sRGB colours (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio). No I/O.
// Written here rather than taken from a colour library: it is the two formulas below, and the only colours
// it meets are the hex values the site itself writes.

export type Rgb = { r: number; g: number; b: number }; // 0..255 each

// WCAG 2.x: 4.5:1 for body text, 3:1 for large text and for graphics that carry meaning.
export const AA_TEXT = 4.5;
export const AA_LARGE_TEXT = 3;

// #rgb or #rrggbb (any case, # optional); null for anything else, so a caller never mistakes a keyword for black.
export function parseHexColor(value: string): Rgb | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!m) return null;
  const hex = m[1].length === 3 ? [...m[1]].map((ch) => ch + ch).join('') : m[1];
  return { r: parseInt(hex.slice(0, 2), 16), g: parseInt(hex.slice(2, 4), 16), b: parseInt(hex.slice(4, 6), 16) };
}

export const toHex = ({ r, g, b }: Rgb) => `#${[r, g, b].map((v) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, '0')).join('')}`;

const linear = (channel: number) => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

// 0 for black … 1 for white.
export function relativeLuminance(color: Rgb): number {
  return 0.2126 * linear(color.r) + 0.7152 * linear(color.g) + 0.0722 * linear(color.b);
}

function rgbOf(value: string | Rgb): Rgb {
  if (typeof value !== 'string') return value;
  const rgb = parseHexColor(value);
  if (!rgb) throw new Error(`Not a hex colour: ${JSON.stringify(value)}`);
  return rgb;
}

// 1 (same luminance) … 21 (black on white); symmetric in its arguments. Hex strings or RGB.
export function contrastRatio(a: string | Rgb, b: string | Rgb): number {
  const [la, lb] = [relativeLuminance(rgbOf(a)), relativeLuminance(rgbOf(b))];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

// The candidate that reads best on `background` (the first one wins a tie).
export function mostReadableOn(background: string, candidates: readonly string[]): string {
  if (!candidates.length) throw new Error('No candidate colours');
  return candidates.reduce((best, c) => (contrastRatio(c, background) > contrastRatio(best, background) ? c : best));
}

export const WHITE: Rgb = { r: 255, g: 255, b: 255 };
export const NEAR_BLACK: Rgb = { r: 17, g: 24, b: 39 }; // #111827, the site's text colour

// White or near-black, whichever reads better on the background.
export function textColourOn(bg: Rgb): Rgb {
  return contrastRatio(WHITE, bg) >= contrastRatio(NEAR_BLACK, bg) ? WHITE : NEAR_BLACK;
}

// HSL (h in degrees, s and l 0–1) to sRGB.
export function hsl(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return { r: Math.round(255 * f(0)), g: Math.round(255 * f(8)), b: Math.round(255 * f(4)) };
}
