import { createRequire } from 'node:module';
import type { Db } from '../storage/db';
import type { Clock } from '../domain/clock';
import { addToOutbox } from '../storage/queries/outbox';
import { enqueue, type HandlerSpec } from './queue';

import type { Mail } from '../domain/mail';

export type { Mail } from '../domain/mail';

// What tools use: send() only queues the message; the 'email' job delivers it with retries.
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

// Delivers one message now (SMTP, or the outbox when no SMTP server is configured).
export interface MailTransport {
  deliver(mail: Mail): Promise<void>;
  close(): void;
}

export const EMAIL_JOB = 'email';

export type TransportOptions = {
  smtpUrl?: string | null; // e.g. smtp://user:pass@mail.example.com:587 or smtps://…:465
  from: string; // e.g. "Launch Directory <no-reply@example.com>"
  db: Db;
  clock: Clock;
  log?: (line: string) => void;
};

// nodemailer (~9 MB resident) is required only when SMTP is configured: tools import this module for the e-mail
// job's name and type, and a node without SMTP_URL never needs it.
const require = createRequire(import.meta.url);

const linksIn = (text: string) => [...new Set(text.match(/https?:\/\/[^\s<>"')]+/g) ?? [])];

export function createTransport(o: TransportOptions): MailTransport {
  const log = o.log ?? console.log;
  if (o.smtpUrl) {
    const nodemailer = require('nodemailer') as typeof import('nodemailer');
    const smtp = nodemailer.createTransport(o.smtpUrl);
    return {
      async deliver(m) {
        await smtp.sendMail({ from: o.from, to: m.to, subject: m.subject, text: m.text, ...(m.html ? { html: m.html } : {}) });
      },
      close: () => smtp.close(),
    };
  }
  // Without SMTP the message is kept in the outbox and logged with its links, so someone running the
  // service locally can still follow a sign-in, invite or claim link.
  return {
    async deliver(m) {
      const id = await addToOutbox(o.db, { ...m, now: o.clock.now().toISOString() });
      const links = linksIn(m.text);
      log(`[mail] outbox #${id} to ${m.to}: "${m.subject}"${links.length ? ` — links: ${links.join(' ')}` : ''}`);
    },
    close: () => {},
  };
}

// A Mailer that queues each message as an 'email' job (retried with backoff if the server is down).
export function queuedMailer(db: Db, clock: Clock, opts: { maxAttempts?: number } = {}): Mailer {
  return {
    async send(mail) {
      if (!/^[^\s@]+@[^\s@]+$/.test(mail.to)) throw new Error(`Not an e-mail address: ${mail.to}`);
      await enqueue(db, clock, EMAIL_JOB, mail, { maxAttempts: opts.maxAttempts ?? 8 });
    },
  };
}

export function emailHandler(transport: MailTransport): HandlerSpec<Mail> {
  return {
    concurrency: 2,
    backoffMs: 30_000,
    leaseMs: 60_000,
    run: (mail) => transport.deliver(mail),
  };
}
