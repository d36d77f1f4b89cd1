import type { Db } from '../storage/db';
import type { Clock } from '../domain/clock';
import type { Mail } from '../domain/mail';
import { enqueue } from './queue';
import { EMAIL_JOB } from './mailer';
import { enqueueDraftBuild } from './draft-build';
import { enqueueRegenerate } from './draft-regenerate';
import { enqueueBadgeCheck } from './badge-check';

// The job queue as tools see it: tools/job-port.ts's JobPort, implemented over the jobs table. It does not import
// that type (jobs/ sits beside tools/, not above it); transport/app.ts assigns this to a JobPort, so the compiler
// checks the fit where the app is composed. Each call writes its row synchronously through w.db, inside whatever
// transaction the caller has open on it.
type Writer = { db: Db; clock: Clock };

export const queuedJobs = {
  enqueueDraftBuild: async (w: Writer, draftId: string, userId: number) => await enqueueDraftBuild(w.db, w.clock, draftId, userId),
  enqueueRegenerate: async (w: Writer, draftId: string, userId: number, fields: string[]) => await enqueueRegenerate(w.db, w.clock, draftId, userId, fields),
  enqueueBadgeCheck: async (w: Writer, listingId: number, dedupeKey: string | null = null) => await enqueueBadgeCheck(w.db, w.clock, listingId, dedupeKey),
  sendMail: async (w: Writer, mail: Mail, opts: { maxAttempts?: number; dedupeKey?: string | null } = {}) => await enqueue(w.db, w.clock, EMAIL_JOB, mail, opts),
};
