import { describe, expect, it } from 'vitest';
import { parseFrontMatter } from './front-matter';

const fm = (...lines: string[]) => ['---', ...lines, '---', 'Body text.'].join('\n');

describe('parseFrontMatter: the YAML subset', () => {
  it.each<[string, string, Record<string, unknown>]>([
    ['plain text', fm('title: Launch checklist'), { title: 'Launch checklist' }],
    ['plain text keeps a colon and a # inside words', fm('title: C# tips: the basics'), { title: 'C# tips: the basics' }],
    ['a comment after a space ends plain text', fm('author: Jane   # the editor'), { author: 'Jane' }],
    ['double quotes with escapes', fm('title: "Say \\"hi\\" \\u00e9"'), { title: 'Say "hi" é' }],
    ['single quotes, doubled to escape', fm("title: 'It''s here: #1'"), { title: "It's here: #1" }],
    ['a flow list', fm('tags: [launch, "b, c", \'d\']'), { tags: ['launch', 'b, c', 'd'] }],
    ['an empty flow list', fm('tags: []'), { tags: [] }],
    ['a block list', fm('tags:', '  - one', '  - "two"', '- three'), { tags: ['one', 'two', 'three'] }],
    ['a key with nothing after it is empty text', fm('excerpt:', 'title: T'), { excerpt: '', title: 'T' }],
    ['comments and blank lines', fm('# about', '', 'title: T'), { title: 'T' }],
    ['true stays text', fm('draft: true'), { draft: 'true' }],
    ['CRLF line ends and a BOM', '\uFEFF---\r\ntitle: T\r\n---\r\nBody', { title: 'T' }],
  ])('%s', (_name, source, data) => {
    const r = parseFrontMatter(source);
    expect(r.ok && r.value.data).toEqual(data);
  });

  it('gives the body after the block and the line of each key', () => {
    const r = parseFrontMatter('---\ntitle: T\nauthor: A\n---\n\n# Heading\n\nText');
    expect(r.ok && r.value.body).toBe('\n# Heading\n\nText');
    expect(r.ok && r.value.lines).toEqual({ title: 2, author: 3 });
  });

  it.each<[string, string, number, string | null, RegExp]>([
    ['no block', 'title: T\n\nBody', 1, null, /must start with a front matter block/],
    ['a block never closed', '---\ntitle: T\nBody', 1, null, /never closed/],
    ['a repeated key', fm('title: A', 'title: B'), 3, 'title', /repeats title \(first on line 2\)/],
    ['a block scalar', fm('excerpt: |', '  text'), 2, 'excerpt', /block scalar/],
    ['a nested map', fm('author:', '  name: Jane'), 3, null, /nested maps are not supported/],
    ['an inline map', fm('author: { name: Jane }'), 2, 'author', /not supported/],
    ['an unclosed double quote', fm('title: "Open'), 2, 'title', /never closed/],
    ['text after a closing quote', fm('title: "A" B'), 2, 'title', /text after its closing quote/],
    ['an unclosed list', fm('tags: [a, b'), 2, 'tags', /without its closing \]/],
    ['an empty list item', fm('tags: [a, , b]'), 2, 'tags', /empty item/],
    ['a list item without a key', fm('- stray'), 2, null, /belongs to no "key:" line/],
    ['a line that is no key', fm('just words'), 2, null, /not a "key: value" line/],
    ['a tab', fm('tags:', '\t- a'), 3, 'tags', /tab/],
  ])('refuses %s, naming the line', (_name, source, line, field, message) => {
    const r = parseFrontMatter(source);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.line).toBe(line);
    expect(r.field).toBe(field);
    expect(r.message).toMatch(message);
  });
});
