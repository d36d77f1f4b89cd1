import { describe, expect, it } from 'vitest';
import { mondayOf } from '../domain/weeks';

// mondayOf keeps the last day it was asked for; asked in any order, it must still answer each instant's own week.
describe('mondayOf', () => {
  const CASES: Array<[string, string]> = [
    ['2026-11-23T00:00:00.000Z', '2026-11-23'], // Monday, first instant
    ['2026-11-29T23:59:59.999Z', '2026-11-23'], // Sunday, last instant
    ['2026-11-30T00:00:00.000Z', '2026-11-30'], // the next Monday
    ['2026-11-25T12:00:00.000Z', '2026-11-23'], // back to a day already seen
    ['2027-01-01T08:00:00.000Z', '2026-12-28'], // the week across a new year
    ['2024-02-29T10:00:00.000Z', '2024-02-26'], // a leap day
    ['1969-12-31T23:00:00.000Z', '1969-12-29'], // before the epoch (a negative day number)
    ['2026-11-25T12:00:01.000Z', '2026-11-23'], // the same day again, a second later
  ];
  it.each(CASES)('%s is in the week of %s', (instant, monday) => {
    expect(mondayOf(new Date(instant))).toBe(monday);
  });

  it('answers every instant of a month right whatever was asked before', () => {
    for (let h = 0; h < 31 * 24; h += 5) {
      const d = new Date(Date.UTC(2026, 2, 1) + h * 3_600_000);
      const dow = (d.getUTCDay() + 6) % 7;
      const expected = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - dow)).toISOString().slice(0, 10);
      expect(mondayOf(d)).toBe(expected);
    }
  });
});
