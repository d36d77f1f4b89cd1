import type { Stmt } from '../engine/types';
import type { Db } from '../db';

// The site's latest-updates page: updates posted by live listings, newest first.
export type LatestUpdate = {
  id: number;
  title: string;
  body: string;
  created_at: string;
  listing: { slug: string; name: string; tagline: string | null; logo_url: string | null };
};

type Row = { id: number; title: string; body: string; created_at: string; slug: string; name: string; tagline: string | null; logo_url: string | null };

const statements = new WeakMap<Db, { page: Stmt; count: Stmt }>();

function prepared(db: Db) {
  let s = statements.get(db);
  if (!s) {
    s = {
      // CROSS JOIN keeps listing_updates as the outer loop, so the newest-first page is read from the
      // created_at index and stops after LIMIT rows instead of sorting every update of every live listing.
      // (PostgreSQL's CROSS JOIN takes no ON: the join condition is in WHERE.)
      page: db.engine.prepare(`SELECT u.id, u.title, u.body, u.created_at, l.slug, l.name, l.tagline, l.logo_url
        FROM listing_updates u CROSS JOIN listings l
        WHERE l.id = u.listing_id AND l.status = 'live' ORDER BY u.created_at DESC, u.id DESC LIMIT CAST(? AS INTEGER) OFFSET CAST(? AS INTEGER)`),
      count: db.engine.prepare(`SELECT count(*) AS n FROM listing_updates u JOIN listings l ON l.id = u.listing_id WHERE l.status = 'live'`),
    };
    statements.set(db, s);
  }
  return s;
}

export async function latestUpdates(db: Db, limit: number, offset: number): Promise<{ items: LatestUpdate[]; total: number }> {
  const s = prepared(db);
  const rows = await s.page.all(limit, offset) as Row[];
  const total = (await s.count.get() as { n: number }).n;
  return {
    items: rows.map((r) => ({
      id: r.id, title: r.title, body: r.body, created_at: r.created_at,
      listing: { slug: r.slug, name: r.name, tagline: r.tagline, logo_url: r.logo_url },
    })),
    total,
  };
}
