import type { Db } from './db';

// State a module keeps per open database (a WeakMap: it goes with the database), made by `init` on first use.
export function perDatabase<T>(init: () => T): (db: Db) => T {
  const states = new WeakMap<Db, T>();
  return (db) => {
    let s = states.get(db);
    if (!s) states.set(db, (s = init()));
    return s;
  };
}
