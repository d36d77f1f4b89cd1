import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startApp, type TestApp } from './harness';
import { serveSite, SITES_DIR, type SiteServer } from './fixture-server';
import { caller, rest, until, type Caller } from './drafts-helpers';
import { addListing } from './fixtures';
import { contrastRatio, parseHexColor } from '../domain/contrast';
import { initials } from '../domain/monogram';

// Logos end to end: a real draft build (worker, crawler, fixture websites) stores the site's logo, the site serves it
// from /logos/<sha256>.<ext> with long-lived caching and locked-down headers, and listings without a logo (the demo
// directory) show a monogram.

const sites: Record<string, SiteServer> = {};
let app: TestApp;
let ana: Caller;
const logoOf: Record<string, string> = {};

beforeAll(async () => {
  for (const name of ['brightpath', 'trapdoor']) sites[name] = await serveSite(name);
  app = await startApp({ demo: true, env: { CRAWLER_ALLOW_PRIVATE: 'true' }, jobs: true });
  ana = await caller(app, 'ana@example.test');
  for (const name of ['brightpath', 'trapdoor']) {
    const created = await rest(app, 'POST', '/drafts', ana.auth, { url: sites[name].url });
    expect(created.status).toBe(201);
    const seen = await until(() => rest(app, 'GET', `/drafts/${created.body.id}`, ana.auth), (r) => ['ready', 'failed'].includes(r.body.status));
    const d = seen.at(-1)!.body;
    expect(d.status).toBe('ready');
    logoOf[name] = d.fields.logo_url.value;
    expect(d.fields.logo_url.evidence.length).toBeGreaterThan(0);
  }
}, 60_000);

afterAll(async () => {
  await ana.modern.close();
  await ana.legacy.close();
  await app.close();
  for (const s of Object.values(sites)) await s.close();
});

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const get = (path: string, headers: Record<string, string> = {}) => fetch(path.startsWith('http') ? path : `${app.url}${path}`, { headers });

describe('a logo captured by a draft build', () => {
  it('is the apple-touch-icon PNG, byte for byte, served from our own /logos/ with immutable caching', async () => {
    const icon = readFileSync(join(SITES_DIR, 'brightpath', 'img', 'apple-touch-icon.png'));
    expect(logoOf.brightpath).toBe(`${app.url}/logos/${sha(icon)}.png`);
    const res = await get(logoOf.brightpath);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('etag')).toBe(`W/"${sha(icon)}"`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(Buffer.from(await res.arrayBuffer()).equals(icon)).toBe(true);
  });

  it('answers a revalidation with 304, and stays public for signed-in visitors', async () => {
    const etag = (await get(logoOf.brightpath)).headers.get('etag')!;
    const again = await get(logoOf.brightpath, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const signedIn = await get(logoOf.brightpath, { authorization: ana.auth, cookie: 'sid=whatever' });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(signedIn.headers.get('vary') ?? '').not.toMatch(/cookie|authorization/i);
  });

  it('the hostile site: "logo.png" that is HTML was refused, its SVG logo is served sanitised', async () => {
    expect(logoOf.trapdoor).toMatch(new RegExp(`^${app.url}/logos/[0-9a-f]{64}\\.svg$`));
    const res = await get(logoOf.trapdoor);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const svg = await res.text();
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).not.toMatch(/script|onload|onclick|foreignObject|iframe|evil\.example|javascript:/i);
    expect(svg).toContain('<linearGradient id="g">');
    // Only the two candidates were fetched: the HTML one first (JSON-LD), then the SVG.
    expect(sites.trapdoor.saw('/logo.png')).toBe(true);
    expect(sites.trapdoor.saw('/brand/logo.svg')).toBe(true);
    const stored = await app.db.engine.prepare('SELECT content_type, source_url FROM logos ORDER BY content_type').all();
    expect(stored).toEqual([
      { content_type: 'image/png', source_url: `${sites.brightpath.origin}/img/apple-touch-icon.png` },
      { content_type: 'image/svg+xml', source_url: `${sites.trapdoor.origin}/brand/logo.svg` },
    ]);
  });

  it.each([
    ['an unknown hash', `/logos/${'0'.repeat(64)}.png`],
    ['the right hash with another extension', 'wrong-extension'],
    ['a name that is not a hash', '/logos/logo.png'],
    ['a path outside', '/logos/..%2Fassets%2Fsite.css'],
  ])('%s is 404', async (_, path) => {
    const url = path === 'wrong-extension' ? logoOf.brightpath.replace(/\.png$/, '.svg') : path;
    const res = await get(url);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  });

  it('a listing with a stored logo shows it; its evidence stays the page the logo was found on', async () => {
    await addListing(app.db, { name: 'Brightpath', slug: 'brightpath-logo', logoUrl: logoOf.brightpath });
    const html = await (await get('/listings/brightpath-logo')).text();
    expect(html).toContain(`<img class="logo" src="${logoOf.brightpath}" alt="" width="72" height="72"`);
  });
});

