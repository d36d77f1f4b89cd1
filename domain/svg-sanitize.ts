import sanitizeHtml from 'sanitize-html';
import { sniffSvg } from './image-sniff';

// An SVG logo from someone else's website, reduced to drawing: shapes, paths, text, gradients, clip paths, masks and
// simple filters. Whatever can run, load or link is removed: script, foreignObject, image, a, animation, event
// handlers, references other than to an element of the same file ('#id'), url() other than url(#id), CSS imports.
// What remains must still be one <svg> root with a size, or the file is refused.

export type SanitizedSvg = { ok: true; svg: string; width: number; height: number } | { ok: false; reason: string };

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

const FILTER_PRIMITIVES = ['feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feDropShadow', 'feFlood', 'feFuncA', 'feFuncB',
  'feFuncG', 'feFuncR', 'feGaussianBlur', 'feMerge', 'feMergeNode', 'feMorphology', 'feOffset'];
const TAGS = ['svg', 'g', 'defs', 'symbol', 'use', 'title', 'desc', 'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon',
  'text', 'tspan', 'textPath', 'linearGradient', 'radialGradient', 'stop', 'clipPath', 'mask', 'pattern', 'filter', 'style', ...FILTER_PRIMITIVES];

const PRESENTATION = ['fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin', 'stroke-miterlimit',
  'stroke-dasharray', 'stroke-dashoffset', 'stroke-opacity', 'opacity', 'color', 'display', 'visibility', 'overflow', 'clip-path', 'clip-rule',
  'mask', 'filter', 'transform', 'transform-origin', 'stop-color', 'stop-opacity', 'flood-color', 'flood-opacity', 'lighting-color',
  'font-family', 'font-size', 'font-weight', 'font-style', 'font-variant', 'font-stretch', 'text-anchor', 'dominant-baseline',
  'alignment-baseline', 'baseline-shift', 'letter-spacing', 'word-spacing', 'text-decoration', 'writing-mode', 'direction', 'unicode-bidi',
  'paint-order', 'vector-effect', 'shape-rendering', 'text-rendering', 'image-rendering', 'color-interpolation', 'color-interpolation-filters',
  'mix-blend-mode', 'isolation'];
const GEOMETRY = ['x', 'y', 'x1', 'x2', 'y1', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'fr', 'width', 'height', 'd', 'points', 'pathLength',
  'dx', 'dy', 'rotate', 'textLength', 'lengthAdjust', 'startOffset', 'side', 'method', 'spacing'];
const STRUCTURE = ['id', 'class', 'style', 'viewBox', 'preserveAspectRatio', 'xml:space', 'xml:lang', 'lang', 'role', 'aria-label', 'aria-hidden',
  'offset', 'gradientUnits', 'gradientTransform', 'spreadMethod', 'clipPathUnits', 'maskUnits', 'maskContentUnits', 'patternUnits',
  'patternContentUnits', 'patternTransform', 'filterUnits', 'primitiveUnits', 'in', 'in2', 'result', 'stdDeviation', 'mode', 'operator',
  'k1', 'k2', 'k3', 'k4', 'values', 'type', 'tableValues', 'slope', 'intercept', 'amplitude', 'exponent', 'radius', 'edgeMode', 'refX', 'refY',
  'href', 'xlink:href', 'version', 'baseProfile', 'xmlns', 'xmlns:xlink', 'media'];
const ATTRIBUTES = [...PRESENTATION, ...GEOMETRY, ...STRUCTURE];

// url(…) only as url(#id); no imports, no escapes that could spell something else, nothing that ends the style.
const URL_REF = /url\s*\(\s*(['"]?)([^'")]*)\1\s*\)/gi;
const BAD_CSS = /@import|@namespace|@font-face|expression\s*\(|javascript:|behavior\s*:|-moz-binding|[\\<>&]/i;
const isFragment = (v: string) => /^#[A-Za-z_][\w.:-]*$/.test(v.trim());

export function safeCss(css: string): boolean {
  if (BAD_CSS.test(css)) return false;
  for (const m of css.matchAll(URL_REF)) if (!isFragment(m[2])) return false;
  // A url( that the pattern above did not read (unbalanced, odd quoting) is not allowed either.
  return (css.match(/url\s*\(/gi) ?? []).length === [...css.matchAll(URL_REF)].length;
}

const HANDLER = /^on/i;
function cleanAttributes(tag: string, attribs: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(attribs)) {
    if (HANDLER.test(name)) continue;
    if (name === 'href' || name === 'xlink:href') { if (isFragment(value)) out[name] = value.trim(); continue; }
    if (name === 'xmlns' || name === 'xmlns:xlink') continue; // set below to the only namespaces allowed
    // Any attribute may name a paint server or filter with url(); only this file's elements are allowed.
    if (/url\s*\(|javascript:/i.test(value) && !safeCss(value)) continue;
    if (name === 'style' && !safeCss(value)) continue;
    out[name] = value;
  }
  if (tag === 'svg') {
    out.xmlns = SVG_NS;
    out['xmlns:xlink'] = XLINK_NS;
  }
  return out;
}

const DRAWS = /<(path|rect|circle|ellipse|line|polyline|polygon|text|use)\b/;
const MAX_USES = 200; // <use> chains can make a tiny file expensive to draw

export function sanitizeSvg(input: string): SanitizedSvg {
  const before = sniffSvg(input);
  if (!before.ok) return before;
  let uses = 0;
  const cleaned = sanitizeHtml(input, {
    parser: { xmlMode: true, decodeEntities: true },
    allowedTags: TAGS,
    allowedAttributes: { '*': ATTRIBUTES },
    allowVulnerableTags: true, // <style>: its text is checked by safeCss below, and removed whole if it fails
    allowedSchemes: [],
    allowedSchemesByTag: {},
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    // The text of these is never drawing: dropped with the element.
    nonTextTags: ['script', 'style', 'foreignObject', 'iframe', 'noscript', 'textarea', 'xmp', 'option', 'template'],
    nestingLimit: 100,
    selfClosing: [],
    transformTags: { '*': (tagName, attribs) => ({ tagName, attribs: cleanAttributes(tagName, attribs) }) },
    exclusiveFilter: (frame) => (frame.tag === 'style' && !safeCss(frame.text)) || (frame.tag === 'use' && ++uses > MAX_USES),
  });
  const svg = cleaned.trim();
  const after = sniffSvg(svg);
  if (!after.ok) return { ok: false, reason: `nothing drawable is left after removing what is not allowed (${after.reason})` };
  if (!singleRoot(svg)) return { ok: false, reason: 'the SVG is not one <svg> element' };
  if (!DRAWS.test(svg)) return { ok: false, reason: 'nothing drawable is left after removing what is not allowed' };
  return { ok: true, svg, width: after.width, height: after.height };
}

// On the sanitiser's own output (attribute values escaped, no comments): the <svg> that opens the text closes at its
// very end, and no tag outside the allowlist appears anywhere.
function singleRoot(svg: string): boolean {
  let depth = 0;
  let tags = 0;
  for (const m of svg.matchAll(/<(\/?)([A-Za-z][\w:.-]*)[^>]*?(\/?)>/g)) {
    if (!TAGS.includes(m[2])) return false;
    if (depth === 0 && tags > 0) return false; // a second root
    tags++;
    if (m[1]) depth--;
    else if (!m[3]) depth++;
    if (depth < 0) return false;
    if (depth === 0 && m.index! + m[0].length !== svg.length) return false;
  }
  return depth === 0 && tags > 0;
}
