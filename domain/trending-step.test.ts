import { describe, expect, it } from 'vitest';
import { MAX_HALF_LIVES, trendingReference, type KeptTrending, type TrendingMinute } from './trending-step';

const HOUR = 3600;
const WEEK = 7 * 24 * HOUR;
const NOW = Date.parse('2026-11-18T12:00:00Z') / 1000;
const minute = (nowSec: number, halfLife = 24, window = WEEK): TrendingMinute => ({ nowSec, since: new Date((nowSec - window) * 1000).toISOString(), halfLife });
const keptAt = (t: TrendingMinute, t0 = t.nowSec - WEEK): KeptTrending => ({ ...t, t0 });

describe('trendingReference: a step from the kept minute, or a build', () => {
  const kept = keptAt(minute(NOW));
  const cases: Array<[string, KeptTrending | undefined, TrendingMinute, boolean, { step: boolean; t0: number }]> = [
    ['nothing kept: build from the window start', undefined, minute(NOW + 60), true, { step: false, t0: NOW + 60 - WEEK }],
    ['the next minute: step, t0 kept', kept, minute(NOW + 60), true, { step: true, t0: kept.t0 }],
    ['the change log no longer reaches back: build', kept, minute(NOW + 60), false, { step: false, t0: NOW + 60 - WEEK }],
    ['the half-life changed: build', kept, minute(NOW + 60, 12), true, { step: false, t0: NOW + 60 - WEEK }],
    ['the window changed: build', kept, minute(NOW + 60, 24, 2 * WEEK), true, { step: false, t0: NOW + 60 - 2 * WEEK }],
    ['the clock went back: build', kept, minute(NOW - 60), true, { step: false, t0: NOW - 60 - WEEK }],
    ['the same minute again: step', kept, minute(NOW), true, { step: true, t0: kept.t0 }],
    ['a jump of a whole window: build', kept, minute(NOW + WEEK), true, { step: false, t0: NOW }],
    ['just under a whole window: step', kept, minute(NOW + WEEK - 60), true, { step: true, t0: kept.t0 }],
    ['terms past 2^MAX_HALF_LIVES: build, t0 moves', keptAt(minute(NOW), NOW - MAX_HALF_LIVES * 24 * HOUR), minute(NOW + 60), true,
      { step: false, t0: NOW + 60 - WEEK }],
    ['terms just within: step', keptAt(minute(NOW), NOW + 60 - MAX_HALF_LIVES * 24 * HOUR), minute(NOW + 60), true,
      { step: true, t0: NOW + 60 - MAX_HALF_LIVES * 24 * HOUR }],
  ];
  it.each(cases)('%s', (_name, k, t, logReachesBack, expected) => {
    expect(trendingReference(k, t, logReachesBack)).toEqual(expected);
  });
});
