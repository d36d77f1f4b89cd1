import { z } from 'zod';
import { defineTool } from '../define';
import { invalid, notFound } from '../errors';
import { listingSummary } from '../listing-summary';
import { offsetOf, paging } from '../schemas';
import { BOARD_IDS, BOARDS, isBoardId, rankAt, type BoardId } from '../../domain/ranking';
import { summaryMap } from './summary-map';
import { weekFrom, weekParam } from '../launches/week-param';
import { boardEntries, metricSchema } from './boards';
import { remember } from '../remembered';

// What each board's page shows besides its listings (memo.ts topics): which listings are live (a listing going live or
// down re-ranks at once), their categories' names, and the board's own data. Each listing shown is a topic of its own
// ('listing:<id>': its row and its votes, so the counts shown are current); the vote boards are ranked as of the
// minute the page is keyed by. A vote on a listing the page does not show leaves it alone: with the global 'votes'
// and 'listings' topics, every vote and every owner's edit anywhere made every page of every board again (~130 a
// second under the bench's ten votes and two edits a second).
const BOARD_TOPICS: Record<BoardId, string[]> = {
  'community-weekly': ['listing_status', 'categories'], 'community-all-time': ['listing_status', 'categories'],
  billboard: ['billboard_contributions', 'listing_status', 'categories'], 'domain-rating': ['domain_ratings', 'listing_status', 'categories'],
  revenue: ['revenue_reports', 'listing_status', 'categories'],
};

export const get_leaderboard = defineTool({
  name: 'get_leaderboard',
  title: 'Leaderboard',
  description:
    `Get one leaderboard page: ${BOARD_IDS.join(', ')}. The community boards follow votes only. The billboard is PAID (ordered by money contributed): ` +
    'always present it as paid. domain-rating is a third-party rating and revenue uses verified revenue reports; both are separate ranking systems. ' +
    'week (this, last or a date) applies to community-weekly only.',
  scope: 'public',
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  http: { method: 'GET', path: '/leaderboards/:board' },
  input: z.object({
    board: z.string().max(40).describe(`Board id: ${BOARD_IDS.join(', ')}; any other id is 404`),
    week: weekParam('community-weekly only: this, last or a date YYYY-MM-DD (snapped to its Monday); default this').optional(),
    ...paging(),
  }).strict(),
  output: z.object({
    board: z.string().describe('Board id'),
    title: z.string().describe('Board title'),
    description: z.string().describe('How the board is ranked'),
    paid: z.boolean().describe('True when the ranking is bought (billboard): present it as paid'),
    notice: z.string().nullable().describe('Notice to show with the board (the billboard\'s paid notice), else null'),
    week: z.string().nullable().describe('community-weekly: Monday of the week ranked (YYYY-MM-DD); null for other boards'),
    items: z.array(z.object({
      rank: z.number().int().describe('Place on the board, 1 = top'),
      paid: z.boolean().describe('True when this place was bought (every billboard item)'),
      listing: listingSummary.describe('The listing'),
      metric: metricSchema.describe('The value the board ranks by'),
    })).describe('Board entries of this page'),
    page: z.number().int().describe('This page number'),
    per_page: z.number().int().describe('Page size used'),
    total: z.number().int().describe('Total number of entries on the board'),
  }),
  async run(ctx, input) {
    if (!isBoardId(input.board)) throw notFound(`Leaderboard ${input.board} (boards: ${BOARD_IDS.join(', ')})`);
    const board = input.board;
    if (board !== 'community-weekly' && input.week !== undefined) throw invalid('week', 'applies to the community-weekly board only');
    const week = board === 'community-weekly' ? weekFrom(input.week ?? 'this', ctx.clock.now(), ['this', 'last']) : null;
    const offset = offsetOf(input);
    const minute = Math.floor(ctx.clock.now().getTime() / 60_000);
    // The page is remembered until a listing it shows or the board's own data changes; the vote boards' ranking
    // is taken once a minute (boards.ts), their counts at the time the page is made.
    return remember(ctx.db, 'get_leaderboard', `${board}|${week}|${input.page}|${input.per_page}|${minute}`, BOARD_TOPICS[board], async () => {
      const { entries, total } = await boardEntries(ctx, board, { week, limit: input.per_page, offset, minute });
      const byId = await summaryMap(ctx, entries.map((e) => e.id));
      const info = BOARDS[board];
      // Ranks count from the page offset; an entry whose listing vanished between the two reads is dropped.
      const items = entries.flatMap((e, i) => {
        const listing = byId.get(e.id);
        return listing ? [{ rank: rankAt(offset, i), paid: info.paid, listing, metric: e.metric }] : [];
      });
      return {
        value: {
          board, title: info.title, description: info.description, paid: info.paid, notice: info.notice, week,
          items, page: input.page, per_page: input.per_page, total,
        },
        listingIds: entries.map((e) => e.id),
      };
    }, { kept: 500, period: minute });
  },
});
