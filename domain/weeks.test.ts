import { describe, expect, it } from 'vitest';
import { addWeeks, mondayOf, resolveWeek, weekEnd, weeksBetween, weeksEndingWith, isRealDate } from './weeks';

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

  it.each([
    ['2026-11-16', 3, ['2026-11-02', '2026-11-09', '2026-11-16'], '2026-11-02T00:00:00.000Z', '2026-11-23T00:00:00.000Z'],
    ['2027-01-04', 2, ['2026-12-28', '2027-01-04'], '2026-12-28T00:00:00.000Z', '2027-01-11T00:00:00.000Z'], // across the year end
    ['2024-03-04', 2, ['2024-02-26', '2024-03-04'], '2024-02-26T00:00:00.000Z', '2024-03-11T00:00:00.000Z'], // across a leap day
    ['2026-11-16', 1, ['2026-11-16'], '2026-11-16T00:00:00.000Z', '2026-11-23T00:00:00.000Z'],
  ])('weeksEndingWith(%s, %i)', (last, count, mondays, start, end) => {
    const span = weeksEndingWith(last, count);
    expect(span).toEqual({ mondays, start, end });
    expect(weeksEndingWith(last, count)).toBe(span); // asked again: the same one, shared
  });

  it('weeksEndingWith answers a new week when the week turns, and its answer cannot be changed', () => {
    const before = weeksEndingWith('2026-11-16', 12);
    const after = weeksEndingWith('2026-11-23', 12);
    expect(after.mondays.at(-1)).toBe('2026-11-23');
    expect(before.mondays.at(-1)).toBe('2026-11-16');
    expect(Object.isFrozen(after.mondays)).toBe(true);
  });
});
