import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { getJson, startApp, type TestApp, openClients, closeAll, resultBody } from './harness';
import { addListing, insertRow } from './fixtures';
import { awards } from '../storage/schema';
import { BADGE_MODES, BADGE_SHAPES, BADGE_SIZES, badgeDimensions } from '../domain/badges';

let app: TestApp;
const clients: Partial<Record<'modern' | 'legacy', Client>> = {};
const EVIL = `Evil <script>"&'`;

beforeAll(async () => {
  app = await startApp({ demo: false });
  const db = app.db;
  await addListing(db, { name: 'Plain Live', slug: 'bx-plain-live', status: 'live' });
  await addListing(db, { name: 'Soon Scheduled', slug: 'bx-scheduled', status: 'scheduled', launchWeek: '2026-11-30', featured: true });
  const decorated = await addListing(db, { name: 'Decorated', slug: 'bx-decorated', status: 'live', featured: true, verified: true });
  await addListing(db, { name: 'Only Verified', slug: 'bx-verified', status: 'live', verified: true });
  await addListing(db, { name: 'Still Submitted', slug: 'bx-submitted', status: 'submitted', verified: true });
  const evil = await addListing(db, { name: EVIL, slug: 'bx-evil', status: 'live' });
  for (const row of [
    { week: '2026-11-09', rank: 1, listingId: decorated, votes: 90 },
    { week: '2026-10-26', rank: 3, listingId: decorated, votes: 40 },
    { week: '2026-11-02', rank: 2, listingId: evil, votes: 50 },
  ]) await insertRow(db, awards, row);
  await openClients(app, clients);
});
afterAll(() => closeAll(app, clients));

const badges = (slug: string, query = '') => getJson(`${app.api}/listings/${slug}/badges${query}`);
const kinds = (body: any) => body.badges.map((b: any) => b.kind);
const svg = (path: string) => fetch(`${app.url}/badges/${path}`);

// Small well-formedness check: balanced tags, quoted attributes, no raw '<' in text, only known entities.
function assertWellFormedXml(xml: string): void {
  const token = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  const stack: string[] = [];
  let last = 0;
  for (let m = token.exec(xml); m; m = token.exec(xml)) {
    const text = xml.slice(last, m.index);
    expect(text, `text before <${m[2]}>`).not.toMatch(/</);
    expect(text.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, '')).not.toContain('&');
    expect(m[3].replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, '')).not.toContain('&');
    if (m[1]) expect(stack.pop(), `closing </${m[2]}>`).toBe(m[2]);
    else if (!m[4]) stack.push(m[2]);
    last = token.lastIndex;
  }
  expect(xml.slice(last).trim()).toBe('');
  expect(stack).toEqual([]);
}

describe('get_badges over REST', () => {
  it.each<[string, string[]]>([
    ['bx-plain-live', ['listed', 'launched']],
    ['bx-scheduled', ['listed', 'featured']],
    ['bx-verified', ['listed', 'launched', 'verified']],
    ['bx-decorated', ['listed', 'launched', 'featured', 'verified', 'launch-of-the-week-1', 'launch-of-the-week-3']],
    ['bx-evil', ['listed', 'launched', 'launch-of-the-week-2']],
  ])('offers %s exactly the badges it earned', async (slug, expected) => {
    const { status, body } = await badges(slug);
    expect(status).toBe(200);
    expect(kinds(body)).toEqual(expected);
    expect(body.badges.every((b: any) => b.earned === true)).toBe(true);
  });

  it('returns labels, URLs per style and embed code for the requested style', async () => {
    const { body } = await badges('bx-decorated', '?shape=pill&mode=dark&size=l');
    expect(body).toMatchObject({
      listing: { slug: 'bx-decorated', name: 'Decorated', page_url: `${app.url}/listings/bx-decorated` },
      shape: 'pill', mode: 'dark', size: 'l',
    });
    const site = app.config.siteName;
    const launched = body.badges.find((b: any) => b.kind === 'launched');
    const { width, height } = badgeDimensions('pill', 'l');
    expect(launched).toMatchObject({ label: `Launched on ${site}`, week: null, width, height,
      svg_url: `${app.url}/badges/bx-decorated/launched.svg?shape=pill&mode=dark&size=l` });
    expect(body.badges.find((b: any) => b.kind === 'verified').label).toBe(`Verified on ${site}`);
    expect(body.badges.find((b: any) => b.kind === 'launch-of-the-week-1')).toMatchObject({ label: `#1 Launch of the Week on ${site}`, week: '2026-11-09' });
    expect(Object.keys(launched.svg_urls)).toEqual([...BADGE_SHAPES]);
    for (const shape of BADGE_SHAPES) {
      expect(Object.keys(launched.svg_urls[shape])).toEqual([...BADGE_MODES]);
      for (const mode of BADGE_MODES) {
        expect(launched.svg_urls[shape][mode]).toBe(`${app.url}/badges/bx-decorated/launched.svg?shape=${shape}&mode=${mode}&size=l`);
      }
    }
    expect(launched.embed_html).toBe(
      `<a href="${app.url}/listings/bx-decorated?ref=badge" target="_blank" rel="noopener">`
      + `<img src="${app.url}/badges/bx-decorated/launched.svg?shape=pill&amp;mode=dark&amp;size=l" `
      + `alt="Decorated – Launched on ${site}" width="${width}" height="${height}"></a>`,
    );
  });

  it('defaults to the standard shape, auto mode and size m', async () => {
    const { body } = await badges('bx-plain-live');
    expect(body).toMatchObject({ shape: 'standard', mode: 'auto', size: 'm' });
    expect(body.badges[0].svg_url).toBe(`${app.url}/badges/bx-plain-live/listed.svg?shape=standard&mode=auto&size=m`);
  });

  it('escapes a hostile listing name in the embed code', async () => {
    const { body } = await badges('bx-evil');
    expect(body.listing.name).toBe(EVIL); // JSON carries the name as data
    for (const b of body.badges) {
      expect(b.embed_html).not.toContain('<script');
      expect(b.embed_html).toContain('alt="Evil &lt;script&gt;&quot;&amp;&#39; – ');
      expect(b.embed_html.match(/</g)).toHaveLength(3); // <a, <img, </a: nothing else opens a tag
    }
  });

  it.each(['bx-submitted', 'no-such-listing'])('answers 404 for %s', async (slug) => {
    const { status, body } = await badges(slug);
    expect(status).toBe(404);
    expect(body.code).toBe('not_found');
  });

  it.each([
    ['?shape=bogus', 'shape'],
    ['?mode=sepia', 'mode'],
    ['?size=xl', 'size'],
    ['?color=red', 'color'],
  ])('rejects %s with 400 naming the field', async (query, field) => {
    const { status, body } = await badges('bx-plain-live', query);
    expect(status).toBe(400);
    expect(body.errors.map((e: any) => e.path)).toContain(field);
  });
});

