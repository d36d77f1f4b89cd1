import { z } from 'zod';
import { defineTool } from '../define';
import { offsetOf, pageOf, paging } from '../schemas';
import { browseBlogPosts, searchBlogPosts } from '../../storage/queries/blog';
import { minuteOf, rememberShowing } from '../remembered';

export const blogPostItem = z.object({
  slug: z.string().describe('Post slug; pass it to get_blog_post'),
  title: z.string().describe('Post title'),
  excerpt: z.string().describe('Short summary'),
  author: z.string().describe('Author name'),
  tags: z.array(z.string()).describe('Tags'),
  published_at: z.string().describe('Publication time (ISO 8601 UTC)'),
  url: z.string().describe('The post page on this site'),
});

export const list_blog_posts = defineTool({
  name: 'list_blog_posts',
  title: 'Blog posts',
  description:
    'List blog posts, newest first, or search them with q (title matches rank first, then tags, excerpt and body). Use it to find a post slug for get_blog_post.',
  scope: 'public',
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  http: { method: 'GET', path: '/blog' },
  input: z.object({
    q: z.string().max(200).optional().describe('Words to find in title, excerpt, body or tags, case-insensitive (max 200); empty means all, newest first'),
    ...paging(),
  }).strict(),
  output: pageOf(blogPostItem),
  // Remembered per minute (a post scheduled for later appears once its time comes) until a post changes.
  async run(ctx, input) {
    const now = ctx.clock.now();
    const q = input.q?.trim();
    const minute = minuteOf(now);
    const key = JSON.stringify([q ?? null, input.page, input.per_page, minute]);
    return rememberShowing(ctx, 'list_blog_posts', key, ['blog_posts'], async () => {
      const window = { now: now.toISOString(), limit: input.per_page, offset: offsetOf(input) };
      const { rows, total } = q ? await searchBlogPosts(ctx.db, { ...window, q }) : await browseBlogPosts(ctx.db, window);
      return {
        value: {
          items: rows.map((r) => ({ ...r, url: `${ctx.config.siteUrl}/blog/${r.slug}` })),
          page: input.page,
          per_page: input.per_page,
          total,
        },
      };
    }, { period: minute });
  },
});
