import { describe, expect, it } from 'vitest';
import { safeCss, sanitizeSvg } from './svg-sanitize';

const wrap = (inner: string, rootAttrs = '') => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"${rootAttrs}>${inner}<rect width="24" height="24" fill="#0a7"/></svg>`;
const clean = (svg: string) => {
  const r = sanitizeSvg(svg);
  if (!r.ok) throw new Error(`refused: ${r.reason}`);
  return r.svg;
};

describe('sanitizeSvg: hostile content is removed, the drawing stays', () => {
  it.each([
    ['<script>', wrap('<script>alert(1)</script>'), /script|alert/i],
    ['<script> with CDATA', wrap('<script><![CDATA[alert(1)]]></script>'), /script|alert/i],
    ['onload on the root', wrap('', ' onload="alert(1)"'), /onload|alert/i],
    ['event handlers in any case', wrap('<circle r="3" OnClick="alert(1)" onmouseover="alert(2)"/>'), /onclick|onmouseover|alert/i],
    ['foreignObject with HTML', wrap('<foreignObject width="10" height="10"><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example/"></iframe><p>hi</p></body></foreignObject>'), /foreignObject|iframe|evil|hi</i],
    ['external <use>', wrap('<use href="https://evil.example/sprite.svg#x"/><use xlink:href="//evil.example/s.svg#y"/>'), /evil/],
    ['javascript: href on <a>', wrap('<a href="javascript:alert(1)"><circle r="2"/></a>'), /<a\b|javascript/i],
    ['<image> loading a remote file', wrap('<image href="https://evil.example/track.png" width="1" height="1"/>'), /image|evil/i],
    ['data: URI in xlink:href', wrap('<use xlink:href="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4="/>'), /data:/],
    ['fill with an external url()', wrap('<rect width="2" height="2" fill="url(https://evil.example/p.svg#g)"/>'), /evil/],
    ['style attribute with url()', wrap('<rect width="2" height="2" style="fill:url(\'https://evil.example/x\')"/>'), /evil/],
    ['style attribute with an escaped url', wrap('<rect width="2" height="2" style="background:u\\72l(https://evil.example/x)"/>'), /evil/],
    ['entity-encoded url() in an attribute', wrap('<rect width="2" height="2" fill="&#117;rl(https://evil.example/x)"/>'), /evil/],
    ['<style> with @import', wrap('<style>@import url(https://evil.example/x.css); rect{fill:red}</style>'), /@import|evil/],
    ['<style> with a remote font', wrap('<style>@font-face{font-family:x;src:url(https://evil.example/f.woff)}</style>'), /font-face|evil/],
    ['<style> that tries to close itself', wrap('<style><![CDATA[ </style><script>alert(1)</script> ]]></style>'), /script|alert/],
    ['animation that rewrites an href', wrap('<a><animate attributeName="href" to="javascript:alert(1)"/><text>x</text></a><set attributeName="onload" to="alert(1)"/>'), /animate|<set|javascript/i],
    ['<iframe>, <embed>, <object>', wrap('<iframe src="https://evil.example"></iframe><embed src="x.swf"/><object data="x"></object>'), /iframe|embed|object|evil/],
    ['feImage loading a remote file', wrap('<filter id="f"><feImage href="https://evil.example/x.png"/></filter>'), /feImage|evil/],
    ['a foreign namespace', wrap('', ' xmlns:html="http://www.w3.org/1999/xhtml"') + '', /xhtml/],
    ['comments and processing instructions', '<?xml-stylesheet href="https://evil.example/x.css"?>' + wrap('<!-- <script>alert(1)</script> -->'), /evil|script|<!--/],
  ])('%s', (_, svg, forbidden) => {
    const out = clean(svg);
    expect(out).not.toMatch(forbidden);
    expect(out).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(out).toContain('<rect width="24" height="24" fill="#0a7"></rect>');
    expect(out).toMatch(/<\/svg>$/);
  });

  it('keeps what a logo is drawn with: gradients, clip paths, classes, text, same-file references', () => {
    const svg = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Generator: Adobe Illustrator -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 120 40" width="120" height="40">
  <defs><linearGradient id="g1" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#1d4ed8"/><stop offset="1" stop-color="#9333ea"/></linearGradient>
  <clipPath id="c"><rect width="40" height="40" rx="8"/></clipPath><style>.cls-1{fill:url(#g1)}.cls-2{font:700 18px sans-serif}</style>
  <symbol id="dot"><circle cx="4" cy="4" r="4"/></symbol></defs>
  <g clip-path="url(#c)"><path class="cls-1" d="M0 0h40v40H0z"/></g>
  <use xlink:href="#dot" x="50" y="4"/><use href="#dot" x="60" y="4"/>
  <text class="cls-2" x="50" y="30">Acme &amp; Co</text>
</svg>`;
    const r = sanitizeSvg(svg);
    expect(r).toMatchObject({ ok: true, width: 120, height: 40 });
    const out = r.ok ? r.svg : '';
    for (const kept of ['<linearGradient id="g1"', 'stop-color="#9333ea"', '<clipPath id="c">', '.cls-1{fill:url(#g1)}', 'clip-path="url(#c)"',
      'xlink:href="#dot"', 'href="#dot"', '>Acme &amp; Co</text>', 'viewBox="0 0 120 40"']) expect(out).toContain(kept);
  });

  it.each([
    ['HTML, not SVG', '<html><body><svg viewBox="0 0 1 1"><rect width="1" height="1"/></svg></body></html>', /not a PNG, JPEG, WebP or SVG/],
    ['only a script', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><script>alert(1)</script></svg>', /nothing drawable/],
    ['only a foreignObject', '<svg viewBox="0 0 1 1"><foreignObject><div>x</div></foreignObject></svg>', /nothing drawable/],
    ['entity declarations', '<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg viewBox="0 0 1 1"><text>&a;</text></svg>', /DOCTYPE or entities/],
    ['a second root after the first', '<svg viewBox="0 0 1 1"><rect width="1" height="1"/></svg><svg viewBox="0 0 1 1"></svg>', /not one <svg> element/],
    ['no size', '<svg><rect width="1" height="1"/></svg>', /no size/],
  ])('refuses %s', (_, svg, reason) => {
    const r = sanitizeSvg(svg);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.reason).toMatch(reason);
  });

  it('caps <use> elements, which can make a small file expensive to draw', () => {
    const out = clean(wrap(`<defs><circle id="c" r="1"/></defs>${'<use href="#c"/>'.repeat(500)}`));
    expect(out.match(/<use /g)).toHaveLength(200);
  });
});

describe('safeCss', () => {
  it.each([
    ['.a{fill:#fff}', true],
    ['.a{fill:url(#g)} .b{clip-path:url( "#c" )}', true],
    ['fill:url(https://evil.example/x)', false],
    ['fill:url(//evil.example/x)', false],
    ['fill:url(data:image/png;base64,AAAA)', false],
    ['fill:url(#g) url(x', false],
    ['@import "x.css";', false],
    ['a{b:expression(alert(1))}', false],
    ['a{-moz-binding:url(#x)}', false],
    ['a{b:\\75rl(x)}', false],
    ['</style><script>', false],
  ])('%s → %s', (css, ok) => {
    expect(safeCss(css)).toBe(ok);
  });
});
