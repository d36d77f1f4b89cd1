import type { Db } from '../db';
import { preparedOnUse } from '../prepared';
import { perDatabase } from '../per-database';
import { listingsChangedBetween, logReachesBack, logSpan } from './change-log';

// Live listings per category, its descendants included and each listing counted once, kept up by what changed.
//
// Counted from scratch, this reads every live membership (~200–300 ms at 100,000 listings, blocking), and it had to
// be counted again whenever any listing went live or left, or any listing's categories changed: each submission, each
// approval, each owner's change of category. Now the counts are kept with a compact copy of what they were counted
// from (each live listing's categories, sorted by listing), and brought up to date from change_log (change-log.ts),
// which any process's writes feed: a listing's status, its row and its memberships all bump the topic
// `listing:<id>`. Those listings' memberships are read again; each one's old categories are taken off the counts and
// its new ones added. Every other listing is as it was counted. Counted from scratch instead: the first
// time, when the category tree's parents changed (a listing's ancestors would differ), when the log no longer reaches
// back to the position read, and when more listings were touched than a count from scratch would cost.
// The copy is 8 bytes per live membership (~1.2 MB at 100,000 listings).

type Kept = {
  logSeq: number;
  parents: string; // the tree the counts were made with
  listings: Int32Array; // live memberships, sorted by listing id …
  categories: Int32Array; // … with each one's category
  counts: Map<number, number>;
};
type PerDb = { kept?: Kept; builds: number; steps: number };
const state = perDatabase<PerDb>(() => ({ builds: 0, steps: 0 }));
const stmt = preparedOnUse();

// Past this many touched listings, counting from scratch costs less than reading each one's memberships.
const MAX_TOUCHED = 20_000;

// Ordered by listing so one listing's categories arrive together: the memberships are walked in their primary key's
// order (listing, category) and each listing's status looked up by id. Joined the other way round, SQLite walked the
// live listings through a status index and sorted every membership afterwards (~1.5 times the cost at 100,000
// listings). CROSS JOIN keeps SQLite's order; PostgreSQL plans it as any join.
const LIVE_MEMBERSHIPS = `SELECT lc.listing_id, lc.category_id FROM listing_categories lc
  CROSS JOIN listings l WHERE l.id = lc.listing_id AND l.status = 'live' ORDER BY lc.listing_id`;
const LIVE_MEMBERSHIPS_OF = `SELECT lc.listing_id, lc.category_id FROM listing_categories lc
  CROSS JOIN listings l WHERE lc.listing_id IN (SELECT CAST(value AS INTEGER) FROM json_each(?)) AND l.id = lc.listing_id AND l.status = 'live'
  ORDER BY lc.listing_id`;

// How many counts from scratch and updates this process made for `db` (tests tell one from the other by them).
export const categoryCountWork = (db: Db): { builds: number; steps: number } => ({ builds: state(db).builds, steps: state(db).steps });

export async function liveCategoryCounts(db: Db, parentOf: Map<number, number | null>): Promise<Map<number, number>> {
  const s = state(db);
  const parents = JSON.stringify([...parentOf].sort((a, b) => a[0] - b[0]));
  const log = await logSpan(db);
  const k = s.kept;
  if (k && k.parents === parents && logReachesBack(log, k.logSeq)) {
    const touched = await listingsChangedBetween(db, k.logSeq, log.last);
    if (touched.length <= MAX_TOUCHED) {
      if (touched.length) await update(db, k, touched, parentOf);
      k.logSeq = log.last;
      s.steps++;
      return k.counts;
    }
  }
  const rows = await stmt(db, LIVE_MEMBERSHIPS).raw().all() as [number, number][];
  s.kept = { logSeq: log.last, parents, ...membershipArrays(rows), counts: new Map() };
  addCredits(s.kept.counts, rows, parentOf, 1);
  s.builds++;
  return s.kept.counts;
}

function membershipArrays(rows: [number, number][]): { listings: Int32Array; categories: Int32Array } {
  const listings = new Int32Array(rows.length);
  const categories = new Int32Array(rows.length);
  rows.forEach(([l, c], i) => { listings[i] = l; categories[i] = c; });
  return { listings, categories };
}

// Takes the touched listings' old memberships off the counts and adds their memberships now (into a new map: the
// one handed out before stays as it was), then puts the new memberships in the copy in place of the old (both runs
// sorted by listing).
async function update(db: Db, k: Kept, touched: number[], parentOf: Map<number, number | null>): Promise<void> {
  const ids = [...new Set(touched)].sort((a, b) => a - b);
  const now = await stmt(db, LIVE_MEMBERSHIPS_OF).raw().all(JSON.stringify(ids)) as [number, number][];
  // Each touched listing's run in the copy: [id, start, end).
  const runs = ids.map((id) => {
    const start = lowerBound(k.listings, id);
    let end = start;
    while (end < k.listings.length && k.listings[end] === id) end++;
    return [id, start, end] as const;
  });
  const old: [number, number][] = [];
  for (const [id, start, end] of runs) for (let i = start; i < end; i++) old.push([id, k.categories[i]]);
  k.counts = new Map(k.counts);
  addCredits(k.counts, old, parentOf, -1);
  addCredits(k.counts, now, parentOf, 1);
  for (const [c, n] of k.counts) if (n === 0) k.counts.delete(c);
  // The untouched stretches between the runs are copied whole; each run is replaced by that listing's memberships now.
  const size = k.listings.length - old.length + now.length;
  const listings = new Int32Array(size);
  const categories = new Int32Array(size);
  let from = 0;
  let out = 0;
  let j = 0;
  const copyUpTo = (to: number) => {
    listings.set(k.listings.subarray(from, to), out);
    categories.set(k.categories.subarray(from, to), out);
    out += to - from;
  };
  for (const [id, start, end] of runs) {
    copyUpTo(start);
    for (; j < now.length && now[j][0] === id; j++, out++) { listings[out] = id; categories[out] = now[j][1]; }
    from = end;
  }
  copyUpTo(k.listings.length);
  k.listings = listings;
  k.categories = categories;
}

function lowerBound(xs: Int32Array, x: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (xs[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// memberships: [listing_id, category_id] grouped by listing. A listing adds `sign` to each distinct ancestor-or-self
// of its categories, so a listing in both a category and its subcategory is counted once in the parent.
function addCredits(counts: Map<number, number>, memberships: [number, number][], parentOf: Map<number, number | null>, sign: 1 | -1): void {
  let current = -1;
  let seen = new Set<number>();
  for (const [listingId, categoryId] of memberships) {
    if (listingId !== current) {
      current = listingId;
      seen = new Set();
    }
    // Walk up to the root; stop at a category already credited for this listing (or at a cycle).
    for (let c: number | null | undefined = categoryId; c != null && !seen.has(c); c = parentOf.get(c)) {
      seen.add(c);
      counts.set(c, (counts.get(c) ?? 0) + sign);
    }
  }
}
