import type { Db } from '../../storage/db';
import * as queries from '../../storage/queries/oauth';
import { artefactAdapter, artefactStore } from './artefact-adapter';

// oidc-provider keeps its state in one SQLite table keyed by (model, id); the rules are in artefact-adapter.ts.
export function sqliteAdapter(db: Db) {
  return artefactAdapter(artefactStore(db, queries), 'SqliteAdapter');
}
