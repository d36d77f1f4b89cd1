import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { inflateSync } from 'node:zlib';
import { startApp, type TestApp } from './harness';
import { registerSeoRoutes } from '../site/seo/routes';
import { memoComputes } from '../storage/queries/memo';
import { queuedJobs } from '../jobs/port';
import { etagOf } from '../domain/etag';

// What crawlers and browsers ask every site for.
let app: TestApp;
beforeAll(async () => { app = await startApp({ demo: true }); });
afterAll(async () => { await app?.close(); });

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe('robots.txt and sitemaps', () => {
  it('robots.txt keeps crawlers out of personal and machine endpoints and names the sitemap', async () => {
    const res = await fetch(`${app.url}/robots.txt`);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    for (const path of ['/account', '/oauth/', '/mcp', '/api/', '/checkout']) expect(text).toContain(`Disallow: ${path}`);
    expect(text).toContain(`Sitemap: ${app.url}/sitemap.xml`);
  });

  it('sitemap.xml lists listings, categories, launch weeks, founders and blog posts of the live site', async () => {
    const res = await fetch(`${app.url}/sitemap.xml`);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const urls = locs(await res.text());
    const listing = (await (await fetch(`${app.api}/listings?per_page=1`)).json()).items[0];
    const post = (await (await fetch(`${app.api}/blog?per_page=1`)).json()).items[0];
    const founder = (await (await fetch(`${app.api}/founders?per_page=1`)).json()).items[0];
    const category = (await (await fetch(`${app.api}/categories`)).json()).items[0];
    expect(urls).toContain(`${app.url}/listings/${listing.slug}`);
    expect(urls).toContain(`${app.url}/blog/${post.slug}`);
    expect(urls).toContain(`${app.url}/founders/${founder.slug}`);
    expect(urls).toContain(`${app.url}/categories/${category.slug}`);
    expect(urls.some((u) => /\/launches\/weeks\/\d{4}-\d{2}-\d{2}$/.test(u))).toBe(true);
    expect(new Set(urls).size).toBe(urls.length);
    // Every URL answers 200.
    for (const u of urls.filter((_, i) => i % 40 === 0)) expect((await fetch(u)).status, u).toBe(200);
  });

  it('sitemap.xml carries the ETag of its bytes: a crawler that has it gets a 304, in any encoding', async () => {
    const res = await fetch(`${app.url}/sitemap.xml`, { headers: { 'accept-encoding': 'identity' } });
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    expect(etag).toBe(etagOf(new Uint8Array(await res.arrayBuffer())));
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=/);
    for (const encoding of ['identity', 'br', 'gzip']) {
      const again = await fetch(`${app.url}/sitemap.xml`, { headers: { 'if-none-match': etag, 'accept-encoding': encoding } });
      expect(again.status, encoding).toBe(304);
    }
  });

  // Files of at most maxUrls URLs, written from rows read `batch` at a time (a file's end falls inside a batch, on
  // one, or never): whatever the two, the files name the same URLs in the same order as the one sitemap served.
  it.each([
    [100, undefined], [7, 3], [6, 3], [5, 7], [100_000, 2],
  ])('with %s URLs a file and rows read %s at a time, names every page once, in order', async (maxUrls, batch) => {
    const whole = locs(await (await fetch(`${app.url}/sitemap.xml`)).text());
    expect(whole.length).toBeGreaterThan(20);
    const small = new Hono();
    registerSeoRoutes(small, { db: app.db, config: app.config, clock: app.clock, jobs: queuedJobs }, { maxUrls, batch });
    const first = await (await small.request('/sitemap.xml')).text();
    if (whole.length <= maxUrls) {
      expect(first).toContain('<urlset');
      expect(locs(first)).toEqual(whole);
      return;
    }
    expect(first).toContain('<sitemapindex');
    const parts = locs(first);
    expect(parts.length).toBe(Math.ceil(whole.length / maxUrls));
    const all: string[] = [];
    for (const p of parts) {
      const res = await small.request(new URL(p).pathname);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
      const urls = locs(text);
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(maxUrls);
      all.push(...urls);
    }
    expect(all).toEqual(whole);
    expect((await small.request(`/sitemaps/${parts.length + 1}.xml`)).status).toBe(404);
    expect((await small.request('/sitemaps/0.xml')).status).toBe(404);
  });

  // Each file is made from its own entries (the index from counts alone): a part asked for first, before the index or
  // the parts before it, holds the same URLs as when read in order.
  it.each([[7, 3], [5, 2], [9, 100]])('with %s URLs a file, parts read last to first hold the same URLs', async (maxUrls, batch) => {
    const whole = locs(await (await fetch(`${app.url}/sitemap.xml`)).text());
    const small = new Hono();
    registerSeoRoutes(small, { db: app.db, config: app.config, clock: app.clock, jobs: queuedJobs }, { maxUrls, batch });
    const count = Math.ceil(whole.length / maxUrls);
    const parts: string[][] = [];
    for (let n = count; n >= 1; n--) {
      const res = await small.request(`/sitemaps/${n}.xml`);
      expect(res.status).toBe(200);
      parts[n - 1] = locs(await res.text());
    }
    expect(parts.flat()).toEqual(whole);
    expect(locs(await (await small.request('/sitemap.xml')).text())).toHaveLength(count);
  });

  // The index says how many parts there are: asking for parts past them makes nothing (each had cost a count of the
  // directory, and pushed the real files out of memory).
  it('answers a part that does not exist from the index, making nothing', async () => {
    const small = new Hono();
    registerSeoRoutes(small, { db: app.db, config: app.config, clock: app.clock, jobs: queuedJobs }, { maxUrls: 7, batch: 3 });
    const parts = locs(await (await small.request('/sitemap.xml')).text()).length;
    expect((await small.request('/sitemaps/1.xml')).status).toBe(200);
    const made = memoComputes(app.db, 'sitemaps');
    for (const n of [parts + 1, parts + 2, 500, 9999]) expect((await small.request(`/sitemaps/${n}.xml`)).status).toBe(404);
    expect(memoComputes(app.db, 'sitemaps')).toBe(made);
    expect((await small.request('/sitemaps/1.xml')).status).toBe(200);
    expect(memoComputes(app.db, 'sitemaps')).toBe(made);
  });
});

