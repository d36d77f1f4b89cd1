import { withTransaction, type Db } from '../db';
import type { BlogPostDraft } from '../../domain/blog-post-source';

// Operator writes to the blog (`npm run admin -- blog-import | blog-list | blog-unpublish`). A post is keyed by its
// slug: importing a slug that exists edits that post. FAQs are not part of the file format and are left as they are.

export type SaveAction = 'created' | 'updated' | 'unchanged';
export type SavedPost = { slug: string; action: SaveAction; publishedAt: string; draft: boolean };

type StoredPost = { id: number; title: string; excerpt: string; body_markdown: string; author: string; tags: string; draft: number; published_at: string; is_demo: number };

function prepare(db: Db) {
  const s = db.engine;
  return {
    bySlug: s.prepare('SELECT id, title, excerpt, body_markdown, author, tags, draft, published_at, is_demo FROM blog_posts WHERE slug = ?'),
    insert: s.prepare(`INSERT INTO blog_posts (slug, title, excerpt, body_markdown, author, tags, draft, published_at, is_demo)
      VALUES (@slug, @title, @excerpt, @bodyMarkdown, @author, @tags, @draft, @publishedAt, 0)`),
    // An edited demo post becomes the operator's own (it is no longer removed with the demo content).
    update: s.prepare(`UPDATE blog_posts SET title = @title, excerpt = @excerpt, body_markdown = @bodyMarkdown, author = @author,
      tags = @tags, draft = @draft, published_at = @publishedAt, is_demo = 0 WHERE id = @id`),
    all: s.prepare('SELECT slug, title, author, published_at, draft, is_demo FROM blog_posts ORDER BY published_at DESC, id DESC'),
    unpublish: s.prepare('UPDATE blog_posts SET draft = 1 WHERE slug = ? AND draft = 0'),
    exists: s.prepare('SELECT 1 FROM blog_posts WHERE slug = ?'),
  };
}
const cache = new WeakMap<Db, ReturnType<typeof prepare>>();
function stmts(db: Db) {
  let s = cache.get(db);
  if (!s) cache.set(db, (s = prepare(db)));
  return s;
}

const sameAs = (row: StoredPost, p: BlogPostDraft & { publishedAt: string }) =>
  row.title === p.title && row.excerpt === p.excerpt && row.body_markdown === p.bodyMarkdown && row.author === p.author
  && row.tags === JSON.stringify(p.tags) && !!row.draft === p.draft && Date.parse(row.published_at) === Date.parse(p.publishedAt);

// Creates or updates every post in one transaction: all of them are saved, or (on any error) none.
// A post without a date is dated `now` when created and keeps its date when edited.
export async function saveBlogPosts(db: Db, posts: BlogPostDraft[], now: string): Promise<SavedPost[]> {
  const s = stmts(db);
  return await withTransaction(db, async () => {
    const saved: SavedPost[] = [];
    for (const p of posts) {
      const row = await s.bySlug.get(p.slug) as StoredPost | undefined;
      const values = { ...p, publishedAt: p.publishedAt ?? row?.published_at ?? now };
      const params = { ...values, tags: JSON.stringify(p.tags), draft: p.draft ? 1 : 0 };
      let action: SaveAction;
      if (!row) {
        await s.insert.run(params);
        action = 'created';
      } else if (sameAs(row, values)) {
        action = 'unchanged';
      } else {
        await s.update.run({ ...params, id: row.id });
        action = 'updated';
      }
      saved.push({ slug: p.slug, action, publishedAt: values.publishedAt, draft: p.draft });
    }
    return saved;
  });
}

export type BlogListRow = { slug: string; title: string; author: string; published_at: string; draft: boolean; is_demo: boolean };

// Every post, drafts and scheduled ones included, newest first.
export const allBlogPosts = async (db: Db): Promise<BlogListRow[]> =>
  (await stmts(db).all.all() as Array<Omit<BlogListRow, 'draft' | 'is_demo'> & { draft: number; is_demo: number }>)
    .map((r) => ({ ...r, draft: !!r.draft, is_demo: !!r.is_demo }));

// 'done', 'already' (it was a draft) or 'unknown' (no such slug).
export async function unpublishBlogPost(db: Db, slug: string): Promise<'done' | 'already' | 'unknown'> {
  const s = stmts(db);
  if ((await s.unpublish.run(slug)).changes === 1) return 'done';
  return await s.exists.get(slug) ? 'already' : 'unknown';
}
