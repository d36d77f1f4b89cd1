import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_NOW, getJson, startApp, type TestApp } from './harness';
import { Browser, hiddenFields } from './auth-helpers';
import { PRICES, admin, rest, seedOrderWorld, type OrderWorld } from './orders-helpers';
import { serviceTasks } from '../storage/queries/order-effects';
import { sweepOrders } from '../jobs/fulfilment';

// The checkout page as a person uses it, over HTTP with the default test-mode provider: review, billing details,
// Pay (with the form's CSRF token), and then every product's effect visible through the public API.
let app: TestApp;
let w: OrderWorld;
const pathOf = (url: string) => new URL(url).pathname;
const order = async (number: string) => (await rest(app, w.alice.key).get(`/orders/${number}`)).body;
const listing = async (slug: string) => (await getJson(`${app.api}/listings/${slug}`)).body;

async function pay(b: Browser, checkoutUrl: string, billing: Record<string, string>) {
  const path = pathOf(checkoutUrl);
  const html = await (await b.get(path)).text();
  return b.post(`${path}/pay`, { ...hiddenFields(html, `${path}/pay`), ...billing });
}

beforeAll(async () => {
  app = await startApp({ demo: false });
  w = await seedOrderWorld(app, 't');
});
afterAll(async () => { await app.close(); });

