import { readSnapshot, type Db } from '../db';
import type { Stmt } from '../engine/types';
import { ByteBudget, Lru } from '../../domain/lru';
import { approxBytes } from '../../domain/approx-size';

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

// On PostgreSQL the signature is this process's own write count and the change log's newest sequence number, read
// once per turn of the event loop with the topics logged since the last look (one query).

type PerDb = {
  version: Stmt; changedSince: Stmt; lastChange: Stmt;
  versionsAt: Stmt | null; // PostgreSQL: several topics' versions in one statement (a round trip each otherwise)
  sqliteSignature: (() => string) | null; // SQLite: total_changes() and data_version, no await
  scopes: Map<string, Lru<string, Entry>>; computes: Map<string, number>;
  // What every scope's answers may weigh together (keptBudget), besides each scope's own count.
  budget: ByteBudget;
  // The latest period an answer was kept for, per scope (MemoOptions.period).
  periods: Map<string, number>;
  // Answers being computed, by scope and key, with the signature they were asked under: a request that misses while
  // the same answer is being computed under the same signature waits for that one rather than computing it again.
  inflight: Map<string, { signature: string; entry: Promise<Entry> }>;
  // data_version as read in this turn of the event loop (null: not yet read in it).
  dataVersionNow: number | null;
  // PostgreSQL: the read of the change log's position running now, and the one queued behind it (logPositionNow).
  logRead: LogRead | null;
  nextLogRead: Promise<number> | null;
  // PostgreSQL: reads of topics' versions running now outside every transaction, by topic (readVersionsShared).
  versionReads: Map<string, { generation: number; version: Promise<number> }>;
  // Topic versions as read, kept across changes of the database while the change log (migration 0014) shows no
  // bump of them: when the signature moves, the topics bumped since `logSeq` are forgotten (one read of the log),
  // and the others are still known. Under a steady trickle of writes (views, votes, edits) a cached answer is then
  // checked in memory, not with a read of each of its topics after every write. A version is only ever forgotten
  // or read afresh, never guessed: one read before the log position it is kept under is older, which can only
  // make an answer look stale, never fresh.
  known: { signature: string; logSeq: number; versions: Lru<string, number>; generation: number };
};

// Past this many topics changed since the last look, forgetting everything costs less than forgetting them one by one.
// Topics, not changes: the log holds a row per bump, and one flush of page views bumps 'views' once per listing viewed
// (a row each), so with a limit of 500 changes a busy half-second of views alone made every process forget every
// version it knew. The changes are read in order by key, at most CATCH_UP_CHANGES of them (grouped in SQL, SQLite
// would sort them in a temporary b-tree on every look), and made distinct here.
const CATCH_UP_TOPICS = 500;
const CATCH_UP_CHANGES = 5000;
// change_log keeps the last 100,000 changes (migration 0014): a reader further behind may have missed some.
const LOG_KEPT = 100_000;
// Versions known at most; past it the least recently used goes (forgetting one is always safe: it is read again when
// an answer needs it). What they are for is checking kept answers, which name at most some tens of thousands of
// topics together (their count caps and CACHE_MB hold a few thousand answers at 100,000 listings, with a few topics
// each). It was 200,000, all forgotten at once past it: a crawler going through 100,000 listings left ~100,000
// versions of listings no kept answer showed any more, ~80 bytes of heap each.
export const MAX_KNOWN_VERSIONS = 20_000;
// What remembered answers may weigh together by default, as approxBytes counts them (CACHE_MB sets it: keptBudget).
// Made from them and held while they are kept comes about as much again (their JSON bytes, MCP answer heads, compressed
// copies): at 100,000 listings, read at 2,000 addresses of each of ten kinds, answers weighing 42 MB took the server
// from 168 to 319 MB resident. The read benchmark's working set weighs ~30 MB (its 500 addresses of each kind), at most
// ~18 MB of one kind (the signed-out pages). 24 MB rather than 32: over the benchmark's whole run, peak RSS had come
// to 293–301 MB against its 300 MB target at 100,000 listings, and the budget is what takes most of the heap's growth
// (a run of the pages, the long tail and MCP peaked at 263 MB with 32 and 254 MB with 24). 20 rather than 24 once the
// bench read first pages as browsers ask (their compression's memory comes on top): peaks of 290 and 293 MB with 24,
// 277 and 285 MB with 20, over the same scenarios in turns, at the same reads a second (the bench's cached reads keep
// at most ~18 MB before its long tail fills the budget).
export const DEFAULT_KEPT_BYTES = 20 * 1024 * 1024;
type Entry = { signature: string; topics: readonly string[]; versions: number[]; value: unknown; period?: number };

