import { z } from 'zod';
import type { ToolContext } from '../context';
import { listingSummary } from '../listing-summary';
import { summaryMap } from '../leaderboards/summary-map';
import { awardKind } from '../../domain/ranking';
import type { AwardRow } from '../../storage/queries/awards';

// One award as list_awards and get_launch_week return it.
export const awardItem = z.object({
  week: z.string().describe('Launch week Monday (YYYY-MM-DD) the award is for'),
  rank: z.number().int().describe('Place in that week: 1, 2 or 3'),
  kind: z.string().describe('Award name, e.g. "Launch of the Week #1"'),
  listing: listingSummary.describe('The winning listing'),
  votes: z.number().int().describe('Votes the listing had when the award was given'),
});
export type AwardItem = z.infer<typeof awardItem>;

export async function awardItems(ctx: ToolContext, rows: AwardRow[]): Promise<AwardItem[]> {
  const byId = await summaryMap(ctx, rows.map((r) => r.listing_id));
  return rows.flatMap((r) => {
    const listing = byId.get(r.listing_id);
    return listing ? [{ week: r.week, rank: r.rank, kind: awardKind(r.rank), listing, votes: r.votes }] : [];
  });
}
