import type Database from 'better-sqlite3';
import type { Db } from './db';

// Prepared statements built once per database and reused: preparing is far dearer than running.
// `const statements = preparedFor((p) => ({ byId: p('SELECT …') }))`, then `statements(db).byId.get(id)`.
export function preparedFor<T>(build: (prepare: (sql: string) => Database.Statement) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>();
  return (db) => {
    let s = cache.get(db);
    if (!s) {
      s = build((sql) => db.sqlite.prepare(sql));
      cache.set(db, s);
    }
    return s;
  };
}
