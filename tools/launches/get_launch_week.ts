import { z } from 'zod';
import { defineTool } from '../define';
import { ToolError } from '../errors';
import { listingSummary } from '../listing-summary';
import { awardItem, awardItems } from '../awards/award-item';
import { compareByVotes } from '../../domain/ranking';
import { addWeeks, mondayOf, weekEnd, weeksBetween } from '../../domain/weeks';
import { firstLaunchWeek, scheduledIdsForWeek, weekLaunchRows } from '../../storage/queries/launches';
import { awardsOfWeek } from '../../storage/queries/awards';
import { getNumberSetting } from '../../storage/queries/settings';
import { summariesByIds } from '../../storage/queries/summaries';
import { weekFrom, weekParam } from './week-param';
import { minuteOf, rememberShowing } from '../remembered';

// A week's answer lists every launch of the week (no paging in the spec): ~900 KB for 1,900 launches. A few kept.
const WEEKS_KEPT = 16;

export const get_launch_week = defineTool({
  name: 'get_launch_week',
  title: 'Launch week',
  description:
    'Get one launch week (Monday to Sunday UTC): its live launches ranked by votes, the launches scheduled for it when it is the current or a future week, and its Launch of the Week awards. ' +
    'Pass week as this, next, last or any date (snapped to its Monday). Weeks before the first launch on record, or further ahead than launches can be booked, are 404.',
  scope: 'public',
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  http: { method: 'GET', path: '/launches/weeks/:week' },
  input: z.object({
    week: weekParam('this, next, last, or a date YYYY-MM-DD (snapped to the Monday of its week)'),
  }).strict(),
  output: z.object({
    week: z.string().describe('Monday of the week (YYYY-MM-DD)'),
    week_end: z.string().describe('Sunday of the week (YYYY-MM-DD)'),
    is_current: z.boolean().describe('The week contains today (UTC)'),
    is_future: z.boolean().describe('The week starts after today'),
    items: z.array(listingSummary).describe('Live launches of the week, most votes first (ties: earlier launch first); position = rank'),
    scheduled: z.array(listingSummary).describe('Listings scheduled to go live this week (current and future weeks only), by name'),
    awards: z.array(awardItem).describe('Launch of the Week awards given for this week, by rank (empty until awarded)'),
    page_url: z.string().describe('The launch week page on this site'),
  }),
  async run(ctx, input) {
    const now = ctx.clock.now();
    const week = weekFrom(input.week, now);
    const current = mondayOf(now);
    // The week's launches ranked by votes as of the minute; the calendar's ends move with the listings on record,
    // the current week and the bookable weeks setting.
    const minute = minuteOf(now);
    return rememberShowing(ctx, 'get_launch_week', `${week}|${current}|${minute}`,
      ['listing_lists', 'listing_status', 'categories', 'awards', 'settings'], async () => {
        // The calendar runs from the first launch on record (never later than the current week)
        // to the last week that can be booked.
        const recorded = await firstLaunchWeek(ctx.db);
        const first = recorded && recorded < current ? recorded : current;
        const lastBookable = addWeeks(current, await getNumberSetting(ctx.db, 'bookable_weeks'));
        if (week < first || weeksBetween(lastBookable, week) > 0) {
          throw new ToolError('not_found', `Launch week ${week} was not found: launch weeks run from ${first} to ${lastBookable}.`);
        }
        const ranked = (await weekLaunchRows(ctx.db, week)).sort(compareByVotes).map((r) => r.id);
        const isCurrent = week === current;
        const isFuture = week > current;
        const site = ctx.config.siteUrl;
        const scheduled = isCurrent || isFuture ? await scheduledIdsForWeek(ctx.db, week) : [];
        const awards = await awardsOfWeek(ctx.db, week);
        const value = {
          week,
          week_end: weekEnd(week),
          is_current: isCurrent,
          is_future: isFuture,
          items: await summariesByIds(ctx.db, ranked, site),
          scheduled: await summariesByIds(ctx.db, scheduled, site),
          awards: await awardItems(ctx, awards),
          page_url: `${site}/launches/weeks/${week}`,
        };
        return { value, listingIds: [...ranked, ...scheduled, ...awards.map((a) => a.listing_id)] };
      }, { kept: WEEKS_KEPT, period: minute });
  },
});
