import { describe, expect, it } from 'vitest';
import { afterBadgeFound, chooseFreeWeek, freePlanRefusal, freeQueueWindow } from './free-plan';

const MONDAY = '2026-11-16';
const settings = { minWeeks: 6, maxWeeks: 8, capacity: 2 };

describe('free-queue window', () => {
  it.each([
    [{ minWeeks: 6, maxWeeks: 8 }, ['2026-12-28', '2027-01-04', '2027-01-11']],
    [{ minWeeks: 1, maxWeeks: 1 }, ['2026-11-23']],
    [{ minWeeks: 0, maxWeeks: 1 }, ['2026-11-16', '2026-11-23']],
    [{ minWeeks: 3, maxWeeks: 2 }, []],
  ])('%j → %j', (s, weeks) => {
    expect(freeQueueWindow(MONDAY, s)).toEqual(weeks);
  });
});

describe('choosing the free launch week', () => {
  it.each([
    ['an empty queue takes the nearest week', {}, '2026-12-28'],
    ['a full first week moves to the next', { '2026-12-28': 2 }, '2027-01-04'],
    ['a week with room left is taken', { '2026-12-28': 1 }, '2026-12-28'],
    ['only the last week has room', { '2026-12-28': 2, '2027-01-04': 5 }, '2027-01-11'],
    ['weeks outside the window do not count', { '2026-12-21': 9, '2027-01-18': 9 }, '2026-12-28'],
  ])('%s', (_name, used, week) => {
    expect(chooseFreeWeek(MONDAY, settings, new Map(Object.entries(used)))).toEqual({ week });
  });

  it('names the full window when no week has room', () => {
    const full = new Map([['2026-12-28', 2], ['2027-01-04', 2], ['2027-01-11', 3]]);
    const choice = chooseFreeWeek(MONDAY, settings, full);
    expect(choice.week).toBeNull();
    expect(choice).toMatchObject({ reason: expect.stringContaining('2026-12-28 to 2027-01-11 is full (2 free launches a week)') });
  });

  it('has no room at all with capacity 0', () => {
    expect(chooseFreeWeek(MONDAY, { ...settings, capacity: 0 }, new Map()).week).toBeNull();
  });
});

describe('who may choose the free plan', () => {
  it.each([
    ['submitted', null],
    ['draft', /still a draft.*submit_draft/],
    ['awaiting_badge', /already on the free plan, queued for the week of 2026-12-28/],
    ['scheduled', /already scheduled to launch in the week of 2026-12-28/],
    ['live', /already live/],
    ['rejected', /rejected/],
  ])('%s → %s', (status, refusal) => {
    const r = freePlanRefusal({ id: 7, status, launchWeek: '2026-12-28' });
    if (refusal === null) expect(r).toBeNull();
    else expect(r).toMatch(refusal);
  });
});

describe('finding the badge', () => {
  it.each([
    ['before the queued week: scheduled for it', '2026-12-28', { status: 'scheduled', launchWeek: '2026-12-28' }],
    ['in the queued week: live now', MONDAY, { status: 'live', launchWeek: MONDAY }],
    ['after the queued week passed: live in this week', '2026-11-02', { status: 'live', launchWeek: MONDAY }],
    ['without a queued week: live now', null, { status: 'live', launchWeek: MONDAY }],
  ])('%s', (_name, queued, outcome) => {
    expect(afterBadgeFound(queued, MONDAY)).toEqual(outcome);
  });
});
