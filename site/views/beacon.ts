import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import type { AppDeps } from '../../app-context';
import { clientIp } from '../../auth/actor';
import { countListingView } from '../../storage/queries/views';
import { isBot, viewDay, visitorDigest } from '../../domain/page-views';

// Listing pages are cached (by browsers, proxies and CDNs), so they cannot count their views when rendered. Each
// page carries a 1×1 image, /v/{slug}.gif, that is never cached: every real page view fetches it, whether the page
// came from a cache or not. A view counts once per visitor, listing and day; programs are not visitors.
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const MAX_DIGESTS = 1_000_000; // about 40 MB at worst; past it the day's further views are not counted

export function registerViewBeacon(app: Hono, deps: AppDeps): void {
  // Today's digests, and a salt that lives only as long as they do (kept in memory, never written).
  let day = '';
  let salt = '';
  const seen = new Set<string>();

  app.get('/v/:file{[a-z0-9][a-z0-9-]{0,199}\\.gif}', (c) => {
    const slug = c.req.param('file').slice(0, -'.gif'.length);
    const ua = c.req.header('user-agent');
    const prefetch = /prefetch|prerender/i.test(`${c.req.header('sec-purpose') ?? ''} ${c.req.header('purpose') ?? ''}`);
    if (!isBot(ua) && !prefetch) {
      const today = viewDay(deps.clock.now());
      if (today !== day) {
        day = today;
        salt = randomBytes(16).toString('hex');
        seen.clear();
      }
      const digest = visitorDigest(salt, day, clientIp(c, deps.config), ua!, slug);
      if (!seen.has(digest) && seen.size < MAX_DIGESTS) {
        seen.add(digest);
        countListingView(deps.db, slug);
      }
    }
    return new Response(new Uint8Array(PIXEL), {
      headers: { 'content-type': 'image/gif', 'cache-control': 'no-store, private', 'x-robots-tag': 'noindex' },
    });
  });
}
