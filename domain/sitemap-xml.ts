// Reads a sitemap (urlset) or sitemap index: the page URLs and the child sitemaps it lists. A scan for <loc>
// elements, linear in the document, capped so a huge sitemap cannot flood the crawl.
const LOC = /<(url|sitemap)\b[^>]{0,200}>[\s\S]{0,2000}?<loc>\s*([^<\s]{1,2048})\s*<\/loc>/gi;
const ENTITY: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };

export function sitemapLocs(xml: string, max = 5000): { pages: string[]; sitemaps: string[] } {
  const pages: string[] = [];
  const sitemaps: string[] = [];
  for (const m of xml.matchAll(LOC)) {
    const loc = m[2].replace(/&(amp|lt|gt|quot|apos);/g, (e) => ENTITY[e]);
    (m[1].toLowerCase() === 'sitemap' ? sitemaps : pages).push(loc);
    if (pages.length + sitemaps.length >= max) break;
  }
  return { pages, sitemaps };
}
