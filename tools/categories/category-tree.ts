import { z } from 'zod';
import type { CategoryRow } from '../../storage/queries/categories';

export type CategoryNode = {
  slug: string; name: string; description: string; live_listings: number; children: CategoryNode[];
};

const nodeFields = {
  slug: z.string().describe('Category slug; pass it to get_category or as search_listings category'),
  name: z.string().describe('Category name'),
  description: z.string().describe('What belongs in this category'),
  live_listings: z.number().int().describe('Live listings in this category and its subcategories, each counted once'),
};

// The tree is written out to a fixed depth instead of a recursive schema: a recursive zod schema becomes a
// JSON Schema `$ref` into local `$defs`, which does not resolve once embedded in the OpenAPI document.
// Levels below the last typed one keep the same shape and pass through unchanged.
const MAX_TYPED_DEPTH = 4;
function nodeSchema(level: number): z.ZodObject {
  const children = level >= MAX_TYPED_DEPTH
    ? z.array(z.unknown()).describe('Subcategories (same shape as this node)')
    : z.array(nodeSchema(level + 1)).describe('Subcategories (same shape as this node)');
  return z.object({ ...nodeFields, children });
}
export const categoryNode = nodeSchema(1);

// Builds the tree from the flat list (already in display order) and the subtree counts.
export function buildTree(rows: CategoryRow[], counts: Map<number, number>, includeEmpty: boolean): CategoryNode[] {
  const byParent = new Map<number | null, CategoryRow[]>();
  const known = new Set(rows.map((r) => r.id));
  for (const r of rows) {
    // A parent that no longer exists makes its child a root rather than hiding it.
    const parent = r.parent_id !== null && known.has(r.parent_id) ? r.parent_id : null;
    if (!byParent.has(parent)) byParent.set(parent, []);
    byParent.get(parent)!.push(r);
  }
  const seen = new Set<number>();
  const build = (parent: number | null): CategoryNode[] =>
    (byParent.get(parent) ?? []).flatMap((r) => {
      const n = counts.get(r.id) ?? 0;
      if ((!includeEmpty && n === 0) || seen.has(r.id)) return [];
      seen.add(r.id); // guards against a parent cycle in the stored data
      return [{ slug: r.slug, name: r.name, description: r.description, live_listings: n, children: build(r.id) }];
    });
  return build(null);
}
