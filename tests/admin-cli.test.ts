import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCli } from './admin-cli-runner';
import type { Db } from '../storage/db';
import { emptyTestDatabase, type EmptyTestDatabase } from './support/test-db';
import { signIn } from '../auth/accounts';
import { sha256Hex } from '../auth/api-keys';
import { systemClock } from '../tools/clock';

// Runs the real operator CLI as a child process against a database of the test's own (a temp file, or a new
// PostgreSQL database with TEST_DATABASE=postgres), as an operator would.
let dir: string;
let database: EmptyTestDatabase;
let opened: Promise<Db> | undefined;

const cli = (...args: string[]) => runAdminCli({ ...database.env, SEED_DEMO: 'true' }, args);

// The test's own connection, opened once the CLI has created the database.
const testDb = () => (opened ??= database.open());

async function query<T = any>(sql: string, ...params: unknown[]): Promise<T[]> {
  return await (await testDb()).engine.prepare(sql).all(...params) as T[];
}

function csv(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'admin-cli-'));
  database = await emptyTestDatabase();
});
afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

const BAD_ARGS = [['set-price', 'launch'], ['set-price', 'launch', 'ten'], ['set-setting', 'site_tagline'], ['seed', '--maybe'], ['import-domain-ratings']];

// Each run starts a fresh tsx process (a second or more on a busy machine), hence the generous timeout.
describe('admin CLI', { timeout: 120_000 }, () => {
  it('rejects bad usage with exit code 2 and a usage message, before touching the database', async () => {
    const [none, unknown, ...bad] = await Promise.all([cli(), cli('frobnicate'), ...BAD_ARGS.map((args) => cli(...args))]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Usage: npm run admin');
    expect(none.stderr).toContain('set-price CODE CENTS');

    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command "frobnicate"');

    bad.forEach((r, i) => {
      expect(r.code, BAD_ARGS[i].join(' ')).toBe(2);
      expect(r.stderr, BAD_ARGS[i].join(' ')).toMatch(/Usage: npm run admin -- /);
    });
    expect(await database.touched()).toBe(false);
  });

  it('seeds an empty database once', async () => {
    const first = await cli('seed');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/Seeded .*categories.*products.*demo directory of \d+ listings/);
    expect((await query("SELECT slug FROM listings WHERE slug = 'notion'"))).toHaveLength(1);

    const second = await cli('seed');
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('nothing seeded');
  });

  it('set-price changes products.price_cents and keeps the billboard minimum setting in step', async () => {
    const r = await cli('set-price', 'launch', '5900');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('$59.00');
    expect((await query("SELECT price_cents FROM products WHERE code = 'launch'"))[0].price_cents).toBe(5900);

    expect((await cli('set-price', 'billboard_min', '2500')).code).toBe(0);
    expect((await query("SELECT value FROM settings WHERE key = 'billboard_min_cents'"))[0].value).toBe('2500');

    const unknown = await cli('set-price', 'gold_plating', '100');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Unknown product code "gold_plating"');
    expect(unknown.stderr).toContain('skip_queue');

    const listed = await cli('list-prices');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/launch\s+\$59\.00 \(5900\)/);
  });

  it('set-setting changes a setting, refuses unknown keys listing the known ones, and validates numbers', async () => {
    expect((await cli('set-setting', 'free_week_capacity', '40')).code).toBe(0);
    expect((await query("SELECT value FROM settings WHERE key = 'free_week_capacity'"))[0].value).toBe('40');

    expect((await cli('set-setting', 'billboard_min_cents', '3000')).code).toBe(0);
    expect((await query("SELECT price_cents FROM products WHERE code = 'billboard_min'"))[0].price_cents).toBe(3000);

    const unknown = await cli('set-setting', 'colour', 'blue');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Unknown setting "colour"');
    expect(unknown.stderr).toContain('free_queue_min_weeks');

    const bad = await cli('set-setting', 'free_week_capacity', 'lots');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('whole number');
    expect((await query("SELECT value FROM settings WHERE key = 'free_week_capacity'"))[0].value).toBe('40');
  });

  it('imports Domain Ratings as history: two files with different dates give two rows; unknown domains are reported', async () => {
    const first = csv('dr1.csv', 'domain,rating,date\nhttps://www.notion.so/,90,2025-03-03\nno-such-product.example.org,12,2025-03-03\n');
    const r1 = await cli('import-domain-ratings', first);
    expect(r1.code).toBe(0);
    expect(r1.stdout).toContain('Imported 1 domain rating');
    expect(r1.stdout).toContain('line 3: no-such-product.example.org');

    const second = csv('dr2.csv', 'slug,rating,date\nnotion,92,2025-04-07\n');
    expect((await cli('import-domain-ratings', second)).code).toBe(0);
    const rows = async () => (await query("SELECT rating, recorded_on FROM domain_ratings WHERE source = 'import' AND listing_id = (SELECT id FROM listings WHERE slug = 'notion') ORDER BY recorded_on"));
    expect(await rows()).toEqual([{ rating: 90, recorded_on: '2025-03-03' }, { rating: 92, recorded_on: '2025-04-07' }]);

    // The same day again replaces that day's value instead of adding a row.
    expect((await cli('import-domain-ratings', csv('dr3.csv', 'slug,rating,date\nnotion,93,2025-04-07\n'))).code).toBe(0);
    expect(await rows()).toEqual([{ rating: 90, recorded_on: '2025-03-03' }, { rating: 93, recorded_on: '2025-04-07' }]);
  });

  it('refuses a file with bad values and imports none of it', async () => {
    const bad = csv('bad.csv', 'slug,rating,date\nlinear,50,2025-05-05\nfigma,140,2025-05-05\nnotion,"x",2025-02-30\n');
    const r = await cli('import-domain-ratings', bad);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('line 3: rating "140"');
    expect(r.stderr).toContain('line 4:');
    expect(r.stderr).toContain('Nothing imported');
    expect((await query("SELECT count(*) AS n FROM domain_ratings WHERE recorded_on = '2025-05-05'"))[0].n).toBe(0);

    const noColumn = await cli('import-domain-ratings', csv('nocol.csv', 'site,score\nnotion.so,5\n'));
    expect(noColumn.code).toBe(1);
    expect(noColumn.stderr).toContain('"domain"');

    expect((await cli('import-domain-ratings', join(dir, 'missing.csv'))).code).toBe(1);
  });

  it('imports revenue in dollars or cents, by month', async () => {
    const file = csv('rev.csv', 'domain,mrr_usd,mrr_cents,period,verified_by\nnotion.so,"1,234.50",,2025-01,Stripe\nlinear.app,,99900,2025-02-15,paddle\n');
    const r = await cli('import-revenue', file);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Imported 2 revenue figures');
    expect((await query(`SELECT l.slug, r.mrr_cents, r.period, r.verified_by FROM revenue_reports r JOIN listings l ON l.id = r.listing_id
      WHERE r.period < '2025-06-01' ORDER BY l.slug`))).toEqual([
      { slug: 'linear', mrr_cents: 99900, period: '2025-02-01', verified_by: 'paddle' },
      { slug: 'notion', mrr_cents: 123450, period: '2025-01-01', verified_by: 'stripe' },
    ]);
  });
});

