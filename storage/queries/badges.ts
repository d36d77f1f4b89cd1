import type { Stmt } from '../engine/types';
import type { Db } from '../db';
import type { BadgeSubject } from '../../domain/badges';

export type BadgeListing = BadgeSubject & { id: number; slug: string; name: string };

type Statements = { listing: Stmt; awards: Stmt };
const cache = new WeakMap<Db, Statements>();

function statements(db: Db): Statements {
  let s = cache.get(db);
  if (!s) {
    s = {
      listing: db.engine.prepare('SELECT id, slug, name, status, featured, verified FROM listings WHERE slug = ?'),
      awards: db.engine.prepare('SELECT week, rank FROM awards WHERE listing_id = ? ORDER BY week DESC, rank'),
    };
    cache.set(db, s);
  }
  return s;
}

// The listing and its Launch of the Week placings: everything domain/badges needs to decide what is earned.
// Returns the listing in any status; callers decide visibility with isPublicStatus.
export async function badgeListingBySlug(db: Db, slug: string): Promise<BadgeListing | null> {
  const s = statements(db);
  const row = await s.listing.get(slug) as { id: number; slug: string; name: string; status: string; featured: number; verified: number } | undefined;
  if (!row) return null;
  const awards = await s.awards.all(row.id) as { week: string; rank: number }[];
  return { id: row.id, slug: row.slug, name: row.name, status: row.status, featured: !!row.featured, verified: !!row.verified, awards };
}
