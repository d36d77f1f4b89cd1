import type { Db } from '../db';
import type { Stmt } from '../engine/types';
import { preparedFor } from '../prepared';
import type { draftInvites, drafts, DraftBuildInfo, DraftProgress, DraftStatus } from '../schema';

export type DraftRow = typeof drafts.$inferSelect;
export type DraftInviteRow = typeof draftInvites.$inferSelect;

// Each property of a draft row and its column. Rows are read with these names (`user_id AS "userId"`), the shape
// callers have always had; JSON columns are stored as text and parsed here.
const DRAFT_COLUMN: Record<keyof DraftRow, string> = {
  id: 'id', userId: 'user_id', url: 'url', status: 'status', failureReason: 'failure_reason', progress: 'progress',
  fields: 'fields', faqs: 'faqs', founders: 'founders', companySocials: 'company_socials', founderSocials: 'founder_socials',
  story: 'story', milestones: 'milestones', competitorUrl: 'competitor_url', seo: 'seo', build: 'build',
  listingId: 'listing_id', completeness: 'completeness', createdAt: 'created_at', updatedAt: 'updated_at',
};
const DRAFT_JSON = new Set<keyof DraftRow>(['progress', 'fields', 'faqs', 'founders', 'companySocials', 'founderSocials', 'story', 'milestones', 'seo', 'build']);

// The select list of a whole draft row; `build` may be replaced by an expression (draft-reads.ts leaves out the page text).
export function draftColumns(build = 'build'): string {
  return (Object.entries(DRAFT_COLUMN) as Array<[keyof DraftRow, string]>)
    .map(([key, col]) => {
      const expr = key === 'build' ? build : col;
      return expr === key ? expr : `${expr} AS "${key}"`;
    }).join(', ');
}

export function draftFromRow(r: Record<string, unknown> | undefined): DraftRow | undefined {
  if (!r) return undefined;
  for (const k of DRAFT_JSON) if (typeof r[k] === 'string') r[k] = JSON.parse(r[k] as string);
  return r as DraftRow;
}

const jsonOrNull = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

const INVITE_COLUMNS = `id, draft_id AS "draftId", email, token_hash AS "tokenHash", invited_by_user_id AS "invitedByUserId",
  accepted_user_id AS "acceptedUserId", created_at AS "createdAt", expires_at AS "expiresAt", accepted_at AS "acceptedAt"`;

type Statements = Record<'insert' | 'byId' | 'byUser' | 'progress' | 'fail' | 'categoryNames' | 'insertInvite' | 'countInvites'
  | 'invites' | 'inviteByToken' | 'acceptInvite', Stmt> & { updates: Map<string, Stmt> };
const statements = preparedFor((p): Statements => ({
  insert: p(`INSERT INTO drafts (id, user_id, url, status, progress, created_at, updated_at)
    VALUES (?, ?, ?, 'crawling', ?, ?, ?) RETURNING ${draftColumns()}`),
  byId: p(`SELECT ${draftColumns()} FROM drafts WHERE id = ?`),
  byUser: p(`SELECT ${draftColumns()} FROM drafts WHERE id = ? AND user_id = ?`),
  progress: p('UPDATE drafts SET status = ?, progress = ?, updated_at = ? WHERE id = ?'),
  fail: p(`UPDATE drafts SET status = 'failed', failure_reason = ?, progress = ?, updated_at = ? WHERE id = ?`),
  // NULLS FIRST: top-level categories (no parent) first on both engines (PostgreSQL sorts NULLs last by default).
  categoryNames: p('SELECT name FROM categories ORDER BY parent_id NULLS FIRST, position, id').pluck(),
  insertInvite: p(`INSERT INTO draft_invites (draft_id, email, token_hash, invited_by_user_id, created_at, expires_at)
    VALUES (?, ?, ?, ?, ?, ?) RETURNING ${INVITE_COLUMNS}`),
  countInvites: p('SELECT count(*) AS n FROM draft_invites WHERE draft_id = ?').pluck(),
  invites: p(`SELECT ${INVITE_COLUMNS} FROM draft_invites WHERE draft_id = ? ORDER BY id`),
  inviteByToken: p(`SELECT ${INVITE_COLUMNS} FROM draft_invites WHERE token_hash = ?`),
  acceptInvite: p('UPDATE draft_invites SET accepted_user_id = ?, accepted_at = ? WHERE id = ?'),
  // UPDATEs of a set of columns, by the set's names (see updateColumns); built on first use.
  updates: new Map(),
}));

