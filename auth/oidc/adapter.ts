import type { Db } from '../../storage/db';
import {
  consumeArtefact, destroyArtefact, findArtefact, findArtefactByUid, findArtefactByUserCode,
  purgeExpiredArtefacts, revokeGrantArtefacts, upsertArtefact,
} from '../../storage/queries/oauth';
import { artefactAdapter } from './artefact-adapter';

// oidc-provider keeps its state in one SQLite table keyed by (model, id); the rules are in artefact-adapter.ts.
export function sqliteAdapter(db: Db) {
  return artefactAdapter({
    upsert: (model, id, payload, expiresAt) => upsertArtefact(db, model, id, payload, expiresAt),
    find: (model, id, now) => findArtefact(db, model, id, now),
    findByUid: (model, uid, now) => findArtefactByUid(db, model, uid, now),
    findByUserCode: (model, code, now) => findArtefactByUserCode(db, model, code, now),
    consume: (model, id, now) => consumeArtefact(db, model, id, now),
    destroy: (model, id) => destroyArtefact(db, model, id),
    revokeByGrant: (grantId) => revokeGrantArtefacts(db, grantId),
    purgeExpired: (now) => purgeExpiredArtefacts(db, now),
  }, 'SqliteAdapter');
}
