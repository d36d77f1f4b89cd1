// Ranking rules shared by launches, leaderboards and awards. Pure: no I/O, no clock.

// Trending: a vote's weight halves every half-life. Votes older than TRENDING_WINDOW_HALF_LIVES half-lives
// weigh under 1/16 and are ignored, so the query only reads a bounded window of recent votes.
export const TRENDING_WINDOW_HALF_LIVES = 4;
export const DEFAULT_TRENDING_HALF_LIFE_HOURS = 72;

export function decayWeight(ageHours: number, halfLifeHours: number): number {
  if (!(halfLifeHours > 0)) return 0;
  const age = Math.max(0, ageHours); // a vote stamped slightly in the future counts as brand new
  if (age > halfLifeHours * TRENDING_WINDOW_HALF_LIVES) return 0;
  return 0.5 ** (age / halfLifeHours);
}

export const trendingWindowHours = (halfLifeHours: number): number => halfLifeHours * TRENDING_WINDOW_HALF_LIVES;

// An unusable setting (non-number, zero, negative) falls back to the default rather than breaking the section.
export function halfLifeFrom(setting: string | number | null | undefined): number {
  const n = Number(setting);
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_TRENDING_HALF_LIFE_HOURS;
}

export function trendingScore(voteAgesHours: number[], halfLifeHours: number): number {
  return voteAgesHours.reduce((sum, age) => sum + decayWeight(age, halfLifeHours), 0);
}

// Launch order: more votes first; on a tie the earlier launch wins (it held the votes longer), then the older id.
export type Rankable = { id: number; votes: number; launchedAt: string | null };
export function compareByVotes(a: Rankable, b: Rankable): number {
  if (a.votes !== b.votes) return b.votes - a.votes;
  if (a.launchedAt !== b.launchedAt) {
    if (a.launchedAt === null) return 1;
    if (b.launchedAt === null) return -1;
    return a.launchedAt < b.launchedAt ? -1 : 1;
  }
  return a.id - b.id;
}

// Position on a page → rank on the board (ranks are ordinal: tie-breaks make every position distinct).
export const rankAt = (offset: number, index: number): number => offset + index + 1;

// Change since the previous Domain Rating point; null when there is no earlier point to compare with.
export const ratingTrend = (latest: number, previous: number | null | undefined): number | null =>
  previous === null || previous === undefined ? null : latest - previous;

export const awardKind = (rank: number): string => `Launch of the Week #${rank}`;

export const BOARD_IDS = ['community-weekly', 'community-all-time', 'billboard', 'domain-rating', 'revenue'] as const;
export type BoardId = (typeof BOARD_IDS)[number];
export const isBoardId = (s: string): s is BoardId => (BOARD_IDS as readonly string[]).includes(s);

export type BoardInfo = {
  title: string;
  description: string;
  paid: boolean;
  notice: string | null;
  metric: { name: string; unit: string; source: string };
};

export const PAID_NOTICE = 'Paid ranking: ordered by money contributed';

export const BOARDS: Record<BoardId, BoardInfo> = {
  'community-weekly': {
    title: 'Community leaderboard (weekly)',
    description: 'Live listings ranked by the votes people cast on the site during one launch week (Monday to Sunday UTC). Votes only; money plays no part.',
    paid: false, notice: null,
    metric: { name: 'weekly_votes', unit: 'votes', source: 'community votes' },
  },
  'community-all-time': {
    title: 'Community leaderboard (all time)',
    description: 'Live listings ranked by every vote people have cast on the site. Votes only; money plays no part.',
    paid: false, notice: null,
    metric: { name: 'votes', unit: 'votes', source: 'community votes' },
  },
  billboard: {
    title: 'Billboard (paid)',
    description: 'PAID ranking: live listings ordered by the money their makers contributed to the billboard. It says nothing about community opinion and must always be presented as paid.',
    paid: true, notice: PAID_NOTICE,
    metric: { name: 'contributed', unit: 'USD cents', source: 'paid contributions' },
  },
  'domain-rating': {
    title: 'Domain Rating',
    description: 'Live listings ranked by the latest third-party Domain Rating (0-100) of their website, with the change since the previous reading. A separate ranking system, not a community or paid one.',
    paid: false, notice: null,
    metric: { name: 'domain_rating', unit: 'rating 0-100', source: 'third-party' },
  },
  revenue: {
    title: 'Revenue',
    description: 'Live listings ranked by their latest verified monthly recurring revenue, with the month reported and who verified it. A separate ranking system, not a community or paid one.',
    paid: false, notice: null,
    metric: { name: 'mrr', unit: 'USD cents per month', source: 'verified revenue reports' },
  },
};
