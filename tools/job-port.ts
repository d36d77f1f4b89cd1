import type { Db } from '../storage/db';
import type { Clock } from '../domain/clock';
import type { Mail } from '../domain/mail';

// The background work a tool may ask for. Tools never import jobs/: they call ctx.jobs, which jobs/port.ts
// implements and the app's composition (transport/app.ts) wires in.
//
// Every call takes the writer whose db the job row goes through, normally the tool's own context: the row is
// written synchronously on that connection, so an enqueue inside withTransaction commits or rolls back with it.
export type JobWriter = { db: Db; clock: Clock };
export type Enqueued = { id: number; created: boolean };

export type JobPort = {
  // Crawl the draft's site and write the first draft (one per draft at a time; counts against the user's limit).
  enqueueDraftBuild(w: JobWriter, draftId: string, userId: number): Promise<number>;
  // Redraft the named fields from the stored evidence.
  enqueueRegenerate(w: JobWriter, draftId: string, userId: number, fields: string[]): Promise<number>;
  // Look for the badge on the listing's homepage now; a dedupeKey makes a repeat within its window a no-op.
  enqueueBadgeCheck(w: JobWriter, listingId: number, dedupeKey?: string | null): Promise<Enqueued>;
  // Send one e-mail through the outbox; a dedupeKey makes a second send with the same key return the first.
  sendMail(w: JobWriter, mail: Mail, opts?: { maxAttempts?: number; dedupeKey?: string | null }): Promise<Enqueued>;
};
