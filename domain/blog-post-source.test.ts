import { describe, expect, it } from 'vitest';
import { blogPostFromSource, publishedAtOf } from './blog-post-source';

const file = (lines: string[], body = '# Hello\n\nSome **text**.') => ['---', ...lines, '---', '', body].join('\n');
const good = ['title: Launch checklist', 'author: Jane Doe'];

describe('blogPostFromSource', () => {
  it('reads every field', () => {
    const r = blogPostFromSource(file([...good, 'slug: launch-list', 'date: 2026-11-10', 'excerpt: A plan.', 'tags: [launching, Growth]', 'draft: false']), 'x.md');
    expect(r).toEqual({ ok: true, post: {
      slug: 'launch-list', title: 'Launch checklist', author: 'Jane Doe', excerpt: 'A plan.', tags: ['launching', 'Growth'],
      bodyMarkdown: '# Hello\n\nSome **text**.', publishedAt: '2026-11-10T00:00:00.000Z', draft: false,
    } });
  });

  it('takes the slug from the file name and leaves the date to the importer when they are not given', () => {
    const r = blogPostFromSource(file(good), 'posts/2026-launch-checklist.md');
    expect(r.ok && r.post).toMatchObject({ slug: '2026-launch-checklist', publishedAt: null, draft: false, excerpt: '', tags: [] });
  });

  it.each<[string, string[], Record<string, unknown>]>([
    ['published_at as an alias of date', ['published_at: 2026-11-10T09:30:00+01:00'], { publishedAt: '2026-11-10T08:30:00.000Z' }],
    ['description as an alias of excerpt', ['description: Short.'], { excerpt: 'Short.' }],
    ['draft: true', ['draft: true'], { draft: true }],
    ['one tag as text', ['tags: solo'], { tags: ['solo'] }],
  ])('%s', (_name, extra, expected) => {
    const r = blogPostFromSource(file([...good, ...extra]), 'a.md');
    expect(r.ok && r.post).toMatchObject(expected);
  });

  it.each<[string, string[], string, string, RegExp]>([
    ['a missing title', ['author: A'], 'a.md', 'title', /is required/],
    ['an empty author', ['title: T', 'author: ""'], 'a.md', 'author', /is empty/],
    ['a long title', [`title: ${'x'.repeat(201)}`, 'author: A'], 'a.md', 'title', /at most 200/],
    ['an unknown field', [...good, 'titel: Typo'], 'a.md', 'titel', /not a field of a blog post/],
    ['a bad slug', [...good, 'slug: Launch List'], 'a.md', 'slug', /lowercase letters/],
    ['a file name that is no slug', good, 'My Post.md', 'slug', /file name "My Post" is not a valid slug/],
    ['a date that is not one', [...good, 'date: 2026-02-30'], 'a.md', 'date', /YYYY-MM-DD/],
    ['a date in words', [...good, 'published_at: next monday'], 'a.md', 'published_at', /YYYY-MM-DD/],
    ['both date and published_at', [...good, 'date: 2026-11-10', 'published_at: 2026-11-10'], 'a.md', 'published_at', /same field/],
    ['draft that is not a boolean', [...good, 'draft: maybe'], 'a.md', 'draft', /true or false/],
    ['a list where text belongs', [...good.slice(1), 'title: [a, b]'], 'a.md', 'title', /must be text, not a list/],
    ['too many tags', [...good, `tags: [${Array.from({ length: 11 }, (_, i) => `t${i}`).join(', ')}]`], 'a.md', 'tags', /at most 10/],
    ['a repeated tag', [...good, 'tags: [Growth, growth]'], 'a.md', 'tags', /repeats "growth"/],
    ['broken front matter', ['title: "open'], 'a.md', 'title', /never closed/],
  ])('refuses %s, naming the field', (_name, lines, fileName, field, message) => {
    const r = blogPostFromSource(file(lines), fileName);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems).toContainEqual(expect.objectContaining({ field, message: expect.stringMatching(message) }));
  });

  it('refuses an empty body', () => {
    const r = blogPostFromSource(file(good, '   \n'), 'a.md');
    expect(!r.ok && r.problems).toEqual([{ field: 'body', line: null, message: expect.stringMatching(/is empty/) }]);
  });

  it('names the line of a field with a problem', () => {
    const r = blogPostFromSource(file([...good, 'draft: perhaps']), 'a.md');
    expect(!r.ok && r.problems[0]).toEqual({ field: 'draft', line: 4, message: 'must be true or false, not "perhaps"' });
  });
});

describe('publishedAtOf', () => {
  it.each([
    ['2026-11-10', '2026-11-10T00:00:00.000Z'],
    ['2026-11-10T09:00:00Z', '2026-11-10T09:00:00.000Z'],
    ['2026-11-10T09:00Z', '2026-11-10T09:00:00.000Z'],
    ['2026-11-10T23:30:00-02:00', '2026-11-11T01:30:00.000Z'],
    ['2026-11-10T09:00:00', null], // no zone: ambiguous
    ['2026-13-01', null],
    ['10/11/2026', null],
  ])('%s → %s', (value, expected) => {
    expect(publishedAtOf(value)).toBe(expected);
  });
});
