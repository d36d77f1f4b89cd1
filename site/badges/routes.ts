import type { Hono } from 'hono';
import type { AppDeps } from '../../app-context';
import { isBadgeKind, parseBadgeStyle, servableBadges } from '../../domain/badges';
import { SLUG_PATTERN } from '../../tools/schemas';
import { badgeListingBySlug } from '../../storage/queries/badges';
import { renderBadgeSvg } from './svg';

const plain = (status: number, message: string) =>
  new Response(`${message}\n`, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

// Badge images people embed on their own sites: GET /badges/:slug/:kind.svg?shape=&mode=&size=.
export function registerBadgeRoutes(app: Hono, deps: AppDeps): void {
  app.get('/badges/:slug/:file{[a-z0-9-]+\\.svg}', async (c) => {
    const slug = c.req.param('slug');
    const kind = c.req.param('file').slice(0, -'.svg'.length);
    const { style, invalid } = parseBadgeStyle({ shape: c.req.query('shape'), mode: c.req.query('mode'), size: c.req.query('size') });
    if (invalid.length) {
      return plain(400, `Invalid ${invalid.join(', ')}. shape: standard, outline, pill, banner, square; mode: light, dark, auto; size: s, m, l.`);
    }
    if (!SLUG_PATTERN.test(slug) || !isBadgeKind(kind)) return plain(404, 'No such badge.');
    const listing = await badgeListingBySlug(deps.db, slug);
    const badge = listing ? servableBadges(listing, deps.config.siteName).find((b) => b.kind === kind) : undefined;
    if (!listing || !badge) return plain(404, 'No such badge: the listing is not public or has not earned it.');
    const svg = renderBadgeSvg({
      kind, caption: badge.caption, siteName: deps.config.siteName, listingName: listing.name, week: badge.week, style,
    });
    return new Response(svg, {
      headers: {
        'content-type': 'image/svg+xml; charset=utf-8',
        // Short enough that a newly earned or lost badge shows within minutes; embedders hit this on every page view.
        'cache-control': 'public, max-age=600, stale-while-revalidate=86400',
        'x-content-type-options': 'nosniff',
        // Opened directly, the SVG is a document: allow its inline style and nothing else.
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
        'access-control-allow-origin': '*',
      },
    });
  });
}
