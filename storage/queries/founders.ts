import type { Stmt } from '../engine/types';
import type { Db } from '../db';
import type { Story } from '../schema';

// A founder is public while at least one of their listings is public (live or scheduled): founders of
// listings still being drafted or reviewed stay private.
const PUBLIC = `l.status IN ('live', 'scheduled')`;
const HAS_PUBLIC = `EXISTS (SELECT 1 FROM listing_founders lf JOIN listings l ON l.id = lf.listing_id WHERE lf.founder_id = f.id AND ${PUBLIC})`;

export type FounderRow = {
  id: number; slug: string; name: string; headline: string | null; bio: string | null;
  country: string | null; avatar_url: string | null; socials: string;
};
export type FounderCompany = { founder_id: number; listing_id: number; slug: string; name: string; title: string | null };
export type FounderStory = { slug: string; name: string; story: Story };

type Statements = {
  list: Stmt; companies: Stmt; bySlug: Stmt;
  publicCompanies: Stmt; stories: Stmt;
};
const cache = new WeakMap<Db, Statements>();

function statements(db: Db): Statements {
  let s = cache.get(db);
  if (s) return s;
  s = {
    // Filters are optional: a null parameter switches its condition off, so one statement serves every call.
    list: db.engine.prepare(`SELECT f.id, f.slug, f.name, f.headline, f.country, f.avatar_url, count(*) OVER () AS total
      FROM founders f
      WHERE ${HAS_PUBLIC}
        AND (CAST(@q AS TEXT) IS NULL OR instr(lower(f.name), lower(@q)) > 0)
        AND (CAST(@country AS TEXT) IS NULL OR upper(f.country) = upper(@country))
      ORDER BY f.name COLLATE NOCASE, f.id LIMIT CAST(@limit AS INTEGER) OFFSET CAST(@offset AS INTEGER)`),
    companies: db.engine.prepare(`SELECT lf.founder_id, l.id AS listing_id, l.slug, l.name, lf.title
      FROM listing_founders lf JOIN listings l ON l.id = lf.listing_id
      WHERE lf.founder_id IN (SELECT CAST(value AS INTEGER) FROM json_each(?)) AND ${PUBLIC}
      ORDER BY lf.founder_id, l.name COLLATE NOCASE, l.id`),
    bySlug: db.engine.prepare(`SELECT f.id, f.slug, f.name, f.headline, f.bio, f.country, f.avatar_url, f.socials
      FROM founders f WHERE f.slug = ? AND ${HAS_PUBLIC}`),
    publicCompanies: db.engine.prepare(`SELECT lf.founder_id, l.id AS listing_id, l.slug, l.name, lf.title
      FROM listing_founders lf JOIN listings l ON l.id = lf.listing_id
      WHERE lf.founder_id = ? AND ${PUBLIC}
      ORDER BY lf.position, l.launched_at IS NULL, l.launched_at DESC, l.id`),
    // A story is published when its listing is public and the paid 'story' section is unlocked.
    stories: db.engine.prepare(`SELECT l.slug, l.name, l.story
      FROM listing_founders lf JOIN listings l ON l.id = lf.listing_id
      WHERE lf.founder_id = ? AND ${PUBLIC} AND l.story IS NOT NULL
        AND EXISTS (SELECT 1 FROM json_each(l.unlocked_sections) WHERE value = 'story')
      ORDER BY l.launched_at IS NULL, l.launched_at DESC, l.id`),
  };
  cache.set(db, s);
  return s;
}

export async function listFounders(db: Db, f: { q: string | null; country: string | null; limit: number; offset: number }) {
  const rows = await statements(db).list.all(f) as (Omit<FounderRow, 'bio' | 'socials'> & { total: number })[];
  // Past the last page the window count is gone with the rows; count separately only then.
  const total = rows[0]?.total ?? (f.offset > 0 ? await countFounders(db, f) : 0);
  return { rows, total };
}

async function countFounders(db: Db, f: { q: string | null; country: string | null }): Promise<number> {
  const row = await statements(db).list.get({ ...f, limit: 1, offset: 0 }) as { total: number } | undefined;
  return row?.total ?? 0;
}

export async function publicCompaniesOfFounders(db: Db, founderIds: number[]): Promise<Map<number, FounderCompany[]>> {
  const out = new Map<number, FounderCompany[]>();
  if (founderIds.length === 0) return out;
  for (const r of await statements(db).companies.all(JSON.stringify(founderIds)) as FounderCompany[]) {
    const list = out.get(r.founder_id) ?? [];
    list.push(r);
    out.set(r.founder_id, list);
  }
  return out;
}

export async function founderBySlug(db: Db, slug: string): Promise<(Omit<FounderRow, 'socials'> & { socials: Record<string, string> }) | null> {
  const row = await statements(db).bySlug.get(slug) as FounderRow | undefined;
  if (!row) return null;
  return { ...row, socials: parseJson<Record<string, string>>(row.socials, {}) };
}

export const founderPublicCompanies = async (db: Db, founderId: number) =>
  await statements(db).publicCompanies.all(founderId) as FounderCompany[];

export async function founderStories(db: Db, founderId: number): Promise<FounderStory[]> {
  const rows = await statements(db).stories.all(founderId) as { slug: string; name: string; story: string }[];
  return rows.map((r) => ({ slug: r.slug, name: r.name, story: parseJson<Story>(r.story, {}) }));
}

function parseJson<T>(text: string | null, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
