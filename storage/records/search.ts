// A listing search as both engines answer it (storage/queries/search.ts, storage/pg/search.ts).
import type { SearchSort } from '../../domain/search-query';

export type SearchQuery = {
  match: string | null; // FTS5 MATCH expression (see matchExpression), null = browse
  categoryIds: number[] | null; // the category and all its descendants
  // The category categoryIds is the subtree of, when it is one (search_listings): a search filtered by it alone is
  // totalled from the kept category counts (storage/queries/search.ts).
  categoryRoot?: number;
  stage?: string;
  country?: string;
  pricingModel?: string;
  domain?: string; // normalised
  status: 'live' | 'upcoming';
  thisMonday: string; // upcoming = scheduled for this week or later
  sort: SearchSort;
  trending: { now: string; since: string; halfLifeHours: number };
  limit: number;
  offset: number;
};
export type IdPage = { ids: number[]; total: number };

// A count of what a search's filters match, remembered apart from its sort and page (storage/queries/search.ts):
// `key` names the filters, `count` counts them when the remembered number is missing or out of date.
export type RememberedCount = (key: string, count: () => Promise<number>) => Promise<number>;

// Whether a ranked text search is taken in two steps (storage/queries/search.ts rankedFromIndex, storage/pg/search.ts
// rankedFromVectors): live listings ranked by relevance to words, within the first TWO_STEP_MAX places, and no filter
// that may leave few of the best matches (a category, stage, country, pricing model or domain).
export const TWO_STEP_MAX = 500; // offset + limit
export const takesTwoSteps = (q: SearchQuery): boolean => q.match !== null && q.sort === 'relevance' && q.status === 'live'
  && q.offset + q.limit <= TWO_STEP_MAX && !q.categoryIds && !q.stage && !q.country && !q.pricingModel && !q.domain;
