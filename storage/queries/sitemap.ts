import type { Db } from '../db';

export type SitemapEntry = { path: string; lastmod: string | null };

// Rows read at a time from the large tables. Read all at once, 100,000 listings came back as 100,000 row objects,
// then as many entries and lines, all alive until the last was written: the build raised the server's RSS by ~50 MB
// for a moment. In batches, what is made of one batch is garbage before the next is read.
const BATCH = 5_000;

// One kind of page in the sitemap: how many there are, and a run of them from a position (in the section's order).
export type SitemapSection = {
  count(): Promise<number>;
  entries(skip: number, take: number): AsyncGenerator<SitemapEntry[]>;
};

// Written so that no status index can serve it (`status || ''`): through one, SQLite without statistics read every
// public listing and sorted them by id for each batch of 5,000 (~1.5 s a part at 100,000), and the launch weeks came
// from every listing's row (0.4 s) instead of the week index. Walking by id, or by week, and checking the status
// beside it reads each listing once, in order.
const PUBLIC = `status || '' IN ('live', 'scheduled')`;
const PUBLIC_FOUNDER = `EXISTS (SELECT 1 FROM listing_founders lf JOIN listings l ON l.id = lf.listing_id
  WHERE lf.founder_id = f.id AND l.status IN ('live', 'scheduled'))`;

// Every public page worth indexing, in a stable order: listings (live or scheduled), categories, launch weeks with
// public listings, founders with a public listing, published blog posts. Counting them is cheap (an index each), so a
// sitemap index and each numbered part read only their own entries: at 100,000 listings the index had cost reading
// and writing every URL (~0.4 s) before it could say there are three files.
export function sitemapSections(db: Db, now: string, batch = BATCH): SitemapSection[] {
  const all = async <T>(sql: string, ...params: unknown[]) => await db.engine.prepare(sql).all(...params) as T[];
  const one = async (sql: string, ...params: unknown[]) => Number(await db.engine.prepare(sql).pluck().get(...params) ?? 0);
  const day = (iso: string | null) => (iso ? iso.slice(0, 10) : null);
  // A large table, in keyset batches by id from the row `skip` places in (found once through the id order).
  const byId = <T extends { id: number }>(from: string, columns: string, entry: (row: T) => SitemapEntry): SitemapSection => ({
    count: () => one(`SELECT count(*) FROM ${from}`),
    async *entries(skip, take) {
      if (take <= 0) return;
      const first = await db.engine.prepare(`SELECT id FROM ${from} ORDER BY id LIMIT 1 OFFSET CAST(? AS INTEGER)`).pluck().get(skip) as number | undefined;
      if (first === undefined) return;
      for (let after = first - 1, left = take; left > 0;) {
        const rows = await all<T>(`SELECT ${columns} FROM ${from} AND id > ? ORDER BY id LIMIT CAST(? AS INTEGER)`, after, Math.min(batch, left));
        if (rows.length) yield rows.map(entry);
        if (rows.length < Math.min(batch, left)) return;
        left -= rows.length;
        after = rows[rows.length - 1].id;
      }
    },
  });
  // A small table, read whole once (for its count and its entries alike) and cut.
  const small = (read: () => Promise<SitemapEntry[]>): SitemapSection => {
    let rows: Promise<SitemapEntry[]> | undefined;
    const whole = () => (rows ??= read());
    return {
      count: async () => (await whole()).length,
      async *entries(skip, take) {
        if (take > 0) yield (await whole()).slice(skip, skip + take);
      },
    };
  };
  return [
    byId<{ id: number; slug: string; updated_at: string }>(`listings WHERE ${PUBLIC}`, 'id, slug, updated_at',
      (r) => ({ path: `/listings/${r.slug}`, lastmod: day(r.updated_at) })),
    small(async () => (await all<{ slug: string }>('SELECT slug FROM categories ORDER BY id'))
      .map((r) => ({ path: `/categories/${r.slug}`, lastmod: null }))),
    small(async () => (await all<{ week: string }>(`SELECT DISTINCT launch_week AS week FROM listings WHERE ${PUBLIC} AND launch_week IS NOT NULL ORDER BY launch_week`))
      .map((r) => ({ path: `/launches/weeks/${r.week}`, lastmod: null }))),
    byId<{ id: number; slug: string }>(`founders f WHERE ${PUBLIC_FOUNDER}`, 'f.id, f.slug',
      (r) => ({ path: `/founders/${r.slug}`, lastmod: null })),
    small(async () => (await all<{ slug: string; published_at: string }>('SELECT slug, published_at FROM blog_posts WHERE draft = 0 AND julianday(published_at) <= julianday(?) ORDER BY published_at', now))
      .map((r) => ({ path: `/blog/${r.slug}`, lastmod: day(r.published_at) }))),
  ];
}

// The entries from position `from` (inclusive) to `to` (exclusive) across the sections, in order, in batches.
export async function* sitemapEntriesBetween(sections: SitemapSection[], counts: number[], from: number, to: number): AsyncGenerator<SitemapEntry[]> {
  let start = 0;
  for (const [i, section] of sections.entries()) {
    const end = start + counts[i];
    const skip = Math.max(0, from - start);
    const take = Math.min(end, to) - start - skip;
    if (take > 0) yield* section.entries(skip, take);
    start = end;
  }
}
