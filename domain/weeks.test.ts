import { describe, expect, it } from 'vitest';
import { addWeeks, mondayOf, resolveWeek, weekEnd, weeksBetween, isRealDate } from './weeks';

const now = new Date('2026-11-18T12:00:00Z'); // a Wednesday

describe('launch weeks', () => {
  it.each([
    ['this', '2026-11-16'],
    ['next', '2026-11-23'],
    ['last', '2026-11-09'],
    ['2026-11-16', '2026-11-16'], // a Monday stays
    ['2026-11-22', '2026-11-16'], // Sunday belongs to the week before
    ['2026-11-23', '2026-11-23'],
    ['2024-02-29', '2024-02-26'], // leap day
    ['2027-01-01', '2026-12-28'], // week across the year end
    ['2026-02-30', null],
    ['tomorrow', null],
    ['2026-1-1', null],
  ])('resolveWeek(%s) = %s', (spec, expected) => {
    expect(resolveWeek(spec, now)).toBe(expected);
  });

  it.each([
    ['2026-11-16T00:00:00Z', '2026-11-16'],
    ['2026-11-22T23:59:59Z', '2026-11-16'],
    ['2026-11-23T00:00:00Z', '2026-11-23'],
  ])('mondayOf(%s) = %s', (iso, monday) => {
    expect(mondayOf(new Date(iso))).toBe(monday);
  });

  it('counts and spans weeks', () => {
    expect(addWeeks('2026-11-16', 6)).toBe('2026-12-28');
    expect(weekEnd('2026-11-16')).toBe('2026-11-22');
    expect(weeksBetween('2026-11-16', '2027-01-04')).toBe(7);
    expect(isRealDate('2026-02-28')).toBe(true);
    expect(isRealDate('2026-02-29')).toBe(false);
  });
});
