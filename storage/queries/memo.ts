import type { Db } from '../db';
import { Lru } from '../../domain/fuzzy';

// Read results remembered until the database changes, so repeated reads (the same listing page, the same search,
// a board) skip their queries while any write is visible to the very next read. total_changes() moves on every
// write through this connection and data_version on every commit by another connection: one cheap query.
// Callers must not mutate what they get back: it is shared.
const signatureStmts = new WeakMap<Db, { get(): unknown }>();

export function dataSignature(db: Db): string {
  let stmt = signatureStmts.get(db);
  if (!stmt) {
    stmt = db.sqlite.prepare('SELECT total_changes() AS c, data_version AS v FROM pragma_data_version');
    signatureStmts.set(db, stmt);
  }
  const r = stmt.get() as { c: number; v: number };
  return `${r.c}:${r.v}`;
}

const memos = new WeakMap<Db, Map<string, Lru<string, { signature: string; value: unknown }>>>();

export function memoUntilChange<T>(db: Db, scope: string, key: string, compute: () => T, capacity = 1000): T {
  let scopes = memos.get(db);
  if (!scopes) memos.set(db, (scopes = new Map()));
  let lru = scopes.get(scope);
  if (!lru) scopes.set(scope, (lru = new Lru(capacity)));
  const signature = dataSignature(db);
  const hit = lru.get(key);
  if (hit && hit.signature === signature) return hit.value as T;
  const value = compute();
  lru.set(key, { signature, value });
  return value;
}
