import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assemble, boundOf } from '../crawler/assemble';
import { emptyFacts } from '../crawler/facts';
import { draftPipeline, fetchOptions } from './draft-pipeline';
import { crawlSite, type CrawlResult } from '../crawler/crawl';
import { isDraftField } from '../domain/draft-fields';
import { locateQuote } from '../domain/evidence';
import {
  ADVERSARIAL_CATEGORIES, adversarialModel, oracleKept, oracleModel, readExpected, survivingPlants, type Plant,
} from './fake-models';
import { serveSite, SITES_DIR, type SiteServer } from './fixture-server';

// The drafter against two fake models on every fixture site that has an expected.json: it keeps what
// an oracle proves with true quotes, and nothing an adversary plants.

const CATEGORIES = ['Productivity', 'Developer Tools', 'Marketing', 'Logistics'];
const now = new Date('2026-01-15T00:00:00Z');
const SITES = readdirSync(SITES_DIR).filter((s) => readExpected(s));
const servers: Record<string, SiteServer> = {};
beforeAll(async () => { for (const s of SITES) servers[s] = await serveSite(s); });
afterAll(async () => { for (const s of Object.values(servers)) await s.close(); });

const bound = (f: string) => (isDraftField(f) ? boundOf(f) : 300);

// Each site is crawled once and drafted from by every model: a site with a Crawl-delay takes seconds per crawl.
const crawls = new Map<string, Promise<CrawlResult>>();
const crawlOf = (site: string) => {
  let crawl = crawls.get(site);
  if (!crawl) crawls.set(site, (crawl = crawlSite({ url: servers[site].url, fetch: fetchOptions })));
  return crawl;
};
const runOn = (site: string, model: Parameters<typeof draftPipeline>[0]['model']) =>
  draftPipeline({ url: servers[site].url, model, categories: CATEGORIES, now, traps: readExpected(site)!.traps, crawled: crawlOf(site) });

describe.each(SITES)('fixture site %s', (site) => {
  it('keeps at least 95 % of what the oracle proves with true quotes', async () => {
    const { model, state } = oracleModel(readExpected(site)!);
    const r = await runOn(site, model);
    const kept = oracleKept(state.last!.answer, r);
    expect(kept.length).toBeGreaterThan(5);
    const lost = kept.filter((k) => !k.kept).map((k) => k.what);
    expect(kept.filter((k) => k.kept).length / kept.length, `lost: ${lost.join('; ')}`).toBeGreaterThanOrEqual(0.95);
  });

  it.each(ADVERSARIAL_CATEGORIES.filter((c) => c !== 'social link to the wrong host'))('keeps no adversarial plant: %s', async (category) => {
    const { model, state } = adversarialModel();
    const r = await runOn(site, model);
    const plants = state.last!.plants.filter((p) => p.category === category);
    if (category !== 'FAQ answer the site never gives' || plants.length) expect(plants.length).toBeGreaterThan(0);
    expect(survivingPlants(plants, { ...r, socials: r.company_socials }, bound)).toEqual([]);
  });

  it('keeps no social link on the wrong host, and no link the site does not show', async () => {
    const r = await runOn(site, null);
    const facts = emptyFacts();
    const planted: Plant[] = [];
    for (const [platform, url] of Object.entries(readExpected(site)!.socials)) {
      const wrong = `https://evil.example/${new URL(url).host}${new URL(url).pathname}`;
      facts.socials[platform as 'x'] = { value: wrong, evidence: [{ url: r.sources[0].url, quote: wrong }] };
      planted.push({ category: 'social link to the wrong host', field: `socials.${platform}`, value: wrong });
    }
    facts.socials.github = { value: 'https://github.com/not-on-the-site', evidence: [{ url: r.sources[0].url, quote: 'https://github.com/not-on-the-site' }] };
    planted.push({ category: 'quote not on the page', field: 'socials.github', value: 'https://github.com/not-on-the-site' });
    const a = assemble({ facts, pages: r.sources, categories: CATEGORIES, now });
    expect(planted.length).toBeGreaterThan(1);
    expect(survivingPlants(planted, { ...a, socials: a.company_socials }, bound)).toEqual([]);
    expect(a.company_socials).toEqual({});
  });

  it('gives every kept value evidence that is on its page and supports it', async () => {
    const { model } = oracleModel(readExpected(site)!);
    const r = await runOn(site, model);
    const all = [
      ...Object.values(r.fields).filter((f) => f.value !== null).map((f) => f.evidence),
      ...r.founders.map((f) => f.evidence), ...r.faqs.map((f) => f.evidence), ...r.milestones.map((m) => m.evidence),
      ...Object.values(r.social_evidence), ...r.founders.flatMap((f) => Object.values(f.social_evidence)),
    ];
    expect(all.length).toBeGreaterThan(8);
    for (const ev of all) {
      expect(ev.length).toBeGreaterThan(0);
      for (const e of ev) expect(locateQuote(e.quote, r.sources.find((s) => s.url === e.url)!)).not.toBeNull();
    }
    const flat = JSON.stringify({ fields: r.fields, founders: r.founders, faqs: r.faqs, milestones: r.milestones });
    for (const trap of readExpected(site)!.traps) expect(flat).not.toContain(trap);
  });
});
