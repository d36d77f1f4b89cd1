import { z } from 'zod';
import { defineTool } from '../define';
import { ToolError } from '../errors';
import { listingSummary } from '../listing-summary';
import { awardItem, awardItems } from '../awards/award-item';
import { addWeeks, mondayOf, weekEnd, weeksBetween } from '../../domain/weeks';
import { firstLaunchWeek, scheduledIdsForWeek } from '../../storage/queries/launches';
import { awardsOfWeek } from '../../storage/queries/awards';
import { getNumberSetting } from '../../storage/queries/settings';
import { summariesByIds } from '../../storage/queries/summaries';
import { weekFrom, weekParam } from './week-param';
import { offsetOf, paging } from '../schemas';
import { minuteOf, rememberShowing } from '../remembered';
import { weekRanking } from './week-ranking';

export const get_launch_week = defineTool({
  name: 'get_launch_week',
  title: 'Launch week',
  description:
    'Get one launch week (Monday to Sunday UTC): a page of its live launches ranked by votes, the same page of the launches scheduled for it when it is the current or a future week, and its Launch of the Week awards. ' +
    'Pass week as this, next, last or any date (snapped to its Monday); page and per_page page both lists (total and scheduled_total count them). ' +
    'Weeks before the first launch on record, or further ahead than launches can be booked, are 404.',
  scope: 'public',
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  http: { method: 'GET', path: '/launches/weeks/:week' },
  input: z.object({
    week: weekParam('this, next, last, or a date YYYY-MM-DD (snapped to the Monday of its week)'),
    ...paging(),
  }).strict(),
  output: z.object({
    week: z.string().describe('Monday of the week (YYYY-MM-DD)'),
    week_end: z.string().describe('Sunday of the week (YYYY-MM-DD)'),
    is_current: z.boolean().describe('The week contains today (UTC)'),
    is_future: z.boolean().describe('The week starts after today'),
    items: z.array(listingSummary).describe('This page of the live launches of the week, most votes first (ties: earlier launch first); rank = (page - 1) * per_page + position'),
    page: z.number().int().describe('This page number'),
    per_page: z.number().int().describe('Page size used'),
    total: z.number().int().describe('Live launches of the week, on all pages'),
    scheduled: z.array(listingSummary).describe('This page of the listings scheduled to go live this week (current and future weeks only), by name'),
    scheduled_total: z.number().int().describe('Listings scheduled for the week, on all pages (0 for a past week)'),
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
    return rememberShowing(ctx, 'get_launch_week', `${week}|${current}|${minute}|${input.page}|${input.per_page}`,
      ['listing_lists', 'listing_status', 'categories', 'awards', 'settings'], async () => {
        // The calendar runs from the first launch on record (never later than the current week)
        // to the last week that can be booked.
        const recorded = await firstLaunchWeek(ctx.db);
        const first = recorded && recorded < current ? recorded : current;
        const lastBookable = addWeeks(current, await getNumberSetting(ctx.db, 'bookable_weeks'));
        if (week < first || weeksBetween(lastBookable, week) > 0) {
          throw new ToolError('not_found', `Launch week ${week} was not found: launch weeks run from ${first} to ${lastBookable}.`);
        }
        const offset = offsetOf(input);
        const ranked = await weekRanking(ctx, week, minute);
        const shown = ranked.slice(offset, offset + input.per_page);
        const isCurrent = week === current;
        const isFuture = week > current;
        const site = ctx.config.siteUrl;
        const scheduledAll = isCurrent || isFuture ? await scheduledIdsForWeek(ctx.db, week) : [];
        const scheduled = scheduledAll.slice(offset, offset + input.per_page);
        const awards = await awardsOfWeek(ctx.db, week);
        const value = {
          week,
          week_end: weekEnd(week),
          is_current: isCurrent,
          is_future: isFuture,
          items: await summariesByIds(ctx.db, shown, site),
          page: input.page,
          per_page: input.per_page,
          total: ranked.length,
          scheduled: await summariesByIds(ctx.db, scheduled, site),
          scheduled_total: scheduledAll.length,
          awards: await awardItems(ctx, awards),
          page_url: `${site}/launches/weeks/${week}`,
        };
        return { value, listingIds: [...shown, ...scheduled, ...awards.map((a) => a.listing_id)] };
      }, { period: minute });
  },
});
