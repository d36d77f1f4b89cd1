import type { Db } from '../storage/db';
import type { Clock } from '../domain/clock';
import { awardWeek } from '../storage/queries/awards-compute';
import { addWeeks, mondayOf } from '../domain/weeks';
import { enqueue, type HandlerSpec } from './queue';

// Launch of the Week #1–#3, awarded when a week ends (Monday 00:00 UTC of the next week) from that week's votes,
// by the rule in storage/queries/awards-compute.ts. They show in list_awards and as badges.

export const WEEKLY_AWARDS_JOB = 'listing.weekly-awards';

// The job for `week` runs when the week is over. Keyed by the week, so it is scheduled once however often asked.
export async function scheduleWeeklyAwards(db: Db, clock: Clock, week: string): Promise<boolean> {
  return (await enqueue(db, clock, WEEKLY_AWARDS_JOB, { week }, {
    runAt: new Date(`${addWeeks(week, 1)}T00:00:00Z`), maxAttempts: 5, dedupeKey: `${WEEKLY_AWARDS_JOB}:${week}`,
  })).created;
}

export const weeklyAwardsHandler: HandlerSpec<{ week: string }> = {
  concurrency: 1,
  run: async ({ week }, ctx) => {
    await scheduleWeeklyAwards(ctx.db, ctx.clock, addWeeks(week, 1)); // the next week's job first: the chain never ends on a failure
    // Only a clock set back can run it early: retry later rather than award a week that is still running.
    if (week >= mondayOf(ctx.clock.now())) throw new Error(`The week of ${week} is not over yet`);
    await awardWeek(ctx.db, week);
  },
};
