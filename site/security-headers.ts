import type { MiddlewareHandler } from 'hono';

// Headers every HTML page of the site carries. Scripts only from the site itself (a few small files that
// enhance pages which work without them; no inline script, so an injected <script> never runs);
// styles are the site stylesheet plus a few inline <style> blocks and style attributes; images are product
// logos, avatars and media hosted anywhere on the web. No page may be framed (vote, consent and pay buttons
// are one click). form-action is left open on purpose: consent redirects to the app's redirect_uri and
// checkout to the payment provider, and browsers apply form-action to those redirects.
export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "connect-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' https: http: data:",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const PAGE_HEADERS: Record<string, string> = {
  'content-security-policy': PAGE_CSP,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

// What an HTML page carries, on a site served over HTTPS or not (HSTS only over HTTPS).
export const pageHeadersFor = (https: boolean): Record<string, string> =>
  (https ? { ...PAGE_HEADERS, 'strict-transport-security': 'max-age=31536000' } : { ...PAGE_HEADERS });

// Adds the headers to HTML answers that do not set their own (the badge SVG keeps its stricter CSP, pages
// with a secret in the URL keep no-referrer). `https` adds HSTS.
export function securityHeaders(opts: { https: boolean }): MiddlewareHandler {
  const page = pageHeadersFor(opts.https);
  const apply = (headers: Headers) => {
    if (!headers.has('x-content-type-options')) headers.set('x-content-type-options', 'nosniff');
    if (!/^text\/html/i.test(headers.get('content-type') ?? '')) return;
    for (const [k, v] of Object.entries(page)) if (!headers.has(k)) headers.set(k, v);
  };
  return async (c, next) => {
    await next();
    try {
      apply(c.res.headers);
    } catch {
      // A response with immutable headers (Response.redirect, a fetched response): copy it, then set them.
      c.res = new Response(c.res.body, c.res);
      apply(c.res.headers);
    }
  };
}
