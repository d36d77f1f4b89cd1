import { IDEMPOTENCY_LEASE_MS, type Claim, type ClaimToken, type IdempotencyRow } from '../records/idempotency';
import type { PgQueryable } from './pool';

// Idempotency keys on PostgreSQL: storage/queries/idempotency.ts, operation for operation, with the same results.
//
// SQLite reads the key's row and then writes it inside one BEGIN IMMEDIATE transaction, safe because it has one
// writer at a time. Under READ COMMITTED that read-then-write is check-then-act: two requests both find no row and
// both think they own the key. Here the claim is one statement, INSERT … ON CONFLICT (actor, key) DO UPDATE … WHERE:
// - no row: the insert claims the key. A concurrent insert of the same key waits for this one to commit, then
//   takes the conflict path against the committed row.
// - a row that is over (expired, or in progress since longer than the lease: its request died): the DO UPDATE
//   takes it over. Its WHERE is evaluated on the row's newest version with the row locked, so of several callers
//   taking over one dead claim exactly one succeeds; the others, waiting for it, then see its live claim.
// - a live row: the WHERE is false, nothing is written, no row is returned. A second statement reads the row
//   (a new statement, so a new snapshot that includes the winner's commit) to tell replay, busy and mismatch apart.
// Finish and release are fenced by the claim's token (its created_at, see ClaimToken in storage/queries/idempotency.ts):
// one UPDATE or DELETE whose WHERE names the token, so a request slower than its lease cannot overwrite or free the
// claim that took it over.

export type { Claim, ClaimToken, IdempotencyRow } from '../records/idempotency';

const SQL = {
  claim: `INSERT INTO idempotency_keys AS k (actor, key, operation, request_hash, state, status, response, created_at, expires_at)
    VALUES ($1, $2, $3, $4, 'in_progress', NULL, NULL, $5, $6)
    ON CONFLICT (actor, key) DO UPDATE SET operation = EXCLUDED.operation, request_hash = EXCLUDED.request_hash,
      state = 'in_progress', status = NULL, response = NULL, created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at
    WHERE k.expires_at <= $5 OR (k.state = 'in_progress' AND k.created_at <= $7)
    RETURNING 1`,
  find: `SELECT operation, request_hash, state, status, response, created_at, expires_at FROM idempotency_keys
    WHERE actor = $1 AND key = $2`,
  finish: `UPDATE idempotency_keys SET state = 'done', status = $4, response = $5
    WHERE actor = $1 AND key = $2 AND state = 'in_progress' AND created_at = $3`,
  drop: `DELETE FROM idempotency_keys WHERE actor = $1 AND key = $2 AND state = 'in_progress' AND created_at = $3`,
  purge: 'DELETE FROM idempotency_keys WHERE expires_at <= $1',
} as const;

// Atomically: replay a finished request, refuse a different one or one still running, or claim the key.
export async function claimIdempotencyKey(
  db: PgQueryable, actor: string, key: string, operation: string, hash: string, now: Date, ttlMs: number,
): Promise<Claim> {
  const nowIso = now.toISOString();
  const expiresAt = new Date(now.getTime() + ttlMs).toISOString();
  // In progress since this instant or earlier: as SQLite's `created_at + lease <= now`, compared as ISO text.
  const abandonedBefore = new Date(now.getTime() - IDEMPOTENCY_LEASE_MS).toISOString();
  // Between the two statements the live row may be released (its request failed): then claim again.
  for (let attempt = 0; attempt < 5; attempt++) {
    const claimed = await db.query(SQL.claim, [actor, key, operation, hash, nowIso, expiresAt, abandonedBefore]);
    if (claimed.rowCount === 1) return { kind: 'new', token: nowIso };
    const row = (await db.query<IdempotencyRow>(SQL.find, [actor, key])).rows[0];
    if (!row) continue;
    // Taken over or re-claimed meanwhile by someone else: still theirs, live, so it is judged as SQLite judges it.
    if (row.operation !== operation || row.request_hash !== hash) return { kind: 'mismatch' };
    return row.state === 'done' ? { kind: 'replay', row } : { kind: 'busy' };
  }
  throw new Error(`idempotency key ${JSON.stringify(key)}: neither claimed nor found`);
}

// Stores the outcome if the claim is still the caller's; false (nothing written) if it was taken over meanwhile.
export async function finishIdempotencyKey(
  db: PgQueryable, actor: string, key: string, token: ClaimToken, status: number, body: string,
): Promise<boolean> {
  return (await db.query(SQL.finish, [actor, key, token, status, body])).rowCount === 1;
}

// A request that could not finish (server error, rate limit) frees its key so the client may retry; only its own
// claim: false (nothing deleted) if the key was taken over meanwhile.
export async function releaseIdempotencyKey(db: PgQueryable, actor: string, key: string, token: ClaimToken): Promise<boolean> {
  return (await db.query(SQL.drop, [actor, key, token])).rowCount === 1;
}

export const purgeExpiredIdempotencyKeys = async (db: PgQueryable, now: Date): Promise<number> =>
  (await db.query(SQL.purge, [now.toISOString()])).rowCount ?? 0;
