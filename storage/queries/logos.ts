import type { Db } from '../db';
import { preparedFor } from '../prepared';

// Stored logos (storage/schema/logos.ts). Content-addressed: saving the same bytes twice keeps the first row.

export type StoredLogo = { id: string; contentType: string; bytes: Buffer; width: number; height: number };
export type NewLogo = StoredLogo & { sourceUrl: string; createdAt: string };

const statements = preparedFor((p) => ({
  insert: p(`INSERT INTO logos (id, content_type, bytes, width, height, source_url, created_at)
    VALUES (@id, @contentType, @bytes, @width, @height, @sourceUrl, @createdAt) ON CONFLICT(id) DO NOTHING`),
  byId: p('SELECT id, content_type AS "contentType", bytes, width, height FROM logos WHERE id = ?'),
}));

export async function saveLogo(db: Db, logo: NewLogo): Promise<void> {
  await statements(db).insert.run(logo);
}

export async function logoById(db: Db, id: string): Promise<StoredLogo | null> {
  return (await statements(db).byId.get(id) as StoredLogo | undefined) ?? null;
}

const listingNames = preparedFor((p) => ({ bySlug: p('SELECT name, status FROM listings WHERE slug = ?') }));

// The name a monogram is drawn from, for public listings only (callers: site/logos/routes.ts).
export async function listingNameBySlug(db: Db, slug: string): Promise<{ name: string; status: string } | null> {
  return (await listingNames(db).bySlug.get(slug) as { name: string; status: string } | undefined) ?? null;
}
