import { describe, expect, it } from 'vitest';
import {
  awardKind, BOARDS, BOARD_IDS, compareByVotes, decayWeight, halfLifeFrom, isBoardId, rankAt, ratingTrend,
  trendingScore, trendingWindowHours, type Rankable,
} from './ranking';

describe('trending decay', () => {
  it.each([
    [0, 72, 1],
    [72, 72, 0.5],
    [144, 72, 0.25],
    [288, 72, 0.0625], // exactly 4 half-lives still counts
    [288.01, 72, 0], // beyond the window: ignored
    [-5, 72, 1], // future-stamped vote counts as new
    [10, 0, 0], // unusable half-life
    [12, 12, 0.5],
  ])('decayWeight(age %s h, half-life %s h) = %s', (age, hl, expected) => {
    expect(decayWeight(age, hl)).toBeCloseTo(expected, 10);
  });

  it('sums weights and bounds the window', () => {
    expect(trendingScore([0, 72, 144, 1000], 72)).toBeCloseTo(1.75, 10);
    expect(trendingScore([], 72)).toBe(0);
    expect(trendingWindowHours(72)).toBe(288);
  });

  it.each([
    ['72', 72],
    ['24', 24],
    ['0', 72],
    ['-3', 72],
    ['abc', 72],
    [null, 72],
  ])('halfLifeFrom(%s) = %s', (setting, expected) => {
    expect(halfLifeFrom(setting)).toBe(expected);
  });
});

describe('vote order', () => {
  const r = (id: number, votes: number, launchedAt: string | null): Rankable => ({ id, votes, launchedAt });
  it.each([
    ['more votes first', r(1, 5, '2026-11-17T00:00:00Z'), r(2, 9, '2026-11-18T00:00:00Z'), 1],
    ['tie: earlier launch first', r(1, 5, '2026-11-17T00:00:00Z'), r(2, 5, '2026-11-16T00:00:00Z'), 1],
    ['tie and same launch: lower id first', r(1, 5, '2026-11-17T00:00:00Z'), r(2, 5, '2026-11-17T00:00:00Z'), -1],
    ['unknown launch time goes last', r(1, 5, null), r(2, 5, '2026-11-17T00:00:00Z'), 1],
  ])('%s', (_name, a, b, sign) => {
    expect(Math.sign(compareByVotes(a, b))).toBe(sign);
    expect(Math.sign(compareByVotes(b, a))).toBe(-sign);
  });

  it('sorts a list', () => {
    const list = [r(3, 1, 'b'), r(1, 4, 'c'), r(2, 4, 'a'), r(4, 1, 'b')];
    expect(list.sort(compareByVotes).map((x) => x.id)).toEqual([2, 1, 3, 4]);
  });
});

describe('boards and awards', () => {
  it.each([
    [0, 0, 1],
    [20, 0, 21],
    [20, 4, 25],
  ])('rankAt(%s, %s) = %s', (offset, index, rank) => {
    expect(rankAt(offset, index)).toBe(rank);
  });

  it.each([
    [40, 35, 5],
    [30, 35, -5],
    [30, null, null],
    [30, undefined, null],
  ])('ratingTrend(%s, %s) = %s', (latest, prev, trend) => {
    expect(ratingTrend(latest, prev)).toBe(trend);
  });

  it.each([[1, 'Launch of the Week #1'], [2, 'Launch of the Week #2'], [3, 'Launch of the Week #3']])('awardKind(%s)', (rank, kind) => {
    expect(awardKind(rank)).toBe(kind);
  });

  it('knows exactly the five boards and only the billboard is paid', () => {
    expect(BOARD_IDS.filter(isBoardId)).toHaveLength(5);
    expect(isBoardId('hall-of-fame')).toBe(false);
    expect(BOARD_IDS.filter((b) => BOARDS[b].paid)).toEqual(['billboard']);
    expect(BOARDS.billboard.notice).toBe('Paid ranking: ordered by money contributed');
    expect(BOARDS['domain-rating'].metric.source).toBe('third-party');
  });
});
