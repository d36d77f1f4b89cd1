import { describe, expect, it } from 'vitest';
import { canMove, isPublicListing, LISTING_STATUSES, statusesMovingTo, type ListingStatus } from './listing-status';

describe('listing status transitions', () => {
  const allowed: [ListingStatus, ListingStatus][] = [
    ['draft', 'submitted'], ['submitted', 'awaiting_badge'], ['awaiting_badge', 'scheduled'], ['scheduled', 'live'],
    ['submitted', 'scheduled'], ['submitted', 'live'], ['awaiting_badge', 'live'],
    ['draft', 'rejected'], ['submitted', 'rejected'], ['awaiting_badge', 'rejected'], ['scheduled', 'rejected'], ['live', 'rejected'],
  ];
  const key = (a: string, b: string) => `${a}->${b}`;
  const ok = new Set(allowed.map(([a, b]) => key(a, b)));

  // Every pair of statuses, so a transition added by mistake fails here too.
  const pairs = LISTING_STATUSES.flatMap((from) => LISTING_STATUSES.map((to) => [from, to, ok.has(key(from, to))] as const));
  it.each(pairs)('%s → %s allowed: %s', (from, to, expected) => {
    expect(canMove(from, to)).toBe(expected);
  });

  it.each([
    ['awaiting_badge', ['submitted']],
    ['scheduled', ['submitted', 'awaiting_badge']],
    ['live', ['submitted', 'awaiting_badge', 'scheduled']],
    ['submitted', ['draft']],
    ['draft', []],
  ] as const)('moves to %s only from %j', (to, from) => {
    expect(statusesMovingTo(to)).toEqual(from);
  });

  it.each([
    ['live', true], ['scheduled', true], ['awaiting_badge', false], ['submitted', false], ['draft', false], ['rejected', false],
  ])('%s is public: %s', (status, expected) => {
    expect(isPublicListing(status)).toBe(expected);
  });
});
