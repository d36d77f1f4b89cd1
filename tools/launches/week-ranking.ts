import { compareByVotes } from '../../domain/ranking';
import { weekLaunchRows } from '../../storage/queries/launches';
import type { ToolContext } from '../context';
import { remember } from '../remembered';

// A busy week holds thousands of launches (1,917 in the bench's busiest at 100,000 listings; ranking them costs
// a few ms): each week is ranked once a minute, and every page of get_launch_week and list_launches' this-week
// section is cut from that ranking. Which listings a week holds moves with their status and launch dates
// (listing_lists, listing_status); their order is by votes as of the minute, like every list ranked by votes. The
// counts a page shows are current: the page itself is remembered against each listing it shows.
const WEEKS_KEPT = 16;

export function weekRanking(ctx: ToolContext, week: string, minute: number): Promise<readonly number[]> {
  return remember(ctx.db, 'week_ranking', `${week}|${minute}`, ['listing_lists', 'listing_status'], async () => ({
    value: (await weekLaunchRows(ctx.db, week)).sort(compareByVotes).map((r) => r.id),
  }), { kept: WEEKS_KEPT, period: minute });
}
