import type { Context, Hono } from 'hono';
import type { AppDeps } from '../../app-context';
import { extensionOfMediaType, parseLogoFileName } from '../../domain/logo-files';
import { isPublicListing } from '../../domain/listing-status';
import { SLUG_PATTERN } from '../../tools/schemas';
import { listingNameBySlug, logoById } from '../../storage/queries/logos';
import { monogramSvg } from './monogram';

// GET /logos/<sha256>.<ext>: a logo the draft build checked and stored (crawler/logo-capture.ts). The name is the
// content, so it is cached for a year by everyone. The bytes came from someone else's server: nosniff and a CSP
// that allows nothing (and sandboxes the file if it is opened as a document) make sure it is only ever an image.
// GET /logos/monogram/<slug>.svg: the initials stand-in for a public listing without a logo.

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
const RASTER_CSP = "default-src 'none'; sandbox";

const plain = (status: number, message: string) =>
  new Response(`${message}\n`, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

const matchesEtag = (c: Context, etag: string) =>
  (c.req.header('if-none-match') ?? '').split(',').some((t) => t.trim() === '*' || t.trim().replace(/^W\//, '') === etag.replace(/^W\//, ''));

export function registerLogoRoutes(app: Hono, deps: AppDeps): void {
  app.get('/logos/monogram/:file{[^/]+\\.svg}', async (c) => {
    const slug = c.req.param('file').slice(0, -'.svg'.length);
    const listing = SLUG_PATTERN.test(slug) ? await listingNameBySlug(deps.db, slug) : null;
    if (!listing || !isPublicListing(listing.status)) return plain(404, 'No such listing.');
    // Cache-Control and the ETag come from transport/http-cache.ts like any public page: the name can change.
    return new Response(monogramSvg(listing.name), {
      headers: { 'content-type': 'image/svg+xml; charset=utf-8', 'x-content-type-options': 'nosniff', 'content-security-policy': SVG_CSP },
    });
  });

  app.get('/logos/:file', async (c) => {
    const file = parseLogoFileName(c.req.param('file'));
    const logo = file ? await logoById(deps.db, file.id) : null;
    if (!file || !logo || extensionOfMediaType(logo.contentType) !== file.ext) return plain(404, 'No such logo.');
    // Weak: compression (transport/compress.ts) changes the bytes on the wire, not the image.
    const etag = `W/"${logo.id}"`;
    const svg = logo.contentType === 'image/svg+xml';
    const headers: Record<string, string> = {
      'content-type': svg ? 'image/svg+xml; charset=utf-8' : logo.contentType,
      'cache-control': IMMUTABLE,
      etag,
      'x-content-type-options': 'nosniff',
      'content-security-policy': svg ? SVG_CSP : RASTER_CSP,
      'access-control-allow-origin': '*',
    };
    if (matchesEtag(c, etag)) return new Response(null, { status: 304, headers: { etag, 'cache-control': IMMUTABLE } });
    return new Response(new Uint8Array(logo.bytes), { headers });
  });
}
