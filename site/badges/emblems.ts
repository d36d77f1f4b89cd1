import type { BadgeKind } from '../../domain/badges';
import { mostReadableOn } from '../../domain/contrast';

// Accent colour and a small emblem per badge kind, drawn in a 24×24 unit box on a filled circle.
// The circle is the same in every colour scheme, so what is drawn on it only has to read against the accent.
export const ACCENT: Record<BadgeKind, string> = {
  listed: '#2563eb',
  launched: '#ea580c',
  featured: '#ca8a04',
  verified: '#16a34a',
  'launch-of-the-week-1': '#d4a017',
  'launch-of-the-week-2': '#8a94a6',
  'launch-of-the-week-3': '#cd7f32',
};

// White or near-black, whichever reads better on the accent (gold and silver need dark ink).
const INKS = ['#ffffff', '#0f172a'] as const;
export const inkOn = (accent: string): string => mostReadableOn(accent, INKS);

const GLYPHS: Partial<Record<BadgeKind, (ink: string) => string>> = {
  listed: (ink) => `<path d="M7.5 4.5h9v15l-4.5-3.4-4.5 3.4z" fill="${ink}"/>`,
  launched: (ink) => `<path d="M12 3.5c3 2.2 4.4 5.3 4.2 9.2l-1.9 2.8H9.7l-1.9-2.8C7.6 8.8 9 5.7 12 3.5z" fill="${ink}"/>`
    + `<path d="M10.2 16.6h3.6L12 20.5z" fill="${ink}"/><circle cx="12" cy="9.6" r="1.6" fill="currentColor"/>`,
  featured: (ink) => `<path d="M12 4l2.35 4.76 5.25.77-3.8 3.7.9 5.23L12 16l-4.7 2.46.9-5.23-3.8-3.7 5.25-.77z" fill="${ink}"/>`,
  verified: (ink) => `<path d="M6.5 12.5l3.7 3.7 7.3-8.2" fill="none" stroke="${ink}" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>`,
};

// The emblem centred at (cx, cy) with radius r. Award kinds show their rank as a numeral.
export function emblem(kind: BadgeKind, cx: number, cy: number, r: number): string {
  const accent = ACCENT[kind];
  const ink = inkOn(accent);
  const circle = `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${accent}"/>`;
  const rank = /-(\d)$/.exec(kind)?.[1];
  if (rank) {
    const fs = round(r * 1.15);
    return `<g class="emblem" aria-hidden="true">${circle}<text x="${cx}" y="${round(cy + fs * 0.36)}" text-anchor="middle" `
      + `font-size="${fs}" font-weight="800" fill="${ink}">${rank}</text></g>`;
  }
  const k = round((r * 2) / 24 * 0.8);
  const x = round(cx - 12 * k);
  const y = round(cy - 12 * k);
  return `<g class="emblem" aria-hidden="true" color="${accent}">${circle}<g transform="translate(${x} ${y}) scale(${k})">${GLYPHS[kind]!(ink)}</g></g>`;
}

export const round = (n: number) => Math.round(n * 100) / 100;
