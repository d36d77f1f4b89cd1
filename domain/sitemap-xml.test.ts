import { describe, expect, it } from 'vitest';
import { sitemapLocs } from './sitemap-xml';
import { crawlDelayFor, parseRobots } from './robots';

describe('sitemaps and robots.txt extras', () => {
  it('reads page URLs of a urlset and child sitemaps of an index', () => {
    const urlset = `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <url><loc>https://a.example/</loc><lastmod>2026-01-01</lastmod></url>
      <url>\n <loc> https://a.example/about?x=1&amp;y=2 </loc></url></urlset>`;
    expect(sitemapLocs(urlset)).toEqual({ pages: ['https://a.example/', 'https://a.example/about?x=1&y=2'], sitemaps: [] });
    const index = '<sitemapindex><sitemap><loc>https://a.example/sitemap-pages.xml</loc></sitemap></sitemapindex>';
    expect(sitemapLocs(index)).toEqual({ pages: [], sitemaps: ['https://a.example/sitemap-pages.xml'] });
    expect(sitemapLocs('<html>not a sitemap</html>')).toEqual({ pages: [], sitemaps: [] });
    expect(sitemapLocs('<url><loc>x</loc></url>'.repeat(10), 3).pages).toHaveLength(3);
  });

  it.each([
    ['User-agent: *\nCrawl-delay: 2\nDisallow: /private', 2],
    ['User-agent: LaunchDirectoryBot\nCrawl-delay: 5\n\nUser-agent: *\nCrawl-delay: 1', 5],
    ['User-agent: *\nDisallow:', null],
    ['User-agent: *\nCrawl-delay: soon', null],
    ['User-agent: Googlebot\nCrawl-delay: 9', null],
  ])('Crawl-delay in %j → %s', (text, expected) => expect(crawlDelayFor(parseRobots(text), 'LaunchDirectoryBot')).toBe(expected));

  it('collects Sitemap lines wherever they stand', () => {
    expect(parseRobots('Sitemap: https://a.example/s1.xml\nUser-agent: *\nDisallow: /x\nSitemap: https://a.example/s2.xml').sitemaps)
      .toEqual(['https://a.example/s1.xml', 'https://a.example/s2.xml']);
  });
});
