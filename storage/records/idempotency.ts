// Idempotency keys' records, as both engines' stores use them (storage/queries/idempotency.ts, storage/pg/idempotency.ts).

export type IdempotencyRow = {
  operation: string; request_hash: string; state: 'in_progress' | 'done'; status: number | null; response: string | null; created_at: string; expires_at: string;
};

// A request still in progress after this long died with its process (a crash, a restart): its key is free again.
// Every idempotent operation finishes well within it.
export const IDEMPOTENCY_LEASE_MS = 60_000;

// A claim's fencing token is the created_at it wrote. A later claim of the same key writes a later one: a takeover
// needs created_at + lease <= now (or expiry, created_at + ttl <= now), so its now is past the old token; and the key
// is otherwise only freed by its owner's own release. So a token names one claim, and finishing or releasing with a
// token the row no longer holds (the claim was taken over while its request was slower than the lease) writes nothing.
export type ClaimToken = string;

export type Claim = { kind: 'new'; token: ClaimToken } | { kind: 'replay'; row: IdempotencyRow } | { kind: 'busy' } | { kind: 'mismatch' };
