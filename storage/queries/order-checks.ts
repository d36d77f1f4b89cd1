import type { Db } from '../db';
import type { ListingInfo } from '../../domain/order-rules';

// What domain/order-rules.ts needs to judge order items: the caller's own listings among those named (submitted
// by them or owned through a claim or invite, as storage/queries/ownership.ts defines it), and the categories
// named. A listing of another user is simply absent here, so the rules report it as not found.

function prepare(db: Db) {
  const s = db.engine;
  return {
    owned: s.prepare(`SELECT l.id, l.status, l.plan, l.featured,
        (SELECT json_group_array(lc.category_id) FROM listing_categories lc WHERE lc.listing_id = l.id) AS category_ids,
        (SELECT count(*) FROM listing_categories lc WHERE lc.listing_id = l.id AND lc.is_primary = 0) AS extra_count
      FROM listings l WHERE l.id IN (SELECT CAST(value AS INTEGER) FROM json_each(@ids))
        AND (l.owner_user_id = @user OR EXISTS (SELECT 1 FROM listing_owners o WHERE o.listing_id = l.id AND o.user_id = @user))`),
    categories: s.prepare('SELECT slug, id FROM categories WHERE slug IN (SELECT value FROM json_each(?))'),
    names: s.prepare('SELECT id, name FROM listings WHERE id IN (SELECT CAST(value AS INTEGER) FROM json_each(?))'),
  };
}
const cache = new WeakMap<Db, ReturnType<typeof prepare>>();
function stmts(db: Db) {
  let s = cache.get(db);
  if (!s) cache.set(db, (s = prepare(db)));
  return s;
}

export async function ownedListingsForOrder(db: Db, userId: number, ids: number[]): Promise<Map<number, ListingInfo>> {
  if (!ids.length) return new Map();
  const rows = await stmts(db).owned.all({ user: userId, ids: JSON.stringify(ids) }) as Record<string, any>[];
  return new Map(rows.map((r) => [r.id, {
    id: r.id, status: r.status, plan: r.plan, featured: !!r.featured,
    categoryIds: JSON.parse(r.category_ids) as number[], extraCount: r.extra_count,
  }]));
}

export async function categoryIdsBySlug(db: Db, slugs: string[]): Promise<Map<string, number>> {
  if (!slugs.length) return new Map();
  return new Map((await stmts(db).categories.all(JSON.stringify(slugs)) as { slug: string; id: number }[]).map((r) => [r.slug, r.id]));
}

// Names of the listings an order's lines are for, for the checkout page.
export async function listingNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  return new Map((await stmts(db).names.all(JSON.stringify(ids)) as { id: number; name: string }[]).map((r) => [r.id, r.name]));
}
