import { z } from 'zod';
import { defineTool } from '../define';
import { listingSummary } from '../listing-summary';
import { offsetOf, paging } from '../schemas';
import { halfLifeFrom, trendingWindowHours } from '../../domain/ranking';
import { addDays, isoDay, mondayOf } from '../../domain/weeks';
import {
  launchedBetweenIds, orderedSectionIds, trendingIds, type IdPage,
} from '../../storage/queries/launches';
import { getSetting } from '../../storage/queries/settings';
import { summariesByIds } from '../../storage/queries/summaries';
import type { ToolContext } from '../context';
import { minuteOf, rememberShowing } from '../remembered';
import { weekRanking } from './week-ranking';

export const LAUNCH_SECTIONS = [
  'today', 'this-week', 'trending', 'most-voted', 'recent', 'most-viewed', 'most-followed', 'upcoming',
] as const;
type Section = (typeof LAUNCH_SECTIONS)[number];

async function sectionPage(ctx: ToolContext, section: Section, limit: number, offset: number): Promise<IdPage> {
  const now = ctx.clock.now();
  switch (section) {
    case 'today': {
      const today = isoDay(now);
      return await launchedBetweenIds(ctx.db, `${today}T00:00:00.000Z`, `${addDays(today, 1)}T00:00:00.000Z`, limit, offset);
    }
    case 'this-week': {
      const ranked = await weekRanking(ctx, mondayOf(now), minuteOf(now));
      return { ids: ranked.slice(offset, offset + limit), total: ranked.length };
    }
    case 'trending': {
      const halfLife = halfLifeFrom(await getSetting(ctx.db, 'trending_half_life_hours'));
      return await trendingIds(ctx.db, now, halfLife, trendingWindowHours(halfLife), limit, offset);
    }
    default:
      return await orderedSectionIds(ctx.db, section, limit, offset);
  }
}

export const list_launches = defineTool({
  name: 'list_launches',
  title: 'Launches',
  description:
    'List launches in one section: today (went live today, UTC), this-week (this launch week by votes), trending (votes weighted by age: ' +
    'a vote counts half after each half-life, 72 h by default, and not at all after four half-lives), most-voted (all time), recent (newest first), ' +
    'most-viewed, most-followed, or upcoming (scheduled listings by launch week, then name). For one specific week use get_launch_week.',
  scope: 'public',
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  http: { method: 'GET', path: '/launches' },
  input: z.object({
    section: z.enum(LAUNCH_SECTIONS).default('this-week').describe('Which launches to list (default this-week)'),
    ...paging(),
  }).strict(),
  output: z.object({
    section: z.enum(LAUNCH_SECTIONS).describe('The section listed'),
    items: z.array(listingSummary).describe('Listings of this page, in the section\'s order'),
    page: z.number().int().describe('This page number'),
    per_page: z.number().int().describe('Page size used'),
    total: z.number().int().describe('Total number of listings in the section'),
  }),
  async run(ctx, input) {
    // Which listings a section lists moves with their status, launch dates and (ranked by votes, views or follows)
    // their counters as of the minute; today and this week are the current day's and week's.
    const now = ctx.clock.now();
    const minute = minuteOf(now);
    return rememberShowing(ctx, 'list_launches', `${input.section}|${input.page}|${input.per_page}|${isoDay(now)}|${minute}`,
      ['listing_lists', 'listing_status', 'categories', 'settings'], async () => {
        const { ids, total } = await sectionPage(ctx, input.section, input.per_page, offsetOf(input));
        const value = { section: input.section, items: await summariesByIds(ctx.db, ids, ctx.config.siteUrl), page: input.page, per_page: input.per_page, total };
        return { value, listingIds: ids };
      }, { period: minute });
  },
});
