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
    // PostgreSQL only: the six statements above that a profile reads (categories to votes by week), asked in one.
    // Each subquery is its statement's own text, its rows aggregated in its order, the columns under their names.
    parts: db.kind === 'pg' ? s.prepare(`SELECT
      (SELECT coalesce(json_agg(json_build_object('slug', c.slug, 'name', c.name, 'is_primary', lc.is_primary) ORDER BY lc.is_primary DESC, c.name), '[]'::json)
        FROM listing_categories lc JOIN categories c ON c.id = lc.category_id WHERE lc.listing_id = @id) AS categories,
      (SELECT coalesce(json_agg(json_build_object('slug', f.slug, 'name', f.name, 'title', lf.title, 'headline', f.headline, 'avatar_url', f.avatar_url) ORDER BY lf.position, f.id), '[]'::json)
        FROM listing_founders lf JOIN founders f ON f.id = lf.founder_id WHERE lf.listing_id = @id) AS founders,
      (SELECT coalesce(json_agg(json_build_object('title', u.title, 'body', u.body, 'created_at', u.created_at) ORDER BY u.created_at DESC, u.id DESC), '[]'::json)
        FROM (SELECT id, title, body, created_at FROM listing_updates WHERE listing_id = @id
          ORDER BY created_at DESC, id DESC LIMIT ${LATEST_UPDATES}) u) AS updates,
      (SELECT json_build_object('average', avg(rating), 'n', count(*)) FROM reviews WHERE listing_id = @id AND genuine = 1) AS rating,
      (SELECT coalesce(json_agg(json_build_object('recorded_on', d.recorded_on, 'rating', d.rating) ORDER BY d.recorded_on DESC), '[]'::json)
        FROM (SELECT recorded_on, rating FROM domain_ratings WHERE listing_id = @id
          ORDER BY recorded_on DESC LIMIT ${DOMAIN_RATING_HISTORY}) d) AS domain_ratings,
      (SELECT coalesce(json_agg(json_build_object('i', v.i, 'votes', v.votes)), '[]'::json)
        FROM (SELECT CAST((unixepoch(created_at) - @startSec) / 604800 AS INTEGER) AS i, count(*) AS votes FROM votes
          WHERE listing_id = @id AND created_at >= @start AND created_at < @end GROUP BY i) v) AS votes_by_week`) : null,
  };
}
const cache = new WeakMap<Db, ReturnType<typeof prepare>>();
function stmts(db: Db) {
  let s = cache.get(db);
  if (!s) cache.set(db, (s = prepare(db)));
  return s;
}

export type CategoryRef = { slug: string; name: string; primary: boolean };
type CategoryRow = { slug: string; name: string; is_primary: number };
const categoryRefs = (rows: CategoryRow[]): CategoryRef[] => rows.map((r) => ({ slug: r.slug, name: r.name, primary: r.is_primary === 1 }));
export const categoriesOf = async (db: Db, listingId: number): Promise<CategoryRef[]> =>
  categoryRefs(await stmts(db).categories.all(listingId) as CategoryRow[]);

export type FounderRef = { slug: string; name: string; title: string | null; headline: string | null; avatar_url: string | null };
export const foundersOf = async (db: Db, listingId: number): Promise<FounderRef[]> => await stmts(db).founders.all(listingId) as FounderRef[];

export type UpdateItem = { title: string; body: string; created_at: string };
export const latestUpdatesOf = async (db: Db, listingId: number): Promise<UpdateItem[]> => await stmts(db).updates.all(listingId) as UpdateItem[];

export type CommunityRating = { average: number | null; count: number };
type RatingRow = { average: number | null; n: number };
const communityRating = (r: RatingRow): CommunityRating => ({ average: r.average === null ? null : Math.round(r.average * 10) / 10, count: r.n });
export const communityRatingOf = async (db: Db, listingId: number): Promise<CommunityRating> =>
  communityRating(await stmts(db).rating.get(listingId) as RatingRow);

export type DomainRating = {
  value: number; recorded_on: string; trend: number | null; history: { date: string; rating: number }[];
};
type DomainRatingRow = { recorded_on: string; rating: number };
export const domainRatingOf = async (db: Db, listingId: number): Promise<DomainRating | null> =>
  domainRating(await stmts(db).domainRatings.all(listingId) as DomainRatingRow[]);
function domainRating(rows: DomainRatingRow[]): DomainRating | null {
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

export type WeekVotes = { week: string; votes: number };
type WeekRow = { i: number; votes: number };
const weekParams = (listingId: number, weeks: ReturnType<typeof weeksEndingWith>) =>
  ({ id: listingId, start: weeks.start, end: weeks.end, startSec: Date.parse(weeks.start) / 1000 });
function weekVotes(weeks: ReturnType<typeof weeksEndingWith>, rows: WeekRow[]): WeekVotes[] {
  const counts = new Array<number>(VOTE_CHART_WEEKS).fill(0);
  for (const r of rows) if (r.i >= 0 && r.i < VOTE_CHART_WEEKS) counts[r.i] = r.votes;
  return counts.map((votes, i) => ({ week: weeks.mondays[i], votes }));
}
// The last VOTE_CHART_WEEKS launch weeks up to and including this one, oldest first, weeks without votes as 0.
export async function votesByWeekOf(db: Db, listingId: number, thisMonday: string): Promise<WeekVotes[]> {
  const weeks = weeksEndingWith(thisMonday, VOTE_CHART_WEEKS);
  return weekVotes(weeks, await stmts(db).votesByWeek.all(weekParams(listingId, weeks)) as WeekRow[]);
}

// What a public profile shows from the tables around a listing: its categories, founders, latest updates, community
// rating, Domain Rating and votes by week. On PostgreSQL in one statement: there each statement is a round trip,
// which in the bench's long tail (every listing read once) cost ~50 µs of the app's CPU and more of the server's,
// and a profile asked six. On SQLite a statement is a function call, and the six are asked one by one.
export type ProfileParts = {
  categories: CategoryRef[]; founders: FounderRef[]; latest_updates: UpdateItem[];
  community_rating: CommunityRating; domain_rating: DomainRating | null; votes_by_week: WeekVotes[];
};
export async function profilePartsOf(db: Db, listingId: number, thisMonday: string): Promise<ProfileParts> {
  const parts = stmts(db).parts;
  if (!parts) {
    return {
      categories: await categoriesOf(db, listingId),
      founders: await foundersOf(db, listingId),
      latest_updates: await latestUpdatesOf(db, listingId),
      community_rating: await communityRatingOf(db, listingId),
      domain_rating: await domainRatingOf(db, listingId),
      votes_by_week: await votesByWeekOf(db, listingId, thisMonday),
    };
  }
  const weeks = weeksEndingWith(thisMonday, VOTE_CHART_WEEKS);
  const r = await parts.get(weekParams(listingId, weeks)) as {
    categories: CategoryRow[]; founders: FounderRef[]; updates: UpdateItem[]; rating: RatingRow; domain_ratings: DomainRatingRow[]; votes_by_week: WeekRow[];
  };
  return {
    categories: categoryRefs(r.categories),
    founders: r.founders,
    latest_updates: r.updates,
    community_rating: communityRating(r.rating),
    domain_rating: domainRating(r.domain_ratings),
    votes_by_week: weekVotes(weeks, r.votes_by_week),
  };
}

export type MilestoneItem = { date: string; title: string; description: string | null; url: string | null };
export const milestonesOf = async (db: Db, listingId: number): Promise<MilestoneItem[]> => await stmts(db).milestones.all(listingId) as MilestoneItem[];
