import { requeueRunningJobs } from '../storage/queries/jobs';
import type { LanguageModel } from 'ai';
import type { Db } from '../storage/db';
import type { Clock } from '../domain/clock';
import type { AppConfig } from '../domain/app-config';
import { modelFromEnv } from '../crawler/model';
import { userAgentFor } from '../crawler/safe-fetch';
import { LOGO_PATH_PREFIX } from '../domain/logo-files';
import { draftBuildHandler, DRAFT_BUILD_JOB } from './draft-build';
import { draftRegenerateHandler, DRAFT_REGENERATE_JOB } from './draft-regenerate';
import { createTransport, emailHandler, EMAIL_JOB, queuedMailer, type Mailer, type MailTransport } from './mailer';
import type { Handlers } from './queue';
import { listingJobHandlers, scheduleListingJobs } from './go-live';
import { ordersJobHandlers, scheduleOrdersSweep } from './fulfilment';
import { runDueJobs, startWorker, type JobEvent, type RunSummary, type Worker } from './worker';

// Wiring for transport/server.ts and the admin CLI: every job kind with its handler.

export const fetchOptionsFor = (config: AppConfig) => ({ allowPrivate: config.crawlerAllowPrivate, userAgent: userAgentFor(config.siteUrl) });
export const logoBaseUrlFor = (config: AppConfig) => `${config.siteUrl}${LOGO_PATH_PREFIX.replace(/\/$/, '')}`;
export const mailFromFor = (config: AppConfig) => `${config.siteName} <no-reply@${new URL(config.siteUrl).hostname}>`;

export type JobDeps = {
  db: Db;
  clock: Clock;
  config: AppConfig;
  env?: NodeJS.ProcessEnv; // SMTP_URL, AI_BASE_URL, AI_API_KEY, AI_MODEL (until AppConfig carries them)
  model?: LanguageModel | null; // overrides the environment (tests)
  transport?: MailTransport; // overrides SMTP/outbox (tests)
  log?: (line: string) => void;
  observe?: (event: JobEvent) => void;
};

export function jobHandlers(d: JobDeps): { handlers: Handlers; transport: MailTransport; mailer: Mailer } {
  const env = d.env ?? process.env;
  const model = d.model !== undefined ? d.model : modelFromEnv(env);
  const transport = d.transport ?? createTransport({ smtpUrl: env.SMTP_URL, from: mailFromFor(d.config), db: d.db, clock: d.clock, log: d.log });
  const handlers: Handlers = {
    [EMAIL_JOB]: emailHandler(transport),
    [DRAFT_BUILD_JOB]: draftBuildHandler({ fetchOptions: fetchOptionsFor(d.config), model, logoBaseUrl: logoBaseUrlFor(d.config) }),
    [DRAFT_REGENERATE_JOB]: draftRegenerateHandler({ model }),
    ...listingJobHandlers({ config: d.config }),
    ...ordersJobHandlers,
  };
  return { handlers, transport, mailer: queuedMailer(d.db, d.clock) };
}

// The recurring jobs (go-live, weekly awards, badge and order sweeps) each reschedule their next run; this
// plants the first ones. Dedupe keys make it safe to call on every start.
export async function scheduleRecurringJobs(db: Db, clock: Clock): Promise<number> {
  return await scheduleListingJobs(db, clock) + (await scheduleOrdersSweep(db, clock, clock.now()) ? 1 : 0);
}

// `npm run admin -- run-jobs`: drain what is due now, then close the mail transport.
export async function runJobsOnce(d: JobDeps): Promise<RunSummary> {
  await scheduleRecurringJobs(d.db, d.clock);
  const { handlers, transport } = jobHandlers(d);
  try {
    return await runDueJobs({ db: d.db, clock: d.clock, handlers, log: d.log });
  } finally {
    transport.close();
  }
}

// `npm start`: poll for jobs until stop().
// requeueOnStart (default true) queues again at once every job marked running: right when this is the only
// process running jobs (ROLE=all), since those jobs died with the previous process. With several worker processes
// (ROLE=worker) it is off: a running job may belong to a live worker, and claims must stay exactly-once; a job of
// a worker that died is claimed again when its lease runs out (storage/queries/jobs.ts, claim).
export async function startJobs(d: JobDeps & { pollMs?: number; requeueOnStart?: boolean }): Promise<Worker & { mailer: Mailer }> {
  if (d.requeueOnStart ?? true) {
    const recovered = await requeueRunningJobs(d.db, d.clock.now().toISOString());
    if (recovered) (d.log ?? console.log)(`jobs: ${recovered} job(s) left running by a stopped worker are queued again`);
  }
  await scheduleRecurringJobs(d.db, d.clock);
  const { handlers, transport, mailer } = jobHandlers(d);
  const worker = startWorker({ db: d.db, clock: d.clock, handlers, log: d.log, observe: d.observe, pollMs: d.pollMs });
  return {
    mailer,
    summary: worker.summary,
    async stop(opts) {
      await worker.stop(opts);
      transport.close();
    },
  };
}
