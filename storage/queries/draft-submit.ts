import type { Stmt } from '../engine/types';
import { withTransaction, type Db } from '../db';
import type { ListingStatus } from '../schema';
import type { DraftRow } from './drafts';
import { updateDraft } from './drafts';
import { syncListingFounders, slugify } from './draft-founders';
import { addListingOwner } from './ownership';
import { addVersion } from './listing-history';
import { normaliseDomain } from '../../domain/domains';
import { preparedFor } from '../prepared';

// A ready draft saved as the caller's listing (submit_draft), and the same listing kept in step with later
// draft edits (update_draft). The listing is saved as 'submitted': not published, not in public search.
// Extra categories are a paid product (extra_categories), so only the primary category is written and
// extras bought earlier are kept. Milestones: the draft manages the ones it introduced and leaves
// milestones added with add_milestone alone.

export type ListingPart = 'fields' | 'categories' | 'faqs' | 'socials' | 'founders' | 'story' | 'milestones' | 'seo';
export const ALL_PARTS: ReadonlySet<ListingPart> = new Set(['fields', 'categories', 'faqs', 'socials', 'founders', 'story', 'milestones', 'seo']);

const TEXT = ['tagline', 'short_description', 'description', 'logo_url', 'stage', 'pricing_model', 'pricing_summary', 'country', 'city', 'contact_email', 'demo_video_url'] as const;
const LISTS = ['features', 'usps', 'keywords', 'tags'] as const;

type Statements = Record<'byId' | 'byDomain' | 'slugTaken' | 'insert' | 'category' | 'dropPrimary' | 'setPrimary' | 'milestone' | 'addMilestone'
  | 'editMilestone' | 'dropMilestone' | 'status', Stmt> & { updates: Map<string, Stmt> };
const statements = preparedFor((p): Statements => ({
  byId: p(`SELECT * FROM listings WHERE id = ?`),
  byDomain: p(`SELECT id, slug, name, owner_user_id FROM listings WHERE domain = ? AND id IS DISTINCT FROM ? ORDER BY id LIMIT 1`),
  slugTaken: p(`SELECT 1 FROM listings WHERE slug = ?`),
  insert: p(`INSERT INTO listings (slug, name, url, domain, status, owner_user_id, created_at, updated_at)
    VALUES (@slug, @name, @url, @domain, 'submitted', @userId, @now, @now) RETURNING id`),
  category: p(`SELECT id FROM categories WHERE lower(name) = lower(?)`),
  dropPrimary: p(`DELETE FROM listing_categories WHERE listing_id = ? AND is_primary = 1 AND category_id <> ?`),
  setPrimary: p(`INSERT INTO listing_categories (listing_id, category_id, is_primary) VALUES (?, ?, 1)
    ON CONFLICT (listing_id, category_id) DO UPDATE SET is_primary = 1`),
  milestone: p(`SELECT id FROM milestones WHERE listing_id = ? AND date = ? AND title = ? LIMIT 1`),
  addMilestone: p(`INSERT INTO milestones (listing_id, date, title, description, url) VALUES (?, ?, ?, ?, ?)`),
  editMilestone: p(`UPDATE milestones SET description = ?, url = ? WHERE id = ?`),
  dropMilestone: p(`DELETE FROM milestones WHERE listing_id = ? AND date = ? AND title = ?`),
  status: p(`UPDATE listings SET status = 'submitted' WHERE id = ? AND status IN ('draft', 'rejected')`),
  updates: new Map(), // one UPDATE per set of changed columns
}));

export type DomainListing = { id: number; slug: string; name: string; owner_user_id: number | null };
// Another listing of the same website (one listing per site: an existing one is claimed, not resubmitted).
export const otherListingOfSite = async (db: Db, url: string, exceptId: number | null): Promise<DomainListing | undefined> =>
  await statements(db).byDomain.get(normaliseDomain(url) ?? '', exceptId) as DomainListing | undefined;

export const categoryIdByName = async (db: Db, name: string): Promise<number | undefined> => (await statements(db).category.get(name) as { id: number } | undefined)?.id;

async function uniqueListingSlug(db: Db, name: string): Promise<string> {
  const base = slugify(name) || 'listing';
  for (let i = 1; ; i++) {
    const slug = i === 1 ? base : `${base}-${i}`;
    if (!await statements(db).slugTaken.get(slug)) return slug;
  }
}

const str = (d: DraftRow, f: string) => { const v = d.fields[f as keyof DraftRow['fields']]?.value; return typeof v === 'string' ? v : null; };
const arr = (d: DraftRow, f: string) => { const v = d.fields[f as keyof DraftRow['fields']]?.value; return Array.isArray(v) ? v : []; };

