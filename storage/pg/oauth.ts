import type pg from 'pg';

// oidc-provider's artefacts in PostgreSQL's oauth_store: the same operations and results as storage/queries/oauth.ts
// (payload stored as the JSON text the provider gave, expires_at / consumed_at in epoch seconds on the provider's
// clock, an expired row never returned). Each takes a pool, or a client already inside a transaction.
type Queryable = Pick<pg.ClientBase, 'query'>;
type Row = { payload: string; consumedAt: number | null };

const SELECT = 'SELECT payload, consumed_at AS "consumedAt" FROM oauth_store';
const ALIVE = '(expires_at IS NULL OR expires_at > $3)';

const artefact = (rows: Row[]): Record<string, unknown> | undefined => {
  if (rows.length === 0) return undefined;
  const { payload, consumedAt } = rows[0];
  const out = JSON.parse(payload) as Record<string, unknown>;
  return consumedAt ? { ...out, consumed: consumedAt } : out;
};

// INSERT … ON CONFLICT: two writers of one (model, id) at once both succeed, the later commit's payload stays.
export async function upsertArtefact(db: Queryable, model: string, id: string, payload: Record<string, unknown>, expiresAt: number | null): Promise<void> {
  await db.query(
    `INSERT INTO oauth_store (model, id, payload, grant_id, uid, user_code, expires_at, consumed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, NULL)
     ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id, uid = excluded.uid,
       user_code = excluded.user_code, expires_at = excluded.expires_at`,
    [
      model, id, JSON.stringify(payload),
      (payload.grantId as string | undefined) ?? null,
      (payload.uid as string | undefined) ?? null,
      (payload.userCode as string | undefined) ?? null,
      expiresAt,
    ],
  );
}

export const findArtefact = async (db: Queryable, model: string, id: string, now: number) =>
  artefact((await db.query<Row>(`${SELECT} WHERE model = $1 AND id = $2 AND ${ALIVE}`, [model, id, now])).rows);

export const findArtefactByUid = async (db: Queryable, model: string, uid: string, now: number) =>
  artefact((await db.query<Row>(`${SELECT} WHERE model = $1 AND uid = $2 AND ${ALIVE} LIMIT 1`, [model, uid, now])).rows);

export const findArtefactByUserCode = async (db: Queryable, model: string, code: string, now: number) =>
  artefact((await db.query<Row>(`${SELECT} WHERE model = $1 AND user_code = $2 AND ${ALIVE} LIMIT 1`, [model, code, now])).rows);

export async function consumeArtefact(db: Queryable, model: string, id: string, now: number): Promise<void> {
  await db.query('UPDATE oauth_store SET consumed_at = $1 WHERE model = $2 AND id = $3', [now, model, id]);
}

export async function destroyArtefact(db: Queryable, model: string, id: string): Promise<void> {
  await db.query('DELETE FROM oauth_store WHERE model = $1 AND id = $2', [model, id]);
}

export async function revokeGrantArtefacts(db: Queryable, grantId: string): Promise<void> {
  await db.query('DELETE FROM oauth_store WHERE grant_id = $1', [grantId]);
}

export const purgeExpiredArtefacts = async (db: Queryable, now: number): Promise<number> =>
  (await db.query('DELETE FROM oauth_store WHERE expires_at IS NOT NULL AND expires_at <= $1', [now])).rowCount ?? 0;
