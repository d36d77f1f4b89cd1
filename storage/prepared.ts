import type { Db } from './db';
import type { Dialects, Stmt } from './engine/types';

// Prepared statements built once per database and reused: preparing is far dearer than running.
// `const statements = preparedFor((p) => ({ byId: p('SELECT …') }))`, then `await statements(db).byId.get(id)`.
export function preparedFor<T>(build: (prepare: (sql: string, dialects?: Dialects) => Stmt) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>();
  return (db) => {
    let s = cache.get(db);
    if (!s) {
      s = build((sql, dialects) => db.engine.prepare(sql, dialects));
      cache.set(db, s);
    }
    return s;
  };
}
