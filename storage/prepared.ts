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

// Statements prepared on first use, per database and SQL text: for SQL put together at run time, or reading tables
// made later (a connection's temporary tables), which preparedFor would prepare before they exist.
export function preparedOnUse(): (db: Db, sql: string) => Stmt {
  const cache = new WeakMap<Db, Map<string, Stmt>>();
  return (db, sql) => {
    let statements = cache.get(db);
    if (!statements) cache.set(db, (statements = new Map()));
    let st = statements.get(sql);
    if (!st) statements.set(sql, (st = db.engine.prepare(sql)));
    return st;
  };
}

// Statements over a list of values, one prepared per length of the list (`IN (?, ?, …)` reads the same on both
// engines): `const byIds = preparedForLength()`, then `byIds(db, ids.length, (marks) => \`… IN (${marks})\`).all(...ids)`.
export function preparedForLength(): (db: Db, n: number, sql: (marks: string) => string) => Stmt {
  const cache = new WeakMap<Db, Map<number, Stmt>>();
  return (db, n, sql) => {
    let statements = cache.get(db);
    if (!statements) cache.set(db, (statements = new Map()));
    let st = statements.get(n);
    if (!st) statements.set(n, (st = db.engine.prepare(sql(Array.from({ length: n }, () => '?').join(',')))));
    return st;
  };
}