const perDb = new WeakMap<Db, PerDb>();
function state(db: Db): PerDb {
  let s = perDb.get(db);
  if (!s) {
    const st: PerDb = {
      version: db.engine.prepare('SELECT version FROM change_versions WHERE topic = ?').pluck(),
      versionsAt: db.kind === 'pg' ? db.engine.prepare('SELECT topic, version FROM change_versions WHERE topic = ANY(?::text[])') : null,
      changedSince: db.engine.prepare(`SELECT seq, topic FROM change_log WHERE seq > ? ORDER BY seq LIMIT ${CATCH_UP_CHANGES + 1}`),
      lastChange: db.engine.prepare('SELECT coalesce(max(seq), 0) FROM change_log').pluck(),
      sqliteSignature: null,
      scopes: new Map(),
      budget: new ByteBudget(DEFAULT_KEPT_BYTES),
      periods: new Map(),
      known: { signature: '', logSeq: -1, versions: new Lru(MAX_KNOWN_VERSIONS), generation: 0 },
      computes: new Map(),
      inflight: new Map(),
      dataVersionNow: null,
      logRead: null,
      nextLogRead: null,
      versionReads: new Map(),
    };
    if (db.kind === 'sqlite') {
      const changes = db.sqlite.prepare('SELECT total_changes()').pluck();
      const dataVersion = db.sqlite.prepare('PRAGMA data_version').pluck();
      st.sqliteSignature = () => {
        if (st.dataVersionNow === null) {
          st.dataVersionNow = dataVersion.get() as number;
          setImmediate(() => { st.dataVersionNow = null; });
        }
        return `${changes.get() as number}:${st.dataVersionNow}`;
      };
    }
    perDb.set(db, (s = st));
  }
  return s;
}

// What moves whenever the database may have changed: a string on SQLite, a promise on PostgreSQL.
function signatureOf(db: Db, s: PerDb): string | Promise<string> {
  if (s.sqliteSignature) return s.sqliteSignature();
  // This process's own writes move the signature at once, within the turn too, and make the log be read again:
  // the versions known may predate them (as SQLite reads the log whenever total_changes() moved).
  const writes = db.engine.writes();
  return logPositionNow(db, s, writes).then((seq) => `${writes}:${seq}`);
}

// On PostgreSQL a request trusts what it remembers only as of a read of the change log that began in the request's
// own turn of the event loop or later (and after this process's latest write): one begun earlier may have read the log
// before a commit the request must see. Requests of one turn share a read. A request that finds a read running since
// an earlier turn waits for the next one, which begins when the running one is done, and every request that comes
// meanwhile shares that next read: at most one read runs, and one waits. Begun afresh per turn instead, reads
// overlapped under load, one per turn however many were running: at 100,000 listings and 32 connections, a cached
// get_listing cost PostgreSQL 4.4 µs of CPU against 3.5 µs this way (the app's own CPU the same).
type LogRead = { seq: Promise<number>; writes: number; thisTurn: boolean };
function logPositionNow(db: Db, s: PerDb, writes: number): Promise<number> {
  const running = s.logRead;
  if (!running) return startLogRead(s, writes).seq;
  if (running.thisTurn && running.writes === writes) return running.seq;
  s.nextLogRead ??= running.seq.then(noop, noop).then(() => {
    s.nextLogRead = null;
    return startLogRead(s, db.engine.writes()).seq;
  });
  return s.nextLogRead;
}
const noop = () => undefined;
function startLogRead(s: PerDb, writes: number): LogRead {
  const read: LogRead = { seq: catchUp(s, null), writes, thisTurn: true };
  s.logRead = read;
  setImmediate(() => { read.thisTurn = false; });
  read.seq.then(noop, noop).then(() => { if (s.logRead === read) s.logRead = null; });
  return read;
}

// The database moved: forget the versions of the topics bumped since the last look. Returns the log position.
// `signature` (SQLite) is remembered as the one the known versions are current for.
// The signature is recorded only once the forgetting is done: a reader that sees it recorded trusts the versions
// known, and one that reads them while a catch-up still awaits the log would trust versions about to be forgotten.
async function catchUp(s: PerDb, signature: string | null): Promise<number> {
  const k = s.known;
  const done = (seq: number) => {
    if (signature !== null) k.signature = signature;
    return seq;
  };
  if (k.logSeq >= 0) {
    // PostgreSQL's bigint comes as text.
    const rows = await s.changedSince.all(k.logSeq) as Array<{ seq: number | string; topic: string }>;
    if (!rows.length) return done(k.logSeq);
    const newest = Number(rows[rows.length - 1].seq);
    const topics = new Set(rows.map((r) => r.topic));
    if (rows.length <= CATCH_UP_CHANGES && topics.size <= CATCH_UP_TOPICS && k.logSeq >= newest - LOG_KEPT) {
      for (const topic of topics) k.versions.delete(topic);
      k.logSeq = Math.max(k.logSeq, newest);
      k.generation++;
      return done(newest);
    }
  }
  // First look, or too far behind: start again from the log's present position.
  k.logSeq = await s.lastChange.get() as number;
  k.versions.clear();
  k.generation++;
  return done(k.logSeq);
}

