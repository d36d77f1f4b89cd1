import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { getJson, startApp, type TestApp, openClients, closeAll, resultBody } from './harness';
import { blogPosts } from '../storage/schema';
import { insertRow } from './fixtures';

let app: TestApp;
const clients: Partial<Record<'modern' | 'legacy', Client>> = {};

type Post = Partial<typeof blogPosts.$inferInsert> & { slug: string; title: string; publishedAt: string };
const post = (p: Post) => ({ excerpt: '', bodyMarkdown: 'Nothing to see.', author: 'Editor', tags: [], ...p });

beforeAll(async () => {
  app = await startApp({ demo: false });
  for (const row of [
    post({ slug: 'launch-checklist', title: 'Launch checklist', publishedAt: '2026-11-10T09:00:00.000Z', tags: ['launching'],
      bodyMarkdown: '# Checklist\n\nDecide your **pricing** page before launch day.' }),
    post({ slug: 'pricing-your-saas', title: 'Pricing your SaaS', publishedAt: '2026-10-01T09:00:00.000Z', tags: ['growth'],
      excerpt: 'How to set a price.', bodyMarkdown: '## Anchors\n\nStart high.',
      faqs: [{ question: 'Monthly or yearly?', answer: 'Offer both.' }] }),
    post({ slug: 'growth-notes', title: 'Growth notes', publishedAt: '2026-11-15T09:00:00Z', excerpt: 'Notes on PRICING and reach.' }),
    post({ slug: 'future-post', title: 'Pricing in 2027', publishedAt: '2026-12-01T09:00:00.000Z' }),
    post({ slug: 'tagged-post', title: 'Old thoughts', publishedAt: '2026-09-01T09:00:00.000Z', tags: ['Pricing-Strategy'] }),
  ]) await insertRow(app.db, blogPosts, row);
  await openClients(app, clients);
});
afterAll(() => closeAll(app, clients));

const rest = (path: string) => getJson(`${app.api}${path}`);
const slugs = (body: any) => body.items.map((i: any) => i.slug);

describe('list_blog_posts over REST', () => {
  it('lists published posts newest first, hiding scheduled ones', async () => {
    const { status, body } = await rest('/blog');
    expect(status).toBe(200);
    expect(slugs(body)).toEqual(['growth-notes', 'launch-checklist', 'pricing-your-saas', 'tagged-post']);
    expect(body).toMatchObject({ page: 1, per_page: 20, total: 4 });
    expect(body.items[2]).toEqual({
      slug: 'pricing-your-saas', title: 'Pricing your SaaS', excerpt: 'How to set a price.', author: 'Editor', tags: ['growth'],
      published_at: '2026-10-01T09:00:00.000Z', url: `${app.url}/blog/pricing-your-saas`,
    });
  });

  it('ranks title matches first, then tags, excerpt and body', async () => {
    const { body } = await rest('/blog?q=PRICING');
    expect(slugs(body)).toEqual(['pricing-your-saas', 'tagged-post', 'growth-notes', 'launch-checklist']);
    expect(body.total).toBe(4);
  });

  it.each([
    ['?q=checklist', ['launch-checklist']],
    ['?q=start%20high', ['pricing-your-saas']],
    ['?q=%25', []], // literal %, not a wildcard
    ['?q=_', []],
    ['?q=zzz', []],
    ['?q=%20%20', ['growth-notes', 'launch-checklist', 'pricing-your-saas', 'tagged-post']], // blank means browse
  ])('matches %s', async (query, expected) => {
    const { status, body } = await rest(`/blog${query}`);
    expect(status).toBe(200);
    expect(slugs(body)).toEqual(expected);
  });

  it('pages both browsing and search results', async () => {
    expect((await rest('/blog?per_page=2&page=2')).body).toMatchObject({ total: 4, items: [{ slug: 'pricing-your-saas' }, { slug: 'tagged-post' }] });
    expect((await rest('/blog?q=pricing&per_page=1&page=3')).body).toMatchObject({ total: 4, items: [{ slug: 'growth-notes' }] });
    expect((await rest('/blog?q=pricing&per_page=2&page=9')).body).toMatchObject({ total: 4, items: [] });
  });

  it.each([
    [`?q=${'x'.repeat(201)}`, 'q'],
    ['?per_page=0', 'per_page'],
    ['?tag=growth', 'tag'],
  ])('rejects %s with 400 naming the field', async (query, field) => {
    const { status, body } = await rest(`/blog${query}`);
    expect(status).toBe(400);
    expect(body.errors.map((e: any) => e.path)).toContain(field);
  });
});

describe('get_blog_post over REST', () => {
  it('returns the full Markdown text and FAQs', async () => {
    const { status, body } = await rest('/blog/pricing-your-saas');
    expect(status).toBe(200);
    expect(body).toEqual({
      slug: 'pricing-your-saas', title: 'Pricing your SaaS', excerpt: 'How to set a price.', author: 'Editor', tags: ['growth'],
      published_at: '2026-10-01T09:00:00.000Z', body_markdown: '## Anchors\n\nStart high.',
      faqs: [{ question: 'Monthly or yearly?', answer: 'Offer both.' }], url: `${app.url}/blog/pricing-your-saas`,
    });
  });

  it.each(['future-post', 'no-such-post'])('answers 404 for %s', async (slug) => {
    const { status, body } = await rest(`/blog/${slug}`);
    expect(status).toBe(404);
    expect(body.code).toBe('not_found');
  });

  it('rejects a malformed slug with 400', async () => {
    const { status, body } = await rest('/blog/-leading-hyphen');
    expect(status).toBe(400);
    expect(body.errors.map((e: any) => e.path)).toContain('slug');
  });
});

describe.each(['modern', 'legacy'] as const)('blog over MCP (%s era)', (era) => {
  const call = (name: string, args: Record<string, unknown>) => clients[era]!.callTool({ name, arguments: args });

  it('list_blog_posts returns what REST returns, browsing and searching', async () => {
    for (const [args, query] of [[{}, ''], [{ q: 'pricing', per_page: 3 }, '?q=pricing&per_page=3']] as const) {
      const res = await call('list_blog_posts', args);
      expect(res.isError).toBeFalsy();
      expect(res.structuredContent).toEqual((await rest(`/blog${query}`)).body);
    }
  });

  it('get_blog_post returns what REST returns', async () => {
    const res = await call('get_blog_post', { slug: 'launch-checklist' });
    expect(res.isError).toBeFalsy();
    expect(res.structuredContent).toEqual((await rest('/blog/launch-checklist')).body);
    expect((res.structuredContent as any).body_markdown).toContain('**pricing**');
  });

  it('reports bad input and unknown posts as problems', async () => {
    const bad = await call('list_blog_posts', { q: 'y'.repeat(201) });
    expect(bad.isError).toBe(true);
    expect((resultBody(bad)).errors.map((e: any) => e.path)).toContain('q');
    const missing = await call('get_blog_post', { slug: 'future-post' });
    expect(resultBody(missing)).toMatchObject({ status: 404, code: 'not_found' });
  });
});
