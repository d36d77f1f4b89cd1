import type { Db } from '../db';
import { memoOn } from './memo';
import { preparedForLength } from '../prepared';

// The one summary shape every list of listings returns. Defined here, where the rows are read; tools/listing-summary.ts
// holds the described zod schema the API publishes for it, checked to be exactly this shape.
export type ListingSummary = {
  slug: string; name: string; url: string; tagline: string | null; logo_url: string | null; votes: number;
  status: string; launch_week: string | null; launched_at: string | null;
  primary_category: { slug: string; name: string } | null;
  pricing_model: string | null; country: string | null; featured: boolean; verified: boolean; demo: boolean;
  page_url: string;
};

type Row = {
  id: number; slug: string; name: string; url: string; tagline: string | null; logo_url: string | null;
  votes_count: number; status: string; launch_week: string | null; launched_at: string | null;
  cat_slug: string | null; cat_name: string | null; pricing_model: string | null; country: string | null;
  featured: number; verified: number; is_demo: number;
};

const SELECT = `SELECT l.id, l.slug, l.name, l.url, l.tagline, l.logo_url, l.votes_count, l.status, l.launch_week,
  l.launched_at, c.slug AS cat_slug, c.name AS cat_name, l.pricing_model, l.country, l.featured, l.verified, l.is_demo
  FROM listings l LEFT JOIN categories c ON c.id = l.primary_category_id`;

const summaryStmts = preparedForLength();

function toSummary(r: Row, siteUrl: string): ListingSummary {
  return {
    slug: r.slug, name: r.name, url: r.url, tagline: r.tagline, logo_url: r.logo_url, votes: r.votes_count,
    status: r.status, launch_week: r.launch_week, launched_at: r.launched_at,
    primary_category: r.cat_slug ? { slug: r.cat_slug, name: r.cat_name! } : null,
    pricing_model: r.pricing_model, country: r.country, featured: !!r.featured, verified: !!r.verified, demo: !!r.is_demo,
    page_url: `${siteUrl}/listings/${r.slug}`,
  };
}

// Summaries for listing ids, in the order given (callers rank; this only loads).
export async function summariesByIds(db: Db, ids: number[], siteUrl: string): Promise<ListingSummary[]> {
  if (ids.length === 0) return [];
  const rows = await summaryStmts(db, ids.length, (marks) => `${SELECT} WHERE l.id IN (${marks})`).all(...ids) as Row[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => (byId.has(id) ? [toSummary(byId.get(id)!, siteUrl)] : []));
}

// The vote counts of these listings now, in the same order (0 for one that is gone): shown over cached results.
// Remembered per list of ids until one of its listings' counts moves (a vote bumps the listing's topic, migration
// 0011) or a listing leaves the directory. Under the global 'votes' topic every vote anywhere made every list read its
// counts again: with ten votes a second, nearly every read of a search or a board. A read is one statement for the
// whole list (on PostgreSQL a lookup per id was a round trip each).
export async function liveVoteCounts(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  return await memoOn(db, 'live-vote-counts', ids.join(','), ['listing_status', ...ids.map((id) => `listing:${id}`)], async () => {
    const stmt = voteStmts(db, ids.length, (marks) => `SELECT id, votes_count FROM listings WHERE id IN (${marks})`);
    const counts = new Map((await stmt.all(...ids) as Array<{ id: number; votes_count: number }>).map((r) => [r.id, r.votes_count]));
    return ids.map((id) => counts.get(id) ?? 0);
  }, { kept: 2000 });
}
const voteStmts = preparedForLength();
