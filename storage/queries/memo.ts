import { readSnapshot, type Db } from '../db';
import { Lru } from '../../domain/fuzzy';

// Read results remembered until something they show changes. Each answer is stored with the versions of the
// topics it depends on (table change_versions, bumped by triggers on every write: migration 0011), so a page view
// or a vote on one listing does not throw away search results or other listings, and a write by another process on
// the same database is seen as soon as it commits.
//
// Fast path: total_changes() moves on every write through this connection and data_version on every commit by
// another one; while that signature stands still nothing can have changed and the topics are not even read.
// data_version is read once per turn of the event loop: reading it opens a read transaction (two fcntl locks and an
// fstat in WAL mode, ~3 µs, where total_changes() costs 0.1 µs and no system call). A commit by another connection
// or process is therefore seen from the next turn on: by every request whose handling starts after the commit
// (a request is read from its socket in a later turn than the one that wrote, or in the same turn after the
// writer's commit), and this connection's own writes move total_changes at once.
// Callers must not mutate what they get back: it is shared.

type Stmt = { get(...args: unknown[]): unknown };
type PerDb = {
  changes: Stmt; dataVersion: Stmt; version: Stmt; scopes: Map<string, Lru<string, Entry>>; computes: Map<string, number>;
  // data_version as read in this turn of the event loop (null: not yet read in it).
  dataVersionNow: number | null;
  // Topic versions read since the signature last moved: while it stands still they cannot change, and many answers
  // share topics ('categories', 'votes'), so each is read once per change of the database, not once per answer.
  seen: { signature: string; versions: Map<string, number> };
};
type Entry = { signature: string; topics: readonly string[]; versions: number[]; value: unknown };

const perDb = new WeakMap<Db, PerDb>();
function state(db: Db): PerDb {
  let s = perDb.get(db);
  if (!s) {
    s = {
      changes: db.sqlite.prepare('SELECT total_changes()').pluck(),
      dataVersion: db.sqlite.prepare('PRAGMA data_version').pluck(),
      version: db.sqlite.prepare('SELECT version FROM change_versions WHERE topic = ?').pluck(),
      scopes: new Map(),
      seen: { signature: '', versions: new Map() },
      computes: new Map(),
      dataVersionNow: null,
    };
    perDb.set(db, s);
  }
  return s;
}

export function dataSignature(db: Db): string {
  const s = state(db);
  if (s.dataVersionNow === null) {
    s.dataVersionNow = s.dataVersion.get() as number;
    setImmediate(() => { s.dataVersionNow = null; });
  }
  return `${s.changes.get() as number}:${s.dataVersionNow}`;
}

// Several remembered reads in one synchronous stretch that writes nothing (a tool's read path) share one signature:
// reading it costs two statements, and nothing can move it in between.
let scoped: { db: Db; signature: string } | null = null;
export function readsTogether<T>(db: Db, fn: () => T): T {
  const outer = scoped;
  scoped = { db, signature: dataSignature(db) };
  try {
    return fn();
  } finally {
    scoped = outer;
  }
}

function versionsOf(s: PerDb, topics: readonly string[], signature: string): number[] {
  if (s.seen.signature !== signature) s.seen = { signature, versions: new Map() };
  const known = s.seen.versions;
  return topics.map((t) => {
    let v = known.get(t);
    if (v === undefined) known.set(t, (v = (s.version.get(t) as number | undefined) ?? 0));
    return v;
  });
}
const same = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

// `topics` names what the answer shows: table names, 'listing:<id>', 'votes', 'views', 'follows' (see migration
// 0011). A function of the value when the topics are only known once it is read (a listing's id from its slug).
// The value and the versions are read in one transaction, so they come from the same snapshot of the database.
// `keep` may refuse to remember an answer that was made from something not yet current (see vocabularyIsCurrent).
// `fresh`, when given, is asked whenever the database moved and the topics did not, for what topics cannot say (a
// search result and the text changes logged since it was made).
export function memoOn<T>(
  db: Db, scope: string, key: string, topics: readonly string[] | ((value: T) => readonly string[]), compute: () => T, capacity = 1000,
  keep: () => boolean = () => true, fresh?: (value: T) => boolean,
): T {
  const s = state(db);
  let lru = s.scopes.get(scope);
  if (!lru) s.scopes.set(scope, (lru = new Lru(capacity)));
  const signature = scoped?.db === db ? scoped.signature : dataSignature(db);
  const hit = lru.get(key);
  if (hit) {
    if (hit.signature === signature) return hit.value as T;
    if (same(versionsOf(s, hit.topics, signature), hit.versions) && (!fresh || fresh(hit.value as T))) {
      hit.signature = signature;
      return hit.value as T;
    }
  }
  let entry!: Entry;
  s.computes.set(scope, (s.computes.get(scope) ?? 0) + 1);
  readSnapshot(db, () => {
    const value = compute();
    const names = typeof topics === 'function' ? topics(value) : topics;
    entry = { signature, topics: names, versions: versionsOf(s, names, signature), value };
  });
  if (keep()) lru.set(key, entry);
  return entry.value as T;
}

// The versions of some topics as one string: a validator for caches kept outside memoOn (search totals).
export function topicVersions(db: Db, topics: readonly string[]): string {
  return versionsOf(state(db), topics, dataSignature(db)).join('.');
}

// How many times a scope's answers were computed rather than served from memory (tests and the bench read it).
export const memoComputes = (db: Db, scope: string): number => state(db).computes.get(scope) ?? 0;
