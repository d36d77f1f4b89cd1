import type { Db } from '../db';

export type IdempotencyRow = {
  operation: string; request_hash: string; state: 'in_progress' | 'done'; status: number | null; response: string | null; created_at: string; expires_at: string;
};

// A request still in progress after this long died with its process (a crash, a restart): its key is free again.
// Every idempotent operation finishes well within it.
export const IDEMPOTENCY_LEASE_MS = 60_000;

const stmts = new WeakMap<Db, ReturnType<typeof prepare>>();
function prepare(db: Db) {
  return {
    find: db.sqlite.prepare('SELECT operation, request_hash, state, status, response, created_at, expires_at FROM idempotency_keys WHERE actor = ? AND key = ?'),
    drop: db.sqlite.prepare('DELETE FROM idempotency_keys WHERE actor = ? AND key = ?'),
    begin: db.sqlite.prepare(`INSERT INTO idempotency_keys (actor, key, operation, request_hash, state, created_at, expires_at)
      VALUES (?, ?, ?, ?, 'in_progress', ?, ?)`),
    finish: db.sqlite.prepare(`UPDATE idempotency_keys SET state = 'done', status = ?, response = ? WHERE actor = ? AND key = ?`),
    purge: db.sqlite.prepare('DELETE FROM idempotency_keys WHERE expires_at <= ?'),
  };
}
const q = (db: Db) => {
  let s = stmts.get(db);
  if (!s) stmts.set(db, (s = prepare(db)));
  return s;
};

export type Claim = { kind: 'new' } | { kind: 'replay'; row: IdempotencyRow } | { kind: 'busy' } | { kind: 'mismatch' };

// Atomically: replay a finished request, refuse a different one or one still running, or claim the key.
export function claimIdempotencyKey(db: Db, actor: string, key: string, operation: string, hash: string, now: Date, ttlMs: number): Claim {
  const s = q(db);
  return db.sqlite.transaction((): Claim => {
    const nowIso = now.toISOString();
    const row = s.find.get(actor, key) as IdempotencyRow | undefined;
    const abandoned = row?.state === 'in_progress' && Date.parse(row.created_at) + IDEMPOTENCY_LEASE_MS <= now.getTime();
    if (row && row.expires_at > nowIso && !abandoned) {
      if (row.operation !== operation || row.request_hash !== hash) return { kind: 'mismatch' };
      return row.state === 'done' ? { kind: 'replay', row } : { kind: 'busy' };
    }
    if (row) s.drop.run(actor, key);
    s.begin.run(actor, key, operation, hash, nowIso, new Date(now.getTime() + ttlMs).toISOString());
    return { kind: 'new' };
  }).immediate(); // reads then writes: immediate, or a concurrent commit by another process fails it with SQLITE_BUSY
}

export const finishIdempotencyKey = (db: Db, actor: string, key: string, status: number, body: string) => {
  q(db).finish.run(status, body, actor, key);
};

// A request that could not finish (server error, rate limit) frees its key so the client may retry.
export const releaseIdempotencyKey = (db: Db, actor: string, key: string) => {
  q(db).drop.run(actor, key);
};

export const purgeExpiredIdempotencyKeys = (db: Db, now: Date) => q(db).purge.run(now.toISOString()).changes;