// `kept`: false inside a transaction of the caller's, which may write and roll back: the versions it sees are read
// afresh and kept nowhere, and the change log is not followed from inside it.
// `since`: the generation of the known versions when the reading began (a remembered read's snapshot may have
// started before this call). A version read is kept only while no catch-up has run since: on PostgreSQL reads and
// catch-ups of other requests interleave, and a version read before a catch-up but kept after it would outlive the
// forgetting of its topic.
async function versionsOf(db: Db, s: PerDb, topics: readonly string[], signature: string, kept = true, since?: number): Promise<number[]> {
  if (!kept) return await readVersions(s, topics);
  if (s.sqliteSignature && s.known.signature !== signature) await catchUp(s, signature);
  const k = s.known;
  const generation = since ?? k.generation;
  const out = topics.map((t) => k.versions.get(t));
  const missing = topics.filter((_, i) => out[i] === undefined);
  if (!missing.length) return out as number[];
  const sharing = s.versionsAt !== null && generation === k.generation && !db.engine.inTransaction();
  const read = await (sharing ? readVersionsShared(s, missing, generation) : readVersions(s, missing));
  const keep = k.generation === generation;
  let at = 0;
  return out.map((v, i) => {
    if (v !== undefined) return v;
    const r = read[at++];
    if (keep) k.versions.set(topics[i], r);
    return r;
  });
}

// PostgreSQL, outside every transaction: the versions of these topics, each read once however many requests miss it at
// once. After a catch-up forgets a topic, every request of the next turns that needs it misses it until the first
// read returns (a round trip; 32 requests at once under load), and each read it again: a quarter of PostgreSQL's
// statements with the bench's writers. A read is shared only within the generation of the known versions it began
// in: then no catch-up has forgotten its topic since it began, so it began after every commit a sharing request must
// see (one that bumped the topic before the request began was caught up, and moved the generation, before the
// request's signature was known). Reads inside a transaction or a remembered read's snapshot are neither shared nor
// joined: their versions must be those of their own snapshot.
function readVersionsShared(s: PerDb, topics: readonly string[], generation: number): Promise<number[]> {
  const joined = (t: string) => {
    const flight = s.versionReads.get(t);
    return flight && flight.generation === generation ? flight.version : undefined;
  };
  const own = [...new Set(topics.filter((t) => !joined(t)))];
  if (own.length) {
    const reading = readVersions(s, own);
    own.forEach((topic, i) => {
      const flight = { generation, version: reading.then((versions) => versions[i]) };
      s.versionReads.set(topic, flight);
      const landed = () => { if (s.versionReads.get(topic) === flight) s.versionReads.delete(topic); };
      flight.version.then(landed, landed);
    });
  }
  return Promise.all(topics.map((t) => joined(t)!));
}

// The versions of these topics as the database holds them now (0: never bumped).
async function readVersions(s: PerDb, topics: readonly string[]): Promise<number[]> {
  if (s.versionsAt && topics.length > 1) {
    const rows = await s.versionsAt.all([...topics]) as Array<{ topic: string; version: number | string }>;
    const byTopic = new Map(rows.map((r) => [r.topic, Number(r.version)]));
    return topics.map((t) => byTopic.get(t) ?? 0);
  }
  return await Promise.all(topics.map(async (t) => ((await s.version.get(t)) as number | undefined) ?? 0));
}
const same = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

