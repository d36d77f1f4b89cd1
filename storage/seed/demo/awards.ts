import { addWeeks, weekRange } from '../../../domain/weeks';
import { inserter } from '../sql';
import type { DemoContext } from './context';

// Launch of the Week #1-#3 for every completed week with live launches: votes cast during the week for
// listings launched that week; ties go to the earlier launch, then the lower id.
export function seedAwards(ctx: DemoContext, weeksBack = 20): number {
  const rank = ctx.db.sqlite.prepare(`
    SELECT l.id, count(v.id) AS n FROM listings l
    LEFT JOIN votes v ON v.listing_id = l.id AND v.created_at >= ? AND v.created_at < ?
    WHERE l.status = 'live' AND l.launch_week = ?
    GROUP BY l.id ORDER BY n DESC, l.launched_at ASC, l.id ASC LIMIT 3`);
  const insert = inserter(ctx.db, 'awards', ['week', 'rank', 'listing_id', 'votes']);
  let count = 0;
  for (let k = 1; k <= weeksBack; k++) {
    const week = addWeeks(ctx.currentMonday, -k);
    const { start, end } = weekRange(week);
    const winners = rank.all(start, end, week) as { id: number; n: number }[];
    winners.forEach((w, i) => insert({ week, rank: i + 1, listing_id: w.id, votes: w.n }));
    count += winners.length;
  }
  return count;
}
