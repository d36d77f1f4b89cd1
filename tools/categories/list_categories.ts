import { z } from 'zod';
import { defineTool } from '../define';
import { rememberShowing } from '../remembered';
import { allCategories, liveCountsByCategory } from '../../storage/queries/categories';
import { buildTree, categoryNode } from './category-tree';

export const list_categories = defineTool({
  name: 'list_categories',
  title: 'Category tree',
  description:
    'List the whole category tree with the number of live listings in each category (subcategories included, each listing counted once). Use it to find category slugs for get_category, search_listings and draft categories; set include_empty=false to hide categories without live listings.',
  scope: 'public',
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  http: { method: 'GET', path: '/categories' },
  input: z.object({
    include_empty: z.boolean().default(true).describe('Include categories with no live listings (default true)'),
  }).strict(),
  output: z.object({
    items: z.array(categoryNode).describe('Top-level categories, each with its subcategories nested in children'),
  }),
  async run(ctx, input) {
    // The tree and its counts (which listings are live, and where) as one answer, its JSON made once.
    return rememberShowing(ctx, 'list_categories', String(input.include_empty), ['categories', 'listing_categories', 'listing_status'], async () =>
      ({ value: { items: buildTree(await allCategories(ctx.db), await liveCountsByCategory(ctx.db), input.include_empty) }, listingIds: [] }));
  },
});
