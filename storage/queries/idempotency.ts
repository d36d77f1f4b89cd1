import { withTransaction, type Db } from '../db';
import { pgOf } from '../engine/pg';
import * as pgIdempotency from '../pg/idempotency';
import { IDEMPOTENCY_LEASE_MS, type Claim, type ClaimToken, type IdempotencyRow } from '../records/idempotency';
export { IDEMPOTENCY_LEASE_MS, type Claim, type ClaimToken, type IdempotencyRow } from '../records/idempotency';


const stmts = new WeakMap<Db, ReturnType<typeof prepare>>();
function prepare(db: Db) {
  return {
    find: db.engine.prepare('SELECT operation, request_hash, state, status, response, created_at, expires_at FROM idempotency_keys WHERE actor = ? AND key = ?'),
    drop: db.engine.prepare('DELETE FROM idempotency_keys WHERE actor = ? AND key = ?'),
    dropOwn: db.engine.prepare(`DELETE FROM idempotency_keys WHERE actor = ? AND key = ? AND state = 'in_progress' AND created_at = ?`),
    begin: db.engine.prepare(`INSERT INTO idempotency_keys (actor, key, operation, request_hash, state, created_at, expires_at)
      VALUES (?, ?, ?, ?, 'in_progress', ?, ?)`),
    finish: db.engine.prepare(`UPDATE idempotency_keys SET state = 'done', status = ?, response = ?
      WHERE actor = ? AND key = ? AND state = 'in_progress' AND created_at = ?`),
    purge: db.engine.prepare('DELETE FROM idempotency_keys WHERE expires_at <= ?'),
  };
}
const q = (db: Db) => {
  let s = stmts.get(db);
  if (!s) stmts.set(db, (s = prepare(db)));
  return s;
};


// Atomically: replay a finished request, refuse a different one or one still running, or claim the key.
export async function claimIdempotencyKey(db: Db, actor: string, key: string, operation: string, hash: string, now: Date, ttlMs: number): Promise<Claim> {
  if (db.kind === 'pg') return pgIdempotency.claimIdempotencyKey(pgOf(db), actor, key, operation, hash, now, ttlMs);
  const s = q(db);
  return await withTransaction(db, async (): Promise<Claim> => {
    const nowIso = now.toISOString();
    const row = await s.find.get(actor, key) as IdempotencyRow | undefined;
    const abandoned = row?.state === 'in_progress' && Date.parse(row.created_at) + IDEMPOTENCY_LEASE_MS <= now.getTime();
    if (row && row.expires_at > nowIso && !abandoned) {
      if (row.operation !== operation || row.request_hash !== hash) return { kind: 'mismatch' };
      return row.state === 'done' ? { kind: 'replay', row } : { kind: 'busy' };
    }
    if (row) await s.drop.run(actor, key);
    await s.begin.run(actor, key, operation, hash, nowIso, new Date(now.getTime() + ttlMs).toISOString());
    return { kind: 'new', token: nowIso };
  }); // reads then writes: immediate, or a concurrent commit by another process fails it with SQLITE_BUSY
}

// Stores the outcome if the claim is still the caller's; false (nothing written) if it was taken over meanwhile.
export const finishIdempotencyKey = async (db: Db, actor: string, key: string, token: ClaimToken, status: number, body: string): Promise<boolean> =>
  db.kind === 'pg' ? await pgIdempotency.finishIdempotencyKey(pgOf(db), actor, key, token, status, body) :
  (await q(db).finish.run(status, body, actor, key, token)).changes === 1;

// A request that could not finish (server error, rate limit) frees its key so the client may retry; only its own
// claim: false (nothing deleted) if the key was taken over meanwhile.
export const releaseIdempotencyKey = async (db: Db, actor: string, key: string, token: ClaimToken): Promise<boolean> =>
  db.kind === 'pg' ? await pgIdempotency.releaseIdempotencyKey(pgOf(db), actor, key, token) :
  (await q(db).dropOwn.run(actor, key, token)).changes === 1;

export const purgeExpiredIdempotencyKeys = async (db: Db, now: Date) => db.kind === 'pg' ? await pgIdempotency.purgeExpiredIdempotencyKeys(pgOf(db), now) : (await q(db).purge.run(now.toISOString())).changes;
