import type { Db } from '../db';

// The writes a paid order line makes to a listing, and the service tasks it opens for the site team.
// Each is safe to run again (jobs/fulfilment.ts guards with the line's fulfilled flag as well).

export const PAID_SECTIONS = ['story', 'milestones', 'media'] as const;

const UNLOCK = `unlocked_sections = (SELECT json_group_array(value) FROM
  (SELECT value FROM json_each(listings.unlocked_sections) UNION SELECT value FROM json_each(@sections)) AS sections)`;

function prepare(db: Db) {
  const s = db.engine;
  return {
    // A listing that went live meanwhile (e.g. from the free queue) keeps its launch; it still becomes paid.
    goLive: s.prepare(`UPDATE listings SET plan = 'paid', ${UNLOCK}, updated_at = @at,
      launched_at = CASE WHEN status = 'live' THEN launched_at ELSE @at END,
      launch_week = CASE WHEN status = 'live' THEN launch_week ELSE @week END, status = 'live' WHERE id = @id`),
    schedule: s.prepare(`UPDATE listings SET plan = 'paid', ${UNLOCK}, updated_at = @at,
      launch_week = CASE WHEN status = 'live' THEN launch_week ELSE @week END,
      status = CASE WHEN status = 'live' THEN 'live' ELSE 'scheduled' END WHERE id = @id`),
    week: s.prepare('UPDATE listings SET launch_week = @week, updated_at = @at WHERE id = @id'),
    featured: s.prepare('UPDATE listings SET featured = 1, updated_at = @at WHERE id = @id'),
    extras: s.prepare(`INSERT INTO listing_categories (listing_id, category_id, is_primary)
      SELECT @id, c.id, 0 FROM categories c WHERE c.slug IN (SELECT value FROM json_each(@slugs)) ON CONFLICT DO NOTHING`),
    billboard: s.prepare('INSERT INTO billboard_contributions (listing_id, amount_cents, source, created_at) VALUES (?, ?, ?, ?)'),
    openTask: s.prepare(`INSERT INTO service_tasks (order_line_id, order_id, listing_id, product_code, brief, status, created_at)
      VALUES (@lineId, @orderId, @listingId, @productCode, @brief, 'open', @at) ON CONFLICT (order_line_id) DO NOTHING`),
    tasks: s.prepare(`SELECT t.id, t.status, t.product_code, t.brief, t.note, t.created_at, t.completed_at, t.order_line_id,
        o.number AS order_number, u.email AS customer_email, l.id AS listing_id, l.slug AS listing_slug, l.name AS listing_name
      FROM service_tasks t JOIN orders o ON o.id = t.order_id JOIN users u ON u.id = o.user_id
      LEFT JOIN listings l ON l.id = t.listing_id
      WHERE (CAST(@status AS TEXT) IS NULL OR t.status = @status) ORDER BY t.created_at, t.id`),
    task: s.prepare('SELECT id, status, order_id, order_line_id FROM service_tasks WHERE id = ?'),
    closeTask: s.prepare(`UPDATE service_tasks SET status = 'done', completed_at = @at, note = COALESCE(@note, note)
      WHERE id = @id AND status = 'open'`),
  };
}
const cache = new WeakMap<Db, ReturnType<typeof prepare>>();
function stmts(db: Db) {
  let s = cache.get(db);
  if (!s) cache.set(db, (s = prepare(db)));
  return s;
}

const sections = JSON.stringify(PAID_SECTIONS);

// Paid launch: live now (launched this week) or scheduled for a later week; either way the paid sections unlock.
export async function launchListing(db: Db, id: number, l: { live: boolean; week: string; at: string }): Promise<void> {
  await (l.live ? stmts(db).goLive : stmts(db).schedule).run({ id, week: l.week, at: l.at, sections });
}

export const setLaunchWeek = async (db: Db, id: number, week: string, at: string): Promise<void> => {
  await stmts(db).week.run({ id, week, at });
};
export const setFeatured = async (db: Db, id: number, at: string): Promise<void> => {
  await stmts(db).featured.run({ id, at });
};
export const addExtraCategories = async (db: Db, id: number, slugs: string[]): Promise<void> => {
  await stmts(db).extras.run({ id, slugs: JSON.stringify(slugs) });
};

export async function addBillboardContribution(db: Db, listingId: number, amountCents: number, source: string, at: string): Promise<void> {
  await stmts(db).billboard.run(listingId, amountCents, source, at);
}

// True when this call opened the task (false: the line already has one).
export async function openServiceTask(db: Db, t: { lineId: number; orderId: number; listingId: number | null; productCode: string; brief: Record<string, unknown> | null; at: string }): Promise<boolean> {
  return (await stmts(db).openTask.run({ ...t, brief: t.brief ? JSON.stringify(t.brief) : null })).changes === 1;
}

export type ServiceTaskRow = {
  id: number; status: 'open' | 'done'; product_code: string; brief: string | null; note: string | null; created_at: string;
  completed_at: string | null; order_line_id: number; order_number: string; customer_email: string;
  listing_id: number | null; listing_slug: string | null; listing_name: string | null;
};

export const serviceTasks = async (db: Db, status: 'open' | 'done' | null): Promise<ServiceTaskRow[]> =>
  await stmts(db).tasks.all({ status }) as ServiceTaskRow[];

export const serviceTask = async (db: Db, id: number) =>
  await stmts(db).task.get(id) as { id: number; status: 'open' | 'done'; order_id: number; order_line_id: number } | undefined;

export const closeServiceTask = async (db: Db, id: number, at: string, note: string | null): Promise<boolean> =>
  (await stmts(db).closeTask.run({ id, at, note })).changes === 1;