// The monogram <img> of one listing on a page, with its attributes.
function monogramImgs(html: string): Array<{ slug: string; src: string; width: string; height: string; alt: string }> {
  return [...html.matchAll(/<img class="logo( sm)?" src="(\/logos\/monogram\/([a-z0-9-]+)\.svg\?v=[0-9a-f]{8})" alt="([^"]*)" width="(\d+)" height="(\d+)"/g)]
    .map((m) => ({ slug: m[3], src: m[2], alt: m[4], width: m[5], height: m[6] }));
}

describe('monogram logos for listings without one', () => {
  it('every listing row of the home page shows a logo: demo listings (none has one) a monogram, sized, with alt=""', async () => {
    const html = await (await get('/')).text();
    const rows = html.match(/<li>[\s\S]*?<\/li>/g)!.filter((li) => li.includes('<strong>') && li.includes('href="/listings/'));
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      const slug = /href="\/listings\/([a-z0-9-]+)"/.exec(row)![1];
      const imgs = monogramImgs(row);
      if (slug === 'brightpath-logo') { expect(row).toContain(`src="${logoOf.brightpath}"`); continue; } // the one with a stored logo
      expect(imgs, slug).toEqual([expect.objectContaining({ slug, width: '40', height: '40', alt: '' })]);
    }
    expect(html).not.toMatch(/<span class="logo/);
  });

  it('a demo listing page and the listings list show it too', async () => {
    const page = await (await get('/listings/notion')).text();
    expect(monogramImgs(page)[0]).toMatchObject({ slug: 'notion', width: '72', height: '72' });
    const board = await (await get('/leaderboards')).text();
    expect(monogramImgs(board).length).toBeGreaterThan(5);
  });

  it('is an SVG of the initials, readable (4.5:1) on its colour, cached like a public page', async () => {
    const [img] = monogramImgs(await (await get('/listings/notion')).text());
    const res = await get(img.src);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400, stale-while-revalidate=604800');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const svg = await res.text();
    const name = await app.db.engine.prepare("SELECT name FROM listings WHERE slug = 'notion'").pluck().get() as string;
    expect(svg).toContain(`>${initials(name)}</text>`);
    const [, bg] = /<rect [^>]*fill="(#[0-9a-f]{6})"/.exec(svg)!;
    const [, fg] = /<text [^>]*fill="(#[0-9a-f]{6})"/.exec(svg)!;
    expect(contrastRatio(parseHexColor(bg)!, parseHexColor(fg)!)).toBeGreaterThanOrEqual(4.5);
  });

  it('escapes the name, and changes its URL when the name changes', async () => {
    await addListing(app.db, { name: '<script>alert(1)</script> & "Quotes"', slug: 'hostile-mark' });
    const [img] = monogramImgs(await (await get('/listings/hostile-mark')).text());
    const svg = await (await get(img.src)).text();
    expect(svg).not.toContain('<script');
    expect(svg).toContain('aria-label="&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Quotes&quot;"');
    expect(svg).toContain('>SA</text>');
    await app.db.engine.prepare("UPDATE listings SET name = 'Renamed' WHERE slug = 'hostile-mark'").run();
    const [renamed] = monogramImgs(await (await get('/listings/hostile-mark')).text());
    expect(renamed.src).not.toBe(img.src);
    expect(await (await get(renamed.src)).text()).toContain('>R</text>');
  });

  it('is 404 for unknown or non-public listings', async () => {
    await addListing(app.db, { name: 'Hidden Draft', slug: 'hidden-draft', status: 'draft' });
    for (const path of ['/logos/monogram/no-such-listing.svg', '/logos/monogram/hidden-draft.svg', '/logos/monogram/NOT_A_SLUG.svg']) {
      expect((await get(path)).status, path).toBe(404);
    }
  });
});
