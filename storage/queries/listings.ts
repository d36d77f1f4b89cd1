import type { Db } from '../db';
import { memoOn } from './memo';
import { categorySubtree } from './categories';
import { preparedForLength } from '../prepared';

// Public reads of listings by slug: the row behind get_listing, the alternatives list and the compare table.
// "Public" = live or scheduled; drafts, submitted, awaiting-badge and rejected listings are not found.

export type ListingRow = {
  id: number; slug: string; name: string; url: string; domain: string; tagline: string | null;
  short_description: string | null; description: string | null; headline: string | null; summary: string | null;
  logo_url: string | null; stage: string | null; pricing_model: string | null; pricing_summary: string | null;
  pricing_plans: string; country: string | null; city: string | null; founded_year: number | null;
  contact_email: string | null; demo_video_url: string | null; features: string; usps: string; keywords: string;
  tags: string; faqs: string; socials: string; not_found_on_website: string; story: string | null; media: string;
  unlocked_sections: string; status: 'live' | 'scheduled'; plan: 'free' | 'paid' | null; launch_week: string | null;
  launched_at: string | null; featured: number; verified: number; primary_category_id: number | null; votes_count: number; is_demo: number;
};

const COLUMNS = `id, slug, name, url, domain, tagline, short_description, description, headline, summary, logo_url, stage,
  pricing_model, pricing_summary, pricing_plans, country, city, founded_year, contact_email, demo_video_url, features, usps,
  keywords, tags, faqs, socials, not_found_on_website, story, media, unlocked_sections, status, plan, launch_week, launched_at,
  featured, verified, primary_category_id, votes_count, is_demo`;

function prepare(db: Db) {
  const s = db.engine;
  return {
    publicBySlug: s.prepare(`SELECT ${COLUMNS} FROM listings WHERE slug = ? AND status IN ('live', 'scheduled')`),
    liveBySlug: s.prepare(`SELECT ${COLUMNS} FROM listings WHERE slug = ? AND status = 'live'`),
    // What ranking a listing's alternatives needs of it, not its ~40 columns: at 100,000 listings, read by slug in a
    // loop, the whole row cost ~12.5 µs and these three ~5 (a listing page reads both: get_listing and its alternatives).
    publicRefBySlug: s.prepare(`SELECT id, primary_category_id, status FROM listings WHERE slug = ? AND status IN ('live', 'scheduled')`),
    // The category first, then its descendants, each once (kept at the depth it first comes round at).
    categoryTree: s.prepare(`${categorySubtree('slug = ?')} SELECT id FROM sub GROUP BY id ORDER BY min(depth), id`),
    approvedAlternatives: s.prepare(`SELECT l.id, l.primary_category_id FROM listing_alternatives a JOIN listings l ON l.id = a.alternative_id
      WHERE a.listing_id = ? AND a.approved = 1 AND l.status = 'live' AND l.id <> a.listing_id
      ORDER BY a.position, l.votes_count DESC, l.id DESC`),
    sameCategory: s.prepare(`SELECT l.id FROM listings l
      WHERE l.primary_category_id = @category AND l.status = 'live' AND l.id <> @self
        AND l.id NOT IN (SELECT CAST(value AS INTEGER) FROM json_each(@exclude))
      ORDER BY l.votes_count DESC, l.launched_at DESC, l.id DESC LIMIT CAST(@limit AS INTEGER) OFFSET CAST(@offset AS INTEGER)`),
    liveInCategory: s.prepare(`SELECT count(*) AS n FROM listings WHERE primary_category_id = ? AND status = 'live'`),
    categoryName: s.prepare('SELECT slug, name FROM categories WHERE id = ?'),
  };
}
const cache = new WeakMap<Db, ReturnType<typeof prepare>>();
function stmts(db: Db) {
  let s = cache.get(db);
  if (!s) cache.set(db, (s = prepare(db)));
  return s;
}

export const publicListingBySlug = async (db: Db, slug: string): Promise<ListingRow | undefined> =>
  await stmts(db).publicBySlug.get(slug) as ListingRow | undefined;

export type ListingRef = Pick<ListingRow, 'id' | 'primary_category_id' | 'status'>;
export const publicListingRefBySlug = async (db: Db, slug: string): Promise<ListingRef | undefined> =>
  await stmts(db).publicRefBySlug.get(slug) as ListingRef | undefined;

// The ids of listings named by slug (unknown ones left out, each once): what a page made of several listings depends
// on. One statement for the list: a listing page names six listings, a week's page hundreds.
const idsBySlugs = preparedForLength();
export async function listingIdsOf(db: Db, slugs: readonly string[]): Promise<number[]> {
  const unique = [...new Set(slugs)];
  if (unique.length === 0) return [];
  const rows = await idsBySlugs(db, unique.length, (marks) => `SELECT id FROM listings WHERE slug IN (${marks})`).all(...unique) as { id: number }[];
  return rows.map((r) => r.id);
}

export const liveListingBySlug = async (db: Db, slug: string): Promise<ListingRow | undefined> =>
  await stmts(db).liveBySlug.get(slug) as ListingRow | undefined;

// The category and every category below it, at any depth; null when the slug is unknown.
export async function categoryTreeIds(db: Db, slug: string): Promise<number[] | null> {
  const ids = (await stmts(db).categoryTree.all(slug) as { id: number }[]).map((r) => r.id);
  return ids.length ? ids : null;
}

export const categoryById = async (db: Db, id: number | null): Promise<{ slug: string; name: string } | null> =>
  id === null ? null : ((await stmts(db).categoryName.get(id) as { slug: string; name: string } | undefined) ?? null);

export type AlternativesPage = { items: { id: number; approved: boolean }[]; total: number };

// Owner-approved alternatives (live ones, in the owner's order) first, then the other live listings of the
// same primary category, most voted first. One ranking across both parts, paged as a whole.
export async function alternativesOf(db: Db, listing: ListingRef, limit: number, offset: number): Promise<AlternativesPage> {
  const s = stmts(db);
  const approvedRows = await s.approvedAlternatives.all(listing.id) as { id: number; primary_category_id: number | null }[];
  const approved = approvedRows.map((r) => r.id);
  const items = approved.slice(offset, offset + limit).map((id) => ({ id, approved: true }));
  let rest = 0;
  const category = listing.primary_category_id;
  if (category !== null) {
    // The category's live listings are counted once for every listing in it (remembered until a listing enters,
    // leaves or changes category); the listing itself and its approved ones (live, never itself) are taken off here,
    // since counting per listing cost a scan of its category for each of them.
    const live = await memoOn(db, 'alternatives-count', String(category), ['listing_lists', 'listing_status'],
      async () => (await s.liveInCategory.get(category) as { n: number }).n, { kept: 5000 });
    const self = listing.status === 'live' ? 1 : 0;
    rest = live - self - approvedRows.filter((r) => r.primary_category_id === category).length;
    if (items.length < limit) {
      const p = { category, self: listing.id, exclude: JSON.stringify(approved) };
      const more = await s.sameCategory.all({ ...p, limit: limit - items.length, offset: Math.max(0, offset - approved.length) }) as { id: number }[];
      items.push(...more.map((r) => ({ id: r.id, approved: false })));
    }
  }
  return { items, total: approved.length + rest };
}

// JSON columns hold small lists written by our own code; a damaged value reads as empty rather than failing the page.
export function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return (JSON.parse(text) as T) ?? fallback;
  } catch {
    return fallback;
  }
}

