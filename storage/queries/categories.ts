import type { Db } from '../db';
import type { Faq } from '../schema';
import { memoOn } from './memo';
import { liveCategoryCounts } from './category-counts';

export type CategoryRow = { id: number; slug: string; name: string; description: string; parent_id: number | null };
export type CategoryDetail = CategoryRow & { faqs: Faq[] };

// Membership is listing_categories (the primary category has is_primary = 1, extras 0), as search and the
// listing profile read it.
// `sub`: the category the condition names (depth 0), then every category below it, at any depth. The depth bound ends
// the walk should the parents ever form a loop (each id then comes round at several depths: read it GROUP BY id).
export const categorySubtree = (startsAt: string): string => `WITH RECURSIVE sub(id, depth) AS (
    SELECT id, 0 FROM categories WHERE ${startsAt}
    UNION SELECT c.id, sub.depth + 1 FROM categories c JOIN sub ON c.parent_id = sub.id WHERE sub.depth < 64)`;
const SUBTREE_MEMBERS = categorySubtree('id = ?');
const IN_SUBTREE = `l.status = 'live' AND l.id IN (SELECT listing_id FROM listing_categories WHERE category_id IN (SELECT id FROM sub))`;

function prepare(db: Db) {
  const s = db.engine;
  return {
    all: s.prepare(`SELECT id, slug, name, description, parent_id FROM categories ORDER BY position, name`),
    bySlug: s.prepare(`SELECT id, slug, name, description, parent_id, faqs FROM categories WHERE slug = ?`),
    byId: s.prepare(`SELECT id, slug, name, description, parent_id FROM categories WHERE id = ?`),
    children: s.prepare(`SELECT id, slug, name, description, parent_id FROM categories WHERE parent_id = ? ORDER BY position, name`),
    // Each member's status, votes and launch read from listings_rank_lookup, which holds them, not from its row
    // (half the cost for a category of thousands; PostgreSQL picks its own way).
    // PostgreSQL is given the subtree's ids (subtreeIds) rather than the recursive query: it estimated that query at
    // hundreds of categories, so tens of thousands of members, and walked every live listing by votes (in parallel
    // workers) or scanned them all: 16–50 ms for a category's first page at 100,000 listings, each minute for each
    // category. With the ids in hand it plans for the members there are: 4–6 ms.
    rankedMemberIds: s.prepare(`${SUBTREE_MEMBERS} SELECT l.id FROM listings l INDEXED BY listings_rank_lookup WHERE ${IN_SUBTREE}
      ORDER BY l.votes_count DESC, l.launched_at ASC, l.id ASC`, {
      pg: `SELECT l.id FROM listings l WHERE l.status = 'live' AND l.id IN (SELECT listing_id FROM listing_categories WHERE category_id = ANY(?::int[]))
      ORDER BY l.votes_count DESC, l.launched_at ASC, l.id ASC` }).pluck(),
    subtreeIds: s.prepare(`${SUBTREE_MEMBERS} SELECT id FROM sub GROUP BY id`),
  };
}

const cache = new WeakMap<Db, ReturnType<typeof prepare>>();
function stmts(db: Db) {
  let s = cache.get(db);
  if (!s) cache.set(db, (s = prepare(db)));
  return s;
}

export const allCategories = async (db: Db): Promise<CategoryRow[]> => await stmts(db).all.all() as CategoryRow[];

// Live listings per category, its descendants included and each listing counted once (storage/queries/category-counts.ts
// keeps them up by what changed), remembered until a listing goes live or leaves, changes category, or the tree changes.
export async function liveCountsByCategory(db: Db): Promise<Map<number, number>> {
  return await memoOn(db, 'category-counts', '', ['listing_status', 'listing_categories', 'categories'], async () =>
    await liveCategoryCounts(db, new Map((await allCategories(db)).map((c) => [c.id, c.parent_id]))));
}

export async function categoryBySlug(db: Db, slug: string): Promise<CategoryDetail | null> {
  const row = await stmts(db).bySlug.get(slug) as (CategoryRow & { faqs: string | null }) | undefined;
  if (!row) return null;
  let faqs: Faq[] = [];
  try {
    faqs = row.faqs ? (JSON.parse(row.faqs) as Faq[]) : [];
  } catch {
    faqs = []; // a malformed stored value must not take the category page down
  }
  return { ...row, faqs };
}

export const categoryById = async (db: Db, id: number): Promise<CategoryRow | null> =>
  (await stmts(db).byId.get(id) as CategoryRow | undefined) ?? null;

export const childCategories = async (db: Db, id: number): Promise<CategoryRow[]> => await stmts(db).children.all(id) as CategoryRow[];

// The live listings of the category and its descendants, each once: most voted first, earlier launch then id on ties.
// All of them: sorting the members is the cost (a parent category of 8,000 listings, ~19 ms at 100,000), and a page
// cut from the whole sorts no more (tools/categories/category-ranking.ts keeps it for the minute).
export async function rankedLiveListingIdsInCategory(db: Db, categoryId: number): Promise<number[]> {
  const st = stmts(db);
  const category = db.kind === 'pg' ? (await st.subtreeIds.all(categoryId) as { id: number }[]).map((r) => r.id) : categoryId;
  return await st.rankedMemberIds.all(category) as number[];
}
