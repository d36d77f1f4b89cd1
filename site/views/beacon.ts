import type { Hono } from 'hono';
import type { AppDeps } from '../../app-context';
import { clientIp } from '../../auth/actor';
import { countListingView } from '../../storage/queries/views';
import { isBot, viewDay } from '../../domain/page-views';
import { memoryViewDedupe } from './memory-dedupe';

// Listing pages are cached (by browsers, proxies and CDNs), so they cannot count their views when rendered. Each
// page carries a 1×1 image, /v/{slug}.gif, that is never cached: every real page view fetches it, whether the page
// came from a cache or not. A view counts once per visitor, listing and day; programs are not visitors.
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export function registerViewBeacon(app: Hono, deps: AppDeps): void {
  // Today's digests, and a salt that lives only as long as they do: in memory, or in the limits file every
  // process shares (LIMITS_STORE=sqlite), deleted with the day.
  const dedupe = deps.views ?? memoryViewDedupe();

  app.get('/v/:file{[a-z0-9][a-z0-9-]{0,199}\\.gif}', async (c) => {
    const slug = c.req.param('file').slice(0, -'.gif'.length);
    const ua = c.req.header('user-agent');
    const prefetch = /prefetch|prerender/i.test(`${c.req.header('sec-purpose') ?? ''} ${c.req.header('purpose') ?? ''}`);
    if (!isBot(ua) && !prefetch) {
      if (await dedupe.firstView(viewDay(deps.clock.now()), clientIp(c, deps.config), ua!, slug)) countListingView(deps.db, slug);
    }
    return new Response(new Uint8Array(PIXEL), {
      headers: { 'content-type': 'image/gif', 'cache-control': 'no-store, private', 'x-robots-tag': 'noindex' },
    });
  });
}
