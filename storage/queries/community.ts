import type { Db } from '../db';
import { withTransaction } from '../db';

// Votes, follows and reviews written by signed-in people on the site (no API operation writes them).
// The listing's denormalised counts change in the same transaction as the row.

export type CommunityListing = { id: number; slug: string; name: string; status: string; follows_count: number };
export type CommunityState = { voted: boolean; following: boolean; reviewed: boolean; canReview: boolean };
export type ReviewRow = { id: number; rating: number; body: string; created_at: string; author: string | null };
export type AdminReviewRow = ReviewRow & { email: string; genuine: number };

function prepare(db: Db) {
  const s = db.engine;
  return {
    listing: s.prepare(`SELECT id, slug, name, status, follows_count FROM listings WHERE slug = ? AND status IN ('live', 'scheduled')`),
    anyListing: s.prepare('SELECT id, slug, name, status, follows_count FROM listings WHERE slug = ?'),
    hasVote: s.prepare('SELECT 1 FROM votes WHERE listing_id = ? AND user_id = ?'),
    addVote: s.prepare('INSERT INTO votes (listing_id, user_id, created_at) VALUES (?, ?, ?)'),
    dropVote: s.prepare('DELETE FROM votes WHERE listing_id = ? AND user_id = ?'),
    countVotes: s.prepare('UPDATE listings SET votes_count = (SELECT count(*) FROM votes WHERE listing_id = @id) WHERE id = @id RETURNING votes_count AS n'),
    hasFollow: s.prepare('SELECT 1 FROM follows WHERE listing_id = ? AND user_id = ?'),
    addFollow: s.prepare('INSERT INTO follows (listing_id, user_id, created_at) VALUES (?, ?, ?)'),
    dropFollow: s.prepare('DELETE FROM follows WHERE listing_id = ? AND user_id = ?'),
    countFollows: s.prepare('UPDATE listings SET follows_count = (SELECT count(*) FROM follows WHERE listing_id = @id) WHERE id = @id RETURNING follows_count AS n'),
    hasReview: s.prepare('SELECT 1 FROM reviews WHERE listing_id = ? AND user_id = ?'),
    addReview: s.prepare('INSERT INTO reviews (listing_id, user_id, rating, body, genuine, created_at) VALUES (?, ?, ?, ?, 1, ?) ON CONFLICT DO NOTHING'),
    // Owners (submitter, claimants, invitees) and founders linked to the listing through their profile.
    insider: s.prepare(`SELECT 1 FROM listings l WHERE l.id = @listing AND (l.owner_user_id = @user
        OR EXISTS (SELECT 1 FROM listing_owners o WHERE o.listing_id = l.id AND o.user_id = @user)
        OR EXISTS (SELECT 1 FROM listing_founders lf JOIN founders f ON f.id = lf.founder_id
                   WHERE lf.listing_id = l.id AND f.user_id = @user))`),
    genuineReviews: s.prepare(`SELECT r.id, r.rating, r.body, r.created_at, u.name AS author FROM reviews r JOIN users u ON u.id = r.user_id
      WHERE r.listing_id = ? AND r.genuine = 1 ORDER BY r.created_at DESC, r.id DESC LIMIT CAST(? AS INTEGER)`),
    allReviews: s.prepare(`SELECT r.id, r.rating, r.body, r.created_at, r.genuine, u.name AS author, u.email FROM reviews r
      JOIN users u ON u.id = r.user_id WHERE r.listing_id = ? ORDER BY r.created_at DESC, r.id DESC`),
    markNotGenuine: s.prepare('UPDATE reviews SET genuine = 0 WHERE id = ?'),
    reviewById: s.prepare('SELECT r.id, r.genuine, l.slug FROM reviews r JOIN listings l ON l.id = r.listing_id WHERE r.id = ?'),
  };
}
const cache = new WeakMap<Db, ReturnType<typeof prepare>>();
function q(db: Db) {
  let s = cache.get(db);
  if (!s) cache.set(db, (s = prepare(db)));
  return s;
}

export const publicListingForCommunity = async (db: Db, slug: string) => await q(db).listing.get(slug) as CommunityListing | undefined;
export const listingForAdmin = async (db: Db, slug: string) => await q(db).anyListing.get(slug) as CommunityListing | undefined;

// One vote per person per listing: a second press withdraws it.
export async function toggleVote(db: Db, listingId: number, userId: number, at: string): Promise<{ voted: boolean; votes: number }> {
  const s = q(db);
  return await withTransaction(db, async () => {
    const had = !!await s.hasVote.get(listingId, userId);
    if (had) await s.dropVote.run(listingId, userId);
    else await s.addVote.run(listingId, userId, at);
    return { voted: !had, votes: (await s.countVotes.get({ id: listingId }) as { n: number }).n };
  });
}

export async function toggleFollow(db: Db, listingId: number, userId: number, at: string): Promise<{ following: boolean; follows: number }> {
  const s = q(db);
  return await withTransaction(db, async () => {
    const had = !!await s.hasFollow.get(listingId, userId);
    if (had) await s.dropFollow.run(listingId, userId);
    else await s.addFollow.run(listingId, userId, at);
    return { following: !had, follows: (await s.countFollows.get({ id: listingId }) as { n: number }).n };
  });
}

export const isListingInsider = async (db: Db, listingId: number, userId: number): Promise<boolean> => !!await q(db).insider.get({ listing: listingId, user: userId });

export type ReviewOutcome = 'created' | 'duplicate' | 'insider';

// The insider check and the insert share a transaction, so a review cannot slip in as ownership changes.
export async function addReview(db: Db, r: { listingId: number; userId: number; rating: number; body: string; at: string }): Promise<ReviewOutcome> {
  const s = q(db);
  return await withTransaction(db, async () => {
    if (await isListingInsider(db, r.listingId, r.userId)) return 'insider';
    return (await s.addReview.run(r.listingId, r.userId, r.rating, r.body, r.at)).changes === 1 ? 'created' : 'duplicate';
  });
}

export async function communityStateOf(db: Db, listingId: number, userId: number): Promise<CommunityState> {
  const s = q(db);
  return {
    voted: !!await s.hasVote.get(listingId, userId),
    following: !!await s.hasFollow.get(listingId, userId),
    reviewed: !!await s.hasReview.get(listingId, userId),
    canReview: !await isListingInsider(db, listingId, userId),
  };
}

export const genuineReviewsOf = async (db: Db, listingId: number, limit = 20) => await q(db).genuineReviews.all(listingId, limit) as ReviewRow[];
export const reviewsForAdmin = async (db: Db, listingId: number) => await q(db).allReviews.all(listingId) as AdminReviewRow[];

// The operator's verdict: a review judged not genuine stays stored but no longer counts or shows.
export async function markReviewNotGenuine(db: Db, reviewId: number): Promise<{ slug: string; changed: boolean } | null> {
  const s = q(db);
  const row = await s.reviewById.get(reviewId) as { genuine: number; slug: string } | undefined;
  if (!row) return null;
  if (row.genuine) await s.markNotGenuine.run(reviewId);
  return { slug: row.slug, changed: row.genuine === 1 };
}
