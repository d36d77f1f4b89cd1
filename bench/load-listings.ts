import type { Db } from '../storage/db';
import { mondayOf, addWeeks } from '../domain/weeks';

// Fills a database with N synthetic live listings (plus votes) through the real schema and its triggers, on either
// engine: multi-row INSERTs through db.engine, a few hundred rows a statement, so loading costs a few hundred round
// trips on PostgreSQL rather than one per row. The same seed gives the same listings on both engines.
export const WORDS = ['cloud', 'data', 'flow', 'task', 'note', 'sync', 'pixel', 'metric', 'deploy', 'secure', 'chat', 'mail', 'form', 'invoice', 'learn',
  'track', 'plan', 'code', 'test', 'design', 'hire', 'sales', 'lead', 'ship', 'vault', 'graph', 'scale', 'stack', 'pilot', 'forge'];
export const NOUNS = ['ly', 'hub', 'base', 'kit', 'desk', 'box', 'io', 'stream', 'works', 'lab', 'board', 'bot', 'wise', 'pad', 'nest'];
export const PHRASES = ['project management for small teams', 'analytics without cookies', 'invoicing for freelancers', 'AI meeting notes',
  'customer support inbox', 'uptime monitoring', 'design feedback', 'hiring pipeline', 'email marketing automation', 'secret management'];

export function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LISTING_COLUMNS = `slug, name, url, domain, tagline, description, keywords, status, launch_week, launched_at, primary_category_id,
  votes_count, views_count, follows_count, country, pricing_model, stage, created_at, updated_at`;
// Rows per INSERT: 19 parameters a listing stays well under both engines' limits (SQLite 32,766, PostgreSQL 65,535).
const BATCH = 500;

// Inserts rows in statements of up to BATCH rows, a transaction each. Not one transaction for all: every inserted
// row bumps the same change_versions rows through triggers, and PostgreSQL updating one row 100,000 times in one
// transaction slows down with every update (it cannot prune the row's old versions until the transaction ends).
async function insertMany(db: Db, head: string, rows: unknown[][], tail = ''): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    const tuple = `(${batch[0].map(() => '?').join(', ')})`;
    await db.engine.transaction(async () => {
      await withoutTriggers(db);
      await db.engine.prepare(`${head} VALUES ${batch.map(() => tuple).join(', ')}${tail}`).run(...batch.flat());
    }, 'immediate');
  }
}

// PostgreSQL runs its per-row plpgsql triggers (change versions, the search log, weekly votes) many times slower than
// SQLite runs its own, so there the bulk load turns them off (the bench's cluster connects as its superuser) and
// fills what they maintain for reads once at the end (weekly_votes, the search vectors of listings_fts); change versions start empty on a new database
// either way, and the search vocabulary is read from the listings themselves.
async function withoutTriggers(db: Db): Promise<void> {
  if (db.kind === 'pg') await db.engine.exec('SET LOCAL session_replication_role = replica');
}

export async function loadListings(db: Db, count: number, now: Date): Promise<{ slugs: string[] }> {
  const rand = rng(42);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
  const cats = (await db.engine.prepare('SELECT id FROM categories WHERE parent_id IS NOT NULL ORDER BY id').all()) as { id: number }[];
  const nowIso = now.toISOString();
  const thisWeek = mondayOf(now);
  const slugs: string[] = [];
  const listings: unknown[][] = [];
  for (let i = 0; i < count; i++) {
    const name = `${pick(WORDS)}${pick(NOUNS)} ${i}`;
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const phrase = pick(PHRASES);
    const week = addWeeks(thisWeek, -Math.floor(rand() * 52));
    const cat = cats.length ? pick(cats).id : null;
    listings.push([slug, name, `https://${slug}.example.com`, `${slug}.example.com`, `${phrase[0].toUpperCase()}${phrase.slice(1)}`,
      `${name} is ${phrase}. It helps teams ${pick(WORDS)} and ${pick(WORDS)} faster with a ${pick(WORDS)} ${pick(NOUNS)}.`,
      JSON.stringify([pick(WORDS), pick(WORDS), phrase]), 'live', week, `${week}T09:00:00.000Z`, cat,
      Math.floor(rand() ** 3 * 500), Math.floor(rand() * 10000), Math.floor(rand() * 300), pick(['US', 'DE', 'FR', 'GB', 'IN', 'CA']),
      pick(['free', 'freemium', 'paid', 'subscription']), pick(['mvp', 'launched', 'growing']), nowIso, nowIso]);
    slugs.push(slug);
  }
  await insertMany(db, `INSERT INTO listings (${LISTING_COLUMNS})`, listings);
  const listingIds = (await db.engine.prepare('SELECT id FROM listings ORDER BY id').pluck().all()) as number[];
  const link = db.engine.prepare(`INSERT INTO listing_categories (listing_id, category_id, is_primary)
    SELECT id, primary_category_id, 1 FROM listings WHERE primary_category_id IS NOT NULL AND id BETWEEN ? AND ?`);
  for (let i = 0; i < listingIds.length; i += BATCH) {
    const last = listingIds[Math.min(listingIds.length, i + BATCH) - 1];
    await db.engine.transaction(async () => {
      await withoutTriggers(db);
      await link.run(listingIds[i], last);
    }, 'immediate');
  }
  // Recent votes so the trending and weekly boards have work to do.
  await insertMany(db, 'INSERT INTO users (email, is_demo, created_at)', Array.from({ length: 2000 }, (_, u) => [`bench-voter-${u}@example.test`, 1, nowIso]));
  const voters = (await db.engine.prepare("SELECT id FROM users WHERE email LIKE 'bench-voter-%' ORDER BY id").pluck().all()) as number[];
  const votes: unknown[][] = [];
  for (let v = 0; v < 100_000; v++) {
    const at = new Date(now.getTime() - Math.floor(rand() * 14 * 86_400_000)).toISOString();
    votes.push([listingIds[Math.floor(rand() ** 2 * listingIds.length)], pick(voters), at]);
  }
  await insertMany(db, 'INSERT INTO votes (listing_id, user_id, created_at)', votes, ' ON CONFLICT DO NOTHING');
  if (db.kind === 'pg') {
    await db.engine.prepare(`INSERT INTO weekly_votes (week, listing_id, votes)
      SELECT week_of(created_at), listing_id, count(*) FROM votes GROUP BY 1, 2
      ON CONFLICT (week, listing_id) DO UPDATE SET votes = EXCLUDED.votes`).run();
    await db.engine.prepare(`INSERT INTO listings_fts (listing_id, vector)
      SELECT id, listing_search_vector(name, tagline, description, keywords) FROM listings
      ON CONFLICT (listing_id) DO UPDATE SET vector = EXCLUDED.vector`).run();
  }
  // Fresh statistics. PostgreSQL plans the benchmark's reads on them (its autovacuum would make them soon enough). The
  // app drops SQLite's when it opens the file (storage/planner-statistics.ts), so the benchmark's SQLite server plans
  // without them, as every directory the app made does; tests of SQLite's plans with statistics keep them.
  // On PostgreSQL also VACUUM, as autovacuum does to a table soon after it is filled: until then no page of it is marked
  // all-visible, and every index-only scan reads the rows too (a category's members read from listings_rank_lookup:
  // 56–83 ms a parent category on the freshly loaded tables, 25–40 ms vacuumed), so the benchmark measured a database
  // no directory in service is.
  await db.engine.exec(db.kind === 'pg' ? 'VACUUM (ANALYZE)' : 'ANALYZE');
  return { slugs };
}
