import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db';
import { outbox } from '../schema';

export type OutboxMessage = typeof outbox.$inferSelect;

export function addToOutbox(db: Db, m: { to: string; subject: string; text: string; html?: string | null; now: string }): number {
  return db.orm.insert(outbox).values({ to: m.to.trim().toLowerCase(), subject: m.subject, text: m.text, html: m.html ?? null, createdAt: m.now })
    .returning({ id: outbox.id }).get().id;
}

// Newest first; with `to`, only that recipient's mail (the local "inbox" of a user without SMTP).
export function listOutbox(db: Db, opts: { to?: string; limit?: number } = {}): OutboxMessage[] {
  const q = db.orm.select().from(outbox);
  const filtered = opts.to ? q.where(eq(outbox.to, opts.to.toLowerCase())) : q;
  return filtered.orderBy(desc(outbox.id)).limit(opts.limit ?? 50).all();
}
