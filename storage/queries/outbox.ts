import type { Db } from '../db';
import { preparedFor } from '../prepared';
import type { outbox } from '../schema';

export type OutboxMessage = typeof outbox.$inferSelect;

// "to" and "text" are quoted: TO is a keyword on both engines.
const COLUMNS = 'id, "to", subject, "text", html, created_at AS "createdAt"';
const statements = preparedFor((p) => ({
  insert: p('INSERT INTO outbox ("to", subject, "text", html, created_at) VALUES (?, ?, ?, ?, ?)'),
  all: p(`SELECT ${COLUMNS} FROM outbox ORDER BY id DESC LIMIT CAST(? AS INTEGER)`),
  to: p(`SELECT ${COLUMNS} FROM outbox WHERE "to" = ? ORDER BY id DESC LIMIT CAST(? AS INTEGER)`),
}));

export async function addToOutbox(db: Db, m: { to: string; subject: string; text: string; html?: string | null; now: string }): Promise<number> {
  return (await statements(db).insert.run(m.to.trim().toLowerCase(), m.subject, m.text, m.html ?? null, m.now)).lastInsertRowid;
}

// Newest first; with `to`, only that recipient's mail (the local "inbox" of a user without SMTP).
export async function listOutbox(db: Db, opts: { to?: string; limit?: number } = {}): Promise<OutboxMessage[]> {
  const s = statements(db);
  const limit = opts.limit ?? 50;
  return await (opts.to ? await s.to.all(opts.to.toLowerCase(), limit) : await s.all.all(limit)) as OutboxMessage[];
}
