import type { Db } from '../db';
import { memoOn } from './memo';

// Counted again only when which listings are live or demo changes (migration 0011 listing_status: status, is_demo,
// a listing added or removed) or a category does; not on every edit of a listing's texts (~400 ms at 100,000 listings).
export async function siteCounts(db: Db): Promise<{ liveListings: number; categories: number; demoListings: number }> {
  return await memoOn(db, 'site-counts', '', ['listing_status', 'categories'], async () => {
    const row = await db.engine
      .prepare(`SELECT (SELECT count(*) FROM listings WHERE status = 'live') AS live, (SELECT count(*) FROM categories) AS cats,
        (SELECT count(*) FROM listings WHERE is_demo = 1 AND status = 'live') AS demo`)
      .get() as { live: number; cats: number; demo: number };
    return { liveListings: row.live, categories: row.cats, demoListings: row.demo };
  }, { kept: 1 });
}
