import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractFacts } from '../crawler/extract';
import { assemble } from '../crawler/assemble';
import { buildDraft } from '../crawler/build-draft';
import { socialOf, youtubeVideo } from '../domain/socials';
import { chooseLinks } from '../crawler/links';
import { userAgentFor } from '../crawler/safe-fetch';
import { locateQuote } from '../domain/evidence';
import { serveSite, type SiteServer } from './fixture-server';

const page = (body: string, head = '') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
const draftOf = (pages: Array<{ url: string; html: string }>, categories: string[] = []) => {
  const { facts, pages: parsed } = extractFacts(pages, categories);
  return assemble({ facts, pages: parsed, categories });
};

describe('deterministic extraction', () => {
  it('reads JSON-LD in its common shapes', () => {
    const ld = {
      '@context': 'https://schema.org', '@type': ['Product', 'SoftwareApplication'], name: 'Pipewise',
      applicationCategory: 'DeveloperApplication', featureList: 'Visual pipelines\nOne-click rollbacks',
      publisher: { '@type': 'Organization', name: 'Pipewise GmbH', foundingDate: '2021', address: { '@type': 'PostalAddress', addressLocality: 'Berlin', addressCountry: { '@type': 'Country', name: 'Germany' } } },
      video: { '@type': 'VideoObject', embedUrl: 'https://www.youtube-nocookie.com/embed/abcdefghijk' },
      offers: { '@type': 'AggregateOffer', lowPrice: '9', highPrice: '49', priceCurrency: 'EUR' },
    };
    const d = draftOf([{ url: 'https://pipewise.example/', html: page('<p>Hi</p>', `<script type="application/ld+json">${JSON.stringify(ld).replace(/}$/, ',}')}</script>`) }], ['Developer Tools']);
    expect(d.fields.name.value).toBe('Pipewise');
    expect(d.fields.founded_year.value).toBe('2021');
    expect(d.fields.city.value).toBe('Berlin');
    expect(d.fields.country.value).toBe('DE');
    expect(d.fields.features.value).toEqual(['Visual pipelines', 'One-click rollbacks']);
    expect(d.fields.categories.value).toEqual(['Developer Tools']);
    expect(d.fields.demo_video_url.value).toBe('https://www.youtube.com/watch?v=abcdefghijk');
    expect(d.fields.pricing_summary.value).toBe('9–49 EUR');
    expect(d.fields.founded_year.evidence[0]).toEqual({ url: 'https://pipewise.example/', quote: '2021', source: 'attribute' });
  });

  it('reads FAQ lists, question headings, flat pricing and plain-text facts', () => {
    const faq = page('<h1>FAQ</h1><dl><dt>Does it work offline?</dt><dd>Yes, fully.</dd></dl><h2>Can I export?</h2><p>Yes, as Markdown.</p><h2>Contact</h2><p>Mail us</p>');
    const pricing = page('<h1>Plans</h1><h2>Starter</h2><p>Free forever</p><p>€0</p><h2>Business</h2><p>€49 / month</p>');
    const about = page('<p>Since 2016 we have been building tools. Our office is based in Ghent, Belgium.</p><p>Questions? <a href="mailto:press@x.example">press</a> or <a href="mailto:hello@x.example">hello</a></p>');
    const d = draftOf([
      { url: 'https://x.example/', html: page('<h1>Tools for teams who ship</h1>') },
      { url: 'https://x.example/faq', html: faq },
      { url: 'https://x.example/pricing', html: pricing },
      { url: 'https://x.example/about', html: about },
    ]);
    expect(d.faqs.map((q) => [q.question, q.answer])).toEqual([['Does it work offline?', 'Yes, fully.'], ['Can I export?', 'Yes, as Markdown.']]);
    expect(d.fields.pricing_summary.value).toBe('Starter: €0; Business: €49 / month');
    expect(d.fields.pricing_model.value).toBe('freemium');
    expect(d.fields.founded_year.value).toBe('2016');
    expect(d.fields.city.value).toBe('Ghent');
    expect(d.fields.country.value).toBe('BE');
    expect(d.fields.contact_email.value).toBe('hello@x.example'); // hello@ before press@
    expect(d.fields.tagline.value).toBe('Tools for teams who ship');
  });

  it.each([
    ['https://www.linkedin.com/company/acme/', { platform: 'linkedin', url: 'https://www.linkedin.com/company/acme', personal: false }],
    ['https://linkedin.com/in/jane', { platform: 'linkedin', url: 'https://linkedin.com/in/jane', personal: true }],
    ['https://twitter.com/acme', { platform: 'x', url: 'https://twitter.com/acme', personal: false }],
    ['https://x.com/intent/tweet?text=hi', null],
    ['https://www.facebook.com/sharer/sharer.php?u=x', null],
    ['https://www.facebook.com/acme', { platform: 'facebook', url: 'https://www.facebook.com/acme', personal: false }],
    ['https://www.instagram.com/acme/', { platform: 'instagram', url: 'https://www.instagram.com/acme', personal: false }],
    ['https://www.tiktok.com/@acme', { platform: 'tiktok', url: 'https://www.tiktok.com/@acme', personal: false }],
    ['https://www.youtube.com/@acme', { platform: 'youtube', url: 'https://www.youtube.com/@acme', personal: false }],
    ['https://www.youtube.com/watch?v=abcdefghijk', null],
    ['https://www.threads.net/@acme', { platform: 'threads', url: 'https://www.threads.net/@acme', personal: false }],
    ['https://pinterest.com/acme', { platform: 'pinterest', url: 'https://pinterest.com/acme', personal: false }],
    ['https://github.com/acme', { platform: 'github', url: 'https://github.com/acme', personal: false }],
    ['https://github.com/acme/tool', { platform: 'github', url: 'https://github.com/acme/tool', personal: false }],
    ['https://www.reddit.com/r/acme', { platform: 'reddit', url: 'https://www.reddit.com/r/acme', personal: false }],
    ['https://www.producthunt.com/products/acme', { platform: 'producthunt', url: 'https://www.producthunt.com/products/acme', personal: false }],
    ['https://acme.medium.com/', null],
    ['https://medium.com/@acme', { platform: 'medium', url: 'https://medium.com/@acme', personal: false }],
    ['mailto:a@b.c', null],
  ])('social %s', (href, expected) => {
    expect(socialOf(href)).toEqual(expected);
  });

  it.each([
    ['https://youtu.be/abcdefghijk', 'https://www.youtube.com/watch?v=abcdefghijk'],
    ['https://www.youtube.com/embed/abcdefghijk?rel=0', 'https://www.youtube.com/watch?v=abcdefghijk'],
    ['https://www.youtube.com/watch?v=abcdefghijk&t=3', 'https://www.youtube.com/watch?v=abcdefghijk'],
    ['https://www.youtube.com/@acme', null],
    ['https://vimeo.com/123456', null],
  ])('video %s', (href, expected) => {
    expect(youtubeVideo(href)).toBe(expected);
  });

  it('chooses fact pages, one per topic first, never sign-in, legal or files', () => {
    const links = ['/pricing', '/plans', '/about', '/team', '/faq', '/login', '/privacy', '/docs/a/b/c', '/de/preise', '/file.pdf', 'https://other.example/about', '/blog', '#top', 'mailto:x@y.z']
      .map((url) => ({ url, text: '' }));
    expect(chooseLinks('https://x.example/', links, 5).map((l) => new URL(l.url).pathname)).toEqual(['/pricing', '/about', '/team', '/faq', '/plans']);
  });
});

