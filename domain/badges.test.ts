import { describe, expect, it } from 'vitest';
import {
  BADGE_MODES, BADGE_SHAPES, BADGE_SIZES, badgeDimensions, badgeEmbedHtml, badgeSvgUrl, earnedBadges, isPublicStatus,
  parseBadgeStyle, servableBadges, type BadgeSubject,
} from './badges';

const SITE = 'Launch Directory';
const base: BadgeSubject = { status: 'live', featured: false, verified: false, awards: [] };
const kinds = (s: Partial<BadgeSubject>) => earnedBadges({ ...base, ...s }, SITE).map((b) => b.kind);

describe('earnedBadges', () => {
  it.each<[string, Partial<BadgeSubject>, string[]]>([
    ['live listing', {}, ['listed', 'launched']],
    ['scheduled listing', { status: 'scheduled' }, ['listed']],
    ['draft listing', { status: 'draft', featured: true, verified: true }, []],
    ['awaiting badge', { status: 'awaiting_badge' }, []],
    ['rejected', { status: 'rejected', awards: [{ week: '2026-11-09', rank: 1 }] }, []],
    ['featured', { featured: true }, ['listed', 'launched', 'featured']],
    ['verified, not paid', { verified: true }, ['listed', 'launched', 'verified']],
    ['all flags', { featured: true, verified: true }, ['listed', 'launched', 'featured', 'verified']],
    ['award #2', { awards: [{ week: '2026-11-09', rank: 2 }] }, ['listed', 'launched', 'launch-of-the-week-2']],
    ['awards #3 and #1', { awards: [{ week: '2026-11-02', rank: 3 }, { week: '2026-11-09', rank: 1 }] },
      ['listed', 'launched', 'launch-of-the-week-1', 'launch-of-the-week-3']],
    ['rank outside 1..3 ignored', { awards: [{ week: '2026-11-09', rank: 4 }] }, ['listed', 'launched']],
  ])('%s', (_name, subject, expected) => {
    expect(kinds(subject)).toEqual(expected);
  });

  it('labels badges with the site name and keeps the most recent award week', () => {
    const badges = earnedBadges({ ...base, awards: [{ week: '2026-10-05', rank: 1 }, { week: '2026-11-09', rank: 1 }] }, SITE);
    expect(badges.find((b) => b.kind === 'listed')!.label).toBe('Listed on Launch Directory');
    expect(badges.find((b) => b.kind === 'launched')!.label).toBe('Launched on Launch Directory');
    const award = badges.find((b) => b.kind === 'launch-of-the-week-1')!;
    expect(award.label).toBe('#1 Launch of the Week on Launch Directory');
    expect(award.week).toBe('2026-11-09');
    expect(badges.find((b) => b.kind === 'listed')!.week).toBeNull();
  });

  it.each([['live', true], ['scheduled', true], ['submitted', false], ['draft', false]])('isPublicStatus(%s) = %s', (s, v) => {
    expect(isPublicStatus(s)).toBe(v);
  });
});

describe('servableBadges (what the SVG route draws)', () => {
  it.each<[string, Partial<BadgeSubject>, string[]]>([
    ['awaiting its badge: only the Listed on image it was asked to embed', { status: 'awaiting_badge', featured: true, verified: true }, ['listed']],
    ['live: the same as earned', { verified: true }, ['listed', 'launched', 'verified']],
    ['submitted: nothing', { status: 'submitted' }, []],
    ['rejected: nothing', { status: 'rejected' }, []],
  ])('%s', (_name, subject, expected) => {
    expect(servableBadges({ ...base, ...subject }, SITE).map((b) => b.kind)).toEqual(expected);
  });
});

describe('badge styles', () => {
  it('gives every shape × size positive integer dimensions that grow with size', () => {
    for (const shape of BADGE_SHAPES) {
      const [s, m, l] = BADGE_SIZES.map((size) => badgeDimensions(shape, size));
      for (const d of [s, m, l]) expect(Number.isInteger(d.width) && Number.isInteger(d.height) && d.width > 0 && d.height > 0).toBe(true);
      expect(s.width).toBeLessThan(m.width);
      expect(m.width).toBeLessThan(l.width);
    }
  });

  it.each<[Record<string, string>, object, string[]]>([
    [{}, { shape: 'standard', mode: 'auto', size: 'm' }, []],
    [{ shape: 'pill', mode: 'dark', size: 'l' }, { shape: 'pill', mode: 'dark', size: 'l' }, []],
    [{ shape: 'bogus' }, { shape: 'standard', mode: 'auto', size: 'm' }, ['shape']],
    [{ mode: 'DARK', size: 'xl' }, { shape: 'standard', mode: 'auto', size: 'm' }, ['mode', 'size']],
  ])('parseBadgeStyle(%j)', (q, style, invalid) => {
    expect(parseBadgeStyle(q)).toEqual({ style, invalid });
  });

  it('builds the SVG URL with every style parameter', () => {
    expect(badgeSvgUrl('https://dir.test', 'acme', 'launched', { shape: 'square', mode: 'dark', size: 's' }))
      .toBe('https://dir.test/badges/acme/launched.svg?shape=square&mode=dark&size=s');
    expect(BADGE_MODES).toContain('auto');
  });
});

describe('badgeEmbedHtml', () => {
  it('escapes every interpolated value', () => {
    const html = badgeEmbedHtml({
      pageUrl: 'https://dir.test/listings/evil', svgUrl: 'https://dir.test/badges/evil/listed.svg?shape=pill&mode=auto',
      alt: `Evil <script>"&' – Listed on "Dir"`, width: 200, height: 50,
    });
    expect(html).toBe(
      '<a href="https://dir.test/listings/evil?ref=badge" target="_blank" rel="noopener">'
      + '<img src="https://dir.test/badges/evil/listed.svg?shape=pill&amp;mode=auto" '
      + 'alt="Evil &lt;script&gt;&quot;&amp;&#39; – Listed on &quot;Dir&quot;" width="200" height="50"></a>',
    );
    expect(html).not.toContain('<script');
  });
});
