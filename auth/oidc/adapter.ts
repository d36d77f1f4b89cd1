import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../storage/db';
import {
  consumeArtefact, destroyArtefact, findArtefact, findArtefactByUid, findArtefactByUserCode,
  purgeExpiredArtefacts, revokeGrantArtefacts, upsertArtefact,
} from '../../storage/queries/oauth';

// oidc-provider keeps its state in one SQLite table keyed by (model, id). Expiry is on the provider's own
// clock (epoch seconds, wall time): an expired row is never returned even before it is purged.
const epoch = () => Math.floor(Date.now() / 1000);

const PURGE_EVERY = 500; // writes between sweeps of expired rows; one indexed DELETE, no timer to manage

export function sqliteAdapter(db: Db) {
  let writes = 0;
  purgeExpiredArtefacts(db, epoch());
  return class SqliteAdapter implements Adapter {
    constructor(readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      if (++writes % PURGE_EVERY === 0) purgeExpiredArtefacts(db, epoch());
      upsertArtefact(db, this.model, id, payload as Record<string, unknown>, expiresIn ? epoch() + expiresIn : null);
    }
    async find(id: string) {
      return findArtefact(db, this.model, id, epoch()) as AdapterPayload | undefined;
    }
    async findByUid(uid: string) {
      return findArtefactByUid(db, this.model, uid, epoch()) as AdapterPayload | undefined;
    }
    async findByUserCode(userCode: string) {
      return findArtefactByUserCode(db, this.model, userCode, epoch()) as AdapterPayload | undefined;
    }
    async consume(id: string): Promise<void> {
      consumeArtefact(db, this.model, id, epoch());
    }
    async destroy(id: string): Promise<void> {
      destroyArtefact(db, this.model, id);
    }
    async revokeByGrantId(grantId: string): Promise<void> {
      revokeGrantArtefacts(db, grantId);
    }
  };
}
