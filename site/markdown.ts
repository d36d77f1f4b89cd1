import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

// Markdown for blog posts and founder stories, rendered with markdown-it (CommonMark, linear time on hostile input)
// and cleaned with sanitize-html. Raw HTML in the source is shown as text, never passed through; links keep their
// href only when it is http(s) or relative, images only when https or relative; headings get ids and start at the
// level the page asks for. Supported: what people write — headings, paragraphs, emphasis, lists, blockquotes,
// rules, code spans and fenced code, links, images and tables.

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

// Images load from the reader's browser: plain http would be mixed content, so https or our own paths only.
const safeImageSrc = (raw: string): string | null => {
  const src = safeHref(raw);
  return src && !/^http:/i.test(src) ? src : null;
};

type Token = ReturnType<InstanceType<typeof MarkdownIt>['parse']>[number];

const md = new MarkdownIt({ html: false, linkify: false, typographer: false }).enable(['table', 'strikethrough']);
// Links and images are checked below with our own rule, which also gives a readable fallback.
md.validateLink = () => true;

// topLevel: the HTML level the document's biggest heading becomes (the page title is the h1).
export type MarkdownOptions = { topLevel?: number };

function uniqueId(text: string, ids: Set<string>): string {
  const base = text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  if (!base) return '';
  let id = base;
  for (let n = 2; ids.has(id); n++) id = `${base}-${n}`;
  ids.add(id);
  return id;
}

const inlineText = (t: Token | undefined): string => (t?.children ?? []).filter((c) => c.type === 'text' || c.type === 'code_inline').map((c) => c.content).join('');

// Headings move to the requested level and get ids; unsafe links lose their href (the label stays); unsafe images
// become their alt text; external links are marked as not endorsed.
function adjust(tokens: Token[], topLevel: number): void {
  const levels = tokens.filter((t) => t.type === 'heading_open').map((t) => Number(t.tag.slice(1)));
  const offset = topLevel - (levels.length ? Math.min(...levels) : 1);
  const ids = new Set<string>();
  tokens.forEach((t, i) => {
    if (t.type === 'heading_open' || t.type === 'heading_close') {
      t.tag = `h${Math.min(6, Math.max(1, Number(t.tag.slice(1)) + offset))}`;
      if (t.type === 'heading_open') {
        const id = uniqueId(inlineText(tokens[i + 1]), ids);
        if (id) t.attrSet('id', id);
      }
    }
    if (t.type !== 'inline' || !t.children) return;
    const out: Token[] = [];
    let dropClose = 0;
    for (const c of t.children) {
      if (c.type === 'link_open') {
        const href = safeHref(String(c.attrGet('href') ?? ''));
        if (!href) { dropClose++; continue; }
        c.attrs = [['href', href]];
        if (/^https?:/i.test(href)) c.attrSet('rel', 'nofollow ugc noopener');
      } else if (c.type === 'link_close' && dropClose) {
        dropClose--;
        continue;
      } else if (c.type === 'image') {
        const src = safeImageSrc(String(c.attrGet('src') ?? ''));
        if (!src) {
          c.type = 'text';
          c.content = c.content || inlineText(c);
          c.children = null;
        } else {
          c.attrs = [['src', src], ['alt', c.content], ['loading', 'lazy']];
        }
      }
      out.push(c);
    }
    t.children = out;
  });
}

// A second line of defence behind the renderer: only the elements and attributes it produces survive.
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'strong', 'em', 's', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li',
    'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  allowedAttributes: { a: ['href', 'rel'], img: ['src', 'alt', 'loading'], h1: ['id'], h2: ['id'], h3: ['id'], h4: ['id'], h5: ['id'], h6: ['id'],
    code: ['class'], ol: ['start'], th: ['style'], td: ['style'] },
  allowedClasses: { code: [/^language-[a-z0-9+#-]+$/] },
  allowedStyles: { th: { 'text-align': [/^(left|right|center)$/] }, td: { 'text-align': [/^(left|right|center)$/] } },
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
};

export function renderMarkdown(source: string, opts: MarkdownOptions = {}): string {
  const env = {};
  const tokens = md.parse(source, env);
  adjust(tokens, opts.topLevel ?? 2);
  return focusableCode(sanitizeHtml(md.renderer.render(tokens, md.options, env), SANITIZE).trim());
}

// A long code line makes its block scroll sideways; like site/code-block.tsx, each block becomes a named tab stop
// so the keyboard can scroll it. Runs on the sanitised output, where the only <pre> tags are the renderer's own
// (source text reaches the page escaped), so the attributes are ours.
function focusableCode(html: string): string {
  let n = 0;
  return html.replace(/<pre>/g, () => `<pre tabindex="0" role="region" aria-label="Code sample ${++n}">`);
}
