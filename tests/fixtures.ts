import { eq } from 'drizzle-orm';
import type { Db } from '../storage/db';
import {
  categories, listings, listingCategories, users, votes, founders, listingFounders, reviews,
  type ListingStatus,
} from '../storage/schema';
import { normaliseDomain } from '../domain/domains';

// Small builders for tests that need exact rows instead of the demo directory.
const NOW = '2026-11-18T12:00:00.000Z';
let seq = 0;
const next = () => ++seq;

export function addUser(db: Db, email = `user${next()}@example.test`): number {
  return db.orm.insert(users).values({ email, name: email.split('@')[0], createdAt: NOW }).returning({ id: users.id }).get().id;
}

export function addCategory(db: Db, slug: string, opts: { name?: string; parent?: string; description?: string } = {}): number {
  const parentId = opts.parent ? db.orm.select().from(categories).where(eq(categories.slug, opts.parent)).get()!.id : null;
  return db.orm.insert(categories).values({
    slug, name: opts.name ?? slug.replace(/-/g, ' ').replace(/\b\w/g, (m) => m.toUpperCase()),
    description: opts.description ?? `Products for ${slug}.`, parentId,
  }).returning({ id: categories.id }).get().id;
}

export type ListingInput = Partial<typeof listings.$inferInsert> & { name: string; category?: string; extraCategories?: string[] };

export function addListing(db: Db, input: ListingInput): number {
  const { category, extraCategories = [], ...rest } = input;
  const slug = rest.slug ?? input.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  const url = rest.url ?? `https://${slug}.example.com`;
  const catId = category ? db.orm.select().from(categories).where(eq(categories.slug, category)).get()!.id : null;
  const status: ListingStatus = rest.status ?? 'live';
  const id = db.orm.insert(listings).values({
    createdAt: NOW, updatedAt: NOW,
    launchedAt: status === 'live' ? NOW : null,
    ...rest,
    slug, url, status, domain: rest.domain ?? normaliseDomain(url)!, primaryCategoryId: catId,
  }).returning({ id: listings.id }).get().id;
  if (catId) db.orm.insert(listingCategories).values({ listingId: id, categoryId: catId, isPrimary: true }).run();
  for (const extra of extraCategories) {
    const eid = db.orm.select().from(categories).where(eq(categories.slug, extra)).get()!.id;
    db.orm.insert(listingCategories).values({ listingId: id, categoryId: eid, isPrimary: false }).run();
  }
  return id;
}

// Adds n votes from fresh users at the given instant and keeps the denormalised count in step.
export function addVotes(db: Db, listingId: number, n: number, at = NOW): void {
  for (let i = 0; i < n; i++) {
    const userId = addUser(db);
    db.orm.insert(votes).values({ listingId, userId, createdAt: at }).run();
  }
  db.sqlite.prepare('UPDATE listings SET votes_count = (SELECT count(*) FROM votes WHERE listing_id = ?) WHERE id = ?').run(listingId, listingId);
}

export function addFounder(db: Db, name: string, opts: { listingId?: number; title?: string; country?: string; bio?: string } = {}): number {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const id = db.orm.insert(founders).values({ slug, name, bio: opts.bio ?? null, country: opts.country ?? null, createdAt: NOW })
    .returning({ id: founders.id }).get().id;
  if (opts.listingId) db.orm.insert(listingFounders).values({ listingId: opts.listingId, founderId: id, title: opts.title ?? 'Founder' }).run();
  return id;
}

export function addReview(db: Db, listingId: number, rating: number, genuine = true): void {
  db.orm.insert(reviews).values({ listingId, userId: addUser(db), rating, body: 'Review text', genuine, createdAt: NOW }).run();
}
