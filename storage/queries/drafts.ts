import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../db';
import {
  categories, draftInvites, drafts,
  type DraftBuildInfo, type DraftProgress, type DraftStatus,
} from '../schema';

export type DraftRow = typeof drafts.$inferSelect;
export type DraftInviteRow = typeof draftInvites.$inferSelect;

export function insertDraft(db: Db, d: { id: string; userId: number; url: string; now: string }): DraftRow {
  const progress: DraftProgress = { step: 'queued', pages_fetched: 0, pages_planned: 0, started_at: null, updated_at: d.now };
  return db.orm.insert(drafts).values({ id: d.id, userId: d.userId, url: d.url, status: 'crawling', progress, createdAt: d.now, updatedAt: d.now })
    .returning().get();
}

export const getDraft = (db: Db, id: string): DraftRow | undefined => db.orm.select().from(drafts).where(eq(drafts.id, id)).get();

// Another user's draft is not found, never forbidden.
export const getUserDraft = (db: Db, id: string, userId: number): DraftRow | undefined =>
  db.orm.select().from(drafts).where(and(eq(drafts.id, id), eq(drafts.userId, userId))).get();

export function setDraftProgress(db: Db, id: string, status: DraftStatus, progress: DraftProgress, now: string): void {
  db.orm.update(drafts).set({ status, progress, updatedAt: now }).where(eq(drafts.id, id)).run();
}

export function failDraft(db: Db, id: string, reason: string, progress: DraftProgress, now: string): void {
  db.orm.update(drafts).set({ status: 'failed', failureReason: reason, progress, updatedAt: now }).where(eq(drafts.id, id)).run();
}

// Writes any subset of a draft's columns (the build result, or an edit) and bumps updated_at.
export type DraftUpdate = Partial<Pick<DraftRow,
  'status' | 'failureReason' | 'progress' | 'fields' | 'faqs' | 'founders' | 'companySocials' | 'founderSocials' |
  'story' | 'milestones' | 'competitorUrl' | 'seo' | 'build' | 'listingId' | 'completeness'>>;

export function updateDraft(db: Db, id: string, patch: DraftUpdate, now: string): DraftRow | undefined {
  return db.orm.update(drafts).set({ ...patch, updatedAt: now }).where(eq(drafts.id, id)).returning().get();
}

export function saveDraftBuild(db: Db, id: string, r: Required<Pick<DraftUpdate, 'fields' | 'faqs' | 'founders' | 'companySocials' | 'founderSocials' | 'completeness' | 'progress'>> & Pick<DraftUpdate, 'milestones' | 'seo'> & { build: DraftBuildInfo }, now: string): void {
  db.orm.update(drafts).set({ ...r, status: 'ready', failureReason: null, updatedAt: now }).where(eq(drafts.id, id)).run();
}

// Names a draft's categories may be chosen from (list_categories), parents before children.
export function categoryNames(db: Db): string[] {
  return db.orm.select({ name: categories.name }).from(categories).orderBy(asc(categories.parentId), asc(categories.position), asc(categories.id)).all().map((r) => r.name);
}

// ---- co-founder invites ----
export function insertInvite(db: Db, i: { draftId: string; email: string; tokenHash: string; invitedByUserId: number; now: string; expiresAt: string }): DraftInviteRow {
  return db.orm.insert(draftInvites).values({
    draftId: i.draftId, email: i.email.trim().toLowerCase(), tokenHash: i.tokenHash, invitedByUserId: i.invitedByUserId,
    createdAt: i.now, expiresAt: i.expiresAt,
  }).returning().get();
}

export const countInvites = (db: Db, draftId: string): number =>
  db.orm.select({ n: count() }).from(draftInvites).where(eq(draftInvites.draftId, draftId)).get()!.n;

export const listInvites = (db: Db, draftId: string): DraftInviteRow[] =>
  db.orm.select().from(draftInvites).where(eq(draftInvites.draftId, draftId)).orderBy(asc(draftInvites.id)).all();

export const inviteByTokenHash = (db: Db, tokenHash: string): DraftInviteRow | undefined =>
  db.orm.select().from(draftInvites).where(eq(draftInvites.tokenHash, tokenHash)).get();

export function acceptInvite(db: Db, id: number, userId: number, now: string): void {
  db.orm.update(draftInvites).set({ acceptedUserId: userId, acceptedAt: now }).where(eq(draftInvites.id, id)).run();
}
