import { inserter } from '../sql';
import { DAY, iso, type DemoContext } from './context';
import { LAUNCH_POSTS } from './blog-posts-launch';
import { GUIDE_POSTS } from './blog-posts-guides';

export async function seedBlog(ctx: DemoContext): Promise<void> {
  const insert = inserter(ctx.db, 'blog_posts', ['slug', 'title', 'excerpt', 'body_markdown', 'author', 'faqs', 'tags', 'is_demo', 'published_at']);
  for (const p of [...LAUNCH_POSTS, ...GUIDE_POSTS]) {
    await insert({ slug: p.slug, title: p.title, excerpt: p.excerpt, body_markdown: p.body, author: p.author, faqs: p.faqs, tags: p.tags,
      is_demo: true, published_at: iso(ctx.now - p.daysAgo * DAY - 6 * 3600_000) });
  }
}
