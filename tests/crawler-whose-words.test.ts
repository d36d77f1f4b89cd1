import { describe, expect, it } from 'vitest';
import { parsePage } from '../crawler/page-text';
import { extractFacts } from '../crawler/extract';
import { assemble } from '../crawler/assemble';
import { scoreLink } from '../crawler/links';

// Pages written the way small companies write them: the company's own prose next to testimonials, logo walls,
// case studies and quotes. Facts come only from the company's own words.
const NOW = new Date('2026-11-18T12:00:00Z');
const html = (body: string) => `<!doctype html><html><head><title>Tidy</title></head><body>${body}</body></html>`;
const page = (body: string, url = 'https://tidyhq.example/') => parsePage(url, html(body));

const HOME = `
<header><nav><a href="/">Tidy</a> <a href="/pricing">Pricing</a></nav></header>
<section class="hero"><h1>Tidy keeps your stockroom honest</h1><p>Inventory counts for small shops.</p></section>
<section><h2>What shop owners say</h2>
  <div class="card"><p>"We've used Tidy since 2015 and never looked back." — Priya Das, co-founder of Spice Route</p></div>
  <div class="card"><p>Based in Denver, our team of four counts every Friday. — Marco Ruiz, Owner</p></div>
</section>
<section class="customer-logos"><h2>Shops that count on us</h2><p>Bramble &amp; Co, founded in 2011 by Ellen Voss</p></section>
<blockquote>Tidy was founded in 2009 by my cousin. <cite>Someone on a forum</cite></blockquote>
<article itemscope itemtype="https://schema.org/Review"><p>Started by Olga Brandt in 2008, our bakery loves it.</p></article>
<section><h2>About us</h2><p>Tidy was founded in 2021 by Nora Lind and Sam Okafor in Gothenburg, Sweden.</p></section>
<noscript><p>Tidy has offices in Gothenburg, Sweden.</p></noscript>`;

describe("others' words on a page", () => {
  it('marks testimonials, logo walls, quotes and reviews, and only them', () => {
    const p = page(HOME);
    const others = (p.othersText ?? []).join('\n');
    expect(others).toContain('since 2015');
    expect(others).toContain('Based in Denver');
    expect(others).toContain('founded in 2011 by Ellen Voss');
    expect(others).toContain('founded in 2009 by my cousin');
    expect(others).toContain('Started by Olga Brandt');
    expect(others).not.toContain('Nora Lind');
    expect(others).not.toContain('Inventory counts for small shops');
    expect(p.text).toContain('Tidy has offices in Gothenburg, Sweden.'); // <noscript> text is what a visitor without JavaScript reads
  });

  it('drafts the company\'s own facts and none of the others\'', () => {
    const { facts, pages } = extractFacts([{ url: 'https://tidyhq.example/', html: html(HOME) }]);
    const built = assemble({ facts, pages, categories: [], now: NOW });
    expect(built.fields.founded_year.value).toBe('2021');
    expect(built.fields.city.value).toBe('Gothenburg');
    expect(built.fields.country.value).toBe('SE');
    expect(built.founders.map((f) => f.name).sort()).toEqual(['Nora Lind', 'Sam Okafor']);
    for (const f of built.founders) expect(f.evidence[0].quote).toContain('founded in 2021');
  });

  it('reads a flat page too: what follows a "Testimonials" heading up to the next heading', () => {
    const p = page(`<main><h2>Our story</h2><p>Founded 2020 in Porto.</p><h2>Testimonials</h2><p>Since 2012 we rely on it.</p><p>Great tool!</p><h2>Pricing</h2><p>Free plan available.</p></main>`);
    expect(p.othersText).toEqual(['Since 2012 we rely on it.\nGreat tool!']);
  });

  it('German, French and Spanish sections', () => {
    for (const heading of ['Das sagen unsere Kunden', 'Ils nous font confiance', 'Lo que dicen nuestros clientes']) {
      const p = page(`<section><h2>${heading}</h2><p>Seit 2012 dabei.</p></section><section><h2>Über uns</h2><p>Gegründet 2019.</p></section>`);
      expect(p.othersText, heading).toEqual([`${heading}\nSeit 2012 dabei.`]);
    }
  });

  it('stays linear on deeply nested and very wide pages', () => {
    const deep = `${'<div class="x">'.repeat(1500)}<p>text</p>${'</div>'.repeat(1500)}`;
    const wide = Array.from({ length: 20000 }, (_, i) => `<section><h2>Testimonials ${i}</h2><p>q</p></section>`).join('');
    expect(page(deep).text).toContain('text');
    expect(page(wide).othersText?.length).toBe(20000);
  });
});

describe('pages worth reading, in other languages too', () => {
  it.each([
    ['https://x.example/ueber-uns', 'Über uns', 'about'], ['https://x.example/impressum', 'Impressum', 'imprint'],
    ['https://x.example/a-propos', 'À propos', 'about'], ['https://x.example/equipe', 'Équipe', 'team'],
    ['https://x.example/precios', 'Precios', 'pricing'], ['https://x.example/kontakt', 'Kontakt', 'contact'],
    ['https://x.example/datenschutz', 'Datenschutz', null],
  ])('%s (%s) → %s', (url, text, topic) => {
    const scored = scoreLink(new URL(url), text);
    expect(scored?.topic ?? null).toBe(topic);
  });
});

describe('milestones, stage and pricing in the site\'s own words', () => {
  const build = (pagesIn: Array<{ url: string; body: string; topic?: string }>) => {
    const { facts, pages } = extractFacts(pagesIn.map((p) => ({ url: p.url, html: html(p.body), topic: p.topic ?? null })));
    return assemble({ facts, pages, categories: [], now: NOW });
  };

  it('reads dated changelog entries and press lines, and not a customer\'s dated quote', () => {
    const built = build([
      { url: 'https://tidyhq.example/', body: '<h1>Tidy</h1><p>Tidy is now in public beta for small shops.</p>' },
      { url: 'https://tidyhq.example/changelog', topic: 'changelog', body: `<h1>Changelog</h1>
        <article><h2>Barcode scanning</h2><time datetime="2026-02-10">10 February 2026</time><p>Scan shelves with your phone.</p></article>
        <article><h3>Multi-store counts</h3><time datetime="2025-11-03">3 Nov 2025</time></article>` },
      { url: 'https://tidyhq.example/press', topic: 'press', body: `<ul><li>June 2025 – Tidy opens its public beta.</li></ul>
        <section class="testimonials"><p>March 2024 – we opened our third shop, thanks to Tidy. — Ana, owner</p></section>` },
    ]);
    expect(built.milestones.map((m) => [m.date, m.title])).toEqual(expect.arrayContaining([
      ['2026-02-10', 'Barcode scanning'], ['2025-11-03', 'Multi-store counts'], ['2025-06-01', 'Tidy opens its public beta.'],
    ]));
    expect(JSON.stringify(built.milestones)).not.toContain('third shop');
    expect(built.fields.stage.value).toBe('mvp');
  });

  it('takes the pricing model from the pricing page\'s words', () => {
    const built = build([
      { url: 'https://tidyhq.example/', body: '<h1>Tidy</h1>' },
      { url: 'https://tidyhq.example/pricing', topic: 'pricing', body: '<h1>Pricing</h1><p>Pay as you go: €0.02 per counted item, no monthly fee.</p>' },
    ]);
    expect(built.fields.pricing_model.value).toBe('usage-based');
  });
});
