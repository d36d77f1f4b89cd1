// When the trending scores kept for one minute can be brought to the next by a step (only the listings that changed
// scored again) rather than built again from every vote of the window; the same rule on both engines
// (storage/queries/trending-scores.ts for SQLite, storage/pg/trending-scores.ts for PostgreSQL).
//
// A kept score is a sum of 2^((min(t, now) − t0) / h) over a listing's votes, against a reference time t0 (the
// window's start at the last full build). A step keeps t0, so it is possible only while
// - the half-life and the window's length are what they were;
// - time went forward, by less than a whole window (the clock going back, or a jump past every kept vote, builds);
// - the terms stay within what a double holds comfortably (2^MAX_HALF_LIVES past t0; t0 then moves);
// - the change log still holds every change since the position the scores were kept at (`logReachesBack`).
export type TrendingMinute = { nowSec: number; since: string; halfLife: number };
export type KeptTrending = TrendingMinute & { t0: number };

export const MAX_HALF_LIVES = 256;

// The reference time the scores of minute `t` are written against, and whether they are reached by a step.
export function trendingReference(kept: KeptTrending | undefined, t: TrendingMinute, logReachesBack: boolean): { step: boolean; t0: number } {
  const sinceSec = Date.parse(t.since) / 1000;
  const window = t.nowSec - sinceSec;
  const step = !!kept && logReachesBack && kept.halfLife === t.halfLife && kept.nowSec - Date.parse(kept.since) / 1000 === window
    && t.nowSec >= kept.nowSec && t.nowSec - kept.nowSec < window
    && (t.nowSec - kept.t0) / 3600 / t.halfLife <= MAX_HALF_LIVES;
  return step ? { step, t0: kept!.t0 } : { step, t0: sinceSec };
}
