import type { Db } from '../storage/db';
import type { Clock } from '../domain/clock';
import { promoteDueListings } from '../storage/queries/free-plan';
import { addWeeks, mondayOf } from '../domain/weeks';
import { enqueue, type Handlers, type HandlerSpec } from './queue';
import { BADGE_CHECK_JOB, BADGE_SWEEP_JOB, badgeCheckHandler, badgeSweepHandler, scheduleBadgeSweep, type BadgeCheckDeps } from './badge-check';
import { WEEKLY_AWARDS_JOB, scheduleWeeklyAwards, weeklyAwardsHandler } from './weekly-awards';

// Scheduled listings go live when their launch week starts (Monday 00:00 UTC): launched_at is set then.
// This file also wires the listing lifecycle's time-driven jobs (go-live, weekly awards, hourly badge sweep).

export const GO_LIVE_JOB = 'listing.go-live';

// The go-live run of the week starting `monday`; keyed by the Monday, so it exists once.
export async function scheduleGoLive(db: Db, clock: Clock, monday: string): Promise<boolean> {
  return (await enqueue(db, clock, GO_LIVE_JOB, { week: monday }, {
    runAt: new Date(`${monday}T00:00:00Z`), maxAttempts: 5, dedupeKey: `${GO_LIVE_JOB}:${monday}`,
  })).created;
}

// Every scheduled listing whose week has begun goes live (also weeks missed while the service was down).
export const goLiveDue = async (db: Db, now: Date): Promise<number[]> => await promoteDueListings(db, mondayOf(now), now.toISOString());

export const goLiveHandler: HandlerSpec<{ week: string }> = {
  concurrency: 1,
  run: async ({ week }, ctx) => {
    await scheduleGoLive(ctx.db, ctx.clock, addWeeks(week, 1)); // next week's run first: a failure below never ends the chain
    await goLiveDue(ctx.db, ctx.clock.now());
  },
};

export function listingJobHandlers(d: BadgeCheckDeps): Handlers {
  return {
    [GO_LIVE_JOB]: goLiveHandler,
    [WEEKLY_AWARDS_JOB]: weeklyAwardsHandler,
    [BADGE_SWEEP_JOB]: badgeSweepHandler,
    [BADGE_CHECK_JOB]: badgeCheckHandler(d),
  };
}

// Called at start-up (transport/server.ts) and by `npm run admin -- run-jobs`: makes sure the current and the next
// run of each periodic job exist. Idempotent (dedupe keys), and it catches up: this week's go-live and last week's
// awards are due at once if the service was down when they should have run. Each run schedules the one after it.
export async function scheduleListingJobs(db: Db, clock: Clock): Promise<number> {
  const now = clock.now();
  const thisMonday = mondayOf(now);
  const created = [
    await scheduleGoLive(db, clock, thisMonday),
    await scheduleGoLive(db, clock, addWeeks(thisMonday, 1)),
    await scheduleWeeklyAwards(db, clock, addWeeks(thisMonday, -1)),
    await scheduleWeeklyAwards(db, clock, thisMonday),
    await scheduleBadgeSweep(db, clock, now),
    await scheduleBadgeSweep(db, clock, new Date(now.getTime() + 60 * 60_000)),
  ];
  return created.filter(Boolean).length;
}
