import { escapeAttr } from './svg';

// Which badges a listing has earned, what they say and how big each style is. No I/O.

export const BADGE_SHAPES = ['standard', 'outline', 'pill', 'banner', 'square'] as const;
export const BADGE_MODES = ['light', 'dark', 'auto'] as const;
export const BADGE_SIZES = ['s', 'm', 'l'] as const;
export type BadgeShape = (typeof BADGE_SHAPES)[number];
export type BadgeMode = (typeof BADGE_MODES)[number];
export type BadgeSize = (typeof BADGE_SIZES)[number];
export type BadgeStyle = { shape: BadgeShape; mode: BadgeMode; size: BadgeSize };
export const DEFAULT_STYLE: BadgeStyle = { shape: 'standard', mode: 'auto', size: 'm' };

// Order is the order badges are offered in (most basic first, awards last).
export const BADGE_KINDS = [
  'listed', 'launched', 'featured', 'verified',
  'launch-of-the-week-1', 'launch-of-the-week-2', 'launch-of-the-week-3',
] as const;
export type BadgeKind = (typeof BADGE_KINDS)[number];

// Listings visible to the public; every other status has no badge at all.
export const PUBLIC_STATUSES = ['live', 'scheduled'] as const;
export const isPublicStatus = (status: string): boolean => (PUBLIC_STATUSES as readonly string[]).includes(status);

export type BadgeSubject = {
  status: string;
  featured: boolean;
  verified: boolean;
  awards: { week: string; rank: number }[]; // Launch of the Week placings, any order
};

export type EarnedBadge = {
  kind: BadgeKind;
  caption: string; // the words before the site name, as drawn on the badge
  label: string; // the full phrase people read
  week: string | null; // award week (Monday) for Launch of the Week badges
};

const CAPTIONS: Record<BadgeKind, string> = {
  listed: 'Listed on',
  launched: 'Launched on',
  featured: 'Featured on',
  verified: 'Verified on',
  'launch-of-the-week-1': '#1 Launch of the Week on',
  'launch-of-the-week-2': '#2 Launch of the Week on',
  'launch-of-the-week-3': '#3 Launch of the Week on',
};

const awardKind = (rank: number): BadgeKind | null =>
  rank === 1 ? 'launch-of-the-week-1' : rank === 2 ? 'launch-of-the-week-2' : rank === 3 ? 'launch-of-the-week-3' : null;

// Verified (claimed by the company) and featured (paid placement) are independent flags: neither implies the other.
export function earnedBadges(subject: BadgeSubject, siteName: string): EarnedBadge[] {
  if (!isPublicStatus(subject.status)) return [];
  const earned = new Map<BadgeKind, string | null>();
  earned.set('listed', null);
  if (subject.status === 'live') earned.set('launched', null);
  if (subject.featured) earned.set('featured', null);
  if (subject.verified) earned.set('verified', null);
  // A listing that placed the same rank in several weeks shows its most recent week.
  for (const a of [...subject.awards].sort((x, y) => y.week.localeCompare(x.week))) {
    const kind = awardKind(a.rank);
    if (kind && !earned.has(kind)) earned.set(kind, a.week);
  }
  return BADGE_KINDS.filter((k) => earned.has(k)).map((kind) => {
    const week = earned.get(kind) ?? null;
    return { kind, caption: CAPTIONS[kind], label: `${CAPTIONS[kind]} ${siteName}`, week };
  });
}

export const isBadgeKind = (s: string): s is BadgeKind => (BADGE_KINDS as readonly string[]).includes(s);
export const isAwardKind = (k: BadgeKind): boolean => k.startsWith('launch-of-the-week-');

// Drawing coordinates per shape (the viewBox); sizes scale the rendered width and height only.
export const SHAPE_BOX: Record<BadgeShape, { width: number; height: number }> = {
  standard: { width: 250, height: 64 },
  outline: { width: 250, height: 64 },
  pill: { width: 250, height: 56 },
  banner: { width: 400, height: 72 },
  square: { width: 150, height: 150 },
};
export const SIZE_SCALE: Record<BadgeSize, number> = { s: 0.8, m: 1, l: 1.25 };

export function badgeDimensions(shape: BadgeShape, size: BadgeSize): { width: number; height: number } {
  const box = SHAPE_BOX[shape];
  return { width: Math.round(box.width * SIZE_SCALE[size]), height: Math.round(box.height * SIZE_SCALE[size]) };
}

// Put together by hand rather than with URLSearchParams: get_badges gives a URL per shape and mode of each badge, and
// at 100,000 listings those URLSearchParams were ~8 % of what a listing page's first render allocated (a V8 heap
// sampling). The values are the style's enum words; each is still encoded.
export function badgeSvgUrl(siteUrl: string, slug: string, kind: BadgeKind, style: BadgeStyle): string {
  const q = `shape=${encodeURIComponent(style.shape)}&mode=${encodeURIComponent(style.mode)}&size=${encodeURIComponent(style.size)}`;
  return `${siteUrl}/badges/${encodeURIComponent(slug)}/${kind}.svg?${q}`;
}

// Ready-to-paste HTML; every interpolated value is attribute-escaped (names may hold <, &, quotes).
export function badgeEmbedHtml(a: { pageUrl: string; svgUrl: string; alt: string; width: number; height: number }): string {
  return `<a href="${escapeAttr(`${a.pageUrl}?ref=badge`)}" target="_blank" rel="noopener">`
    + `<img src="${escapeAttr(a.svgUrl)}" alt="${escapeAttr(a.alt)}" width="${a.width}" height="${a.height}"></a>`;
}

// Reads shape/mode/size from loose query values (the SVG route's query string); `invalid` names rejected fields.
export function parseBadgeStyle(q: { shape?: string; mode?: string; size?: string }): { style: BadgeStyle; invalid: string[] } {
  const invalid: string[] = [];
  const pick = <T extends string>(key: 'shape' | 'mode' | 'size', allowed: readonly T[], dflt: T): T => {
    const v = q[key];
    if (v === undefined) return dflt;
    if ((allowed as readonly string[]).includes(v)) return v as T;
    invalid.push(key);
    return dflt;
  };
  const style = {
    shape: pick('shape', BADGE_SHAPES, DEFAULT_STYLE.shape),
    mode: pick('mode', BADGE_MODES, DEFAULT_STYLE.mode),
    size: pick('size', BADGE_SIZES, DEFAULT_STYLE.size),
  };
  return { style, invalid };
}

// The free plan asks the owner to put the "Listed on" badge on their homepage before the listing is public, so
// that one image is served while the listing awaits it; the API's badge set stays public-only.
export function servableBadges(subject: BadgeSubject, siteName: string): EarnedBadge[] {
  if (subject.status !== 'awaiting_badge') return earnedBadges(subject, siteName);
  return earnedBadges({ ...subject, status: 'scheduled' }, siteName).filter((b) => b.kind === 'listed');
}
