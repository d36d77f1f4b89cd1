import type { Db } from '../db';
import type { Scope } from '../../domain/scopes';

// API keys by hash (every authenticated request) and by owner (account page).
export type ApiKeyRow = {
  id: number; userId: number; name: string; prefix: string; scopes: Scope[];
  createdAt: string; lastUsedAt: string | null; revokedAt: string | null;
};

const cache = new WeakMap<Db, ReturnType<typeof prepare>>();

function prepare(db: Db) {
  const s = db.engine;
  const cols = 'id, user_id AS "userId", name, prefix, scopes, created_at AS "createdAt", last_used_at AS "lastUsedAt", revoked_at AS "revokedAt"';
  return {
    insert: s.prepare('INSERT INTO api_keys (user_id, name, prefix, hash, scopes, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id'),
    byHash: s.prepare(`SELECT ${cols} FROM api_keys WHERE hash = ?`),
    byUser: s.prepare(`SELECT ${cols} FROM api_keys WHERE user_id = ? ORDER BY revoked_at IS NOT NULL, id DESC`),
    revoke: s.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND user_id = ? AND revoked_at IS NULL'),
    touch: s.prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ?'),
  };
}

const q = (db: Db) => {
  let p = cache.get(db);
  if (!p) cache.set(db, (p = prepare(db)));
  return p;
};

const row = (r: Record<string, unknown> | undefined): ApiKeyRow | undefined =>
  r ? ({ ...(r as ApiKeyRow), scopes: JSON.parse(r.scopes as string) as Scope[] }) : undefined;

export async function insertApiKey(db: Db, k: { userId: number; name: string; prefix: string; hash: string; scopes: Scope[]; createdAt: string }): Promise<number> {
  return (await q(db).insert.get(k.userId, k.name, k.prefix, k.hash, JSON.stringify(k.scopes), k.createdAt) as { id: number }).id;
}

export const apiKeyByHash = async (db: Db, hash: string) => row(await q(db).byHash.get(hash) as Record<string, unknown> | undefined);

export const apiKeysOfUser = async (db: Db, userId: number): Promise<ApiKeyRow[]> =>
  (await q(db).byUser.all(userId) as Record<string, unknown>[]).map((r) => row(r)!);

// Only the owner can revoke; returns false when the key is unknown, someone else's, or already revoked.
export const revokeApiKey = async (db: Db, userId: number, id: number, at: string): Promise<boolean> => (await q(db).revoke.run(at, id, userId)).changes > 0;

export const touchApiKey = async (db: Db, id: number, at: string): Promise<void> => {
  await q(db).touch.run(at, id);
};