// Outside every transaction of the caller's: none open, or, on SQLite, only the read-only snapshot a remembered read
// computes in (reads it makes in turn, a board's ranking inside the board's page, are kept as usual: the snapshot is
// taken and read within one turn of the event loop, on the one connection, and is the database as it is). Inside
// one, what is read may be rolled back: it is neither kept nor trusted to a version seen outside it.
// On PostgreSQL a read nested in a remembered read's snapshot is made as inside a caller's transaction too (its
// topics' versions read in that snapshot; none of them, nor the change log's position, kept; no computation shared;
// its answer kept only with the versions it was made at, below), for two reasons:
// - The snapshot holds a pooled connection and may be older than what other requests have read since. Kept or
//   shared, its answers, versions and log position would be trusted by requests that began after a change it
//   cannot see.
// - Sharing waits would deadlock. A nested read that waits for work begun outside every transaction holds its
//   connection meanwhile: another request's read of the change log, or its computation of the same answer, each
//   takes a connection from the pool once it runs. With enough such reads at once, every pooled connection waits,
//   idle in a READ ONLY transaction, and the server answers nothing. The bench's 32 connections did exactly that
//   (tests/memo-pool.test.ts).
const outsideCallerTransaction = (db: Db) => (db.kind === 'sqlite' ? db.engine.transactionMode() !== 'immediate' : !db.engine.inTransaction());

export type MemoOptions<T> = {
  // Answers kept at most for the scope (the least recently used go first).
  kept?: number;
  // The period the key is for, when the key names one (the minute a ranking is taken in, the hour of a sitemap): a
  // number that grows with time. Such a key is never asked for again once its period is over, so when an answer for a
  // later period is kept, the scope's answers for earlier ones are dropped rather than left for the LRU to push out
  // (they held up to `kept` dead answers per scope: a launch week's are ~1 MB each).
  period?: number;
  // May refuse to remember an answer that was made from something not yet current (see vocabularyIsCurrent).
  keep?: () => boolean | Promise<boolean>;
  // Asked whenever the database moved and the topics did not, for what topics cannot say (a search result and the
  // text changes logged since it was made).
  fresh?: (value: T) => boolean | Promise<boolean>;
};

// `topics` names what the answer shows: table names, 'listing:<id>', 'votes', 'views', 'follows' (see migration
// 0011). A function of the value when the topics are only known once it is read (a listing's id from its slug).
// The value and the versions are read in one transaction, so they come from the same snapshot of the database.

export async function memoOn<T>(
  db: Db, scope: string, key: string, topics: readonly string[] | ((value: T) => readonly string[]), compute: () => Promise<T> | T,
  { kept = 1000, period, keep = () => true, fresh }: MemoOptions<T> = {},
): Promise<T> {
  const s = state(db);
  let lru = s.scopes.get(scope);
  if (!lru) s.scopes.set(scope, (lru = new Lru(kept, s.budget)));
  const outside = outsideCallerTransaction(db);
  let signature = '';
  if (outside) {
    const sig = await signatureOf(db, s);
    signature = typeof sig === 'string' ? sig : await sig;
  }
  const hit = lru.get(key);
  if (hit) {
    if (outside && hit.signature === signature) return hit.value as T;
    if (same(await versionsOf(db, s, hit.topics, signature, outside), hit.versions) && (!fresh || await fresh(hit.value as T))) {
      if (outside) hit.signature = signature;
      return hit.value as T;
    }
  }
  // One computation per answer at a time. On SQLite a computation runs within one turn, so requests never overlap
  // in one; on PostgreSQL it awaits the server, and without this every request arriving meanwhile (32 at once under
  // load, after each write that touched the answer) would compute it again. Sharing is as fresh as a remembered
  // answer: it is shared only under the signature it was asked with, so nothing written before a request began is
  // missing from what that request gets.
  const flightKey = `${scope}\u0000${key}`;
  if (outside) {
    const flying = s.inflight.get(flightKey);
    if (flying && flying.signature === signature) return (await flying.entry).value as T;
    // Made by another request while this one was checking the versions of what it had.
    const made = lru.get(key);
    if (made && made !== hit && made.signature === signature) return made.value as T;
  }
  const entry = computeEntry(db, s, scope, topics, compute, signature, outside);
  const remember = (made: Entry) => {
    if (period !== undefined) dropEarlierPeriods(s, scope, lru, period);
    lru.set(key, { ...made, period }, weightOf(key, made));
  };
  if (!outside) {
    const made = await entry;
    // Made in a PostgreSQL read-only snapshot (a read nested in another's): kept with its topics' versions as that
    // snapshot read them and no signature, so a later request checks them against the versions of its own time and
    // uses it only while none has moved since. Nothing of a write transaction's is kept: it may roll back.
    if (db.kind === 'pg' && db.engine.transactionMode() === 'deferred' && await keep()) remember(made);
    return made.value as T;
  }
  const flight = { signature, entry };
  s.inflight.set(flightKey, flight);
  try {
    const made = await entry;
    if (await keep()) remember(made);
    return made.value as T;
  } finally {
    if (s.inflight.get(flightKey) === flight) s.inflight.delete(flightKey);
  }
}

