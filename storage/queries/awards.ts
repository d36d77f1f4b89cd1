import type { Db } from '../db';

export type AwardRow = { week: string; rank: number; listing_id: number; votes: number };

// Awards of listings that are not live (e.g. taken down later) stay hidden with their listing.
// The awards drive (three a week), each looking its listing up by id. Written as a join, the planner could walk every
// live listing and probe the awards for each instead (54 ms a call at 100,000 listings; `+a.listing_id` stopped that
// only while the listing indexes had statistics: without them, or after an index was remade, 14–420 ms). EXISTS on
// the listing leaves the awards as the only table to walk, whatever the statistics say.
const LISTING_LIVE = `EXISTS (SELECT 1 FROM listings l WHERE l.id = a.listing_id AND l.status = 'live'`;
const VISIBLE = `FROM awards a WHERE ${LISTING_LIVE})`;
const VISIBLE_OF_SLUG = `FROM awards a WHERE ${LISTING_LIVE} AND (CAST(@slug AS TEXT) IS NULL OR l.slug = @slug))`;

function prepare(db: Db) {
  const s = db.engine;
  return {
    page: s.prepare(`SELECT a.week, a.rank, a.listing_id, a.votes ${VISIBLE_OF_SLUG}
      ORDER BY a.week DESC, a.rank ASC, a.id ASC LIMIT CAST(@limit AS INTEGER) OFFSET CAST(@offset AS INTEGER)`),
    count: s.prepare(`SELECT count(*) AS n ${VISIBLE_OF_SLUG}`),
    ofWeek: s.prepare(`SELECT a.week, a.rank, a.listing_id, a.votes ${VISIBLE} AND a.week = ? ORDER BY a.rank ASC, a.id ASC`),
  };
}

const cache = new WeakMap<Db, ReturnType<typeof prepare>>();
function stmts(db: Db) {
  let s = cache.get(db);
  if (!s) cache.set(db, (s = prepare(db)));
  return s;
}

export async function awardsPage(db: Db, listingSlug: string | null, limit: number, offset: number): Promise<{ rows: AwardRow[]; total: number }> {
  const s = stmts(db);
  const rows = await s.page.all({ slug: listingSlug, limit, offset }) as AwardRow[];
  const total = (await s.count.get({ slug: listingSlug }) as { n: number }).n;
  return { rows, total };
}

export const awardsOfWeek = async (db: Db, week: string): Promise<AwardRow[]> => await stmts(db).ofWeek.all(week) as AwardRow[];
