import { z } from 'zod';
import type { ToolContext } from '../context';
import { BOARDS, ratingTrend, type BoardId } from '../../domain/ranking';
import { liveVoteCounts } from '../../storage/queries/summaries';
import {
  allTimeVotesPage, billboardPage, domainRatingPage, revenuePage, weeklyVotesPage, liveWeeklyVotes,
} from '../../storage/queries/leaderboards';

export const metricSchema = z.object({
  name: z.string().describe('Metric name: weekly_votes, votes, contributed, domain_rating or mrr'),
  value: z.number().describe('Metric value the board is ordered by'),
  unit: z.string().describe('Unit of value, e.g. votes, USD cents, rating 0-100'),
  source: z.string().describe('Where the number comes from: community votes, paid contributions, third-party, verified revenue reports'),
  paid: z.boolean().optional().describe('Billboard only: true, the value is money paid'),
  trend: z.number().nullable().optional().describe('Domain Rating only: change since the previous reading (null if none)'),
  recorded_on: z.string().optional().describe('Domain Rating and revenue: date the value was recorded (YYYY-MM-DD)'),
  period: z.string().optional().describe('Revenue only: first day of the month reported (YYYY-MM-DD)'),
  verified_by: z.string().optional().describe('Revenue only: who verified the figure, e.g. stripe'),
});
export type Metric = z.infer<typeof metricSchema>;
export type BoardEntry = { id: number; metric: Metric };

type Query = { week: string | null; limit: number; offset: number; minute: number };

// Each board's ordering lives in SQL (storage) or in domain/ranking.ts; this only shapes the metric.
export async function boardEntries(ctx: ToolContext, board: BoardId, q: Query): Promise<{ entries: BoardEntry[]; total: number }> {
  const base = BOARDS[board].metric;
  const db = ctx.db;
  switch (board) {
    case 'community-weekly': {
      const { rows, total } = await weeklyVotesPage(db, q.week!, q.limit, q.offset, q.minute);
      const votes = await liveWeeklyVotes(db, q.week!, rows.map((r) => r.id));
      return { entries: rows.map((r, i) => ({ id: r.id, metric: { ...base, value: votes[i] } })), total };
    }
    case 'community-all-time': {
      const { rows, total } = await allTimeVotesPage(db, q.limit, q.offset, q.minute);
      const votes = await liveVoteCounts(db, rows.map((r) => r.id));
      return { entries: rows.map((r, i) => ({ id: r.id, metric: { ...base, value: votes[i] } })), total };
    }
    case 'billboard': {
      const { rows, total } = await billboardPage(db, q.limit, q.offset);
      return { entries: rows.map((r) => ({ id: r.id, metric: { ...base, value: r.amount_cents, paid: true } })), total };
    }
    case 'domain-rating': {
      const { rows, total } = await domainRatingPage(db, q.limit, q.offset);
      return {
        entries: rows.map((r) => ({
          id: r.id, metric: { ...base, value: r.rating, trend: ratingTrend(r.rating, r.previous), recorded_on: r.recorded_on },
        })),
        total,
      };
    }
    case 'revenue': {
      const { rows, total } = await revenuePage(db, q.limit, q.offset);
      return {
        entries: rows.map((r) => ({
          id: r.id, metric: { ...base, value: r.mrr_cents, period: r.period, verified_by: r.verified_by, recorded_on: r.recorded_on },
        })),
        total,
      };
    }
  }
}
