import { describe, expect, it } from 'vitest';
import { escapeAttr, escapeXml, truncate } from './svg';

describe('escapeXml', () => {
  it.each([
    ['plain', 'plain'],
    ['Evil <script>"&\'', 'Evil &lt;script&gt;&quot;&amp;&#39;'],
    ['a & b', 'a &amp; b'],
    ['&amp;', '&amp;amp;'], // already-escaped text is text, escaped again
    ['</title><script>', '&lt;/title&gt;&lt;script&gt;'],
    ['tab\tand\nnewline', 'tab\tand\nnewline'],
    ['bell\u0007 null\u0000', 'bell null'], // forbidden in XML 1.0: dropped
    ['lone \uD800 surrogate', 'lone  surrogate'],
    ['emoji 🚀 ok', 'emoji 🚀 ok'],
    ['Ünïcödé', 'Ünïcödé'],
  ])('escapeXml(%j) = %j', (input, expected) => {
    expect(escapeXml(input)).toBe(expected);
  });

  it('leaves no markup-significant character unescaped', () => {
    const out = escapeAttr('<>"\'&'.repeat(3));
    expect(out).not.toMatch(/[<>"']/);
    expect(out.replace(/&(amp|lt|gt|quot|#39);/g, '')).not.toContain('&');
  });
});

describe('truncate', () => {
  it.each([
    ['short', 10, 'short'],
    ['exactly ten', 11, 'exactly ten'],
    ['a rather long product name', 10, 'a rather…'],
    ['🚀🚀🚀🚀', 3, '🚀🚀…'],
    ['  padded  ', 10, 'padded'],
  ])('truncate(%j, %d) = %j', (input, max, expected) => {
    expect(truncate(input, max)).toBe(expected);
  });
});
