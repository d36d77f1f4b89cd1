import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from './smtp-receiver';
import type { Db } from '../storage/db';
import { openTestDb, type TestDb } from './support/test-db';
import { fixedClock } from '../tools/clock';
import { listOutbox } from '../storage/queries/outbox';
import { getJob } from '../storage/queries/jobs';
import { createTransport, emailHandler, EMAIL_JOB, queuedMailer } from '../jobs/mailer';
import { runDueJobs } from '../jobs/worker';

// A real SMTP receiver on loopback (tests/smtp-receiver.ts).
let smtp: SmtpReceiver;
let received: ReceivedMail[] = [];
let smtpUrl = '';
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  received = smtp.messages;
  smtpUrl = smtp.url;
});
afterAll(() => smtp.close());

let testDb: TestDb;
let db: Db;
const clock = fixedClock('2026-11-18T12:00:00Z');
beforeEach(async () => {
  testDb = await openTestDb();
  db = testDb.db;
  received.length = 0;
});
afterEach(async () => {
  await testDb.close();
});

const FROM = 'Launch Directory <no-reply@directory.test>';
const mail = { to: 'ana@lumen.example', subject: 'Join Lumen Notes on Launch Directory', text: 'Open http://directory.test/invites/abc123 to add your founder profile.' };

describe('mailer', () => {
  it('delivers a queued message over SMTP', async () => {
    const transport = createTransport({ smtpUrl, from: FROM, db, clock });
    await queuedMailer(db, clock).send(mail);
    const summary = await runDueJobs({ db, clock, handlers: { [EMAIL_JOB]: emailHandler(transport) }, log: () => {} });
    transport.close();
    expect(summary.done).toBe(1);
    expect(received).toHaveLength(1);
    expect(received[0].from).toBe('no-reply@directory.test');
    expect(received[0].to).toEqual(['ana@lumen.example']);
    expect(received[0].raw).toMatch(/Subject: Join Lumen Notes on Launch Directory/);
    expect(received[0].raw).toContain('http://directory.test/invites/abc123');
  });

  it('retries a message the server refuses for now, with backoff', async () => {
    smtp.rejectNext(1);
    const transport = createTransport({ smtpUrl, from: FROM, db, clock });
    const handlers = { [EMAIL_JOB]: emailHandler(transport) };
    await queuedMailer(db, clock).send(mail);
    const first = await runDueJobs({ db, clock, handlers, log: () => {} });
    expect(first.retried).toBe(1);
    expect(received).toHaveLength(0);
    const job = (await getJob(db, 1))!;
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect(job.lastError).toMatch(/451/);
    clock.advance(30_000);
    expect((await runDueJobs({ db, clock, handlers, log: () => {} })).done).toBe(1);
    transport.close();
    expect(received).toHaveLength(1);
  });

  it('without SMTP keeps the message in the outbox and logs its links', async () => {
    const lines: string[] = [];
    const transport = createTransport({ smtpUrl: null, from: FROM, db, clock, log: (l) => lines.push(l) });
    await queuedMailer(db, clock).send(mail);
    await runDueJobs({ db, clock, handlers: { [EMAIL_JOB]: emailHandler(transport) }, log: () => {} });
    expect(await listOutbox(db, { to: 'Ana@Lumen.example' })).toEqual([expect.objectContaining({ to: 'ana@lumen.example', subject: mail.subject, text: mail.text })]);
    expect(lines).toEqual([expect.stringContaining('links: http://directory.test/invites/abc123')]);
    expect(received).toHaveLength(0);
  });

  it('refuses an address that is not one', async () => {
    await expect(queuedMailer(db, clock).send({ ...mail, to: 'not an address' })).rejects.toThrow(/Not an e-mail address/);
  });
});
