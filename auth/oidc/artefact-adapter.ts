import type { Adapter, AdapterPayload } from 'oidc-provider';

// oidc-provider's Adapter over any store of artefacts keyed by (model, id): SQLite's (storage/queries/oauth.ts,
// synchronous) and PostgreSQL's (storage/pg/oauth.ts, asynchronous) answer the same calls, so the rules live here once.
// Expiry is on the provider's own clock (epoch seconds, wall time): the store never returns a row whose expires_at
// is not after `now`, even before the row is purged.
type MaybePromise<T> = T | Promise<T>;
type Artefact = Record<string, unknown> | undefined;

export type ArtefactStore = {
  upsert(model: string, id: string, payload: Record<string, unknown>, expiresAt: number | null): MaybePromise<void>;
  find(model: string, id: string, now: number): MaybePromise<Artefact>;
  findByUid(model: string, uid: string, now: number): MaybePromise<Artefact>;
  findByUserCode(model: string, userCode: string, now: number): MaybePromise<Artefact>;
  consume(model: string, id: string, now: number): MaybePromise<void>;
  destroy(model: string, id: string): MaybePromise<void>;
  revokeByGrant(grantId: string): MaybePromise<void>;
  purgeExpired(now: number): MaybePromise<number>;
};

// An engine's artefact functions (storage/queries/oauth.ts, storage/pg/oauth.ts): each takes the engine's handle
// first, then the store's arguments.
export type ArtefactQueries<H> = {
  upsertArtefact(h: H, model: string, id: string, payload: Record<string, unknown>, expiresAt: number | null): MaybePromise<void>;
  findArtefact(h: H, model: string, id: string, now: number): MaybePromise<Artefact>;
  findArtefactByUid(h: H, model: string, uid: string, now: number): MaybePromise<Artefact>;
  findArtefactByUserCode(h: H, model: string, userCode: string, now: number): MaybePromise<Artefact>;
  consumeArtefact(h: H, model: string, id: string, now: number): MaybePromise<void>;
  destroyArtefact(h: H, model: string, id: string): MaybePromise<void>;
  revokeGrantArtefacts(h: H, grantId: string): MaybePromise<void>;
  purgeExpiredArtefacts(h: H, now: number): MaybePromise<number>;
};

export function artefactStore<H>(h: H, q: ArtefactQueries<H>): ArtefactStore {
  return {
    upsert: (model, id, payload, expiresAt) => q.upsertArtefact(h, model, id, payload, expiresAt),
    find: (model, id, now) => q.findArtefact(h, model, id, now),
    findByUid: (model, uid, now) => q.findArtefactByUid(h, model, uid, now),
    findByUserCode: (model, code, now) => q.findArtefactByUserCode(h, model, code, now),
    consume: (model, id, now) => q.consumeArtefact(h, model, id, now),
    destroy: (model, id) => q.destroyArtefact(h, model, id),
    revokeByGrant: (grantId) => q.revokeGrantArtefacts(h, grantId),
    purgeExpired: (now) => q.purgeExpiredArtefacts(h, now),
  };
}

const epoch = () => Math.floor(Date.now() / 1000);

export const PURGE_EVERY = 500; // writes between sweeps of expired rows; one indexed DELETE, no timer to manage

export function artefactAdapter(store: ArtefactStore, name = 'ArtefactAdapter') {
  let writes = 0;
  // Expired rows left by an earlier run go at once. A synchronous store has swept (or thrown) before this returns;
  // an asynchronous one reports a failure here rather than as an unhandled rejection (the next sweep tries again).
  const initialPurge = Promise.resolve(store.purgeExpired(epoch()))
    .catch((err: unknown) => { console.error('[oauth] purging expired artefacts failed', err); return 0; });
  const adapter = class implements Adapter {
    // Settles once the sweep at creation is done: for callers (and tests) that need to know.
    static readonly initialPurge: Promise<number> = initialPurge;
    constructor(readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      if (++writes % PURGE_EVERY === 0) await store.purgeExpired(epoch());
      await store.upsert(this.model, id, payload as Record<string, unknown>, expiresIn ? epoch() + expiresIn : null);
    }
    async find(id: string) {
      return (await store.find(this.model, id, epoch())) as AdapterPayload | undefined;
    }
    async findByUid(uid: string) {
      return (await store.findByUid(this.model, uid, epoch())) as AdapterPayload | undefined;
    }
    async findByUserCode(userCode: string) {
      return (await store.findByUserCode(this.model, userCode, epoch())) as AdapterPayload | undefined;
    }
    async consume(id: string): Promise<void> {
      await store.consume(this.model, id, epoch());
    }
    async destroy(id: string): Promise<void> {
      await store.destroy(this.model, id);
    }
    async revokeByGrantId(grantId: string): Promise<void> {
      await store.revokeByGrant(grantId);
    }
  };
  Object.defineProperty(adapter, 'name', { value: name });
  return adapter;
}
