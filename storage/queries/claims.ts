import type { Db } from '../db';
import { withTransaction } from '../db';
import type { ClaimMethod, ClaimStatus } from '../schema/claims';
import { addListingOwner } from './ownership';

// Claims of listings: created by claim_listing, checked by verify_claim or the e-mailed link, listed by
// list_my_claims. Completing one makes the claimant an owner and marks the listing verified, in one transaction.

export type ClaimRow = {
  id: number; listing_id: number; user_id: number; method: ClaimMethod; email: string | null; token: string;
  status: ClaimStatus; last_check_at: string | null; last_check_detail: string | null; expires_at: string;
  verified_at: string | null; created_at: string;
  // the listing, joined
  slug: string; name: string; url: string; domain: string; listing_status: string;
};

export type ClaimableListing = { id: number; slug: string; name: string; url: string; domain: string };

const CLAIM_COLUMNS = `c.id, c.listing_id, c.user_id, c.method, c.email, c.token, c.status, c.last_check_at, c.last_check_detail,
  c.expires_at, c.verified_at, c.created_at, l.slug, l.name, l.url, l.domain, l.status AS listing_status`;
// Listings a company can claim are the public ones (live or scheduled); any other status is not found.
const PUBLIC = `l.status IN ('live', 'scheduled')`;

function prepare(db: Db) {
  const s = db.engine;
  return {
    claimable: s.prepare(`SELECT l.id, l.slug, l.name, l.url, l.domain FROM listings l WHERE l.slug = ? AND ${PUBLIC}`),
    pending: s.prepare(`SELECT ${CLAIM_COLUMNS} FROM claims c JOIN listings l ON l.id = c.listing_id
      WHERE c.user_id = @user AND c.listing_id = @listing AND c.method = @method AND c.status = 'pending'
        AND c.expires_at > @now AND coalesce(c.email, '') = coalesce(@email, '')
      ORDER BY c.id DESC LIMIT 1`),
    insert: s.prepare(`INSERT INTO claims (listing_id, user_id, method, email, token, status, expires_at, created_at)
      VALUES (@listing, @user, @method, @email, @token, 'pending', @expires, @now)`),
    byIdOfUser: s.prepare(`SELECT ${CLAIM_COLUMNS} FROM claims c JOIN listings l ON l.id = c.listing_id WHERE c.id = ? AND c.user_id = ?`),
    byToken: s.prepare(`SELECT ${CLAIM_COLUMNS} FROM claims c JOIN listings l ON l.id = c.listing_id WHERE c.token = ? AND c.method = 'email'`),
    ofUser: s.prepare(`SELECT ${CLAIM_COLUMNS} FROM claims c JOIN listings l ON l.id = c.listing_id
      WHERE c.user_id = ? ORDER BY c.created_at DESC, c.id DESC LIMIT CAST(? AS INTEGER) OFFSET CAST(? AS INTEGER)`),
    countOfUser: s.prepare('SELECT count(*) AS n FROM claims WHERE user_id = ?'),
    expireDue: s.prepare(`UPDATE claims SET status = 'expired' WHERE status = 'pending' AND expires_at <= ? AND user_id = ?`),
    expireOne: s.prepare(`UPDATE claims SET status = 'expired' WHERE id = ? AND status = 'pending'`),
    check: s.prepare('UPDATE claims SET last_check_at = ?, last_check_detail = ? WHERE id = ?'),
    fail: s.prepare(`UPDATE claims SET status = 'failed', last_check_at = ?, last_check_detail = ? WHERE id = ? AND status = 'pending'`),
    verify: s.prepare(`UPDATE claims SET status = 'verified', verified_at = @now, last_check_at = @now, last_check_detail = @detail
      WHERE id = @id AND status = 'pending'`),
    markListing: s.prepare('UPDATE listings SET verified = 1, updated_at = ? WHERE id = ?'),
  };
}
const cache = new WeakMap<Db, ReturnType<typeof prepare>>();
function q(db: Db) {
  let s = cache.get(db);
  if (!s) cache.set(db, (s = prepare(db)));
  return s;
}

export const claimableListing = async (db: Db, slug: string) => await q(db).claimable.get(slug) as ClaimableListing | undefined;

export const pendingClaim = async (db: Db, p: { user: number; listing: number; method: ClaimMethod; email: string | null; now: string }) =>
  await q(db).pending.get(p) as ClaimRow | undefined;

export async function insertClaim(db: Db, p: { listing: number; user: number; method: ClaimMethod; email: string | null; token: string; expires: string; now: string }): Promise<number> {
  return Number((await q(db).insert.run(p)).lastInsertRowid);
}

// Another user's claim reads exactly like a missing one.
export const claimOfUser = async (db: Db, id: number, userId: number) => await q(db).byIdOfUser.get(id, userId) as ClaimRow | undefined;

export const emailClaimByToken = async (db: Db, token: string) => await q(db).byToken.get(token) as ClaimRow | undefined;

// Pending claims past their expiry are stored as expired before a list is read, so status and filters agree.
export async function claimsOfUser(db: Db, userId: number, now: string, limit: number, offset: number): Promise<{ rows: ClaimRow[]; total: number }> {
  const s = q(db);
  await s.expireDue.run(now, userId);
  return { rows: await s.ofUser.all(userId, limit, offset) as ClaimRow[], total: (await s.countOfUser.get(userId) as { n: number }).n };
}

// Awaited by their callers: the claim is read back right after (on PostgreSQL a write not awaited may land later).
export const expireClaim = async (db: Db, id: number): Promise<void> => void await q(db).expireOne.run(id);
export const recordClaimCheck = async (db: Db, id: number, at: string, detail: string): Promise<void> => void await q(db).check.run(at, detail, id);
export const failClaim = async (db: Db, id: number, at: string, detail: string): Promise<void> => void await q(db).fail.run(at, detail, id);

// The claim becomes verified, its user an owner (via 'claim') and the listing verified. Returns false when
// the claim was no longer pending (a concurrent verification won), in which case nothing changes.
export async function completeClaim(db: Db, claim: { id: number; listing_id: number; user_id: number }, at: string, detail: string): Promise<boolean> {
  const s = q(db);
  return await withTransaction(db, async () => {
    if ((await s.verify.run({ id: claim.id, now: at, detail })).changes === 0) return false;
    await addListingOwner(db, claim.listing_id, claim.user_id, 'claim', at);
    await s.markListing.run(at, claim.listing_id);
    return true;
  });
}
