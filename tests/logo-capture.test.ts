import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { captureLogo, type LogoCandidate } from '../crawler/logo-capture';
import { RobotsCache } from '../crawler/robots';
import { userAgentFor } from '../crawler/safe-fetch';
import { buildDraft } from '../crawler/build-draft';
import { extractFacts } from '../crawler/extract';
import { logoCandidates } from '../crawler/assemble';
import { toSource } from '../crawler/build-draft';
import { SHARE_IMAGE_RANK } from '../crawler/extract-page';
import { serveSite, SITES_DIR, type SiteServer } from './fixture-server';

// The logo step of a draft build against fixture websites on 127.0.0.1: which candidates the pages name, in which
// order they are tried, and what is refused. The bytes decide, never the Content-Type.

const fetch = { allowPrivate: false, userAgent: userAgentFor('http://directory.test'), trustAddress: (a: string) => a === '127.0.0.1' };
const sites: Record<string, SiteServer> = {};
beforeAll(async () => {
  for (const name of ['brightpath', 'trapdoor', 'fakelogo', 'bare']) sites[name] = await serveSite(name);
});
afterAll(async () => {
  for (const s of Object.values(sites)) await s.close();
});

const at = (site: string, path: string, rank = 1): LogoCandidate => ({ url: `${sites[site].origin}${path}`, evidence: [{ url: sites[site].url, quote: path }], rank });
const fixture = (site: string, path: string) => readFileSync(join(SITES_DIR, site, path));
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('logo candidates from the pages', () => {
  it('JSON-LD logo first, then icons (apple-touch-icon counted as 180 px), the share image last; .ico never', () => {
    const html = fixture('brightpath', 'index.html').toString('utf8').replaceAll('{{origin}}', sites.brightpath.origin);
    const { facts, pages } = extractFacts([{ url: sites.brightpath.url, html }]);
    const found = logoCandidates(facts, pages.map(toSource));
    expect(found.map((c) => [c.url.replace(sites.brightpath.origin, ''), c.rank])).toEqual([
      ['/img/logo-huge.png', 1], ['/img/apple-touch-icon.png', 3], ['/img/share.png', SHARE_IMAGE_RANK],
    ]);
    expect(found[1].evidence).toEqual([{ url: sites.brightpath.url, quote: '/img/apple-touch-icon.png', source: 'attribute' }]);
  });
});

describe('captureLogo', () => {
  it.each([
    ['a PNG', 'brightpath', '/img/apple-touch-icon.png', 'png', 'image/png', 180, 180],
    ['a JPEG', 'brightpath', '/img/logo.jpg', 'jpeg', 'image/jpeg', 48, 48],
    ['a WebP', 'brightpath', '/img/logo.webp', 'webp', 'image/webp', 48, 48],
    ['a real PNG served as text/html', 'trapdoor', '/brand/mislabelled.png', 'png', 'image/png', 48, 48],
  ])('keeps %s as served, named by its hash', async (_, site, path, type, mediaType, width, height) => {
    const { logo, refused } = await captureLogo({ candidates: [at(site, path)], fetch });
    expect(refused).toEqual([]);
    const bytes = fixture(site, path.slice(1));
    expect(logo).toMatchObject({ type, mediaType, width, height, id: sha(bytes), sourceUrl: `${sites[site].origin}${path}` });
    expect(logo!.bytes.equals(bytes)).toBe(true);
    expect(logo!.evidence).toEqual([{ url: sites[site].url, quote: path }]);
  });

  it('tries the candidates in order and keeps the first real image, saying why the others were refused', async () => {
    const { logo, refused } = await captureLogo({
      candidates: [at('brightpath', '/img/missing.png'), at('trapdoor', '/logo.png'), at('brightpath', '/img/logo-huge.png'), at('trapdoor', '/huge.png'), at('brightpath', '/img/logo.jpg')],
      fetch,
    });
    expect(logo).toMatchObject({ type: 'jpeg' });
    expect(refused.map((r) => r.reason)).toEqual([
      'HTTP 404',
      'not a PNG, JPEG, WebP or SVG image', // HTML served as image/png
      'the image is larger than 4096 × 4096',
      'the file is larger than 512 KB',
    ]);
  });

  it('sanitises an SVG logo: no script, handlers, foreignObject or outside references are stored', async () => {
    const { logo } = await captureLogo({ candidates: [at('trapdoor', '/brand/logo.svg')], fetch });
    expect(logo).toMatchObject({ type: 'svg', mediaType: 'image/svg+xml', width: 64, height: 64 });
    const svg = logo!.bytes.toString('utf8');
    expect(svg).not.toMatch(/script|onload|onclick|foreignObject|iframe|evil\.example|javascript:/i);
    expect(svg).toContain('fill="url(#g)"');
    expect(svg).toContain('<circle cx="32" cy="32" r="12" fill="#fff"></circle>');
    expect(logo!.id).toBe(sha(logo!.bytes));
  });

  it('uses a share image only when it is roughly square', async () => {
    const wide = await captureLogo({ candidates: [at('brightpath', '/img/share.png', SHARE_IMAGE_RANK)], fetch });
    expect(wide.logo).toBeNull();
    expect(wide.refused[0].reason).toBe('a 120 × 63 share image, not a logo');
    const square = await captureLogo({ candidates: [at('brightpath', '/img/apple-touch-icon.png', SHARE_IMAGE_RANK)], fetch });
    expect(square.logo).toMatchObject({ width: 180, height: 180 });
  });

  it('obeys robots.txt and the address guard', async () => {
    const robots = new RobotsCache(fetch);
    const r = await captureLogo({ candidates: [at('trapdoor', '/private/logo.png')], fetch, beforeRequest: robots.guard });
    expect(r.logo).toBeNull();
    expect(r.refused[0].reason).toMatch(/robots\.txt does not allow/);
    expect(sites.trapdoor.saw('/private/logo.png')).toBe(false);
    const guarded = await captureLogo({ candidates: [at('brightpath', '/img/logo.jpg')], fetch: { ...fetch, trustAddress: () => false } });
    expect(guarded.logo).toBeNull();
    expect(guarded.refused[0].reason).toMatch(/not a public address/);
  });

  it('tries each address once and at most five candidates', async () => {
    const same = at('brightpath', '/img/nothing-1.png');
    const many = [same, same, ...[2, 3, 4, 5, 6, 7].map((n) => at('brightpath', `/img/nothing-${n}.png`))];
    const { logo, refused } = await captureLogo({ candidates: many, fetch });
    expect(logo).toBeNull();
    expect(refused.map((r) => r.url.replace(sites.brightpath.origin, ''))).toEqual([1, 2, 3, 4, 5].map((n) => `/img/nothing-${n}.png`));
  });
});

