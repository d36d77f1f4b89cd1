import type { Db } from '../db';

export type SitemapEntry = { path: string; lastmod: string | null };

// Every public page worth indexing, in a stable order: listings (live or scheduled), categories, launch weeks with
// public listings, founders with a public listing, published blog posts.
export async function sitemapEntries(db: Db, now: string): Promise<SitemapEntry[]> {
  const all = async <T>(sql: string, ...params: unknown[]) => await db.engine.prepare(sql).all(...params) as T[];
  const day = (iso: string | null) => (iso ? iso.slice(0, 10) : null);
  return [
    ...(await all<{ slug: string; updated_at: string }>(`SELECT slug, updated_at FROM listings WHERE status IN ('live', 'scheduled') ORDER BY id`))
      .map((r) => ({ path: `/listings/${r.slug}`, lastmod: day(r.updated_at) })),
    ...(await all<{ slug: string }>('SELECT slug FROM categories ORDER BY id')).map((r) => ({ path: `/categories/${r.slug}`, lastmod: null })),
    ...(await all<{ week: string }>(`SELECT DISTINCT launch_week AS week FROM listings WHERE status IN ('live', 'scheduled') AND launch_week IS NOT NULL ORDER BY launch_week`))
      .map((r) => ({ path: `/launches/weeks/${r.week}`, lastmod: null })),
    ...(await all<{ slug: string }>(`SELECT f.slug FROM founders f WHERE EXISTS (SELECT 1 FROM listing_founders lf JOIN listings l ON l.id = lf.listing_id
        WHERE lf.founder_id = f.id AND l.status IN ('live', 'scheduled')) ORDER BY f.id`)).map((r) => ({ path: `/founders/${r.slug}`, lastmod: null })),
    ...(await all<{ slug: string; published_at: string }>('SELECT slug, published_at FROM blog_posts WHERE draft = 0 AND julianday(published_at) <= julianday(?) ORDER BY published_at', now))
      .map((r) => ({ path: `/blog/${r.slug}`, lastmod: day(r.published_at) })),
  ];
}
