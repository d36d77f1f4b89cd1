import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlSite } from '../crawler/crawl';
import { extractFacts } from '../crawler/extract';
import { assemble } from '../crawler/assemble';
import { userAgentFor } from '../crawler/safe-fetch';
import { serveSite, type SiteServer } from './fixture-server';

// Tally Hall is written the way many small sites are: a JavaScript app whose text is in <noscript>, a company page
// that moved (meta refresh), the team one more hop away, a pricing page only the sitemap lists, a Crawl-delay, a
// disallowed folder, and a testimonial with other people's years and names.
const fetch = { allowPrivate: false, userAgent: userAgentFor('http://directory.test'), trustAddress: (a: string) => a === '127.0.0.1' };
let site: SiteServer;
beforeAll(async () => { site = await serveSite('tallyhall'); });
afterAll(async () => { await site?.close(); });

describe('crawl coverage', () => {
  it('reads the sitemap, follows the meta refresh, goes two hops deep, obeys Crawl-delay and Disallow', async () => {
    const started = Date.now();
    const r = await crawlSite({ url: site.url, fetch });
    const paths = r.pages.map((p) => new URL(p.url).pathname).sort();
    expect(paths).toEqual(['/', '/company', '/company/about-2026', '/company/team', '/pricing']);
    expect(site.saw('/sitemaps/main.xml')).toBe(true); // named by robots.txt's Sitemap line
    expect(site.saw('/drafts/spring-offsite')).toBe(false); // listed in the sitemap and linked, but disallowed
    expect(site.saw('/checkout')).toBe(false);
    expect(JSON.stringify(r)).not.toContain('TALLY-CANARY');
    // Crawl-delay: 1 → one page at a time, a second apart (five pages take at least four seconds).
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_000);
  }, 60_000);

  it('fewer pages rather than more time when the Crawl-delay is long', async () => {
    // 12 s in all, 10 s kept for one slow page: room for two planned pages a second apart, not the team page too.
    const r = await crawlSite({ url: site.url, fetch, totalTimeoutMs: 12_000, requestTimeoutMs: 10_000 });
    const paths = r.pages.map((p) => new URL(p.url).pathname);
    expect(paths).not.toContain('/company/team');
    expect(r.pages.length).toBeLessThan(5);
  }, 60_000);

  it('drafts what the site states, from noscript and prose, and nothing from the testimonial', async () => {
    const r = await crawlSite({ url: site.url, fetch });
    const { facts, pages } = extractFacts(r.pages.map((p) => ({ url: p.finalUrl, html: p.html, topic: p.topic })));
    const built = assemble({ facts, pages, categories: [], now: new Date('2026-11-18T12:00:00Z') });
    expect(built.fields.founded_year.value).toBe('2020');
    expect(built.fields.city.value).toBe('Ghent');
    expect(built.fields.country.value).toBe('BE');
    expect(built.fields.contact_email.value).toBe('hello@tallyhall.example');
    expect(built.founders.map((f) => f.name).sort()).toEqual(['Arne Claes', 'Lotte Maes']);
    expect(JSON.stringify([built.fields, built.founders])).not.toContain("Bram Peeters");
    expect(built.dropped.map((d) => d.reason)).toContain("quoted only from someone else's words (testimonial, partner, customer)");
    expect(JSON.stringify(built.fields)).not.toMatch(/1921|"2019"/);
  }, 60_000);
});