describe('buildDraft with logos', () => {
  it('logo_url is the stored copy of the first real candidate (here the apple-touch-icon), with the page quote', async () => {
    const r = await buildDraft({ url: sites.brightpath.url, fetchOptions: fetch, categories: [], logoBaseUrl: 'http://directory.test/logos' });
    const icon = fixture('brightpath', 'img/apple-touch-icon.png');
    expect(r.logo).toMatchObject({ type: 'png', width: 180, height: 180, id: sha(icon) });
    expect(r.fields.logo_url).toEqual({
      value: `http://directory.test/logos/${sha(icon)}.png`, state: 'ai',
      evidence: [{ url: sites.brightpath.url, quote: '/img/apple-touch-icon.png', source: 'attribute' }],
    });
    expect(r.not_found_on_website).not.toContain('logo_url');
  });

  it('without a real image logo_url is left out, never a remote address, and the draft says why', async () => {
    const r = await buildDraft({ url: sites.fakelogo.url, fetchOptions: fetch, categories: [], logoBaseUrl: 'http://directory.test/logos' });
    expect(r.fields.logo_url).toEqual({ value: null, state: 'not_found', evidence: [] });
    expect(r.logo).toBeNull();
    expect(r.not_found_on_website).toContain('logo_url');
    expect(r.warnings).toContain(`No logo was kept: ${sites.fakelogo.origin}/logo.png (not a PNG, JPEG, WebP or SVG image); ${sites.fakelogo.origin}/share.png (a 120 × 63 share image, not a logo).`);
    // The hostile site's SVG survives sanitising, so it is its logo.
    const trap = await buildDraft({ url: sites.trapdoor.url, fetchOptions: fetch, categories: [], logoBaseUrl: 'http://directory.test/logos' });
    expect(trap.fields.logo_url.value).toMatch(/^http:\/\/directory\.test\/logos\/[0-9a-f]{64}\.svg$/);
    // Without a place to serve it from, nothing is fetched at all.
    const noBase = await buildDraft({ url: sites.brightpath.url, fetchOptions: fetch, categories: [] });
    expect(noBase.fields.logo_url).toEqual({ value: null, state: 'not_found', evidence: [] });
    expect(noBase.logo).toBeNull();
    // A site that names no logo gets no warning about one.
    const bare = await buildDraft({ url: sites.bare.url, fetchOptions: fetch, categories: [], logoBaseUrl: 'http://directory.test/logos' });
    expect(bare.fields.logo_url.value).toBeNull();
    expect(bare.warnings.join('\n')).not.toMatch(/logo/i);
  });
});
