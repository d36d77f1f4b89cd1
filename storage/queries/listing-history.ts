import type { Stmt } from '../engine/types';
import type { Db } from '../db';

// The version history of owner edits and the site team's review queue over it.

export type VersionChange = {
  listingId: number; userId: number | null; before: Record<string, unknown>; after: Record<string, unknown>;
  changedFields: string[]; at: string;
};
export type VersionRow = {
  id: number; listing_id: number; slug: string; listing_name: string; user_email: string | null;
  before: Record<string, unknown>; after: Record<string, unknown>; changed_fields: string[]; created_at: string; reviewed_at: string | null;
};

type Statements = Record<'add' | 'ofListing' | 'unreviewed' | 'unreviewedCount' | 'review' | 'exists', Stmt>;
const cache = new WeakMap<Db, Statements>();

const SELECT = `SELECT v.id, v.listing_id, l.slug, l.name AS listing_name, u.email AS user_email, v.before, v.after,
  v.changed_fields, v.created_at, v.reviewed_at
  FROM listing_versions v JOIN listings l ON l.id = v.listing_id LEFT JOIN users u ON u.id = v.user_id`;

function statements(db: Db): Statements {
  let s = cache.get(db);
  if (s) return s;
  const p = (sql: string) => db.engine.prepare(sql);
  s = {
    add: p(`INSERT INTO listing_versions (listing_id, user_id, before, after, changed_fields, created_at)
      VALUES (@listingId, @userId, @before, @after, @changedFields, @at)`),
    ofListing: p(`${SELECT} WHERE v.listing_id = ? ORDER BY v.id DESC LIMIT CAST(? AS INTEGER)`),
    // Oldest first: the queue is worked through in the order the changes were made.
    unreviewed: p(`${SELECT} WHERE v.reviewed_at IS NULL ORDER BY v.created_at, v.id LIMIT CAST(? AS INTEGER)`),
    unreviewedCount: p('SELECT count(*) AS n FROM listing_versions WHERE reviewed_at IS NULL'),
    review: p('UPDATE listing_versions SET reviewed_at = ? WHERE id = ? AND reviewed_at IS NULL'),
    exists: p('SELECT 1 FROM listing_versions WHERE id = ?'),
  };
  cache.set(db, s);
  return s;
}

type Raw = Omit<VersionRow, 'before' | 'after' | 'changed_fields'> & { before: string; after: string; changed_fields: string };
const parse = (r: Raw): VersionRow => ({ ...r, before: JSON.parse(r.before), after: JSON.parse(r.after), changed_fields: JSON.parse(r.changed_fields) });

// Call inside the transaction that makes the change, so a change is never published without its version.
export async function addVersion(db: Db, v: VersionChange): Promise<number> {
  return Number((await statements(db).add.run({
    listingId: v.listingId, userId: v.userId, before: JSON.stringify(v.before), after: JSON.stringify(v.after),
    changedFields: JSON.stringify(v.changedFields), at: v.at,
  })).lastInsertRowid);
}

export const versionsOfListing = async (db: Db, listingId: number, limit = 50): Promise<VersionRow[]> =>
  (await statements(db).ofListing.all(listingId, limit) as Raw[]).map(parse);

export async function unreviewedVersions(db: Db, limit = 50): Promise<{ rows: VersionRow[]; total: number }> {
  const s = statements(db);
  return { rows: (await s.unreviewed.all(limit) as Raw[]).map(parse), total: (await s.unreviewedCount.get() as { n: number }).n };
}

// 'done' when this call marked it, 'already' when it was reviewed before, 'unknown' for no such version.
export async function markVersionReviewed(db: Db, id: number, at: string): Promise<'done' | 'already' | 'unknown'> {
  const s = statements(db);
  if ((await s.review.run(at, id)).changes === 1) return 'done';
  return await s.exists.get(id) ? 'already' : 'unknown';
}
