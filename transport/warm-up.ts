import type { Db } from '../storage/db';
import { warmTypoVocabulary } from '../storage/queries/search';

// What a web node reads once it listens, before anyone asks: the pages and answers most visitors open first. Made
// cold, each is read from the whole directory: at 100,000 listings the home page took ~0.9 s (its sections, and the
// first page's compiling), the trending launches ~0.45 s, the category tree's counts ~0.35 s, a sitemap ~0.1 s. Without
// this the first visitors after a start (or a deploy) each waited for one of them, and stalled everyone else meanwhile.
// Only pages with one address; a listing's or a category's page is made when first asked for. Pages, not API reads:
// the API is rate limited per address, and these requests have none (they would spend the budget of every other
// request without one); the API's answers share what the pages read (the same tools, remembered once).
export const WARM_PATHS: readonly string[] = [
  '/', '/launches', '/launches?section=trending', '/leaderboards', '/leaderboards/community-weekly', '/categories', '/sitemap.xml',
];

export type WarmUp = { ms: number; read: number; failed: string[] };

// The typo vocabulary first (the first typo search would otherwise build it), then each path through the app itself,
// one at a time: a request that arrives meanwhile is served between two of them. A path that fails is named, not
// thrown: the node serves either way, and makes that answer when first asked for.
export async function warmUp(db: Db, fetch: (req: Request) => Response | Promise<Response>, siteUrl: string, paths = WARM_PATHS): Promise<WarmUp> {
  const t0 = performance.now();
  const failed: string[] = [];
  try {
    await warmTypoVocabulary(db);
  } catch {
    failed.push('typo vocabulary');
  }
  let read = 0;
  for (const path of paths) {
    await new Promise((resolve) => setImmediate(resolve));
    try {
      const res = await fetch(new Request(new URL(path, siteUrl)));
      await res.arrayBuffer();
      if (res.ok) read++;
      else failed.push(`${path} (${res.status})`);
    } catch {
      failed.push(path);
    }
  }
  return { ms: Math.round(performance.now() - t0), read, failed };
}
