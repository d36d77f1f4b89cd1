import { rankedLiveListingIdsInCategory } from '../../storage/queries/categories';
import type { ToolContext } from '../context';
import { remember } from '../remembered';

// A category's live listings (its own and its descendants'), ranked by votes as of the minute, once a minute: every
// page of get_category is cut from it. Each page sorted the whole category for itself before, so a crawler walking a
// parent category of 8,000 listings page by page paid ~19 ms a page at 100,000 listings (a random category page: 5–6
// ms of CPU on average). Which listings it holds moves with memberships, statuses, the lists' columns and the category
// tree; the order is by votes as of the minute, as every list ranked by votes is. ~8 bytes a listing held.
const CATEGORIES_KEPT = 64;

export function categoryRanking(ctx: ToolContext, categoryId: number, minute: number): Promise<readonly number[]> {
  return remember(ctx.db, 'category_ranking', `${categoryId}|${minute}`, ['categories', 'listing_categories', 'listing_lists', 'listing_status'],
    async () => ({ value: await rankedLiveListingIdsInCategory(ctx.db, categoryId) }), { kept: CATEGORIES_KEPT, period: minute });
}
