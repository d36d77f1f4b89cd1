import type { SearchQuery } from '../../storage/queries/search';

// The directory the ranked text search's two steps are tested on, on either engine (tests/search-two-step.test.ts,
// tests/search-two-step.pg.test.ts): the bench's synthetic listings (bench/load-listings.ts) edited so that what makes
// the two steps hard is there: thousands of matches per word, listings that are not live among them (for one word,
// all of its best), and two hundred listings with the same text (equal scores across the cut, where only votes and
// ids decide).
export const TWO_STEP_NOW = '2026-11-18T12:00:00Z';
export const TWO_STEP_LISTINGS = 3000;

// Applied in order after loading, each a statement both engines run as written.
export const TWO_STEP_EDITS = [
  // Texts of many lengths, so that most scores differ (the loader's listings share ten phrases word for word).
  `UPDATE listings SET description = description || ' ' || substr('lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua ut enim ad minim veniam quis nostrud exercitation', 1, (id * 7) % 131)`,
  `UPDATE listings SET status = 'draft' WHERE id % 9 = 0`,
  `UPDATE listings SET status = 'rejected' WHERE id % 13 = 0`,
  // A word the best scorers of which are not live (said three times by drafts, once by a few live listings).
  `UPDATE listings SET keywords = 'phantom phantom phantom' WHERE id % 9 = 0`,
  `UPDATE listings SET keywords = 'phantom' WHERE id % 9 = 1 AND id < 600`,
  `UPDATE listings SET name = 'Twin ledger', tagline = 'The twin ledger for teams', description = 'A twin ledger.',
    keywords = 'twin' WHERE id % 15 = 1`,
  `UPDATE listings SET votes_count = id % 4 WHERE id % 15 = 1`, // ties on votes too: ids decide
];

export const twoStepQuery = (match: string, offset: number, limit: number): SearchQuery => ({
  match, categoryIds: null, status: 'live', thisMonday: '2026-11-16', sort: 'relevance',
  trending: { now: TWO_STEP_NOW, since: '2026-11-15T12:00:00Z', halfLifeHours: 24 }, limit, offset,
});

// Typos, several words, a word in nearly every listing ('teams'), none at all, the tie and the drafts' word.
export const TWO_STEP_QUERIES = ['analytics', 'analitics', 'projct managment', 'cloud', 'twin', 'twin ledger', 'invoicing freelancers', 'secrt',
  'meeting', 'uptime monitorng', 'xyzzyq', 'phantom', 'teams'];
// [offset, limit]: within the two steps' reach and past it.
export const TWO_STEP_PAGES: Array<[number, number]> = [[0, 20], [20, 20], [0, 1], [0, 100], [180, 20], [300, 50], [480, 20], [600, 20], [5000, 20]];

// [query, offset, limit, whether the two steps take it]: so that a table of pages is not passed by the one query alone.
export const TWO_STEP_TAKEN: Array<[string, number, number, boolean]> = [
  ['analitics', 0, 20, true],
  ['projct managment', 20, 20, true],
  ['teams', 0, 20, true], // a word in nearly every listing
  ['xyzzyq', 0, 20, true], // no match at all: complete, empty
  ['twin', 0, 20, true], // 200 equal scores across the cut: all read, votes and ids order them
  ['twin', 100, 20, true], // deeper into the tie
  ['phantom', 0, 20, false], // the best scorers are not live: the cut lets too few through
  ['analytics', 600, 20, false], // deeper than the two steps go
];
