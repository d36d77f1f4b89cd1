import type { Stmt } from '../engine/types';
import { withTransaction, type Db } from '../db';
import type { DraftFounder } from '../schema';
import { acceptInvite, getDraft, updateDraft, type DraftInviteRow, type DraftRow } from './drafts';
import { addListingOwner } from './ownership';
import { completeness } from '../../domain/draft-fields';
import { preparedFor } from '../prepared';

// A draft's founders on its listing. The draft's list is the truth: syncing makes the listing's founders
// exactly that list, in order. Founders typed by the submitter are plain founder rows owned by the listing;
// a co-founder who joined through an invite has their own row (founders.user_id) that the sync links but
// never rewrites, and they become an owner of the listing.

// A draft founder entry; user_id marks a co-founder who joined through an invite (set only by that flow).
export type DraftFounderRecord = DraftFounder & { user_id?: number | null };
export const founderRecords = (d: Pick<DraftRow, 'founders'>): DraftFounderRecord[] => d.founders as DraftFounderRecord[];

export type FounderProfile = { name: string; title: string | null; bio: string | null; socials: Record<string, string> };

const norm = (s: string) => s.trim().toLowerCase();
export const slugify = (s: string) =>
  s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 200).replace(/-+$/, '');

type Statements = Record<'links' | 'byUser' | 'profile' | 'invite' | 'slugTaken' | 'insert' | 'update' | 'link' | 'unlink' | 'dropOrphan', Stmt>;
const statements = preparedFor((p): Statements => ({
  links: p(`SELECT f.id, f.name, f.user_id FROM listing_founders lf JOIN founders f ON f.id = lf.founder_id WHERE lf.listing_id = ? ORDER BY lf.position`),
  byUser: p(`SELECT id FROM founders WHERE user_id = ?`),
  profile: p(`SELECT name, bio, socials FROM founders WHERE user_id = ?`),
  invite: p(`SELECT accepted_at FROM draft_invites WHERE id = ?`),
  slugTaken: p(`SELECT 1 FROM founders WHERE slug = ?`),
  insert: p(`INSERT INTO founders (slug, name, bio, socials, user_id, created_at) VALUES (@slug, @name, @bio, @socials, @userId, @now) RETURNING id`),
  update: p(`UPDATE founders SET name = @name, bio = @bio, socials = @socials WHERE id = @id`),
  link: p(`INSERT INTO listing_founders (listing_id, founder_id, title, position) VALUES (?, ?, ?, ?)
    ON CONFLICT (listing_id, founder_id) DO UPDATE SET title = excluded.title, position = excluded.position`),
  unlink: p(`DELETE FROM listing_founders WHERE listing_id = ? AND founder_id = ?`),
  // Founder rows the submitter typed disappear with their last link; people's own profiles stay.
  dropOrphan: p(`DELETE FROM founders WHERE id = ? AND user_id IS NULL AND is_demo = 0
    AND NOT EXISTS (SELECT 1 FROM listing_founders WHERE founder_id = ?)`),
}));

async function uniqueFounderSlug(db: Db, name: string): Promise<string> {
  const base = slugify(name) || 'founder';
  for (let i = 1; ; i++) {
    const slug = i === 1 ? base : `${base}-${i}`;
    if (!await statements(db).slugTaken.get(slug)) return slug;
  }
}

async function createFounder(db: Db, p: FounderProfile, userId: number | null, now: string): Promise<number> {
  return (await statements(db).insert.get({ slug: await uniqueFounderSlug(db, p.name), name: p.name, bio: p.bio, socials: JSON.stringify(p.socials), userId, now }) as { id: number }).id;
}

// The founder profile of a user: updated with what they typed, or created.
export async function saveOwnFounderProfile(db: Db, userId: number, p: FounderProfile, now: string): Promise<number> {
  const s = statements(db);
  const row = await s.byUser.get(userId) as { id: number } | undefined;
  if (!row) return createFounder(db, p, userId, now);
  await s.update.run({ id: row.id, name: p.name, bio: p.bio, socials: JSON.stringify(p.socials) });
  return row.id;
}