// Listing column → value for the parts asked; JSON columns as text. The name is never cleared.
function columnsOf(d: DraftRow, parts: ReadonlySet<ListingPart>): Record<string, unknown> {
  const c: Record<string, unknown> = {};
  if (parts.has('fields')) {
    const name = str(d, 'name');
    if (name) c.name = name;
    for (const f of TEXT) c[f] = str(d, f);
    const year = str(d, 'founded_year');
    c.founded_year = year && /^\d{4}$/.test(year) ? Number(year) : null;
    for (const f of LISTS) c[f] = JSON.stringify(arr(d, f));
    const filled = new Set(Object.keys(d.fields).filter((f) => str(d, f) !== null || arr(d, f).length > 0));
    c.not_found_on_website = JSON.stringify((d.build?.not_found_on_website ?? []).filter((f) => !filled.has(f)));
  }
  if (parts.has('faqs')) c.faqs = JSON.stringify(d.faqs.map((q) => ({ question: q.question, answer: q.answer })));
  if (parts.has('socials')) c.socials = JSON.stringify(d.companySocials);
  if (parts.has('story')) c.story = d.story && Object.keys(d.story).length ? JSON.stringify(d.story) : null;
  if (parts.has('seo')) { c.seo_title = d.seo?.title ?? null; c.seo_description = d.seo?.meta ?? null; }
  return c;
}

// The listings columns stored as JSON text (drizzle `mode: 'json'` in storage/schema/directory.ts).
const JSON_COLUMNS = new Set(['faqs', 'pricing_plans', 'features', 'usps', 'keywords', 'tags', 'socials', 'not_found_on_website', 'story', 'media', 'unlocked_sections']);

// Writes the columns and records what changed in the listing's version history (the site team's review queue).
async function writeColumns(db: Db, listingId: number, cols: Record<string, unknown>, userId: number, now: string, record: boolean): Promise<void> {
  const keys = Object.keys(cols);
  if (!keys.length) return;
  const before = await statements(db).byId.get(listingId) as Record<string, unknown>;
  const changed = keys.filter((k) => before[k] !== cols[k]);
  if (!changed.length) return;
  const sql = `UPDATE listings SET ${changed.map((k) => `${k} = @${k}`).join(', ')}, updated_at = @now WHERE id = @id`;
  const { updates } = statements(db);
  let update = updates.get(sql);
  if (!update) updates.set(sql, (update = db.engine.prepare(sql)));
  await update.run({ ...Object.fromEntries(changed.map((k) => [k, cols[k]])), now, id: listingId });
  if (!record) return;
  // Only the JSON columns hold JSON: a text value such as "{beta} launch" or "[draft]" stays text.
  const val = (k: string, v: unknown) => (JSON_COLUMNS.has(k) && typeof v === 'string' ? JSON.parse(v) : v);
  await addVersion(db, {
    listingId, userId, changedFields: changed, at: now,
    before: Object.fromEntries(changed.map((k) => [k, val(k, before[k])])), after: Object.fromEntries(changed.map((k) => [k, val(k, cols[k])])),
  });
}

async function syncMilestones(db: Db, listingId: number, next: DraftRow['milestones'], previous: DraftRow['milestones']): Promise<void> {
  const s = statements(db);
  const key = (m: { date: string; title: string }) => `${m.date}\n${m.title}`;
  const keep = new Set(next.map(key));
  for (const m of previous) if (!keep.has(key(m))) await s.dropMilestone.run(listingId, m.date, m.title);
  for (const m of next) {
    const found = await s.milestone.get(listingId, m.date, m.title) as { id: number } | undefined;
    if (found) await s.editMilestone.run(m.description ?? null, m.url ?? null, found.id);
    else await s.addMilestone.run(listingId, m.date, m.title, m.description ?? null, m.url ?? null);
  }
}

// Brings the draft's listing up to date with the parts given. `previous` is the draft before the edit
// (for the milestones the draft introduced). Call inside the transaction that saves the draft.
export async function syncListing(db: Db, d: DraftRow, parts: ReadonlySet<ListingPart>, userId: number, now: string, previous: DraftRow = d, record = true): Promise<void> {
  const listingId = d.listingId!;
  await writeColumns(db, listingId, columnsOf(d, parts), userId, now, record);
  if (parts.has('categories')) {
    const primary = arr(d, 'categories')[0];
    const id = primary === undefined ? undefined : await categoryIdByName(db, primary);
    if (id !== undefined) {
      await statements(db).dropPrimary.run(listingId, id);
      await statements(db).setPrimary.run(listingId, id);
    }
  }
  if (parts.has('founders')) await syncListingFounders(db, listingId, d, now);
  if (parts.has('milestones')) await syncMilestones(db, listingId, d.milestones, previous.milestones);
}

// submit_draft: creates the listing on the first call, updates the same listing after that.
export type SavedListing = { listingId: number; created: boolean; slug: string; status: ListingStatus };
export async function saveDraftAsListing(db: Db, d: DraftRow, userId: number, now: string): Promise<SavedListing> {
  return await withTransaction(db, async () => {
    const existing = d.listingId !== null && await statements(db).byId.get(d.listingId) ? d.listingId : null;
    let listingId = existing;
    if (listingId === null) {
      const name = str(d, 'name')!;
      listingId = (await statements(db).insert.get({ slug: await uniqueListingSlug(db, name), name, url: d.url, domain: normaliseDomain(d.url) ?? '', userId, now }) as { id: number }).id;
      await addListingOwner(db, listingId, userId, 'submitted', now);
    } else await statements(db).status.run(listingId);
    const saved = (await updateDraft(db, d.id, { listingId }, now))!;
    await syncListing(db, saved, ALL_PARTS, userId, now, saved, existing !== null);
    const row = await statements(db).byId.get(listingId) as { slug: string; status: ListingStatus };
    return { listingId, created: existing === null, slug: row.slug, status: row.status };
  });
}
