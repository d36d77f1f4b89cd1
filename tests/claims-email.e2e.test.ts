import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from './smtp-receiver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, startApp, TEST_NOW, type TestApp } from './harness';
import { addListing, addUser } from './fixtures';
import { Browser, hiddenFields } from './auth-helpers';
import { createApiKey } from '../auth/accounts';
import { createTransport, emailHandler, EMAIL_JOB } from '../jobs/mailer';
import { runDueJobs } from '../jobs/worker';
import { isListingOwner } from '../storage/queries/ownership';

// E-mail claims end to end: claim_listing queues the link, the e-mail job delivers it to a real SMTP
// receiver on loopback, and a person opens the link and confirms on the page it shows.

let smtp: SmtpReceiver;
let inbox: ReceivedMail[] = [];
let smtpUrl = '';
let app: TestApp;
let listingId: number;
let userId: number;
let auth = '';

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  inbox = smtp.messages;
  smtpUrl = smtp.url;
  app = await startApp({ demo: false });
  listingId = await addListing(app.db, { name: 'Acme Mail', slug: 'acme-mail', url: 'https://www.acme-mail.test/' });
  userId = await addUser(app.db, 'dana@claims-email.test');
  const key = await createApiKey({ db: app.db, clock: app.clock }, userId, 'mail test');
  if ('errors' in key) throw new Error('no key');
  auth = `Bearer ${key.key}`;
});
afterAll(async () => {
  await app?.close();
  await smtp.close();
});

const claim = (body: unknown) => getJson(`${app.api}/claims`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
const myClaims = async () => (await getJson(`${app.api}/claims`, { headers: { authorization: auth } })).body.items as any[];

async function deliverMail(): Promise<void> {
  const transport = createTransport({ smtpUrl, from: 'Launch Directory <no-reply@directory.test>', db: app.db, clock: app.clock });
  try {
    await runDueJobs({ db: app.db, clock: app.clock, handlers: { [EMAIL_JOB]: emailHandler(transport) } });
  } finally {
    transport.close();
  }
}

// The link in a delivered message (the text part may be quoted-printable with soft line breaks).
function linkIn(raw: string): string {
  const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
  const m = new RegExp(`${app.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/claims/email/[A-Za-z0-9_-]+`).exec(text);
  if (!m) throw new Error(`No claim link in:\n${raw}`);
  return m[0];
}

describe('email claims', () => {
  let claimId: number;
  let link = '';
  let response = '';

  it('accepts an address at a subdomain of the listing\'s domain and says where the link went', async () => {
    const res = await claim({ slug: 'acme-mail', method: 'email', email: 'Founder@Team.Acme-Mail.test' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ method: 'email', status: 'pending', email: 'founder@team.acme-mail.test' });
    expect(res.body.instructions).toMatchObject({ email: { sent_to: 'founder@team.acme-mail.test' }, dns_record: null, meta_tag: null, file: null });
    expect(res.body.instructions.text).toContain('We e-mailed a link to founder@team.acme-mail.test');
    claimId = res.body.claim_id;
    response = JSON.stringify(res.body);
    // Asking again returns the same claim and sends nothing more.
    expect((await claim({ slug: 'acme-mail', method: 'email', email: 'founder@team.acme-mail.test' })).body.claim_id).toBe(claimId);
  });

  it('delivers one message with the link to the address, by SMTP', async () => {
    await deliverMail();
    expect(inbox).toHaveLength(1);
    expect(inbox[0].to).toEqual(['founder@team.acme-mail.test']);
    expect(inbox[0].raw).toMatch(/Subject: Confirm that you manage Acme Mail on Launch Directory/);
    link = linkIn(inbox[0].raw);
    const token = link.split('/').pop()!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // The API never showed the token to the claimant: only the mailbox has it.
    expect(response).not.toContain(token);
  });

  it('opening the link shows a confirmation page and changes nothing by itself', async () => {
    const b = new Browser(app.url);
    const page = await b.get(link);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    expect(html).toContain('Confirm the claim of Acme Mail');
    expect(html).toContain('dana@claims-email.test');
    expect((await myClaims()).find((c) => c.claim_id === claimId).status).toBe('pending');
    expect(await isListingOwner(app.db, listingId, userId)).toBe(false);
  });

  it('refuses a confirmation without the page\'s CSRF token', async () => {
    const res = await new Browser(app.url).post(new URL(link).pathname, { csrf: 'x'.repeat(43) });
    expect(res.status).toBe(403);
    expect(await isListingOwner(app.db, listingId, userId)).toBe(false);
  });

  it('confirming verifies the claim: the claimant owns the listing and it is Verified', async () => {
    const b = new Browser(app.url);
    const path = new URL(link).pathname;
    const html = await (await b.get(path)).text();
    const res = await b.post(path, hiddenFields(html, path));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Claim confirmed');
    const mine = (await myClaims()).find((c) => c.claim_id === claimId);
    expect(mine).toMatchObject({ status: 'verified', verified_at: expect.any(String), last_check_detail: expect.stringContaining('founder@team.acme-mail.test') });
    expect(await isListingOwner(app.db, listingId, userId)).toBe(true);
    expect((await getJson(`${app.api}/listings/acme-mail`)).body.verified).toBe(true);
    // Opening the link again just says so.
    const again = await new Browser(app.url).get(path);
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('Claim confirmed');
  });

  it('answers an unknown link with 404', async () => {
    expect((await new Browser(app.url).get(`/claims/email/${'A'.repeat(32)}`)).status).toBe(404);
    expect((await new Browser(app.url).get('/claims/email/short')).status).toBe(404);
  });

  it('an expired link cannot be confirmed', async () => {
    const otherListing = await addListing(app.db, { name: 'Beta Mail', slug: 'beta-mail', url: 'https://beta-mail.test/' });
    const res = await claim({ slug: 'beta-mail', method: 'email', email: 'ops@beta-mail.test' });
    await deliverMail();
    const path = new URL(linkIn(inbox.at(-1)!.raw)).pathname;
    app.clock.advance(7 * 86_400_000 + 1000);
    try {
      const page = await new Browser(app.url).get(path);
      expect(page.status).toBe(409);
      expect(await page.text()).toContain('This link has expired');
      expect((await myClaims()).find((c) => c.claim_id === res.body.claim_id).status).toBe('expired');
      expect(await isListingOwner(app.db, otherListing, userId)).toBe(false);
    } finally {
      app.clock.set(TEST_NOW);
    }
  });
});
