import type { Stmt } from '../engine/types';
import type { Db } from '../db';
import type { ListingStatus } from '../schema';
import { preparedFor } from '../prepared';

// Reads and writes of a listing by its owner (the tools check ownership first, through ownership.ts).

export type OwnedListingRow = {
  id: number; slug: string; name: string; url: string; tagline: string | null; short_description: string | null;
  description: string | null; headline: string | null; summary: string | null; logo_url: string | null; stage: string | null;
  pricing_model: string | null; pricing_summary: string | null; pricing_plans: string; country: string | null; city: string | null;
  founded_year: number | null; contact_email: string | null; demo_video_url: string | null; features: string; usps: string;
  keywords: string; tags: string; faqs: string; socials: string; not_found_on_website: string; story: string | null; media: string;
  unlocked_sections: string; seo_title: string | null; seo_description: string | null; status: ListingStatus;
  plan: 'free' | 'paid' | null; launch_week: string | null; launched_at: string | null; featured: number; verified: number;
  votes_count: number; is_demo: number; created_at: string; updated_at: string;
};

// The columns update_my_listing may write, by their API names (which are also the column names).
export const EDITABLE_TEXT = [
  'tagline', 'short_description', 'description', 'pricing_model', 'pricing_summary', 'country', 'city', 'demo_video_url',
  'contact_email', 'headline', 'summary', 'seo_title', 'seo_description',
] as const;
export const EDITABLE_LISTS = ['features', 'usps', 'keywords'] as const;
export type ListingEdit = Record<(typeof EDITABLE_TEXT)[number], string | null>
  & Record<(typeof EDITABLE_LISTS)[number], string[]>
  & { founded_year: number | null; socials: Record<string, string>; faqs: { question: string; answer: string }[] };

const JSON_COLUMNS = new Set(['features', 'usps', 'keywords', 'socials', 'faqs']);
const EDIT_COLUMNS = [...EDITABLE_TEXT, ...EDITABLE_LISTS, 'founded_year', 'socials', 'faqs'] as const;

type Statements = Record<'row' | 'plans' | 'edit' | 'story' | 'milestones' | 'milestoneCount' | 'addMilestone' | 'deleteMilestone'
  | 'addUpdate' | 'followers', Stmt>;
const statements = preparedFor((p): Statements => ({
  row: p(`SELECT id, slug, name, url, tagline, short_description, description, headline, summary, logo_url, stage, pricing_model,
    pricing_summary, pricing_plans, country, city, founded_year, contact_email, demo_video_url, features, usps, keywords, tags, faqs,
    socials, not_found_on_website, story, media, unlocked_sections, seo_title, seo_description, status, plan, launch_week,
    launched_at, featured, verified, votes_count, is_demo, created_at, updated_at FROM listings WHERE id = ?`),
  plans: p('SELECT id, slug, plan FROM listings WHERE id IN (SELECT CAST(value AS INTEGER) FROM json_each(?))'),
  // JSON columns are text on both engines; each checks the JSON on its way in (PostgreSQL keeps the text as given).
  edit: p(`UPDATE listings SET ${EDIT_COLUMNS.map((c) => `${c} = ${JSON_COLUMNS.has(c) ? `json(@${c})` : `@${c}`}`).join(', ')},
    updated_at = @at WHERE id = @id`, { pg: `UPDATE listings SET ${EDIT_COLUMNS.map((c) => `${c} = ${JSON_COLUMNS.has(c) ? `(@${c}::json)::text` : `@${c}`}`).join(', ')},
    updated_at = @at WHERE id = @id` }),
  story: p('UPDATE listings SET story = @story, updated_at = @at WHERE id = @id'),
  milestones: p('SELECT id AS milestone_id, date, title, description, url FROM milestones WHERE listing_id = ? ORDER BY date, id'),
  milestoneCount: p('SELECT count(*) AS n FROM milestones WHERE listing_id = ?'),
  addMilestone: p('INSERT INTO milestones (listing_id, date, title, description, url) VALUES (@listingId, @date, @title, @description, @url)'),
  deleteMilestone: p('DELETE FROM milestones WHERE id = ? AND listing_id = ? RETURNING id AS milestone_id, date, title, description, url'),
  addUpdate: p('INSERT INTO listing_updates (listing_id, title, body, created_at) VALUES (?, ?, ?, ?)'),
  // Demo people have no mailbox, and the author needs no e-mail about their own update.
  followers: p(`SELECT u.id, u.email FROM follows f JOIN users u ON u.id = f.user_id
    WHERE f.listing_id = ? AND u.is_demo = 0 AND u.id <> ? ORDER BY f.created_at, u.id`),
}));

export const ownedListingRow = async (db: Db, id: number): Promise<OwnedListingRow | undefined> =>
  await statements(db).row.get(id) as OwnedListingRow | undefined;

export type ListingPlan = { id: number; slug: string; plan: 'free' | 'paid' | null };
// Id and plan by slug, for pairing listing summaries (which carry no id) with what the owner needs.
export async function plansBySlug(db: Db, ids: number[]): Promise<Map<string, ListingPlan>> {
  const rows = await statements(db).plans.all(JSON.stringify(ids)) as ListingPlan[];
  return new Map(rows.map((r) => [r.slug, r]));
}

// Writes every editable column (the caller merged the changes into the current values). The FTS index follows
// through the listings triggers.
export async function writeListingEdit(db: Db, id: number, values: ListingEdit, at: string): Promise<void> {
  const params: Record<string, unknown> = { id, at };
  for (const c of EDIT_COLUMNS) params[c] = JSON_COLUMNS.has(c) ? JSON.stringify(values[c]) : values[c];
  await statements(db).edit.run(params);
}

export const writeStory = (db: Db, id: number, story: Record<string, string> | null, at: string) =>
  void statements(db).story.run({ id, at, story: story === null ? null : JSON.stringify(story) });

export type OwnedMilestone = { milestone_id: number; date: string; title: string; description: string | null; url: string | null };
export const milestonesWithIds = async (db: Db, listingId: number): Promise<OwnedMilestone[]> =>
  await statements(db).milestones.all(listingId) as OwnedMilestone[];
export const milestoneCount = async (db: Db, listingId: number): Promise<number> =>
  (await statements(db).milestoneCount.get(listingId) as { n: number }).n;

export async function insertMilestone(db: Db, m: { listingId: number; date: string; title: string; description: string | null; url: string | null }): Promise<number> {
  return Number((await statements(db).addMilestone.run(m)).lastInsertRowid);
}

// Removes a milestone of this listing; undefined when the id is unknown or belongs to another listing.
export const deleteMilestone = async (db: Db, listingId: number, milestoneId: number): Promise<OwnedMilestone | undefined> =>
  await statements(db).deleteMilestone.get(milestoneId, listingId) as OwnedMilestone | undefined;

export const insertUpdate = async (db: Db, listingId: number, title: string, body: string, at: string): Promise<number> =>
  Number((await statements(db).addUpdate.run(listingId, title, body, at)).lastInsertRowid);

export const followersToNotify = async (db: Db, listingId: number, authorId: number): Promise<{ id: number; email: string }[]> =>
  await statements(db).followers.all(listingId, authorId) as { id: number; email: string }[];