describe('admin CLI: accounts and API keys', { timeout: 120_000 }, () => {
  const email = 'operator@example.test';
  const password = 'operator password 1';

  it('rejects bad usage with exit code 2 and creates nothing', async () => {
    const runs = await Promise.all([
      cli('create-user', '--email', email), cli('create-user', '--password', password), cli('create-user', '--email', email, '--password', password, '--role', 'admin'),
      cli('create-api-key'), cli('create-api-key', '--email', email, '--scopes', 'account:read,everything'), cli('create-api-key', email),
    ]);
    for (const r of runs) {
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/Usage: npm run admin -- create-(user|api-key) --email E/);
    }
    expect(runs[4].stderr).toContain('unknown: everything');
    expect((await query('SELECT id FROM users WHERE email = ?', email))).toHaveLength(0);
  });

  it('create-user creates an account that can sign in, with the sign-up rules', async () => {
    const r = await cli('create-user', '--email', 'Operator@Example.test', '--password', password, '--name', 'Ops Person');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Created user #\d+ operator@example\.test/);
    const [user] = (await query('SELECT id, email, name, password_hash FROM users WHERE email = ?', email));
    expect(user).toMatchObject({ email, name: 'Ops Person' });
    expect(user.password_hash).not.toContain(password);
    expect(await signIn({ db: await testDb(), clock: systemClock }, email, password)).toBe(user.id);

    const again = await cli('create-user', '--email', email, '--password', password);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');
    const weak = await cli('create-user', '--email', 'weak@example.test', '--password', 'short');
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('--password: Use at least');
    expect((await query('SELECT id FROM users WHERE email = ?', 'weak@example.test'))).toHaveLength(0);
  });

  it('create-api-key prints the key once and stores only its hash, with the chosen scopes', async () => {
    const r = await cli('create-api-key', '--email', email, '--name', 'deploy bot', '--scopes', 'orders:write,account:read');
    expect(r.code, r.stderr).toBe(0);
    const key = r.stdout.match(/^dk_live_[A-Za-z0-9_-]{43}$/m)?.[0];
    expect(key, r.stdout).toBeTruthy();
    expect(r.stdout).toContain('not shown again');
    const rows = (await query('SELECT k.name, k.prefix, k.hash, k.scopes FROM api_keys k JOIN users u ON u.id = k.user_id WHERE u.email = ?', email));
    expect(rows).toEqual([{ name: 'deploy bot', prefix: key!.slice(0, 12), hash: sha256Hex(key!), scopes: '["account:read","orders:write"]' }]);

    const defaults = await cli('create-api-key', '--email', email);
    expect(defaults.code).toBe(0);
    expect(defaults.stdout).toContain('account:read, listings:write, orders:write');
    expect((await query('SELECT count(*) AS n FROM api_keys'))[0].n).toBe(2);

    const nobody = await cli('create-api-key', '--email', 'nobody@example.test');
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toContain('No user with the e-mail nobody@example.test');
  });
});

