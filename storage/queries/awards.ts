import type { Db } from '../db';

export type AwardRow = { week: string; rank: number; listing_id: number; votes: number };

// Awards of listings that are not live (e.g. taken down later) stay hidden with their listing.
// The awards drive the join (a few a week), each looking its listing up by id: `+` keeps SQLite's planner from
// walking every listing and probing awards_listing for each (at 100,000 listings list_awards took 54 ms a call).
const VISIBLE = `FROM awards a JOIN listings l ON l.id = +a.listing_id WHERE l.status = 'live'`;

function prepare(db: Db) {
  const s = db.engine;
  return {
    page: s.prepare(`SELECT a.week, a.rank, a.listing_id, a.votes ${VISIBLE} AND (CAST(@slug AS TEXT) IS NULL OR l.slug = @slug)
      ORDER BY a.week DESC, a.rank ASC, a.id ASC LIMIT @limit OFFSET @offset`),
    count: s.prepare(`SELECT count(*) AS n ${VISIBLE} AND (CAST(@slug AS TEXT) IS NULL OR l.slug = @slug)`),
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