export async function insertDraft(db: Db, d: { id: string; userId: number; url: string; now: string }): Promise<DraftRow> {
  const progress: DraftProgress = { step: 'queued', pages_fetched: 0, pages_planned: 0, started_at: null, updated_at: d.now };
  return draftFromRow(await statements(db).insert.get(d.id, d.userId, d.url, JSON.stringify(progress), d.now, d.now))!;
}

export const getDraft = async (db: Db, id: string): Promise<DraftRow | undefined> => draftFromRow(await statements(db).byId.get(id));

// Another user's draft is not found, never forbidden.
export const getUserDraft = async (db: Db, id: string, userId: number): Promise<DraftRow | undefined> =>
  draftFromRow(await statements(db).byUser.get(id, userId));

export async function setDraftProgress(db: Db, id: string, status: DraftStatus, progress: DraftProgress, now: string): Promise<void> {
  await statements(db).progress.run(status, JSON.stringify(progress), now, id);
}

export async function failDraft(db: Db, id: string, reason: string, progress: DraftProgress, now: string): Promise<void> {
  await statements(db).fail.run(reason, JSON.stringify(progress), now, id);
}

// Writes any subset of a draft's columns (the build result, or an edit) and bumps updated_at.
export type DraftUpdate = Partial<Pick<DraftRow,
  'status' | 'failureReason' | 'progress' | 'fields' | 'faqs' | 'founders' | 'companySocials' | 'founderSocials' |
  'story' | 'milestones' | 'competitorUrl' | 'seo' | 'build' | 'listingId' | 'completeness'>>;

// One UPDATE … RETURNING for the properties given (undefined ones are left alone, null clears a column), prepared
// once per set of properties: the sets callers write are few.
async function updateColumns(db: Db, id: string, patch: Partial<DraftRow>, now: string): Promise<DraftRow | undefined> {
  const keys = (Object.keys(patch) as Array<keyof DraftRow>).filter((k) => patch[k] !== undefined && k !== 'updatedAt').sort();
  for (const k of keys) if (!(k in DRAFT_COLUMN) || k === 'id') throw new Error(`Not a writable draft column: ${k}`);
  const s = statements(db);
  const signature = keys.join(',');
  let stmt = s.updates.get(signature);
  if (!stmt) {
    const set = [...keys.map((k) => `${DRAFT_COLUMN[k]} = ?`), 'updated_at = ?'].join(', ');
    stmt = db.engine.prepare(`UPDATE drafts SET ${set} WHERE id = ? RETURNING ${draftColumns()}`);
    s.updates.set(signature, stmt);
  }
  const values = keys.map((k) => (DRAFT_JSON.has(k) ? jsonOrNull(patch[k]) : patch[k]));
  return draftFromRow(await stmt.get(...values, now, id));
}

export const updateDraft = async (db: Db, id: string, patch: DraftUpdate, now: string): Promise<DraftRow | undefined> =>
  await updateColumns(db, id, patch, now);

export async function saveDraftBuild(db: Db, id: string, r: Required<Pick<DraftUpdate, 'fields' | 'faqs' | 'founders' | 'companySocials' | 'founderSocials' | 'completeness' | 'progress'>> & Pick<DraftUpdate, 'milestones' | 'seo'> & { build: DraftBuildInfo }, now: string): Promise<void> {
  await updateColumns(db, id, { ...r, status: 'ready', failureReason: null }, now);
}

// Names a draft's categories may be chosen from (list_categories), parents before children.
export async function categoryNames(db: Db): Promise<string[]> {
  return await statements(db).categoryNames.all() as string[];
}

// ---- co-founder invites ----
export async function insertInvite(db: Db, i: { draftId: string; email: string; tokenHash: string; invitedByUserId: number; now: string; expiresAt: string }): Promise<DraftInviteRow> {
  return await statements(db).insertInvite.get(i.draftId, i.email.trim().toLowerCase(), i.tokenHash, i.invitedByUserId, i.now, i.expiresAt) as DraftInviteRow;
}

export const countInvites = async (db: Db, draftId: string): Promise<number> => Number(await statements(db).countInvites.get(draftId));

export const listInvites = async (db: Db, draftId: string): Promise<DraftInviteRow[]> =>
  await statements(db).invites.all(draftId) as DraftInviteRow[];

export const inviteByTokenHash = async (db: Db, tokenHash: string): Promise<DraftInviteRow | undefined> =>
  await statements(db).inviteByToken.get(tokenHash) as DraftInviteRow | undefined;

export async function acceptInvite(db: Db, id: number, userId: number, now: string): Promise<void> {
  await statements(db).acceptInvite.run(userId, now, id);
}
