import { getTableColumns, getTableName, type Column } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from '../storage/db';
import {
  categories, listings, listingCategories, users, votes, founders, listingFounders, reviews,
  type ListingStatus,
} from '../storage/schema';
import { normaliseDomain } from '../domain/domains';

// Small builders for tests that need exact rows instead of the demo directory. They write through the engine, so
// the same test runs on SQLite and on PostgreSQL (npm run test:pg).
const NOW = '2026-11-18T12:00:00.000Z';
let seq = 0;
const next = () => ++seq;

// One row into a table of storage/schema, given by its drizzle property names; values are stored as drizzle would
// store them (JSON columns as text, booleans as 0/1). Returns the new row's id (0 for tables without one).
export async function insertRow<T extends SQLiteTable>(db: Db, table: T, values: Partial<T['$inferInsert']>): Promise<number> {
  const columns = getTableColumns(table) as Record<string, Column>;
  const names: string[] = [];
  const params: unknown[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    names.push(`"${column.name}"`);
    params.push(value === null ? null : column.mapToDriverValue(value));
  }
  const sql = `INSERT INTO ${getTableName(table)} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`;
  return (await db.engine.prepare(sql).run(...params)).lastInsertRowid;
}

const categoryId = async (db: Db, slug: string): Promise<number> => {
  const id = await db.engine.prepare('SELECT id FROM categories WHERE slug = ?').pluck().get(slug) as number | undefined;
  if (id === undefined) throw new Error(`no category ${slug}`);
  return id;
};

export async function addUser(db: Db, email = `user${next()}@example.test`): Promise<number> {
  return insertRow(db, users, { email, name: email.split('@')[0], createdAt: NOW });
}

export async function addCategory(db: Db, slug: string, opts: { name?: string; parent?: string; description?: string } = {}): Promise<number> {
  const parentId = opts.parent ? await categoryId(db, opts.parent) : null;
  return insertRow(db, categories, {
    slug, name: opts.name ?? slug.replace(/-/g, ' ').replace(/\b\w/g, (m) => m.toUpperCase()),
    description: opts.description ?? `Products for ${slug}.`, parentId,
  });
}

export type ListingInput = Partial<typeof listings.$inferInsert> & { name: string; category?: string; extraCategories?: string[] };

export async function addListing(db: Db, input: ListingInput): Promise<number> {
  const { category, extraCategories = [], ...rest } = input;
  const slug = rest.slug ?? input.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  const url = rest.url ?? `https://${slug}.example.com`;
  const catId = category ? await categoryId(db, category) : null;
  const status: ListingStatus = rest.status ?? 'live';
  const id = await insertRow(db, listings, {
    createdAt: NOW, updatedAt: NOW,
    launchedAt: status === 'live' ? NOW : null,
    ...rest,
    slug, url, status, domain: rest.domain ?? normaliseDomain(url)!, primaryCategoryId: catId,
  });
  if (catId) await insertRow(db, listingCategories, { listingId: id, categoryId: catId, isPrimary: true });
  for (const extra of extraCategories) {
    await insertRow(db, listingCategories, { listingId: id, categoryId: await categoryId(db, extra), isPrimary: false });
  }
  return id;
}

// Adds n votes from fresh users at the given instant and keeps the denormalised count in step.
export async function addVotes(db: Db, listingId: number, n: number, at = NOW): Promise<void> {
  for (let i = 0; i < n; i++) {
    const userId = await addUser(db);
    await insertRow(db, votes, { listingId, userId, createdAt: at });
  }
  await db.engine.prepare('UPDATE listings SET votes_count = (SELECT count(*) FROM votes WHERE listing_id = ?) WHERE id = ?').run(listingId, listingId);
}

export async function addFounder(db: Db, name: string, opts: { listingId?: number; title?: string; country?: string; bio?: string } = {}): Promise<number> {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const id = await insertRow(db, founders, { slug, name, bio: opts.bio ?? null, country: opts.country ?? null, createdAt: NOW });
  if (opts.listingId) await insertRow(db, listingFounders, { listingId: opts.listingId, founderId: id, title: opts.title ?? 'Founder' });
  return id;
}

export async function addReview(db: Db, listingId: number, rating: number, genuine = true): Promise<void> {
  await insertRow(db, reviews, { listingId, userId: await addUser(db), rating, body: 'Review text', genuine, createdAt: NOW });
}
