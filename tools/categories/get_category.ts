import { z } from 'zod';
import { defineTool } from '../define';
import { notFound } from '../errors';
import { listingSummary } from '../listing-summary';
import { offsetOf, pageOf, paging, slug } from '../schemas';
import {
  categoryById, categoryBySlug, childCategories, liveCountsByCategory,
} from '../../storage/queries/categories';
import { summariesByIds } from '../../storage/queries/summaries';
import { categoryRanking } from './category-ranking';
import { minuteOf, rememberShowing } from '../remembered';
import type { ToolContext } from '../context';

const ref = z.object({
  slug: z.string().describe('Category slug'),
  name: z.string().describe('Category name'),
});

export const get_category = defineTool({
  name: 'get_category',
  title: 'Category',
  description:
    'Get one category: its description, FAQs, parent, subcategories and a page of its live listings (subcategories included), most voted first. Category slugs come from list_categories.',
  scope: 'public',
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  http: { method: 'GET', path: '/categories/:slug' },
  input: z.object({
    slug: slug('Category slug from list_categories'),
    ...paging(),
  }).strict(),
  output: z.object({
    slug: z.string().describe('Category slug'),
    name: z.string().describe('Category name'),
    description: z.string().describe('What belongs in this category'),
    faqs: z.array(z.object({
      question: z.string().describe('Question'),
      answer: z.string().describe('Answer'),
    })).describe('Frequently asked questions about this category'),
    parent: ref.nullable().describe('Parent category, or null for a top-level category'),
    subcategories: z.array(ref.extend({
      live_listings: z.number().int().describe('Live listings in the subcategory and its descendants'),
    })).describe('Direct subcategories'),
    live_listings: z.number().int().describe('Live listings in this category and its subcategories, each counted once'),
    page_url: z.string().describe('The category page on this site'),
    listings: pageOf(listingSummary).describe('Live listings of this category and its subcategories, most voted first'),
  }),
  async run(ctx, input) {
    // Its listings ranked by votes as of the minute; the counts move with which listings are live and where.
    const minute = minuteOf(ctx.clock.now());
    return rememberShowing(ctx, 'get_category', `${input.slug}|${input.page}|${input.per_page}|${minute}`,
      ['categories', 'listing_categories', 'listing_lists', 'listing_status'], () => categoryPage(ctx, input, minute), { period: minute });
  },
});

// The category, its counts and one page of its listings, with the ids of the listings shown.
async function categoryPage(ctx: ToolContext, input: { slug: string; page: number; per_page: number }, minute: number) {
  const cat = await categoryBySlug(ctx.db, input.slug);
  if (!cat) throw notFound(`Category ${input.slug}`);
  const parent = cat.parent_id !== null ? await categoryById(ctx.db, cat.parent_id) : null;
  const counts = await liveCountsByCategory(ctx.db);
  const total = counts.get(cat.id) ?? 0;
  const offset = offsetOf(input);
  const ids = (await categoryRanking(ctx, cat.id, minute)).slice(offset, offset + input.per_page);
  const value = {
    slug: cat.slug,
    name: cat.name,
    description: cat.description,
    faqs: cat.faqs.map((f) => ({ question: f.question, answer: f.answer })),
    parent: parent ? { slug: parent.slug, name: parent.name } : null,
    subcategories: (await childCategories(ctx.db, cat.id)).map((c) => ({
      slug: c.slug, name: c.name, live_listings: counts.get(c.id) ?? 0,
    })),
    live_listings: total,
    page_url: `${ctx.config.siteUrl}/categories/${cat.slug}`,
    listings: { items: await summariesByIds(ctx.db, ids, ctx.config.siteUrl), page: input.page, per_page: input.per_page, total },
  };
  return { value, listingIds: ids };
}
