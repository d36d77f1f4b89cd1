// A small, safe Markdown renderer for blog posts. It never passes HTML through: every piece of text
// is escaped, and a link keeps its href only when it is http(s) or relative (anything else is shown
// as its plain label). Supported: ATX headings, paragraphs, lists, blockquotes, rules, fenced code,
// inline code, emphasis, strong and links. Everything else is rendered as the text it is.

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESC[c]);

// http(s) absolute URLs, or relative ones (path, query or fragment) without any scheme.
export function safeHref(raw: string): string | null {
  const href = raw.trim();
  if (!href || /[\u0000-\u0020\u007f\\]/.test(href)) return null;
  if (/^https?:\/\/[^/]/i.test(href)) return href;
  if (href.startsWith('//')) return null;
  // A colon before the first / ? # would make it a scheme (javascript:, data:, vbscript:, …).
  const head = href.split(/[/?#]/, 1)[0];
  return head.includes(':') ? null : href;
}

// topLevel: the HTML level the document's biggest heading becomes (the page title is the h1).
export type MarkdownOptions = { topLevel?: number };

export function renderMarkdown(source: string, opts: MarkdownOptions = {}): string {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  return renderBlocks(lines, (opts.topLevel ?? 2) - biggestHeading(lines), new Set());
}

// The smallest ATX level used outside code fences, so a post written with ## still starts at topLevel.
function biggestHeading(lines: string[]): number {
  let min = 7;
  let fence: string | null = null;
  for (const line of lines) {
    const f = line.match(FENCE);
    if (f && (!fence || line.trimStart().startsWith(fence))) fence = fence ? null : f[1];
    else if (!fence) {
      const h = line.match(HEADING);
      if (h) min = Math.min(min, h[1].length);
    }
  }
  return min === 7 ? 1 : min;
}

const FENCE = /^\s{0,3}(`{3,}|~{3,})\s*([A-Za-z0-9_+-]*)/;
const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const RULE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const BULLET = /^\s{0,3}[-*+]\s+(.*)$/;
const ORDERED = /^\s{0,3}(\d{1,9})[.)]\s+(.*)$/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;

const startsBlock = (l: string) => FENCE.test(l) || HEADING.test(l) || RULE.test(l) || BULLET.test(l) || ORDERED.test(l) || QUOTE.test(l);

function renderBlocks(lines: string[], offset: number, ids: Set<string>): string {
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (line.trim() === '') { i++; continue; }
    let m: RegExpMatchArray | null;
    if ((m = line.match(FENCE))) {
      const fence = m[1];
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i].trimStart().startsWith(fence)) body.push(lines[i++]);
      i++; // closing fence (or end of input)
      const lang = m[2] ? ` class="language-${m[2].toLowerCase()}"` : '';
      out.push(`<pre><code${lang}>${escapeHtml(body.join('\n'))}</code></pre>`);
    } else if ((m = line.match(HEADING))) {
      const level = Math.min(6, m[1].length + offset);
      const id = uniqueId(m[2], ids);
      out.push(`<h${level}${id ? ` id="${id}"` : ''}>${renderInline(m[2])}</h${level}>`);
      i++;
    } else if (RULE.test(line)) {
      out.push('<hr>');
      i++;
    } else if (QUOTE.test(line)) {
      const inner: string[] = [];
      while (i < lines.length && (m = lines[i].match(QUOTE))) { inner.push(m[1]); i++; }
      out.push(`<blockquote>${renderBlocks(inner, offset, ids)}</blockquote>`);
    } else if (BULLET.test(line) || ORDERED.test(line)) {
      const ordered = !BULLET.test(line);
      const item = ordered ? ORDERED : BULLET;
      const items: string[] = [];
      const start = ordered ? Number(line.match(ORDERED)![1]) : 1;
      while (i < lines.length && (m = lines[i].match(item))) {
        let text = m[ordered ? 2 : 1];
        i++;
        // Indented lines that are not a new item continue the current one.
        while (i < lines.length && /^\s+\S/.test(lines[i]) && !BULLET.test(lines[i]) && !ORDERED.test(lines[i])) text += ` ${lines[i++].trim()}`;
        items.push(`<li>${renderInline(text)}</li>`);
      }
      const tag = ordered ? 'ol' : 'ul';
      out.push(`<${tag}${ordered && start !== 1 ? ` start="${start}"` : ''}>${items.join('')}</${tag}>`);
    } else {
      const para: string[] = [];
      while (i < lines.length && lines[i].trim() !== '' && (para.length === 0 || !startsBlock(lines[i]))) para.push(lines[i++].trim());
      out.push(`<p>${renderInline(para.join('\n'))}</p>`);
    }
  }
  return out.join('\n');
}

function uniqueId(text: string, ids: Set<string>): string {
  const base = text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  if (!base) return '';
  let id = base;
  for (let n = 2; ids.has(id); n++) id = `${base}-${n}`;
  ids.add(id);
  return id;
}

// Inline spans. Text between recognised spans is escaped; an unclosed marker stays literal text.
export function renderInline(src: string): string {
  let out = '';
  let text = '';
  const flush = () => { out += escapeHtml(text); text = ''; };
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === '\\' && i + 1 < src.length && /[\\`*_[\]()#+\-.!>]/.test(src[i + 1])) {
      text += src[i + 1];
      i += 2;
      continue;
    }
    if (c === '`') {
      const run = src.slice(i).match(/^`+/)![0];
      const end = src.indexOf(run, i + run.length);
      if (end > 0) {
        flush();
        out += `<code>${escapeHtml(src.slice(i + run.length, end).trim())}</code>`;
        i = end + run.length;
        continue;
      }
    }
    if (c === '[') {
      const link = matchLink(src, i);
      if (link) {
        flush();
        const href = safeHref(link.href);
        out += href
          ? `<a href="${escapeHtml(href)}"${/^https?:/i.test(href) ? ' rel="nofollow ugc noopener"' : ''}>${renderInline(link.label)}</a>`
          : renderInline(link.label);
        i = link.end;
        continue;
      }
    }
    if ((c === '*' || c === '_') && (c === '*' || !/[A-Za-z0-9]/.test(src[i - 1] ?? ''))) {
      const double = src[i + 1] === c;
      const marker = double ? c + c : c;
      const end = findClose(src, marker, i + marker.length);
      if (end > 0) {
        flush();
        const tag = double ? 'strong' : 'em';
        out += `<${tag}>${renderInline(src.slice(i + marker.length, end))}</${tag}>`;
        i = end + marker.length;
        continue;
      }
    }
    if (c === '\n') {
      text += ' ';
      i++;
      continue;
    }
    text += c;
    i++;
  }
  flush();
  return out;
}

function findClose(src: string, marker: string, from: number): number {
  if (src[from] === ' ' || from >= src.length) return -1;
  let at = src.indexOf(marker, from);
  // A single marker must not be the first half of a double one (`*a **b** c*`).
  while (at > 0 && marker.length === 1 && src[at + 1] === marker) at = src.indexOf(marker, at + 2);
  return at > from && src[at - 1] !== ' ' ? at : -1;
}

function matchLink(src: string, at: number): { label: string; href: string; end: number } | null {
  let depth = 0;
  let close = -1;
  for (let j = at; j < src.length; j++) {
    if (src[j] === '\\') { j++; continue; }
    if (src[j] === '[') depth++;
    else if (src[j] === ']' && --depth === 0) { close = j; break; }
  }
  if (close < 0 || src[close + 1] !== '(') return null;
  // Balanced parentheses inside the destination, as in https://en.wikipedia.org/wiki/Foo_(bar).
  let end = -1;
  for (let j = close + 2, open = 1; j < src.length; j++) {
    if (src[j] === '(') open++;
    else if (src[j] === ')' && --open === 0) { end = j; break; }
  }
  if (end < 0) return null;
  return { label: src.slice(at + 1, close), href: src.slice(close + 2, end), end: end + 1 };
}
