import { withTransaction, type Db } from '../db';

// Storage behind oidc-provider (its adapter), its persistent keys, and remembered consent per (user, client).
// Times in oauth_store are epoch seconds on the provider's wall clock.
const cache = new WeakMap<Db, ReturnType<typeof prepare>>();

function prepare(db: Db) {
  const s = db.engine;
  return {
    upsert: s.prepare(
      `INSERT INTO oauth_store (model, id, payload, grant_id, uid, user_code, expires_at, consumed_at)
       VALUES (@model, @id, @payload, @grantId, @uid, @userCode, @expiresAt, NULL)
       ON CONFLICT(model, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id, uid = excluded.uid,
         user_code = excluded.user_code, expires_at = excluded.expires_at`),
    find: s.prepare('SELECT payload, consumed_at AS "consumedAt" FROM oauth_store WHERE model = ? AND id = ? AND (expires_at IS NULL OR expires_at > ?)'),
    findByUid: s.prepare('SELECT payload, consumed_at AS "consumedAt" FROM oauth_store WHERE model = ? AND uid = ? AND (expires_at IS NULL OR expires_at > ?)'),
    findByUserCode: s.prepare('SELECT payload, consumed_at AS "consumedAt" FROM oauth_store WHERE model = ? AND user_code = ? AND (expires_at IS NULL OR expires_at > ?)'),
    consume: s.prepare('UPDATE oauth_store SET consumed_at = ? WHERE model = ? AND id = ?'),
    destroy: s.prepare('DELETE FROM oauth_store WHERE model = ? AND id = ?'),
    revokeByGrant: s.prepare('DELETE FROM oauth_store WHERE grant_id = ?'),
    purgeExpired: s.prepare('DELETE FROM oauth_store WHERE expires_at IS NOT NULL AND expires_at <= ?'),
    grantAlive: s.prepare("SELECT 1 FROM oauth_store WHERE model = 'Grant' AND id = ? AND (expires_at IS NULL OR expires_at > ?)"),
    grantsOf: s.prepare(
      `SELECT id FROM oauth_store WHERE model = 'Grant'
       AND json_extract(payload, '$.accountId') = ? AND json_extract(payload, '$.clientId') = ?`),
    clientName: s.prepare("SELECT json_extract(payload, '$.client_name') AS name FROM oauth_store WHERE model = 'Client' AND id = ?"),
    getKey: s.prepare('SELECT value FROM oauth_keys WHERE kind = ?'),
    putKey: s.prepare('INSERT INTO oauth_keys (kind, value, created_at) VALUES (?, ?, ?) ON CONFLICT(kind) DO NOTHING'),
    remembered: s.prepare('SELECT scopes FROM oauth_grants_remembered WHERE user_id = ? AND client_id = ?'),
    remember: s.prepare(
      `INSERT INTO oauth_grants_remembered (user_id, client_id, client_name, redirect_host, scopes, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(user_id, client_id) DO UPDATE SET client_name = excluded.client_name,
         redirect_host = excluded.redirect_host, scopes = excluded.scopes, updated_at = excluded.updated_at`),
    rememberedName: s.prepare('SELECT client_name AS name FROM oauth_grants_remembered WHERE client_id = ? LIMIT 1'),
    connected: s.prepare(
      `SELECT client_id AS "clientId", client_name AS "clientName", redirect_host AS "redirectHost", scopes,
         created_at AS "createdAt", updated_at AS "updatedAt"
       FROM oauth_grants_remembered WHERE user_id = ? ORDER BY updated_at DESC`),
    forget: s.prepare('DELETE FROM oauth_grants_remembered WHERE user_id = ? AND client_id = ?'),
  };
}

const q = (db: Db) => {
  let p = cache.get(db);
  if (!p) cache.set(db, (p = prepare(db)));
  return p;
};

export type StoredArtefact = { payload: Record<string, unknown>; consumedAt: number | null };

const artefact = (r: unknown): Record<string, unknown> | undefined => {
  if (!r) return undefined;
  const { payload, consumedAt } = r as { payload: string; consumedAt: number | null };
  const out = JSON.parse(payload) as Record<string, unknown>;
  return consumedAt ? { ...out, consumed: consumedAt } : out;
};

