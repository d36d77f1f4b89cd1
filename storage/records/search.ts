// A listing search as both engines answer it (storage/queries/search.ts, storage/pg/search.ts).
import type { SearchSort } from '../../domain/search-query';

export type SearchQuery = {
  match: string | null; // FTS5 MATCH expression (see matchExpression), null = browse
  categoryIds: number[] | null; // the category and all its descendants
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