describe('icons', () => {
  it('serves an SVG favicon, a real PNG app icon and an ICO, linked from every page', async () => {
    const svg = await fetch(`${app.url}/favicon.svg`);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(await svg.text()).toMatch(/^<svg /);
    const png = Buffer.from(await (await fetch(`${app.url}/apple-touch-icon.png`)).arrayBuffer());
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(180);
    // The image data decodes to 180 rows of RGBA.
    const idat = png.indexOf('IDAT');
    const raw = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
    expect(raw.length).toBe(180 * (180 * 4 + 1));
    const ico = Buffer.from(await (await fetch(`${app.url}/favicon.ico`)).arrayBuffer());
    expect(ico.readUInt16LE(2)).toBe(1);
    expect(ico.subarray(23, 26).toString()).toBe('PNG');
    const home = await (await fetch(`${app.url}/`)).text();
    expect(home).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>');
    expect(home).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png"/>');
  });
});

describe('/bot', () => {
  it('tells who crawls, why, and how to opt out, matching the crawler\'s User-Agent', async () => {
    const { userAgentFor, BOT_TOKEN } = await import('../crawler/safe-fetch');
    expect(userAgentFor(app.url)).toContain(`+${app.url}/bot`);
    const res = await fetch(`${app.url}/bot`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(BOT_TOKEN);
    expect(html).toContain('robots.txt');
    expect(html).toContain(`User-agent: ${BOT_TOKEN}\nDisallow: /`);
  });
});
