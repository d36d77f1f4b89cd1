import { load, type CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import type { PageEvidence } from '../domain/evidence';
import { headingIntroducesOthers, namesOthersRegion } from '../domain/others-words';

// The visible text of a page (what a visitor reads) and the attribute strings it carries: the two
// things an evidence quote may come from. Quotes for drafted values are cut from these same strings,
// so every deterministic quote is found again when it is verified.

const BLOCK = new Set(('address article aside blockquote br dd details dialog div dl dt fieldset figcaption figure footer form ' +
  'h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table tbody thead tfoot td th tr ul caption label button option').split(' '));
const INVISIBLE = new Set(['script', 'style', 'template', 'svg', 'head', 'iframe', 'object', 'canvas', 'title', 'meta', 'link']);

const isHidden = (el: Element) =>
  el.attribs.hidden !== undefined || el.attribs['aria-hidden'] === 'true' || /display\s*:\s*none|visibility\s*:\s*hidden/i.test(el.attribs.style ?? '');

function walk(node: AnyNode, out: string[]): void {
  if (node.type === 'text') {
    out.push((node as unknown as { data: string }).data);
    return;
  }
  if (node.type !== 'tag' && node.type !== 'root') return; // comments, scripts, styles, directives
  const el = node as Element;
  if (node.type === 'tag' && (INVISIBLE.has(el.name) || isHidden(el))) return;
  // <noscript> is what a visitor without JavaScript reads (and what many sites put their text in). The parser keeps
  // its inside as raw text; it is parsed on its own here.
  if (node.type === 'tag' && el.name === 'noscript') {
    const raw = el.children.map((c) => (c.type === 'text' ? (c as unknown as { data: string }).data : '')).join('');
    if (raw.includes('<')) {
      out.push('\n');
      walk(load(raw.slice(0, 200_000)).root().get(0)!, out);
      out.push('\n');
      return;
    }
  }
  const block = node.type === 'tag' && BLOCK.has(el.name);
  if (block) out.push('\n');
  for (const child of el.children ?? []) walk(child, out);
  if (block) out.push('\n');
}

// Whether a subtree has at most `max` nodes. Extractors that look at the text of every element first ask
// this of small things (a role line, a name): reading each element's whole subtree from every element of a
// deeply nested page would take time quadratic in its depth.
export function subtreeAtMost(node: AnyNode, max: number): boolean {
  const stack: AnyNode[] = [node];
  let seen = 0;
  while (stack.length) {
    const n = stack.pop()!;
    if (++seen > max) return false;
    const children = (n as Element).children;
    if (children) for (const c of children) stack.push(c);
  }
  return true;
}

// Text with one line per block element and single spaces inside lines.
export function visibleText(node: AnyNode | AnyNode[]): string {
  const out: string[] = [];
  for (const n of Array.isArray(node) ? node : [node]) walk(n, out);
  return out.join('')
    .split('\n')
    .map((l) => l.replace(/[\s\u00a0]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

// Attribute and non-visible strings a value may be read from, each kept verbatim.
function attributeStrings($: CheerioAPI, jsonLdStrings: string[]): string[] {
  const out = new Set<string>();
  const add = (s: string | undefined) => { if (s && s.trim()) out.add(s.trim()); };
  // Most telling first: a capped list keeps the title, meta tags and JSON-LD before link targets.
  add($('title').first().text());
  $('meta[content]').each((_, el) => add($(el).attr('content')));
  for (const s of jsonLdStrings) add(s);
  $('iframe[src], video[src], source[src]').each((_, el) => add($(el).attr('src')));
  $('a[href], link[href]').each((_, el) => add($(el).attr('href')));
  $('img').each((_, el) => { add($(el).attr('src')); add($(el).attr('alt')); });
  return [...out].slice(0, 5000);
}

export type ParsedPage = PageEvidence & { title: string | null; $: CheerioAPI; jsonLd: unknown[] };

// Regions in someone else's words (domain/others-words.ts has the rules): elements named so by their attributes,
// quotes, schema.org Reviews, and sections introduced by a heading such as "What our customers say". One walk over
// the page; a region's insides are not walked again.
const OTHERS_ATTRIBUTES = ['class', 'id', 'aria-label', 'itemprop', 'data-section', 'data-block', 'data-component'];
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const isElement = (n: AnyNode): n is Element => n.type === 'tag';
const headingLevel = (el: Element) => Number(el.name[1]);
const headingText = (el: Element) => (subtreeAtMost(el, 40) ? visibleText(el) : '');

function namedOthers(el: Element): boolean {
  if (el.name === 'blockquote' || el.name === 'q') return true;
  if (/schema\.org\/Review/i.test(el.attribs.itemtype ?? '')) return true;
  return OTHERS_ATTRIBUTES.some((a) => el.attribs[a] !== undefined && namesOthersRegion(el.attribs[a]));
}

export function othersRegions(root: AnyNode): AnyNode[][] {
  const regions: AnyNode[][] = [];
  const stack: AnyNode[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (!isElement(node) && node.type !== 'root') continue;
    const el = node as Element;
    if (isElement(el) && (INVISIBLE.has(el.name) || isHidden(el))) continue;
    if (isElement(el) && namedOthers(el)) {
      regions.push([el]);
      continue;
    }
    const kids = (el.children ?? []).filter(isElement);
    const headings = kids.filter((k) => HEADINGS.has(k.name));
    // A section whose own heading introduces others' words is theirs as a whole...
    if (headings.length === 1 && headingIntroducesOthers(headingText(headings[0])) && el.name !== 'body' && el.name !== 'main') {
      regions.push([el]);
      continue;
    }
    // ...and in a flat page, what follows such a heading up to the next heading of the same rank or higher.
    const taken = new Set<AnyNode>();
    for (let i = 0; i < kids.length; i++) {
      const k = kids[i];
      if (!HEADINGS.has(k.name) || !headingIntroducesOthers(headingText(k))) continue;
      const group: AnyNode[] = [];
      for (let j = i + 1; j < kids.length && !(HEADINGS.has(kids[j].name) && headingLevel(kids[j]) <= headingLevel(k)); j++) group.push(kids[j]);
      if (group.length) regions.push(group);
      for (const g of group) taken.add(g);
    }
    for (let i = kids.length - 1; i >= 0; i--) if (!taken.has(kids[i])) stack.push(kids[i]);
  }
  return regions;
}

// Every string value inside JSON-LD, for verifying quotes taken from it.
function leafStrings(v: unknown, out: string[], depth = 0): void {
  if (depth > 12 || out.length > 2000) return;
  if (typeof v === 'string') out.push(v);
  else if (typeof v === 'number') out.push(String(v));
  else if (Array.isArray(v)) v.forEach((x) => leafStrings(x, out, depth + 1));
  else if (v && typeof v === 'object') Object.values(v).forEach((x) => leafStrings(x, out, depth + 1));
}

export function parseJsonLd($: CheerioAPI): unknown[] {
  const blocks: unknown[] = [];
  $('script[type="application/ld+json"]').each((_, el) => {
    const raw = $(el).text().trim();
    try {
      blocks.push(JSON.parse(raw));
    } catch {
      try {
        blocks.push(JSON.parse(raw.replace(/,\s*([}\]])/g, '$1'))); // trailing commas are common
      } catch { /* unreadable block: ignored */ }
    }
  });
  return blocks;
}

export function parsePage(url: string, html: string): ParsedPage {
  const $ = load(html);
  const jsonLd = parseJsonLd($);
  const strings: string[] = [];
  leafStrings(jsonLd, strings);
  const body = $('body').get(0) ?? $.root().get(0)!;
  const text = visibleText(body);
  const othersText = othersRegions(body).map((r) => visibleText(r)).filter(Boolean);
  return { url, title: $('title').first().text().trim() || null, text, attributes: attributeStrings($, strings), ...(othersText.length ? { othersText } : {}), $, jsonLd };
}
