import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlSite, type CrawlProgress } from '../crawler/crawl';
import { BuildFailure } from '../crawler/failure';
import { userAgentFor } from '../crawler/safe-fetch';
import { serveSite, HUGE_TAIL, type SiteServer } from './fixture-server';

const UA = userAgentFor('http://directory.test');
// The guard stays on; only the fixture server's own address counts as public.
const fetch = { allowPrivate: false, userAgent: UA, trustAddress: (a: string) => a === '127.0.0.1' };

const sites: Record<string, SiteServer> = {};
beforeAll(async () => {
  for (const name of ['rich', 'canary', 'edge', 'robots503', 'robots-home', 'bare']) sites[name] = await serveSite(name);
});
afterAll(async () => {
  for (const s of Object.values(sites)) await s.close();
});

const pathsOf = (urls: string[]) => urls.map((u) => new URL(u).pathname).sort();

describe('crawl', () => {
  it('fetches the homepage and the fact pages it links to, robots.txt first, as our bot', async () => {
    const site = sites.rich;
    const progress: CrawlProgress[] = [];
    const r = await crawlSite({ url: site.url, fetch, onProgress: (p) => progress.push(p) });
    expect(site.requests.slice(0, 3)).toEqual(['/robots.txt', '/sitemap.xml', '/']); // the sitemap is read for candidate pages
    expect(site.userAgents.every((ua) => ua === UA)).toBe(true);
    expect(r.home.url).toBe(site.url);
    expect(pathsOf(r.pages.map((p) => p.url))).toEqual(
      ['/', '/about', '/blog', '/changelog', '/contact', '/faq', '/features', '/press', '/pricing', '/team'].sort());
    // sign-in, legal pages and files are never requested
    for (const p of ['/login', '/signup', '/privacy', '/terms', '/brochure.pdf']) expect(site.saw(p)).toBe(false);
    expect(site.requests.filter((p) => p === '/robots.txt')).toHaveLength(1);
    expect(progress.at(-1)).toMatchObject({ step: 'crawling', pages_fetched: 10, pages_planned: 10 });
    expect(progress.some((p) => p.step === 'robots')).toBe(true);
  });

  it('never requests a page robots.txt disallows', async () => {
    const site = sites.canary;
    const r = await crawlSite({ url: site.url, fetch });
    expect(site.saw('/secret/pricing')).toBe(false);
    expect(site.saw('/secret-team')).toBe(false);
    expect(r.skipped.map((s) => s.reason)).toEqual(['disallowed by robots.txt', 'disallowed by robots.txt']);
    expect(JSON.stringify(r)).not.toContain('ZEBRA-CANARY');
  });

  it('keeps going past slow, huge, non-HTML and redirected-to-private pages', async () => {
    const site = sites.edge;
    const r = await crawlSite({ url: site.url, fetch, requestTimeoutMs: 1000 });
    const byPath = Object.fromEntries(r.pages.map((p) => [new URL(p.url).pathname, p]));
    expect(Object.keys(byPath).sort()).toEqual(['/', '/about', '/changelog', '/contact']);
    expect(byPath['/about'].html).toContain('Zürich'); // <meta charset="iso-8859-1"> honoured
    expect(byPath['/changelog'].truncated).toBe(true);
    expect(byPath['/changelog'].html.length).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect(byPath['/changelog'].html).not.toContain(HUGE_TAIL);
    const why = Object.fromEntries(r.skipped.map((s) => [new URL(s.url).pathname, s.reason]));
    expect(why['/pricing']).toMatch(/No complete answer within 1 s/);
    expect(why['/press']).toMatch(/Not an HTML page/);
    expect(why['/features']).toMatch(/169\.254\.169\.254 is not a public address \(cloud metadata\)/);
    expect(why['/team']).toMatch(/127\.0\.0\.2 is not a public address \(loopback\)/);
  });

  it('fails with a reason the user can act on', async () => {
    const failure = async (url: string, opts = fetch) => {
      const e = await crawlSite({ url, fetch: opts }).then(() => null, (err) => err);
      expect(e).toBeInstanceOf(BuildFailure);
      return e as BuildFailure;
    };
    const unavailable = await failure(sites.robots503.url);
    expect(unavailable.code).toBe('robots_unavailable');
    expect(unavailable.message).toMatch(/robots\.txt answered HTTP 503.*robots\.txt answer 200/);
    expect(sites.robots503.saw('/')).toBe(false);

    const disallowed = await failure(sites['robots-home'].url);
    expect(disallowed.code).toBe('robots_disallowed');
    expect(disallowed.message).toMatch(/does not allow LaunchDirectoryBot to read the homepage.*Allow: \//);
    expect(sites['robots-home'].saw('/')).toBe(false);

    // The guard fully on: the fixture server is loopback, so nothing is requested at all.
    const before = sites.bare.requests.length;
    const blocked = await failure(sites.bare.url, { allowPrivate: false, userAgent: UA } as typeof fetch);
    expect(blocked.code).toBe('blocked_address');
    expect(blocked.message).toMatch(/127\.0\.0\.1 is not a public address \(loopback\)/);
    expect((await failure(`http://localhost:${new URL(sites.bare.url).port}/`, { allowPrivate: false, userAgent: UA } as typeof fetch)).code).toBe('blocked_address');
    expect(sites.bare.requests.length).toBe(before);

    expect((await failure('ftp://example.com/')).code).toBe('bad_url');
    expect((await failure(`${sites.bare.origin}/missing`)).code).toBe('homepage_error');
  });

  it('keeps concurrent crawls apart (own storage per crawl)', async () => {
    const [a, b] = await Promise.all([crawlSite({ url: sites.rich.url, fetch }), crawlSite({ url: sites.bare.url, fetch })]);
    expect(a.pages.every((p) => p.url.startsWith(sites.rich.origin))).toBe(true);
    expect(b.pages.every((p) => p.url.startsWith(sites.bare.origin))).toBe(true);
    expect(a.pages).toHaveLength(10);
    expect(b.pages.map((p) => new URL(p.url).pathname)).toEqual(['/', '/about']);
  });
});
