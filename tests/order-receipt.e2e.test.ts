import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_NOW, startApp, type TestApp } from './harness';
import { Browser, hiddenFields } from './auth-helpers';
import { PRICES, admin, rest, seedOrderWorld, type OrderWorld } from './orders-helpers';
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from './smtp-receiver';
import { mailParts, type MailParts } from './mail-parts';
import { createTransport, emailHandler, EMAIL_JOB } from '../jobs/mailer';
import { runDueJobs } from '../jobs/worker';
import { recordPayment } from '../jobs/fulfilment';
import { queueOrderReceipt, receiptDedupeKey } from '../jobs/order-receipt';
import { orderByNumber } from '../storage/queries/orders';

// The order page's words follow the order's real state, and a paid order sends one receipt e-mail with the
// figures, delivered by the e-mail job to a real SMTP receiver on loopback, whichever way it was paid.
let app: TestApp;
let w: OrderWorld;
let smtp: SmtpReceiver;
let inbox: ReceivedMail[];
const pathOf = (url: string) => new URL(url).pathname;
const site = () => ({ siteName: app.config.siteName, siteUrl: app.config.siteUrl });

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  inbox = smtp.messages;
  app = await startApp({ demo: false });
  w = await seedOrderWorld(app, 'r');
  // What users and the operator wrote reaches the mail's HTML: it must arrive escaped.
  await app.db.engine.prepare('UPDATE listings SET name = ? WHERE id = ?').run('<i>Evil</i> & "Co"', w.listings.fresh2.id);
  expect(await admin(app, 'set-setting', 'seller_legal_name', 'Directory <Labs> GmbH')).toBe(0);
  expect(await admin(app, 'set-setting', 'seller_address', 'Hauptstraße 1\n10115 Berlin, Germany')).toBe(0);
  expect(await admin(app, 'set-setting', 'seller_vat_id', 'de 123 456 789')).toBe(0);
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

async function deliverMail(): Promise<void> {
  const transport = createTransport({ smtpUrl: smtp.url, from: 'Launch Directory <no-reply@directory.test>', db: app.db, clock: app.clock });
  try {
    await runDueJobs({ db: app.db, clock: app.clock, handlers: { [EMAIL_JOB]: emailHandler(transport) }, log: () => {} });
  } finally {
    transport.close();
  }
}

const receiptsTo = (email: string, number: string): MailParts[] =>
  inbox.filter((m) => m.to.includes(email)).map((m) => mailParts(m.raw)).filter((m) => m.subject.includes(number));
const receiptJobs = async (number: string) =>
  await app.db.engine.prepare('SELECT count(*) FROM jobs WHERE kind = ? AND dedupe_key = ?').pluck().get(EMAIL_JOB, receiptDedupeKey(number)) as number;

