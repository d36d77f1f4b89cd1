import type { Stmt } from '../engine/types';
import type { Db } from '../db';

// A listing's owners: its submitter plus anyone added by a verified claim or an accepted invite.
const stmts = new WeakMap<Db, { owner: Stmt; ids: Stmt; add: Stmt }>();
function q(db: Db) {
  let s = stmts.get(db);
  if (!s) {
    s = {
      owner: db.engine.prepare(`SELECT 1 FROM listings l WHERE l.id = ? AND (l.owner_user_id = ?
        OR EXISTS (SELECT 1 FROM listing_owners o WHERE o.listing_id = l.id AND o.user_id = ?))`),
      ids: db.engine.prepare(`SELECT id FROM listings WHERE owner_user_id = ?
        UNION SELECT listing_id FROM listing_owners WHERE user_id = ? ORDER BY 1 DESC`),
      add: db.engine.prepare(`INSERT OR IGNORE INTO listing_owners (listing_id, user_id, via, created_at) VALUES (?, ?, ?, ?)`),
    };
    stmts.set(db, s);
  }
  return s;
}

export const isListingOwner = async (db: Db, listingId: number, userId: number): Promise<boolean> => !!await q(db).owner.get(listingId, userId, userId);

export const ownedListingIds = async (db: Db, userId: number): Promise<number[]> => (await q(db).ids.all(userId, userId) as { id: number }[]).map((r) => r.id);

export const addListingOwner = async (db: Db, listingId: number, userId: number, via: 'submitted' | 'claim' | 'invite', at: string) =>
  await q(db).add.run(listingId, userId, via, at);
