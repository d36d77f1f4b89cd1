import type { Db } from '../db';

export type SitemapEntry = { path: string; lastmod: string | null };

// Rows read at a time from the large tables. Read all at once, 100,000 listings came back as 100,000 row objects,
// then as many entries and lines, all alive until the last was written: the build raised the server's RSS by ~50 MB
// for a moment. In batches, what is made of one batch is garbage before the next is read.
const BATCH = 5_000;

// Every public page worth indexing, in a stable order, a batch at a time: listings (live or scheduled), categories,
// launch weeks with public listings, founders with a public listing, published blog posts.
export async function* sitemapEntryBatches(db: Db, now: string, batch = BATCH): AsyncGenerator<SitemapEntry[]> {
  const all = async <T>(sql: string, ...params: unknown[]) => await db.engine.prepare(sql).all(...params) as T[];
  const day = (iso: string | null) => (iso ? iso.slice(0, 10) : null);
  // Keyset pages by id: each batch starts after the last id of the one before, through the primary key.
  async function* byId<T extends { id: number }>(sql: string, entry: (row: T) => SitemapEntry) {
    for (let after = 0; ;) {
      const rows = await all<T>(sql, after, batch);
      if (rows.length) yield rows.map(entry);
      if (rows.length < batch) return;
      after = rows[rows.length - 1].id;
    }
  }
  yield* byId<{ id: number; slug: string; updated_at: string }>(
    `SELECT id, slug, updated_at FROM listings WHERE status IN ('live', 'scheduled') AND id > ? ORDER BY id LIMIT ?`,
    (r) => ({ path: `/listings/${r.slug}`, lastmod: day(r.updated_at) }));
  yield (await all<{ slug: string }>('SELECT slug FROM categories ORDER BY id')).map((r) => ({ path: `/categories/${r.slug}`, lastmod: null }));
  yield (await all<{ week: string }>(`SELECT DISTINCT launch_week AS week FROM listings WHERE status IN ('live', 'scheduled') AND launch_week IS NOT NULL ORDER BY launch_week`))
    .map((r) => ({ path: `/launches/weeks/${r.week}`, lastmod: null }));
  yield* byId<{ id: number; slug: string }>(`SELECT f.id, f.slug FROM founders f WHERE EXISTS (SELECT 1 FROM listing_founders lf JOIN listings l ON l.id = lf.listing_id
      WHERE lf.founder_id = f.id AND l.status IN ('live', 'scheduled')) AND f.id > ? ORDER BY f.id LIMIT ?`, (r) => ({ path: `/founders/${r.slug}`, lastmod: null }));
  yield (await all<{ slug: string; published_at: string }>('SELECT slug, published_at FROM blog_posts WHERE draft = 0 AND julianday(published_at) <= julianday(?) ORDER BY published_at', now))
    .map((r) => ({ path: `/blog/${r.slug}`, lastmod: day(r.published_at) }));
}