describe('evidence fidelity over the fixture sites', () => {
  const sites: Record<string, SiteServer> = {};
  beforeAll(async () => {
    for (const name of ['rich', 'bare', 'canary', 'edge']) sites[name] = await serveSite(name);
  });
  afterAll(async () => {
    for (const s of Object.values(sites)) await s.close();
  });

  it.each(['rich', 'bare', 'canary', 'edge'])('every kept value of %s is quoted from a page that was read', async (name) => {
    const r = await buildDraft({
      url: sites[name].url, categories: ['Productivity'], crawl: { requestTimeoutMs: 1000 },
      fetchOptions: { allowPrivate: false, userAgent: userAgentFor('http://directory.test'), trustAddress: (a) => a === '127.0.0.1' },
    });
    const quoted = [
      ...Object.values(r.fields).filter((f) => f.value !== null).map((f) => f.evidence),
      ...r.faqs.map((q) => q.evidence), ...r.founders.map((p) => p.evidence), ...Object.values(r.social_evidence),
    ];
    for (const evidence of quoted) {
      expect(evidence.length).toBeGreaterThan(0);
      for (const e of evidence) {
        const source = r.sources.find((s) => s.url === e.url);
        expect(source, e.url).toBeDefined();
        expect(locateQuote(e.quote, source!), e.quote).toBe(e.source);
      }
    }
    for (const f of Object.values(r.fields)) expect(f.state).toBe(f.value === null ? 'not_found' : 'ai');
  });
});