// The answer kept under `key` while it is current, as memoOn would return it, or undefined where memoOn would make it
// again; nothing is made or counted. For a lane that sends what is kept and leaves anything else to the path that
// makes it (transport/page-front.ts). Outside every transaction, as such a lane is. Answers kept with a `fresh`
// check are not for it: that check is not made here.
export async function memoPeek<T>(db: Db, scope: string, key: string): Promise<T | undefined> {
  const s = state(db);
  const hit = s.scopes.get(scope)?.get(key);
  if (!hit) return undefined;
  const sig = await signatureOf(db, s);
  const signature = typeof sig === 'string' ? sig : await sig;
  if (hit.signature === signature) return hit.value as T;
  if (!same(await versionsOf(db, s, hit.topics, signature), hit.versions)) return undefined;
  hit.signature = signature;
  return hit.value as T;
}

// What an answer kept under `key` holds: its value, the topics and versions it was checked against, and the key.
const weightOf = (key: string, e: Entry): number =>
  approxBytes(key) + approxBytes(e.value) + approxBytes(e.topics) + approxBytes(e.versions) + approxBytes(e.signature);

// Once per period and scope: the answers kept for earlier periods go (one pass over at most `kept` entries).
function dropEarlierPeriods(s: PerDb, scope: string, lru: Lru<string, Entry>, period: number): void {
  const latest = s.periods.get(scope);
  if (latest !== undefined && latest >= period) return;
  s.periods.set(scope, period);
  if (latest === undefined) return;
  for (const [key, entry] of lru.entries()) if (entry.period !== undefined && entry.period < period) lru.delete(key);
}

// Computes an answer and reads the versions of its topics in one snapshot.
async function computeEntry<T>(
  db: Db, s: PerDb, scope: string, topics: readonly string[] | ((value: T) => readonly string[]), compute: () => Promise<T> | T,
  signature: string, outside: boolean,
): Promise<Entry> {
  s.computes.set(scope, (s.computes.get(scope) ?? 0) + 1);
  // SQLite catches up here, before the generation is taken, so what the compute reads is kept.
  if (outside && s.sqliteSignature && s.known.signature !== signature) await catchUp(s, signature);
  const since = s.known.generation;
  return await readSnapshot(db, async (): Promise<Entry> => {
    const value = await compute();
    const names = typeof topics === 'function' ? topics(value) : topics;
    return { signature, topics: names, versions: await versionsOf(db, s, names, signature, outside, since), value };
  });
}

// What moves whenever the database may have changed, as memoOn checks it: something read from the database outside
// memoOn may be reused by every request that finds the same signature, as a remembered answer is. null inside a
// caller's transaction (or, on PostgreSQL, a remembered read's snapshot), where nothing read may be shared.
export async function databaseSignature(db: Db): Promise<string | null> {
  if (!outsideCallerTransaction(db)) return null;
  const sig = signatureOf(db, state(db));
  return typeof sig === 'string' ? sig : await sig;
}

// The versions of some topics as one string: a validator for caches kept outside memoOn (search totals).
export async function topicVersions(db: Db, topics: readonly string[]): Promise<string> {
  const signature = await databaseSignature(db);
  return (await versionsOf(db, state(db), topics, signature ?? '', signature !== null)).join('.');
}

// The budget every scope's answers share on this database: what they may weigh together, in approxBytes (bytes of
// V8's heap, about). Counted are the answers themselves; what is made from one once and kept beside it while it is
// kept (its JSON bytes, an MCP answer's head: tools/invoke.ts keptBeside) comes on top. Site pages kept per address
// share it too (site/kept-page.ts). When full, the least recently used answers of any scope go first.
export const keptBudget = (db: Db): ByteBudget => state(db).budget;
export function setKeptBytes(db: Db, bytes: number): void {
  const b = state(db).budget;
  b.limit = bytes;
  b.settle();
}

// How many times a scope's answers were computed rather than served from memory (tests and the bench read it).
export const memoComputes = (db: Db, scope: string): number => state(db).computes.get(scope) ?? 0;
// The same for every scope that computed anything (/metrics shows it).
export const memoComputeCounts = (db: Db): ReadonlyMap<string, number> => state(db).computes;
// How many answers a scope holds now (the tests read it).
export const memoKept = (db: Db, scope: string): number => state(db).scopes.get(scope)?.size ?? 0;
// How many topics' versions are known (kept to check remembered answers without reading them).
export const knownVersionCount = (db: Db): number => state(db).known.versions.size;
