import type { Db } from '../db';

export function siteCounts(db: Db): { liveListings: number; categories: number } {
  const row = db.sqlite
    .prepare(`SELECT (SELECT count(*) FROM listings WHERE status = 'live') AS live, (SELECT count(*) FROM categories) AS cats`)
    .get() as { live: number; cats: number };
  return { liveListings: row.live, categories: row.cats };
}