describe('paying on the checkout page: a launch booked for a later week', () => {
  let made: any;
  let page = '';
  let replay: () => Promise<Response>;
  const email = () => `alice-r@example.test`;

  beforeAll(async () => {
    made = (await rest(app, w.alice.key).post('/orders/checkout', {
      items: [{ product: 'launch', listing_id: w.listings.fresh2.id, week: '2026-12-07' }, { product: 'featured', listing_id: w.listings.fresh2.id }],
      billing_country: 'DE',
    })).body;
    const b = new Browser(app.url);
    const action = `${pathOf(made.checkout_url)}/pay`;
    const form = {
      ...hiddenFields(await (await b.get(pathOf(made.checkout_url))).text(), action),
      name: '<script>alert(1)</script> GmbH', address: 'Am Markt 2\nHamburg', country: 'DE', vat_number: '',
    };
    replay = () => b.post(action, form);
    expect((await replay()).status).toBe(303);
    page = await (await b.get(pathOf(made.checkout_url))).text();
  });

  it('the page reads "Paid — goes live on" the launch Monday, not "Paid and delivered"', () => {
    expect(page).toContain('Paid — goes live on Monday 7 December 2026');
    expect(page).not.toContain('Paid and delivered');
    expect(page).toContain('Goes live on Monday 7 December 2026'); // the launch line's progress
  });

  it('the page shows the VAT line exactly once', () => {
    expect(page.match(/VAT 19 %/g)).toHaveLength(1);
    expect(page.match(/<tr class="vat">/g)).toHaveLength(1);
    expect(page).toContain('VAT 19 % (DE)');
  });

  it('sends one receipt with the order number, items, net, VAT, total, currency, date, next step, link and seller', async () => {
    await deliverMail();
    const mails = receiptsTo(email(), made.number);
    expect(mails).toHaveLength(1);
    const { subject, text, html } = mails[0];
    expect(subject).toBe(`Receipt for order ${made.number} on ${app.config.siteName}`);
    const net = PRICES.launch + PRICES.featured;
    const vat = Math.round(net * 0.19);
    const usd = (c: number) => `$${(c / 100).toFixed(2)}`;
    for (const needle of [
      `Order: ${made.number}`,
      'Date: Wednesday 18 November 2026',
      'Paid by: Test mode (no money was taken)',
      `- Test launch (for <i>Evil</i> & "Co", launch week of Monday 7 December 2026): ${usd(PRICES.launch)}`,
      `- Test featured (for <i>Evil</i> & "Co"): ${usd(PRICES.featured)}`,
      `Net (excluding VAT): ${usd(net)}`,
      `VAT 19 % (DE): ${usd(vat)}`,
      `Total paid (USD): ${usd(net + vat)}`,
      'Currency: USD',
      'Status: Paid — goes live on Monday 7 December 2026',
      'goes live on Monday 7 December 2026.',
      `Your order page: ${made.checkout_url}`,
      'Directory <Labs> GmbH', 'Hauptstraße 1', '10115 Berlin, Germany', 'VAT ID: DE123456789',
    ]) expect(text, needle).toContain(needle);

    expect(html).toContain(`Order ${made.number}`);
    expect(html).toContain(usd(net + vat));
    expect(html).toContain('VAT 19 % (DE)');
    expect(html).toContain(`href="${made.checkout_url}"`);
    expect(html).toContain('&lt;i&gt;Evil&lt;/i&gt; &amp; &quot;Co&quot;');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; GmbH');
    expect(html).toContain('Directory &lt;Labs&gt; GmbH');
    expect(html).not.toMatch(/<i>Evil|<script>|<Labs>/);
  });

  it('sends no second receipt when the Pay form is sent again or the payment is recorded again', async () => {
    expect((await replay()).status).toBe(303);
    const order = (await orderByNumber(app.db, made.number))!;
    expect((await recordPayment(app.db, new Date(TEST_NOW), order.id, { provider: 'test', method: 'test', reference: 'again' }, site())).newlyPaid).toBe(false);
    expect(await queueOrderReceipt(app.db, new Date(TEST_NOW), order.id, site())).toBe(false);
    await deliverMail();
    expect(receiptsTo(email(), made.number)).toHaveLength(1);
    expect(await receiptJobs(made.number)).toBe(1);
  });

  it('once the launch week has begun, the page reads "Paid and delivered"', async () => {
    app.clock.set('2026-12-07T09:00:00Z');
    try {
      const later = await (await new Browser(app.url).get(pathOf(made.checkout_url))).text();
      expect(later).toContain('Paid and delivered');
      expect(later).not.toContain('goes live on');
    } finally {
      app.clock.set(TEST_NOW);
    }
  });
});

describe('a payment the operator records with mark-paid', () => {
  it('sends the receipt once, saying how it was paid; a second mark-paid is refused and sends nothing', async () => {
    const made = (await rest(app, w.alice.key).post('/orders/checkout', {
      items: [{ product: 'featured', listing_id: w.listings.fresh3.id }], billing_country: 'FR', vat_number: 'FR40303265045',
    })).body;
    expect(await admin(app, 'mark-paid', made.number)).toBe(0);
    expect(await admin(app, 'mark-paid', made.number)).toBe(1);
    await deliverMail();
    const mails = receiptsTo('alice-r@example.test', made.number);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('Paid by: Bank transfer');
    expect(mails[0].text).toContain('VAT 0 %: reverse charge, VAT to be accounted for by the recipient (FR40303265045)');
    expect(mails[0].text).toContain(`Total paid (USD): $${(PRICES.featured / 100).toFixed(2)}`);
    expect(mails[0].text).toContain('Status: Paid and delivered');
    const page = await (await new Browser(app.url).get(pathOf(made.checkout_url))).text();
    expect(page).toContain('Paid and delivered');
    expect(page.match(/VAT 0 %/g)).toHaveLength(1);
  });
});

describe('order pages in the other states', () => {
  it('an unpaid order reads "Awaiting payment" with its cancellation day, and shows the VAT line once', async () => {
    const made = (await rest(app, w.alice.key).post('/orders/checkout', {
      items: [{ product: 'ai_review', listing_id: w.listings.live.id }], billing_country: 'FR',
    })).body;
    const page = await (await new Browser(app.url).get(pathOf(made.checkout_url))).text();
    expect(page).toContain('Awaiting payment');
    expect(page).toContain('Unpaid orders are cancelled on Wednesday 25 November 2026.');
    expect(page.match(/VAT 20 %/g)).toHaveLength(1);
    expect(page).not.toContain('receipt');
  });

  it('an order with a service line still open reads "Paid — being delivered"', async () => {
    const made = (await rest(app, w.alice.key).post('/orders/checkout', { items: [{ product: 'ai_review', listing_id: w.listings.live.id }] })).body;
    expect(await admin(app, 'mark-paid', made.number)).toBe(0);
    const page = await (await new Browser(app.url).get(pathOf(made.checkout_url))).text();
    expect(page).toContain('Paid — being delivered');
    expect(page).toContain('the site team is working on it');
  });
});
