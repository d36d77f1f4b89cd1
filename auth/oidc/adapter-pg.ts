import type pg from 'pg';
import * as queries from '../../storage/pg/oauth';
import { artefactAdapter, artefactStore } from './artefact-adapter';

// oidc-provider's state in PostgreSQL's oauth_store, with the same rules as sqliteAdapter (artefact-adapter.ts).
export function pgAdapter(pool: pg.Pool) {
  return artefactAdapter(artefactStore(pool, queries), 'PgAdapter');
}
