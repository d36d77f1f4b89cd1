import type { Db } from '../db';
import { weeksEndingWith } from '../../domain/weeks';
import { ratingTrend } from '../../domain/ranking';

// The related records of a public listing profile (get_listing) and of the compare table.

export const DOMAIN_RATING_HISTORY = 12; // points
export const VOTE_CHART_WEEKS = 12;
export const LATEST_UPDATES = 5;

function prepare(db: Db) {
  const s = db.engine;
  return {
    categories: s.prepare(`SELECT c.slug, c.name, lc.is_primary AS is_primary FROM listing_categories lc
      JOIN categories c ON c.id = lc.category_id WHERE lc.listing_id = ? ORDER BY lc.is_primary DESC, c.name`),
    founders: s.prepare(`SELECT f.slug, f.name, lf.title, f.headline, f.avatar_url FROM listing_founders lf
      JOIN founders f ON f.id = lf.founder_id WHERE lf.listing_id = ? ORDER BY lf.position, f.id`),
    updates: s.prepare(`SELECT title, body, created_at FROM listing_updates WHERE listing_id = ?
      ORDER BY created_at DESC, id DESC LIMIT ${LATEST_UPDATES}`),
    // Genuine reviews only (rule 9 of the service).
    rating: s.prepare('SELECT avg(rating) AS average, count(*) AS n FROM reviews WHERE listing_id = ? AND genuine = 1'),
    domainRatings: s.prepare(`SELECT recorded_on, rating FROM domain_ratings WHERE listing_id = ?
      ORDER BY recorded_on DESC LIMIT ${DOMAIN_RATING_HISTORY}`),
    latestDomainRating: s.prepare('SELECT rating FROM domain_ratings WHERE listing_id = ? ORDER BY recorded_on DESC LIMIT 1'),
    // Week number counted from the chart's first Monday (integer seconds are cheaper than date modifiers;
    // the bound start arrives as a float, hence the cast).
    votesByWeek: s.prepare(`SELECT CAST((unixepoch(created_at) - @startSec) / 604800 AS INTEGER) AS i, count(*) AS votes FROM votes
      WHERE listing_id = @id AND created_at >= @start AND created_at < @end GROUP BY i`),
    milestones: s.prepare('SELECT date, title, description, url FROM milestones WHERE listing_id = ? ORDER BY date, id'),
  };
}
const cache = new WeakMap<Db, ReturnType<typeof prepare>>();
function stmts(db: Db) {
  let s = cache.get(db);
  if (!s) cache.set(db, (s = prepare(db)));
  return s;
}

export type CategoryRef = { slug: string; name: string; primary: boolean };
export const categoriesOf = async (db: Db, listingId: number): Promise<CategoryRef[]> =>
  (await stmts(db).categories.all(listingId) as { slug: string; name: string; is_primary: number }[])
    .map((r) => ({ slug: r.slug, name: r.name, primary: r.is_primary === 1 }));

export type FounderRef = { slug: string; name: string; title: string | null; headline: string | null; avatar_url: string | null };
export const foundersOf = async (db: Db, listingId: number): Promise<FounderRef[]> => await stmts(db).founders.all(listingId) as FounderRef[];

export type UpdateItem = { title: string; body: string; created_at: string };
export const latestUpdatesOf = async (db: Db, listingId: number): Promise<UpdateItem[]> => await stmts(db).updates.all(listingId) as UpdateItem[];

export type CommunityRating = { average: number | null; count: number };
export async function communityRatingOf(db: Db, listingId: number): Promise<CommunityRating> {
  const r = await stmts(db).rating.get(listingId) as { average: number | null; n: number };
  return { average: r.average === null ? null : Math.round(r.average * 10) / 10, count: r.n };
}

export type DomainRating = {
  value: number; recorded_on: string; trend: number | null; history: { date: string; rating: number }[];
};
export async function domainRatingOf(db: Db, listingId: number): Promise<DomainRating | null> {
  const rows = await stmts(db).domainRatings.all(listingId) as { recorded_on: string; rating: number }[];
  if (rows.length === 0) return null;
  return {
    value: rows[0].rating,
    recorded_on: rows[0].recorded_on,
    trend: ratingTrend(rows[0].rating, rows[1]?.rating),
    history: rows.map((r) => ({ date: r.recorded_on, rating: r.rating })).reverse(),
  };
}

export const latestDomainRatingOf = async (db: Db, listingId: number): Promise<number | null> =>
  (await stmts(db).latestDomainRating.get(listingId) as { rating: number } | undefined)?.rating ?? null;

// The last VOTE_CHART_WEEKS launch weeks up to and including this one, oldest first, weeks without votes as 0.
export async function votesByWeekOf(db: Db, listingId: number, thisMonday: string): Promise<{ week: string; votes: number }[]> {
  const weeks = weeksEndingWith(thisMonday, VOTE_CHART_WEEKS);
  const rows = await stmts(db).votesByWeek.all({
    id: listingId, start: weeks.start, end: weeks.end, startSec: Date.parse(weeks.start) / 1000,
  }) as { i: number; votes: number }[];
  const counts = new Array<number>(VOTE_CHART_WEEKS).fill(0);
  for (const r of rows) if (r.i >= 0 && r.i < VOTE_CHART_WEEKS) counts[r.i] = r.votes;
  return counts.map((votes, i) => ({ week: weeks.mondays[i], votes }));
}

export type MilestoneItem = { date: string; title: string; description: string | null; url: string | null };
export const milestonesOf = async (db: Db, listingId: number): Promise<MilestoneItem[]> => await stmts(db).milestones.all(listingId) as MilestoneItem[];