export async function upsertArtefact(db: Db, model: string, id: string, payload: Record<string, unknown>, expiresAt: number | null): Promise<void> {
  await q(db).upsert.run({
    model, id, payload: JSON.stringify(payload), expiresAt,
    grantId: (payload.grantId as string | undefined) ?? null,
    uid: (payload.uid as string | undefined) ?? null,
    userCode: (payload.userCode as string | undefined) ?? null,
  });
}

export const findArtefact = async (db: Db, model: string, id: string, now: number) => artefact(await q(db).find.get(model, id, now));
export const findArtefactByUid = async (db: Db, model: string, uid: string, now: number) => artefact(await q(db).findByUid.get(model, uid, now));
export const findArtefactByUserCode = async (db: Db, model: string, code: string, now: number) => artefact(await q(db).findByUserCode.get(model, code, now));
export const consumeArtefact = async (db: Db, model: string, id: string, now: number): Promise<void> => {
  await q(db).consume.run(now, model, id);
};
export const destroyArtefact = async (db: Db, model: string, id: string): Promise<void> => {
  await q(db).destroy.run(model, id);
};
export const revokeGrantArtefacts = async (db: Db, grantId: string): Promise<void> => {
  await q(db).revokeByGrant.run(grantId);
};
export const purgeExpiredArtefacts = async (db: Db, now: number) => (await q(db).purgeExpired.run(now)).changes;

// Access tokens are self-contained JWTs; their grant must still exist, so revoking consent ends them at once.
export const grantAlive = async (db: Db, grantId: string, now: number) => await q(db).grantAlive.get(grantId, now) !== undefined;

export async function revokeClientGrants(db: Db, userId: number, clientId: string): Promise<void> {
  const p = q(db);
  return await withTransaction(db, async () => {
    for (const { id } of await p.grantsOf.all(String(userId), clientId) as { id: string }[]) {
      await p.revokeByGrant.run(id); // codes and refresh tokens of the grant
      await p.destroy.run('Grant', id);
    }
    await p.forget.run(userId, clientId);
  });
}

export async function clientDisplayName(db: Db, clientId: string): Promise<string | null> {
  const p = q(db);
  const row = (await p.clientName.get(clientId) ?? await p.rememberedName.get(clientId)) as { name: string | null } | undefined;
  return row?.name ?? null;
}

export async function getOAuthKey<T>(db: Db, kind: 'jwks' | 'cookies'): Promise<T | undefined> {
  const row = await q(db).getKey.get(kind) as { value: string } | undefined;
  return row ? (JSON.parse(row.value) as T) : undefined;
}

// First writer wins, so two processes starting on a new database agree on one key set.
export async function putOAuthKeyOnce<T>(db: Db, kind: 'jwks' | 'cookies', value: T, at: string): Promise<T> {
  await q(db).putKey.run(kind, JSON.stringify(value), at);
  return (await getOAuthKey<T>(db, kind))!;
}

export async function rememberedScopes(db: Db, userId: number, clientId: string): Promise<string[] | undefined> {
  const row = await q(db).remembered.get(userId, clientId) as { scopes: string } | undefined;
  return row ? (JSON.parse(row.scopes) as string[]) : undefined;
}

export async function rememberConsent(db: Db, r: { userId: number; clientId: string; clientName: string; redirectHost: string | null; scopes: string[]; at: string }): Promise<void> {
  const p = q(db);
  return await withTransaction(db, async () => {
    const before = (await p.remembered.get(r.userId, r.clientId) as { scopes: string } | undefined)?.scopes;
    const union = [...new Set([...(before ? (JSON.parse(before) as string[]) : []), ...r.scopes])].sort();
    await p.remember.run(r.userId, r.clientId, r.clientName, r.redirectHost, JSON.stringify(union), r.at, r.at);
  }); // reads then writes: immediate, or a concurrent commit elsewhere makes it fail SQLITE_BUSY
}

export type ConnectedApp = { clientId: string; clientName: string; redirectHost: string | null; scopes: string[]; createdAt: string; updatedAt: string };

export const connectedApps = async (db: Db, userId: number): Promise<ConnectedApp[]> =>
  (await q(db).connected.all(userId) as (Omit<ConnectedApp, 'scopes'> & { scopes: string })[]).map((r) => ({ ...r, scopes: JSON.parse(r.scopes) as string[] }));
