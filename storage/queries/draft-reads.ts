import type { Stmt } from '../engine/types';
import type { Db } from '../db';
import type { DraftProgress, DraftStatus } from '../schema';
import { draftColumns, draftFromRow, type DraftRow } from './drafts';

// Lean reads for the draft tools. A draft row carries the crawled page text (build.sources, up to
// hundreds of kB), so lists never load whole rows: they read only the columns a summary shows.

export type DraftSummaryRow = {
  id: string; url: string; status: DraftStatus; failure_reason: string | null; progress: DraftProgress | null;
  name: string | null; completeness: number; listing_id: number | null; created_at: string; updated_at: string;
};
export type InviteSummaryRow = { email: string; created_at: string; expires_at: string; accepted_at: string | null };

type Statements = { list: Stmt; count: Stmt; invites: Stmt; regenerating: Stmt; withoutSources: Stmt };
const cache = new WeakMap<Db, Statements>();

function statements(db: Db): Statements {
  let s = cache.get(db);
  if (s) return s;
  s = {
    // Newest first; rowid breaks ties between drafts created in the same millisecond (PostgreSQL has no rowid: there
    // the draft id, random, orders them).
    list: db.engine.prepare(`SELECT id, url, status, failure_reason, progress, json_extract(fields, '$.name.value') AS name,
        completeness, listing_id, created_at, updated_at
      FROM drafts WHERE user_id = ? ORDER BY created_at DESC, rowid DESC LIMIT CAST(? AS INTEGER) OFFSET CAST(? AS INTEGER)`, {
      pg: `SELECT id, url, status, failure_reason, progress, json_extract(fields, '$.name.value') AS name,
        completeness, listing_id, created_at, updated_at
      FROM drafts WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT CAST(? AS INTEGER) OFFSET CAST(? AS INTEGER)` }),
    count: db.engine.prepare(`SELECT count(*) AS n FROM drafts WHERE user_id = ?`),
    invites: db.engine.prepare(`SELECT email, created_at, expires_at, accepted_at FROM draft_invites WHERE draft_id = ? ORDER BY id`),
    // Fields of regenerate jobs not finished yet, so a client knows what is still being redrafted.
    regenerating: db.engine.prepare(`SELECT DISTINCT f.value AS field FROM jobs j, json_each(j.payload, '$.fields') f
      WHERE j.kind = 'draft_regenerate' AND j.status IN ('queued', 'running') AND json_extract(j.payload, '$.draftId') = ?`),
    // JSON is stored as text on both engines; PostgreSQL drops the key through jsonb.
    withoutSources: db.engine.prepare(`SELECT ${draftColumns(`json_remove(build, '$.sources')`)} FROM drafts WHERE id = ? AND user_id = ?`,
      { pg: `SELECT ${draftColumns(`((build::jsonb) - 'sources')::text`)} FROM drafts WHERE id = ? AND user_id = ?` }),
  };
  cache.set(db, s);
  return s;
}

export async function listDraftSummaries(db: Db, userId: number, limit: number, offset: number): Promise<{ rows: DraftSummaryRow[]; total: number }> {
  const s = statements(db);
  const rows = (await s.list.all(userId, limit, offset) as Array<Omit<DraftSummaryRow, 'progress'> & { progress: string | null }>)
    .map((r) => ({ ...r, name: typeof r.name === 'string' ? r.name : null, progress: r.progress ? (JSON.parse(r.progress) as DraftProgress) : null }));
  return { rows, total: (await s.count.get(userId) as { n: number }).n };
}

export const inviteSummaries = async (db: Db, draftId: string): Promise<InviteSummaryRow[]> => await statements(db).invites.all(draftId) as InviteSummaryRow[];

export const regeneratingFields = async (db: Db, draftId: string): Promise<string[]> =>
  (await statements(db).regenerating.all(draftId) as Array<{ field: string }>).map((r) => r.field);

// One of the user's drafts without the stored page text (build.sources), which only the regenerate job reads:
// clients poll get_draft every few seconds. Never write this row's `build` back.
export const userDraftWithoutSources = async (db: Db, id: string, userId: number): Promise<DraftRow | undefined> =>
  draftFromRow(await statements(db).withoutSources.get(id, userId));