// Makes the listing's founders the draft's list (call inside the transaction that saves the draft).
export async function syncListingFounders(db: Db, listingId: number, draft: Pick<DraftRow, 'founders' | 'founderSocials'>, now: string): Promise<void> {
  const s = statements(db);
  const previous = await s.links.all(listingId) as Array<{ id: number; name: string; user_id: number | null }>;
  const used = new Set<number>();
  for (const [i, f] of founderRecords(draft).entries()) {
    const socials = i === 0 ? { ...(f.socials ?? {}), ...draft.founderSocials } : f.socials ?? {};
    const profile: FounderProfile = { name: f.name, title: f.title ?? null, bio: f.bio ?? null, socials };
    let id: number;
    if (f.user_id) {
      id = (await s.byUser.get(f.user_id) as { id: number } | undefined)?.id ?? await createFounder(db, profile, f.user_id, now);
      await addListingOwner(db, listingId, f.user_id, 'invite', now);
    } else {
      const same = previous.find((p) => p.user_id === null && !used.has(p.id) && norm(p.name) === norm(f.name));
      if (same) {
        id = same.id;
        await s.update.run({ id, name: profile.name, bio: profile.bio, socials: JSON.stringify(profile.socials) });
      } else id = await createFounder(db, profile, null, now);
    }
    used.add(id);
    await s.link.run(listingId, id, profile.title, i);
  }
  for (const p of previous) {
    if (used.has(p.id)) continue;
    await s.unlink.run(listingId, p.id);
    await s.dropOrphan.run(p.id, p.id);
  }
}

// The draft's founder list with a joining co-founder in it: their entry replaces an entry they already
// have, or one the submitter typed with the same name; otherwise it is added. null when the list is full.
export function withJoinedFounder(list: DraftFounderRecord[], userId: number, p: FounderProfile, max = 6): DraftFounderRecord[] | null {
  const entry: DraftFounderRecord = { name: p.name, title: p.title, bio: p.bio, socials: p.socials, user_id: userId };
  let at = list.findIndex((f) => f.user_id === userId);
  if (at < 0) at = list.findIndex((f) => !f.user_id && norm(f.name) === norm(p.name));
  if (at >= 0) return list.map((f, i) => (i === at ? entry : f));
  return list.length >= max ? null : [...list, entry];
}

// The founder profile a user already has (to prefill the invite page), if any.
export async function ownFounderProfile(db: Db, userId: number): Promise<{ name: string; bio: string | null; socials: Record<string, string> } | undefined> {
  const r = await statements(db).profile.get(userId) as { name: string; bio: string | null; socials: string } | undefined;
  return r && { name: r.name, bio: r.bio, socials: JSON.parse(r.socials) as Record<string, string> };
}

// The invite page's form: the co-founder's own profile joins the draft's founders (and the listing's, once
// submitted) and the invite is marked accepted, all in one transaction.
export async function acceptInviteWithProfile(db: Db, invite: DraftInviteRow, userId: number, p: FounderProfile, now: string): Promise<'accepted' | 'full' | 'gone'> {
  return await withTransaction(db, async () => {
    const again = await statements(db).invite.get(invite.id) as { accepted_at: string | null } | undefined;
    const draft = await getDraft(db, invite.draftId);
    if (!again || again.accepted_at || !draft) return 'gone';
    const founders = withJoinedFounder(founderRecords(draft), userId, p);
    if (!founders) return 'full';
    await saveOwnFounderProfile(db, userId, p, now);
    const percent = completeness({ fields: draft.fields, faqs: draft.faqs, founders, company_socials: draft.companySocials }).percent;
    const saved = (await updateDraft(db, draft.id, { founders, completeness: draft.status === 'ready' ? percent : draft.completeness }, now))!;
    if (saved.listingId !== null) await syncListingFounders(db, saved.listingId, saved, now);
    await acceptInvite(db, invite.id, userId, now);
    return 'accepted';
  });
}
