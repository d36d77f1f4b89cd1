import type { Db } from '../db';
import { preparedFor } from '../prepared';

// change_log (SQLite migration 0014, PostgreSQL 0003) for readers that keep something up to date from it rather than
// make it again: where the log stands, and which listings it names past a position. Every write to a listing's row,
// its memberships or its votes bumps the topic `listing:<id>`, whichever process made it. The log keeps the last
// 100,000 changes; a reader whose position is older than its first entry may have missed some.

export type LogSpan = { first: number; last: number };

const statements = preparedFor((p) => ({
  // Two statements: asked for both at once, SQLite reads the whole log instead of each end of its key (~10 ms).
  last: p('SELECT coalesce(max(seq), 0) AS n FROM change_log').pluck(),
  first: p('SELECT coalesce(min(seq), 0) AS n FROM change_log').pluck(),
  listings: p(`SELECT CAST(substr(topic, 9) AS INTEGER) AS id FROM change_log
    WHERE seq > ? AND seq <= ? AND substr(topic, 1, 8) = 'listing:'`).pluck(),
}));

// PostgreSQL's seq is a bigint (text through its driver).
export async function logSpan(db: Db): Promise<LogSpan> {
  const s = statements(db);
  return { last: Number(await s.last.get()), first: Number(await s.first.get()) };
}

// Whether every change after `seq` is still in the log (and the log has not gone back behind it).
export const logReachesBack = (span: LogSpan, seq: number): boolean => span.last >= seq && (span.first === 0 || span.first <= seq + 1);

// The listings named by the changes after `from` up to `to`, each once (made distinct here: in SQL, a temporary
// b-tree over the rows read).
export async function listingsChangedBetween(db: Db, from: number, to: number): Promise<number[]> {
  return [...new Set((await statements(db).listings.all(from, to) as unknown[]).map(Number))].filter(Number.isInteger);
}
