import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load, type Cheerio, type CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { getJson, startApp, type TestApp } from './harness';
import { addListing, insertRow } from './fixtures';
import { awards } from '../storage/schema';
import { BADGE_KINDS, BADGE_MODES, BADGE_SHAPES, BADGE_SIZES } from '../domain/badges';
import { AA_TEXT, contrastRatio, parseHexColor } from '../domain/contrast';

// Every text on every badge the route serves, read back from the SVG itself and resolved the way a browser
// would in each prefers-color-scheme, must reach 4.5:1 against the badge's own background. Nothing about the
// palette is copied in here: the colours come from the served <style> and attributes.

type Scheme = 'light' | 'dark';
type Rule = { selectors: string[]; decls: Map<string, string>; media: string | null };

// The style sheets the badges use: flat rules, optionally inside @media blocks (one level).
function parseCss(css: string): Rule[] {
  const rules: Rule[] = [];
  const block = /@media\s*([^{]+)\{((?:[^{}]*\{[^{}]*\})*)\s*\}|([^{}@]+)\{([^{}]*)\}/g;
  const flat = (text: string, media: string | null) => {
    for (const m of text.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
      const decls = new Map<string, string>();
      for (const d of m[2].split(';')) {
        const colon = d.indexOf(':');
        if (colon > 0) decls.set(d.slice(0, colon).trim().toLowerCase(), d.slice(colon + 1).trim());
      }
      rules.push({ selectors: m[1].split(',').map((s) => s.trim()), decls, media });
    }
  };
  for (const m of css.matchAll(block)) {
    if (m[1] !== undefined) flat(m[2], m[1].trim());
    else flat(`${m[3]}{${m[4]}}`, null);
  }
  return rules;
}

const mediaApplies = (media: string | null, scheme: Scheme) => {
  if (media === null) return true;
  const wanted = /\(\s*prefers-color-scheme\s*:\s*(light|dark)\s*\)/.exec(media);
  if (!wanted || media.replace(wanted[0], '').trim()) throw new Error(`Unexpected media query in a badge: ${media}`);
  return wanted[1] === scheme;
};

// Specificity of the selectors badges use: a type (text), a class (.bg) or a type with a class (rect.bg).
function specificity(selector: string, el: Element): number | null {
  const m = /^([a-z]+)?((?:\.[\w-]+)*)$/i.exec(selector);
  if (!m) throw new Error(`Unexpected selector in a badge: ${selector}`);
  const classes = (el.attribs.class ?? '').split(/\s+/);
  if (m[1] && m[1] !== el.tagName) return null;
  const wanted = m[2].split('.').filter(Boolean);
  if (!wanted.every((c) => classes.includes(c))) return null;
  return wanted.length * 10 + (m[1] ? 1 : 0);
}

// A property's computed value: the winning author rule beats the presentation attribute; fill inherits.
function computed($: CheerioAPI, rules: Rule[], scheme: Scheme, el: Element, prop: string): string {
  let best: { spec: number; value: string } | null = null;
  for (const rule of rules) {
    const value = rule.decls.get(prop);
    if (value === undefined || !mediaApplies(rule.media, scheme)) continue;
    for (const sel of rule.selectors) {
      const spec = specificity(sel, el);
      if (spec !== null && (!best || spec >= best.spec)) best = { spec, value };
    }
  }
  if (best) return best.value;
  if (el.attribs[prop] !== undefined) return el.attribs[prop];
  const parent = el.parent;
  return parent && parent.type === 'tag' ? computed($, rules, scheme, parent as Element, prop) : '#000000';
}

// What a text is drawn on: the emblem's circle for the numeral inside an emblem, else the badge's background shape.
function backdropOf($: CheerioAPI, text: Cheerio<Element>): Element {
  const emblem = text.closest('g.emblem');
  const shape = emblem.length ? emblem.children('circle').first() : $('svg > .bg').first();
  expect(shape.length, 'a background shape behind the text').toBe(1);
  return shape.get(0)!;
}

type Reading = { text: string; fg: string; bg: string; ratio: number };

function readings(svg: string, scheme: Scheme): Reading[] {
  const $ = load(svg, { xml: true });
  const rules = parseCss($('svg > style').text());
  return $('text').toArray().map((el) => {
    const fg = computed($, rules, scheme, el, 'fill');
    const bg = computed($, rules, scheme, backdropOf($, $(el)), 'fill');
    const text = $(el).text();
    // A background the badge does not paint (none, transparent) is the host page's: no contrast can be promised.
    expect(parseHexColor(bg), `background of "${text}" in ${scheme} mode is ${bg}`).not.toBeNull();
    expect(parseHexColor(fg), `colour of "${text}" in ${scheme} mode is ${fg}`).not.toBeNull();
    return { text, fg, bg, ratio: contrastRatio(fg, bg) };
  });
}

let app: TestApp;
const variants: Array<{ kind: string; shape: string; mode: string; size: string; url: string }> = [];

beforeAll(async () => {
  app = await startApp({ demo: false });
  const decorated = await addListing(app.db, { name: 'Decorated', slug: 'cx-decorated', status: 'live', featured: true, verified: true });
  const second = await addListing(app.db, { name: 'Runner Up', slug: 'cx-runner-up', status: 'live' });
  for (const row of [
    { week: '2026-11-09', rank: 1, listingId: decorated, votes: 90 },
    { week: '2026-11-09', rank: 2, listingId: second, votes: 60 },
    { week: '2026-11-09', rank: 3, listingId: await addListing(app.db, { name: 'Third', slug: 'cx-third', status: 'live' }), votes: 30 },
  ]) await insertRow(app.db, awards, row);
  // The URLs the API hands out for every earned badge in every shape and mode, in each size.
  for (const slug of ['cx-decorated', 'cx-runner-up', 'cx-third']) {
    for (const size of BADGE_SIZES) {
      const { body } = await getJson(`${app.api}/listings/${slug}/badges?size=${size}`);
      for (const b of body.badges) {
        for (const shape of BADGE_SHAPES) for (const mode of BADGE_MODES) variants.push({ kind: b.kind, shape, mode, size, url: b.svg_urls[shape][mode] });
      }
    }
  }
});
afterAll(() => app?.close());

describe('badge colours', () => {
  it('covers every kind in every shape, mode and size', () => {
    expect(new Set(variants.map((v) => v.kind))).toEqual(new Set(BADGE_KINDS));
    for (const kind of BADGE_KINDS) expect(variants.filter((v) => v.kind === kind).length).toBeGreaterThanOrEqual(BADGE_SHAPES.length * BADGE_MODES.length * BADGE_SIZES.length);
  });

  it('draws every text at ≥ 4.5:1 against the badge\'s own background, in light and dark colour schemes', async () => {
    const failures: string[] = [];
    for (const v of variants) {
      const res = await fetch(v.url);
      expect(res.status, v.url).toBe(200);
      const svg = await res.text();
      for (const scheme of ['light', 'dark'] as const) {
        const found = readings(svg, scheme);
        expect(found.length, v.url).toBeGreaterThanOrEqual(3); // caption, site name, listing line
        for (const r of found) {
          if (r.ratio < AA_TEXT) failures.push(`${v.kind} ${v.shape}/${v.mode}/${v.size} in ${scheme}: "${r.text}" ${r.fg} on ${r.bg} = ${r.ratio.toFixed(2)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('switches background and text together in auto mode, and keeps light and dark fixed', async () => {
    for (const shape of BADGE_SHAPES) {
      const get = async (mode: string) => (await fetch(variants.find((v) => v.kind === 'listed' && v.shape === shape && v.mode === mode)!.url)).text();
      const [auto, light, dark] = await Promise.all([get('auto'), get('light'), get('dark')]);
      const pair = (svg: string, scheme: Scheme) => readings(svg, scheme).map((r) => `${r.fg} on ${r.bg}`);
      expect(pair(auto, 'light'), shape).toEqual(pair(light, 'light'));
      expect(pair(auto, 'dark'), shape).toEqual(pair(dark, 'dark'));
      expect(pair(auto, 'dark'), shape).not.toEqual(pair(auto, 'light'));
      expect(pair(light, 'dark'), shape).toEqual(pair(light, 'light'));
      expect(pair(dark, 'light'), shape).toEqual(pair(dark, 'dark'));
    }
  });
});
