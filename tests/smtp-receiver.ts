import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// A real SMTP receiver on loopback for the mail tests: every message it accepts lands in `messages`.
export type ReceivedMail = { from: string; to: string[]; raw: string };
export type SmtpReceiver = {
  url: string; // smtp://127.0.0.1:<port>, for SMTP_URL / createTransport
  messages: ReceivedMail[];
  rejectNext(n: number): void; // the next n recipients get a temporary 451, to exercise retries
  close(): Promise<void>;
};

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const messages: ReceivedMail[] = [];
  let rejecting = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_addr, _session, cb) {
      if (rejecting > 0) {
        rejecting--;
        return cb(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
      }
      cb();
    },
    onData(stream, session, cb) {
      let raw = '';
      stream.on('data', (c) => (raw += c));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        messages.push({ from, to: session.envelope.rcptTo.map((r) => r.address), raw });
        cb();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    messages,
    rejectNext: (n) => { rejecting = n; },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
