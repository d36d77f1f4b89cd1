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

type Stmt = { get(...args: unknown[]): unknown; all(...args: unknown[]): unknown[] };
type PerDb = {
  changes: Stmt; dataVersion: Stmt; version: Stmt; changedSince: Stmt; lastChange: Stmt;
  scopes: Map<string, Lru<string, Entry>>; computes: Map<string, number>;
  // data_version as read in this turn of the event loop (null: not yet read in it).
  dataVersionNow: number | null;
  // Topic versions as read, kept across changes of the database while the change log (migration 0014) shows no
  // bump of them: when the signature moves, the topics bumped since `logSeq` are forgotten (one read of the log),
  // and the others are still known. Under a steady trickle of writes (views, votes, edits) a cached answer is then
  // checked in memory, not with a read of each of its topics after every write. A version is only ever forgotten
  // or read afresh, never guessed: one read before the log position it is kept under is older, which can only
  // make an answer look stale, never fresh.
  known: { signature: string; logSeq: number; versions: Map<string, number> };
};

// Past this many changes since the last look, forgetting everything costs less than reading them.
const CATCH_UP_ROWS = 500;
// change_log keeps the last 100,000 changes (migration 0014): a reader further behind may have missed some.
const LOG_KEPT = 100_000;
// Versions known at most (a topic per listing read): forgetting them all is always safe.
const MAX_KNOWN = 200_000;
type Entry = { signature: string; topics: readonly string[]; versions: number[]; value: unknown };

const perDb = new WeakMap<Db, PerDb>();
function state(db: Db): PerDb {
  let s = perDb.get(db);
  if (!s) {
    s = {
      changes: db.sqlite.prepare('SELECT total_changes()').pluck(),
      dataVersion: db.sqlite.prepare('PRAGMA data_version').pluck(),
      version: db.sqlite.prepare('SELECT version FROM change_versions WHERE topic = ?').pluck(),
      changedSince: db.sqlite.prepare(`SELECT seq, topic FROM change_log WHERE seq > ? ORDER BY seq LIMIT ${CATCH_UP_ROWS + 1}`),
      lastChange: db.sqlite.prepare('SELECT coalesce(max(seq), 0) FROM change_log').pluck(),
      scopes: new Map(),
      known: { signature: '', logSeq: -1, versions: new Map() },
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

// The database whose outermost transaction is the read-only snapshot of a remembered read being computed.
let ownSnapshot: Db | null = null;

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

// The database moved: forget the versions of the topics bumped since the last look.
function catchUp(s: PerDb, signature: string): void {
  const k = s.known;
  k.signature = signature;
  if (k.logSeq >= 0) {
    const rows = s.changedSince.all(k.logSeq) as Array<{ seq: number; topic: string }>;
    if (!rows.length) return;
    const newest = rows[rows.length - 1].seq;
    if (rows.length <= CATCH_UP_ROWS && k.logSeq >= newest - LOG_KEPT) {
      for (const r of rows) k.versions.delete(r.topic);
      k.logSeq = newest;
      return;
    }
  }
  // First look, or too far behind: start again from the log's present position.
  k.logSeq = s.lastChange.get() as number;
  k.versions.clear();
}

// `kept`: false inside a transaction of the caller's, which may write and roll back: the versions it sees are read
// afresh and kept nowhere, and the change log is not followed from inside it.
function versionsOf(s: PerDb, topics: readonly string[], signature: string, kept = true): number[] {
  if (!kept) return topics.map((t) => (s.version.get(t) as number | undefined) ?? 0);
  if (s.known.signature !== signature) catchUp(s, signature);
  if (s.known.versions.size > MAX_KNOWN) s.known.versions.clear();
  const known = s.known.versions;
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
  // Inside a transaction of the caller's, what is read may be rolled back: it is neither kept nor trusted to a
  // version seen outside it. The read-only snapshot a remembered read computes in is not such a transaction: the
  // reads it makes in turn (a board's ranking inside the board's page) are kept as usual.
  const outside = !db.sqlite.inTransaction || ownSnapshot === db;
  const hit = lru.get(key);
  if (hit) {
    if (hit.signature === signature) return hit.value as T;
    if (same(versionsOf(s, hit.topics, signature, outside), hit.versions) && (!fresh || fresh(hit.value as T))) {
      if (outside) hit.signature = signature;
      return hit.value as T;
    }
  }
  let entry!: Entry;
  s.computes.set(scope, (s.computes.get(scope) ?? 0) + 1);
  const owner = ownSnapshot;
  if (!db.sqlite.inTransaction) ownSnapshot = db;
  try {
    readSnapshot(db, () => {
      const value = compute();
      const names = typeof topics === 'function' ? topics(value) : topics;
      entry = { signature, topics: names, versions: versionsOf(s, names, signature, outside), value };
    });
  } finally {
    ownSnapshot = owner;
  }
  if (outside && keep()) lru.set(key, entry);
  return entry.value as T;
}

// The versions of some topics as one string: a validator for caches kept outside memoOn (search totals).
export function topicVersions(db: Db, topics: readonly string[]): string {
  return versionsOf(state(db), topics, dataSignature(db), !db.sqlite.inTransaction).join('.');
}

// How many times a scope's answers were computed rather than served from memory (tests and the bench read it).
export const memoComputes = (db: Db, scope: string): number => state(db).computes.get(scope) ?? 0;