describe('badge SVG images', () => {
  it('serves every shape × mode × size as a well-formed, escaped SVG', async () => {
    for (const shape of BADGE_SHAPES) {
      for (const mode of BADGE_MODES) {
        for (const size of BADGE_SIZES) {
          const res = await svg(`bx-evil/launch-of-the-week-2.svg?shape=${shape}&mode=${mode}&size=${size}`);
          expect(res.status).toBe(200);
          expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
          expect(res.headers.get('cache-control')).toMatch(/public/);
          const body = await res.text();
          const { width, height } = badgeDimensions(shape, size);
          expect(body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
          expect(body).toMatch(/ viewBox="0 0 \d+ \d+"/);
          expect(body).toContain(` width="${width}" height="${height}"`);
          expect(body).toContain('role="img"');
          expect(body).toMatch(/<title>[^<]+<\/title>/);
          expect(body).toContain(app.config.siteName);
          expect(body).toContain('Evil &lt;script&gt;&quot;&amp;&#39;');
          expect(body).toContain('2026-11-02');
          expect(body).not.toContain('<script');
          expect(body.includes('prefers-color-scheme')).toBe(mode === 'auto');
          assertWellFormedXml(body);
        }
      }
    }
  });

  it('uses the defaults without a query and renders every earned kind', async () => {
    const res = await svg('bx-decorated/listed.svg');
    expect(res.status).toBe(200);
    const body = await res.text();
    const { width, height } = badgeDimensions('standard', 'm');
    expect(body).toContain(` width="${width}" height="${height}"`);
    expect(body).toContain('@media (prefers-color-scheme: dark)');
    for (const kind of ['launched', 'featured', 'verified', 'launch-of-the-week-1', 'launch-of-the-week-3']) {
      const r = await svg(`bx-decorated/${kind}.svg?mode=light`);
      expect(r.status, kind).toBe(200);
      const text = await r.text();
      expect(text).toContain('Decorated');
      assertWellFormedXml(text);
    }
  });

  it.each([
    ['bx-plain-live/listed.svg?shape=bogus', 400],
    ['bx-plain-live/listed.svg?mode=neon', 400],
    ['bx-plain-live/listed.svg?size=xxl', 400],
    ['no-such-listing/listed.svg', 404],
    ['bx-submitted/verified.svg', 404], // not public
    ['bx-plain-live/featured.svg', 404], // not earned
    ['bx-scheduled/launched.svg', 404], // scheduled, not launched yet
    ['bx-plain-live/gold-medal.svg', 404], // no such kind
  ])('answers %s with %i in plain text', async (path, status) => {
    const res = await svg(path);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).not.toContain('<svg');
  });
});

describe.each(['modern', 'legacy'] as const)('get_badges over MCP (%s era)', (era) => {
  const call = (args: Record<string, unknown>) => clients[era]!.callTool({ name: 'get_badges', arguments: args });

  it('returns what REST returns', async () => {
    const res = await call({ slug: 'bx-evil', shape: 'square', size: 's' });
    expect(res.isError).toBeFalsy();
    expect(res.structuredContent).toEqual((await badges('bx-evil', '?shape=square&size=s')).body);
  });

  it('reports a bad shape and a non-public listing as problems', async () => {
    const bad = await call({ slug: 'bx-plain-live', shape: 'bogus' });
    expect(bad.isError).toBe(true);
    expect(resultBody(bad)).toMatchObject({ status: 400, code: 'invalid_input' });
    expect((resultBody(bad)).errors.map((e: any) => e.path)).toContain('shape');
    const missing = await call({ slug: 'bx-submitted' });
    expect(resultBody(missing)).toMatchObject({ status: 404, code: 'not_found' });
  });
});