describe('admin CLI: run-jobs', { timeout: 120_000 }, () => {
  it('drains every due job once (an e-mail and a draft build) and prints a summary', async () => {
    const { addUser } = await import('./fixtures');
    const { insertDraft, enqueueDraftBuild } = { ...(await import('../storage/queries/drafts')), ...(await import('../jobs/draft-build')) };
    const { queuedMailer } = await import('../jobs/mailer');
    const db = await testDb();
    const userId = await addUser(db, 'jobs-owner@example.test');
    await queuedMailer(db, systemClock).send({ to: 'jobs-owner@example.test', subject: 'Queued by the test', text: 'Open http://localhost:8787/account' });
    // A private address with the crawler's guard on: the build runs and fails the draft with its reason.
    const draftId = (await insertDraft(db, { id: '00000000-0000-4000-8000-000000000001', userId, url: 'http://127.0.0.1:9/', now: new Date().toISOString() })).id;
    await enqueueDraftBuild(db, systemClock, draftId, userId);
    const r = await cli('run-jobs');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Ran \d+ jobs: \d+ done, 0 to retry later, 0 failed\./);
    expect(r.stdout).toContain('[mail] outbox #'); // without SMTP_URL mail goes to the outbox and the log
    expect((await query('SELECT subject FROM outbox WHERE "to" = ?', 'jobs-owner@example.test'))).toEqual([{ subject: 'Queued by the test' }]);
    const [draft] = (await query('SELECT status, failure_reason FROM drafts WHERE id = ?', draftId));
    expect(draft.status).toBe('failed');
    expect(draft.failure_reason).toMatch(/127\.0\.0\.1/);
    expect((await query("SELECT kind, status FROM jobs WHERE kind IN ('email', 'draft_build') ORDER BY kind"))).toEqual([{ kind: 'draft_build', status: 'done' }, { kind: 'email', status: 'done' }]);

    // Run again: what was done is not done twice.
    const again = await cli('run-jobs');
    expect(again.code).toBe(0);
    expect(again.stdout).not.toContain('[mail]');
    expect((await query('SELECT count(*) AS n FROM outbox'))[0].n).toBe(1);
    expect((await cli('run-jobs', '--all')).code).toBe(2);
  });
});
