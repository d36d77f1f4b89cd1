import { addWeeks } from '../../../domain/weeks';
import { weekWinners } from '../../queries/awards-compute';
import { inserter } from '../sql';
import type { DemoContext } from './context';

// Launch of the Week #1-#3 for every completed week with live launches, by the same rule as the weekly job
// (storage/queries/awards-compute.ts).
export async function seedAwards(ctx: DemoContext, weeksBack = 20): Promise<number> {
  const insert = inserter(ctx.db, 'awards', ['week', 'rank', 'listing_id', 'votes']);
  let count = 0;
  for (let k = 1; k <= weeksBack; k++) {
    const week = addWeeks(ctx.currentMonday, -k);
    const winners = await weekWinners(ctx.db, week);
    for (const [i, w] of winners.entries()) await insert({ week, rank: i + 1, listing_id: w.listing_id, votes: w.votes });
    count += winners.length;
  }
  return count;
}
