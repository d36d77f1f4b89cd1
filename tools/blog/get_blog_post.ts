import { z } from 'zod';
import { defineTool } from '../define';
import { notFound } from '../errors';
import { slug } from '../schemas';
import { blogPostBySlug } from '../../storage/queries/blog';
import { minuteOf, rememberShowing } from '../remembered';

export const get_blog_post = defineTool({
  name: 'get_blog_post',
  title: 'Blog post',
  description: 'Get one blog post with its full Markdown text and FAQs. Post slugs come from list_blog_posts.',
  scope: 'public',
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  http: { method: 'GET', path: '/blog/:slug' },
  input: z.object({ slug: slug('Blog post slug (from list_blog_posts)') }).strict(),
  output: z.object({
    slug: z.string().describe('Post slug'),
    title: z.string().describe('Post title'),
    excerpt: z.string().describe('Short summary'),
    author: z.string().describe('Author name'),
    tags: z.array(z.string()).describe('Tags'),
    published_at: z.string().describe('Publication time (ISO 8601 UTC)'),
    body_markdown: z.string().describe('Full text as Markdown'),
    faqs: z.array(z.object({
      question: z.string().describe('Question'),
      answer: z.string().describe('Answer'),
    })).describe('Frequently asked questions about the topic'),
    url: z.string().describe('The post page on this site'),
  }),
  // Remembered per minute (a scheduled post is not found before its time) until a post changes.
  async run(ctx, input) {
    const now = ctx.clock.now();
    const minute = minuteOf(now);
    return rememberShowing(ctx, 'get_blog_post', `${input.slug}|${minute}`, ['blog_posts'], async () => {
      const post = await blogPostBySlug(ctx.db, input.slug, now.toISOString());
      if (!post) throw notFound(`Blog post ${input.slug}`);
      return { value: { ...post, url: `${ctx.config.siteUrl}/blog/${post.slug}` } };
    }, { period: minute });
  },
});
