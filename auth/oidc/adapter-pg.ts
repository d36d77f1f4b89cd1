import type pg from 'pg';
import {
  consumeArtefact, destroyArtefact, findArtefact, findArtefactByUid, findArtefactByUserCode,
  purgeExpiredArtefacts, revokeGrantArtefacts, upsertArtefact,
} from '../../storage/pg/oauth';
import { artefactAdapter } from './artefact-adapter';

// oidc-provider's state in PostgreSQL's oauth_store, with the same rules as sqliteAdapter (artefact-adapter.ts).
export function pgAdapter(pool: pg.Pool) {
  return artefactAdapter({
    upsert: (model, id, payload, expiresAt) => upsertArtefact(pool, model, id, payload, expiresAt),
    find: (model, id, now) => findArtefact(pool, model, id, now),
    findByUid: (model, uid, now) => findArtefactByUid(pool, model, uid, now),
    findByUserCode: (model, code, now) => findArtefactByUserCode(pool, model, code, now),
    consume: (model, id, now) => consumeArtefact(pool, model, id, now),
    destroy: (model, id) => destroyArtefact(pool, model, id),
    revokeByGrant: (grantId) => revokeGrantArtefacts(pool, grantId),
    purgeExpired: (now) => purgeExpiredArtefacts(pool, now),
  }, 'PgAdapter');
}
