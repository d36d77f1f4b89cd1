import type { Stmt } from '../engine/types';
import type { Db } from '../db';
import type { Faq } from '../schema';

export type BlogPostRow = {
  slug: string; title: string; excerpt: string; author: string; tags: string[]; published_at: string;
};
export type BlogPostFull = BlogPostRow & { body_markdown: string; faqs: Faq[] };

type Statements = { browse: Stmt; search: Stmt; bySlug: Stmt; published: Stmt };
const cache = new WeakMap<Db, Statements>();

const COLUMNS = 'b.slug, b.title, b.excerpt, b.author, b.tags, b.published_at';
// Posts dated in the future are scheduled, not yet published (julianday: stored times may omit milliseconds);
// drafts are never shown.
const PUBLISHED = 'b.draft = 0 AND julianday(b.published_at) <= julianday(@now)';

function statements(db: Db): Statements {
  let s = cache.get(db);
  if (s) return s;
  s = {
    published: db.engine.prepare(`SELECT count(*) AS n FROM blog_posts b WHERE ${PUBLISHED}`),
    browse: db.engine.prepare(`SELECT ${COLUMNS}, count(*) OVER () AS total FROM blog_posts b
      WHERE ${PUBLISHED} ORDER BY b.published_at DESC, b.id DESC LIMIT CAST(@limit AS INTEGER) OFFSET CAST(@offset AS INTEGER)`),
    // Case-insensitive substring match; where the match is decides the rank (title, then tags, excerpt, body),
    // newest first within a rank. instr() avoids LIKE's wildcard characters in user text.
    search: db.engine.prepare(`SELECT m.*, count(*) OVER () AS total FROM (
        SELECT ${COLUMNS}, b.id,
          CASE
            WHEN instr(lower(b.title), @q) > 0 THEN 0
            WHEN EXISTS (SELECT 1 FROM json_each(b.tags) t WHERE instr(lower(t.value), @q) > 0) THEN 1
            WHEN instr(lower(b.excerpt), @q) > 0 THEN 2
            WHEN instr(lower(b.body_markdown), @q) > 0 THEN 3
          END AS rank
        FROM blog_posts b WHERE ${PUBLISHED}
      ) m
      WHERE m.rank IS NOT NULL
      ORDER BY m.rank, m.published_at DESC, m.id DESC LIMIT CAST(@limit AS INTEGER) OFFSET CAST(@offset AS INTEGER)`),
    bySlug: db.engine.prepare(`SELECT ${COLUMNS}, b.body_markdown, b.faqs FROM blog_posts b WHERE b.slug = @slug AND ${PUBLISHED}`),
  };
  cache.set(db, s);
  return s;
}

const parseList = <T>(text: string): T[] => {
  try {
    const v = JSON.parse(text);
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
};

const toRow = (r: Record<string, any>): BlogPostRow => ({
  slug: r.slug, title: r.title, excerpt: r.excerpt, author: r.author, tags: parseList<string>(r.tags), published_at: r.published_at,
});

type Paged = { rows: BlogPostRow[]; total: number };

// The window count disappears with the rows past the last page; only then count with a one-row probe.
async function paged(stmt: Stmt, params: Record<string, unknown> & { limit: number; offset: number }): Promise<Paged> {
  const rows = await stmt.all(params) as Record<string, any>[];
  const total = rows.length ? rows[0].total : params.offset > 0 ? (await stmt.get({ ...params, limit: 1, offset: 0 }) as any)?.total ?? 0 : 0;
  return { rows: rows.map(toRow), total };
}

export const browseBlogPosts = async (db: Db, p: { now: string; limit: number; offset: number }): Promise<Paged> => await paged(statements(db).browse, p);

// lower() in SQLite folds ASCII only, so the needle is folded the same way here.
const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

export const searchBlogPosts = async (db: Db, p: { q: string; now: string; limit: number; offset: number }): Promise<Paged> =>
  await paged(statements(db).search, { ...p, q: asciiLower(p.q) });

export async function blogPostBySlug(db: Db, slug: string, now: string): Promise<BlogPostFull | null> {
  const r = await statements(db).bySlug.get({ slug, now }) as Record<string, any> | undefined;
  if (!r) return null;
  return { ...toRow(r), body_markdown: r.body_markdown, faqs: parseList<Faq>(r.faqs) };
}

// How many posts are published by `now`: it moves when a scheduled post's time comes (what a kept sitemap follows
// besides the writes its topics name).
export const publishedPostCount = async (db: Db, now: string): Promise<number> =>
  (await statements(db).published.get({ now }) as { n: number }).n;
