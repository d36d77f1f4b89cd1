import type { Db } from '../storage/db';
import { mondayOf, addWeeks } from '../domain/weeks';

// Fills a database with N synthetic live listings (plus votes) through the real schema and FTS triggers.
const WORDS = ['cloud', 'data', 'flow', 'task', 'note', 'sync', 'pixel', 'metric', 'deploy', 'secure', 'chat', 'mail', 'form', 'invoice', 'learn',
  'track', 'plan', 'code', 'test', 'design', 'hire', 'sales', 'lead', 'ship', 'vault', 'graph', 'scale', 'stack', 'pilot', 'forge'];
const NOUNS = ['ly', 'hub', 'base', 'kit', 'desk', 'box', 'io', 'stream', 'works', 'lab', 'board', 'bot', 'wise', 'pad', 'nest'];
const PHRASES = ['project management for small teams', 'analytics without cookies', 'invoicing for freelancers', 'AI meeting notes',
  'customer support inbox', 'uptime monitoring', 'design feedback', 'hiring pipeline', 'email marketing automation', 'secret management'];

function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function loadListings(db: Db, count: number, now: Date): { slugs: string[] } {
  const rand = rng(42);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
  const cats = db.sqlite.prepare('SELECT id FROM categories WHERE parent_id IS NOT NULL').all() as { id: number }[];
  const nowIso = now.toISOString();
  const thisWeek = mondayOf(now);
  const insert = db.sqlite.prepare(`INSERT INTO listings (slug, name, url, domain, tagline, description, keywords, status, launch_week,
    launched_at, primary_category_id, votes_count, views_count, follows_count, country, pricing_model, stage, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, 'live', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const link = db.sqlite.prepare('INSERT INTO listing_categories (listing_id, category_id, is_primary) VALUES (?, ?, 1)');
  const slugs: string[] = [];
  db.sqlite.transaction(() => {
    for (let i = 0; i < count; i++) {
      const name = `${pick(WORDS)}${pick(NOUNS)} ${i}`;
      const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      const phrase = pick(PHRASES);
      const week = addWeeks(thisWeek, -Math.floor(rand() * 52));
      const cat = cats.length ? pick(cats).id : null;
      const r = insert.run(slug, name, `https://${slug}.example.com`, `${slug}.example.com`, `${phrase[0].toUpperCase()}${phrase.slice(1)}`,
        `${name} is ${phrase}. It helps teams ${pick(WORDS)} and ${pick(WORDS)} faster with a ${pick(WORDS)} ${pick(NOUNS)}.`,
        JSON.stringify([pick(WORDS), pick(WORDS), phrase]), week, `${week}T09:00:00.000Z`, cat,
        Math.floor(rand() ** 3 * 500), Math.floor(rand() * 10000), Math.floor(rand() * 300), pick(['US', 'DE', 'FR', 'GB', 'IN', 'CA']),
        pick(['free', 'freemium', 'paid', 'subscription']), pick(['mvp', 'launched', 'growing']), nowIso, nowIso);
      if (cat) link.run(r.lastInsertRowid, cat);
      slugs.push(slug);
    }
  }).immediate();
  // Recent votes so the trending and weekly boards have work to do.
  const users = db.sqlite.prepare("INSERT INTO users (email, is_demo, created_at) VALUES (?, 1, ?)");
  const vote = db.sqlite.prepare('INSERT OR IGNORE INTO votes (listing_id, user_id, created_at) VALUES (?, ?, ?)');
  db.sqlite.transaction(() => {
    const ids: number[] = [];
    for (let u = 0; u < 2000; u++) ids.push(Number(users.run(`bench-voter-${u}@example.test`, nowIso).lastInsertRowid));
    for (let v = 0; v < 100_000; v++) {
      const at = new Date(now.getTime() - Math.floor(rand() * 14 * 86_400_000)).toISOString();
      vote.run(1 + Math.floor(rand() ** 2 * count), pick(ids), at);
    }
  }).immediate();
  db.sqlite.exec('ANALYZE');
  return { slugs };
}
