import { load, type CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import type { PageEvidence } from '../domain/evidence';

// The visible text of a page (what a visitor reads) and the attribute strings it carries: the two
// things an evidence quote may come from. Quotes for drafted values are cut from these same strings,
// so every deterministic quote is found again when it is verified.

const BLOCK = new Set(('address article aside blockquote br dd details dialog div dl dt fieldset figcaption figure footer form ' +
  'h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table tbody thead tfoot td th tr ul caption label button option').split(' '));
const INVISIBLE = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head', 'iframe', 'object', 'canvas', 'title', 'meta', 'link']);

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
  const body = $('body').get(0);
  const text = visibleText(body ?? $.root().get(0)!);
  return { url, title: $('title').first().text().trim() || null, text, attributes: attributeStrings($, strings), $, jsonLd };
}