describe('the checkout page', () => {
  it('shows the lines, totals with VAT and a clearly labelled test-mode Pay form, escaping what users wrote', async () => {
    await app.db.engine.prepare('UPDATE listings SET name = ? WHERE id = ?').run('<b>Bold</b> & "Co"', w.listings.fresh2.id);
    const made = (await rest(app, w.alice.key).post('/orders/checkout', {
      items: [{ product: 'done_for_you', listing_id: w.listings.fresh2.id, options: { tone: 'friendly', notes: '<script>alert(1)</script>' } }],
      billing_country: 'DE',
    })).body;
    const res = await new Browser(app.url).get(pathOf(made.checkout_url));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await res.text();
    expect(html).toContain(`Order ${made.number}`);
    expect(html).toMatch(/Test mode\./);
    expect(html).toContain('$149.00'); // done_for_you
    expect(html).toContain('$28.31'); // 19 % VAT
    expect(html).toContain('$177.31');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;b&gt;Bold&lt;/b&gt; &amp; &quot;Co&quot;');
    expect(html).toMatch(/Pay \$177\.31 \(test mode/);
    expect(hiddenFields(html, `${pathOf(made.checkout_url)}/pay`).csrf.length).toBeGreaterThan(20);
  });

  it('has no Stripe webhook while the test-mode provider is in use', async () => {
    const res = await fetch(`${app.url}/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(404);
  });

  it('is a 404 page for unknown or malformed tokens', async () => {
    expect((await fetch(`${app.url}/checkout/${'A'.repeat(32)}`)).status).toBe(404);
    expect((await fetch(`${app.url}/checkout/%3Cscript%3E`)).status).toBe(404);
  });

  it('refuses a Pay without the form\'s CSRF token and takes no payment', async () => {
    const made = (await rest(app, w.alice.key).post('/orders/checkout', { items: [{ product: 'ai_review', listing_id: w.listings.live.id }] })).body;
    const b = new Browser(app.url);
    await b.get(pathOf(made.checkout_url));
    const res = await b.post(`${pathOf(made.checkout_url)}/pay`, { csrf: 'x'.repeat(43), name: 'A', address: 'B', country: 'US', expected_total: '1900' });
    expect(res.status).toBe(403);
    expect((await order(made.number)).status).toBe('pending');
  });

  it('asks again for billing details that are missing or wrong', async () => {
    const made = (await rest(app, w.alice.key).post('/orders/checkout', { items: [{ product: 'ai_review', listing_id: w.listings.live.id }] })).body;
    const b = new Browser(app.url);
    const res = await pay(b, made.checkout_url, { name: '', address: '', country: 'Germany', vat_number: '' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Enter the name');
    expect(html).toContain('two-letter country code');
    const vat = await pay(b, made.checkout_url, { name: 'ACME SAS', address: '1 rue X, Paris', country: 'FR', vat_number: 'FR123' });
    expect(vat.status).toBe(400);
    expect(await vat.text()).toMatch(/FR VAT number format/);
    expect((await order(made.number)).status).toBe('pending');
  });

  it('shows a changed total before charging it, then completes the payment in test mode', async () => {
    const made = (await rest(app, w.alice.key).post('/orders/checkout', { items: [{ product: 'ai_review', listing_id: w.listings.live.id }] })).body;
    expect(made.totals).toMatchObject({ vat_rule: 'not_determined', total_cents: PRICES.ai_review });
    const b = new Browser(app.url);
    const billing = { name: 'Ada GmbH', address: 'Hauptstr. 1, Berlin', country: 'de', vat_number: '' };
    const first = await pay(b, made.checkout_url, billing);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('the total is 22.61 USD');
    expect(await order(made.number)).toMatchObject({ status: 'pending', billing_country: 'DE', totals: { vat_cents: 361, total_cents: 2261 } });
    const second = await pay(b, made.checkout_url, billing);
    expect(second.status).toBe(303);
    expect(second.headers.get('location')).toBe(pathOf(made.checkout_url));
    const paid = await order(made.number);
    expect(paid).toMatchObject({ status: 'paid', payment_method: 'test', paid_at: new Date(TEST_NOW).toISOString() });
    const page = await (await b.get(pathOf(made.checkout_url))).text();
    expect(page).toContain('Paid');
    expect(page).not.toContain('/pay"');
  });
});

describe('fulfilment of every product after paying on the page', () => {
  let number: string;
  let replay: () => Promise<Response>; // the same Pay form submitted again after the order was paid
  const L = () => w.listings;

  beforeAll(async () => {
    const made = await rest(app, w.alice.key).post('/orders/checkout', {
      items: [
        { product: 'launch', listing_id: L().fresh.id },
        { product: 'featured', listing_id: L().fresh.id },
        { product: 'done_for_you', listing_id: L().fresh.id, options: { tone: 'professional' } },
        { product: 'launch', listing_id: L().fresh2.id, week: '2026-12-07' },
        { product: 'skip_queue', listing_id: L().queued.id, week: '2026-11-30' },
        { product: 'extra_categories', listing_id: L().live.id, categories: ['t-design', 't-sales'] },
        { product: 'relaunch', listing_id: L().live.id, week: '2026-12-14' },
        { product: 'ai_review', listing_id: L().live.id },
        { product: 'billboard_min', listing_id: L().live.id, amount_cents: 2500 },
        { product: 'launch_bundle', listing_id: L().fresh3.id },
      ],
      billing_country: 'US',
    });
    expect(made.status).toBe(201);
    number = made.body.number;
    const b = new Browser(app.url);
    const action = `${pathOf(made.body.checkout_url)}/pay`;
    const form = { ...hiddenFields(await (await b.get(pathOf(made.body.checkout_url))).text(), action), name: 'Ada Inc', address: '1 Main St, Boston', country: 'US', vat_number: '' };
    replay = () => b.post(action, form);
    expect((await replay()).status).toBe(303);
  });

  it('fulfils each line at once except the service products, which wait for the site team', async () => {
    const o = await order(number);
    expect(o.status).toBe('paid');
    expect(o.lines.map((l: any) => [l.product, l.fulfilled])).toEqual([
      ['launch', true], ['featured', true], ['done_for_you', false], ['launch', true], ['skip_queue', true],
      ['extra_categories', true], ['relaunch', true], ['ai_review', false], ['billboard_min', true], ['launch_bundle', false],
    ]);
  });

  it('launch without a week goes live now on the paid plan with the paid sections unlocked; featured is set', async () => {
    const l = await listing(L().fresh.slug);
    expect(l).toMatchObject({ status: 'live', launch_week: '2026-11-16', launched_at: new Date(TEST_NOW).toISOString(), featured: true });
    expect(l).toHaveProperty('story');
    expect(l).toHaveProperty('milestones');
    expect(l).toHaveProperty('media');
  });

  it('launch with a week is scheduled for it', async () => {
    expect(await listing(L().fresh2.slug)).toMatchObject({ status: 'scheduled', launch_week: '2026-12-07', launched_at: null });
  });

  it('skip_queue replaces the free-queue week', async () => {
    expect(await listing(L().queued.slug)).toMatchObject({ status: 'scheduled', launch_week: '2026-11-30' });
  });

  it('extra_categories adds the categories and relaunch sets the new launch week', async () => {
    const l = await listing(L().live.slug);
    expect(l.launch_week).toBe('2026-12-14');
    expect(l.status).toBe('live');
    expect(JSON.stringify(l.categories)).toMatch(/t-design[\s\S]*t-sales|t-sales[\s\S]*t-design/);
  });

  it('billboard_min adds the contribution to the (paid) billboard', async () => {
    const rows = await app.db.engine.prepare('SELECT amount_cents, source FROM billboard_contributions WHERE listing_id = ?').all(L().live.id);
    expect(rows).toEqual([{ amount_cents: 2500, source: number }]);
    const board = await getJson(`${app.api}/leaderboards/billboard`);
    expect(board.status).toBe(200);
    expect(JSON.stringify(board.body)).toContain(L().live.slug);
  });

  it('launch_bundle launches and features at once and opens a task for the copy', async () => {
    expect(await listing(L().fresh3.slug)).toMatchObject({ status: 'live', featured: true });
    expect((await serviceTasks(app.db, 'open')).filter((t) => t.order_number === number).map((t) => t.product_code))
      .toEqual(['done_for_you', 'ai_review', 'launch_bundle']);
  });

  it('is idempotent: the sweep and a second Pay change nothing', async () => {
    const before = await listing(L().fresh.slug);
    expect((await replay()).status).toBe(303);
    expect((await order(number)).paid_at).toBe(new Date(TEST_NOW).toISOString());
    expect((await sweepOrders(app.db, new Date(Date.parse(TEST_NOW) + 3_600_000))).fulfilledLines).toBe(0);
    expect(await app.db.engine.prepare('SELECT count(*) AS n FROM billboard_contributions').get()).toEqual({ n: 1 });
    expect((await serviceTasks(app.db, null)).filter((t) => t.order_number === number)).toHaveLength(3);
    expect((await listing(L().fresh.slug)).launched_at).toBe(before.launched_at);
  });

  it('an operator closes the tasks with the CLI and the order becomes fulfilled', async () => {
    expect(await admin(app, 'list-tasks')).toBe(0);
    const tasks = (await serviceTasks(app.db, 'open')).filter((t) => t.order_number === number);
    for (const [i, t] of tasks.entries()) {
      expect(await admin(app, 'complete-task', String(t.id), ...(i === 0 ? ['--note', 'copy delivered'] : []))).toBe(0);
      expect((await order(number)).status).toBe(i === tasks.length - 1 ? 'fulfilled' : 'paid');
    }
    const o = await order(number);
    expect(o.lines.every((l: any) => l.fulfilled)).toBe(true);
    expect(o.fulfilled_at).toEqual(expect.any(String));
    expect(await admin(app, 'complete-task', String(tasks[0].id))).toBe(1);
    expect(await admin(app, 'complete-task', 'abc')).toBe(2);
  });
});

describe('an expired checkout', () => {
  it('shows the cancellation, offers no Pay form and takes no payment', async () => {
    const made = (await rest(app, w.alice.key).post('/orders/checkout', { items: [{ product: 'ai_review', listing_id: w.listings.fresh.id }] })).body;
    const b = new Browser(app.url);
    const html = await (await b.get(pathOf(made.checkout_url))).text();
    app.clock.advance(8 * 86_400_000);
    try {
      const page = await (await b.get(pathOf(made.checkout_url))).text();
      expect(page).toContain('not paid in time');
      expect(page).not.toContain('/pay"');
      const action = `${pathOf(made.checkout_url)}/pay`;
      const res = await b.post(action, { ...hiddenFields(html, action), name: 'A', address: 'B', country: 'US' });
      expect(res.status).toBe(303);
      expect((await order(made.number)).status).toBe('cancelled');
    } finally {
      app.clock.set(TEST_NOW);
    }
  });
});
