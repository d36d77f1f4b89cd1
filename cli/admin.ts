import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Db } from '../storage/db';
import { openDatabase } from '../storage/boot';
import { databaseLabel } from '../storage/database-label';
import { seedDatabase } from '../storage/seed';
import { AdminError, listPrices, listSettings, setPrice, setSettingValue } from '../storage/queries/admin';
import { importDomainRatings, importRevenue, type ImportReport } from '../storage/queries/imports';
import { CsvError } from '../domain/csv';
import { isoDay } from '../domain/weeks';
import { systemClock, type Clock } from '../tools/clock';
import type { AppConfig } from '../tools/context';
import { loadConfig } from '../transport/config';
import { completeServiceTask, markPaidManually } from '../jobs/fulfilment';
import { serviceTasks } from '../storage/queries/order-effects';
import { createApiKey, signUp } from '../auth/accounts';
import { userByEmail } from '../storage/queries/users';
import { listingForAdmin, markReviewNotGenuine, reviewsForAdmin } from '../storage/queries/community';
import { markVersionReviewed, unreviewedVersions } from '../storage/queries/listing-history';
import { SCOPES, type Scope } from '../tools/scopes';
import { runJobsOnce } from '../jobs/index';
import { allBlogPosts, saveBlogPosts, unpublishBlogPost } from '../storage/queries/blog-authoring';
import { BLOG_SLUG } from '../domain/blog-post-source';
import { readBlogFiles } from './blog-files';

// Operator CLI: `npm run admin -- <command> [arguments]`. Each command is one entry of `commands`: `parse`
// checks the arguments before the database is opened (bad input never creates or touches a database), `run`
// does the work through storage/queries. Exit codes: 0 done, 1 refused or failed, 2 usage error.

class UsageError extends Error {}

type Ctx = { db: Db; config: AppConfig; clock: Clock; out(line: string): void; err(line: string): void };
// run may be async (later commands such as run-jobs await work); the database is closed after it settles.
type Command<P> = { usage: string; summary: string; parse(args: string[]): P; run(ctx: Ctx, p: P): number | void | Promise<number | void> };
const command = <P>(c: Command<P>): Command<unknown> => c as Command<unknown>;

function exactly(args: string[], n: number, usage: string): string[] {
  if (args.length !== n) throw new UsageError(`Expected ${n} argument${n === 1 ? '' : 's'}: ${usage}`);
  return args;
}

// `--name value` options; anything else (unknown flags, positionals, a flag without its value) is a usage error.
function options<K extends string>(args: string[], names: readonly K[]): Partial<Record<K, string>> {
  try {
    const { values } = parseArgs({ args, options: Object.fromEntries(names.map((n) => [n, { type: 'string' }])), strict: true, allowPositionals: false });
    return values as Partial<Record<K, string>>;
  } catch (e) {
    throw new UsageError((e as Error).message.split('\n')[0]);
  }
}

function required(value: string | undefined, flag: string): string {
  if (!value) throw new UsageError(`${flag} is required.`);
  return value;
}

function parseScopeList(value: string | undefined): Scope[] {
  if (value === undefined) return [...SCOPES];
  const asked = value.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = asked.filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (unknown.length || !asked.length) throw new UsageError(`--scopes takes a comma-separated list of ${SCOPES.join(', ')}${unknown.length ? `; unknown: ${unknown.join(', ')}` : ''}`);
  return SCOPES.filter((s) => asked.includes(s));
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

const commands: Record<string, Command<unknown>> = {
  'set-price': command({
    usage: 'set-price CODE CENTS', summary: 'Set a product price in USD cents, excluding VAT (billboard_min: the minimum contribution)',
    parse(args) {
      const [code, cents] = exactly(args, 2, this.usage);
      if (!/^\d{1,12}$/.test(cents)) throw new UsageError(`CENTS must be a whole number of US cents, got "${cents}"`);
      return { code, cents: Number(cents) };
    },
    async run({ db, out }, { code, cents }) {
      const { previous } = await setPrice(db, code, cents);
      out(`${code}: ${usd(previous)} -> ${usd(cents)} (${cents} cents, excluding VAT)`);
    },
  }),
  'set-setting': command({
    usage: 'set-setting KEY VALUE', summary: 'Change a site setting (list-settings shows them)',
    parse(args) {
      const [key, value] = exactly(args, 2, this.usage);
      return { key, value };
    },
    async run({ db, out }, { key, value }) {
      const set = await setSettingValue(db, key, value);
      out(`${key}: ${JSON.stringify(set.previous)} -> ${JSON.stringify(set.value)}`);
    },
  }),
  'list-prices': command({
    usage: 'list-prices', summary: 'Show every product with its current price',
    parse(args) { exactly(args, 0, this.usage); },
    async run({ db, out }) {
      const rows = await listPrices(db);
      if (!rows.length) return out('No products yet. Run `npm run admin -- seed` first.');
      out(`${'code'.padEnd(18)}${'price (USD, ex VAT)'.padStart(20)}  ${'week'.padEnd(9)} active`);
      for (const r of rows) out(`${r.code.padEnd(18)}${`${usd(r.price_cents)} (${r.price_cents})`.padStart(20)}  ${r.week_rule.padEnd(9)} ${r.active ? 'yes' : 'no'}`);
    },
  }),
  'list-settings': command({
    usage: 'list-settings', summary: 'Show every site setting with its current value',
    parse(args) { exactly(args, 0, this.usage); },
    async run({ db, out }) {
      for (const s of await listSettings(db)) out(`${s.key.padEnd(26)} ${s.value}`);
    },
  }),
  'mark-paid': command({
    usage: 'mark-paid ORDER_NUMBER [--method bank_transfer|crypto]', summary: 'Record a payment made outside the site (default bank_transfer) and fulfil the order',
    parse(args) {
      const [number, flag, method = 'bank_transfer', ...rest] = args;
      if (!number || rest.length || (flag !== undefined && flag !== '--method') || !['bank_transfer', 'crypto'].includes(method)) {
        throw new UsageError(`Usage: ${this.usage}`);
      }
      return { number, method };
    },
    async run({ db, config, clock, out }, { number, method }) {
      const o = await markPaidManually(db, clock.now(), number, method, config);
      const open = o.lines.filter((l) => !l.fulfilled).length;
      out(`${o.number}: paid by ${method}, ${usd(o.totalCents)} including VAT; now ${o.status}`
        + (open ? ` (${plural(open, 'line')} waiting on service tasks: see list-tasks)` : '')
        + '. The receipt e-mail is queued (run-jobs or the server delivers it).');
    },
  }),
  'list-tasks': command({
    usage: 'list-tasks [--all]', summary: 'Show the service tasks paid orders opened for the site team (open ones unless --all)',
    parse(args) {
      if (args.length > 1 || (args[0] && args[0] !== '--all')) throw new UsageError(`Usage: ${this.usage}`);
      return { all: args[0] === '--all' };
    },
    async run({ db, out }, { all }) {
      const tasks = await serviceTasks(db, all ? null : 'open');
      if (!tasks.length) return out(all ? 'No service tasks yet.' : 'No open service tasks.');
      for (const t of tasks) {
        out(`#${t.id} ${t.status.padEnd(4)} ${t.product_code.padEnd(14)} ${t.order_number}  ${t.listing_slug ?? '(listing deleted)'}  ${t.customer_email}  ${t.created_at.slice(0, 10)}`
          + (t.brief ? `  brief: ${t.brief}` : '') + (t.note ? `  note: ${t.note}` : ''));
      }
    },
  }),
  'complete-task': command({
    usage: 'complete-task ID [--note TEXT]', summary: 'Mark a service task done; its order line becomes fulfilled',
    parse(args) {
      const [id, flag, note, ...rest] = args;
      if (!id || !/^\d{1,12}$/.test(id) || rest.length || (flag !== undefined && (flag !== '--note' || !note))) throw new UsageError(`Usage: ${this.usage}`);
      return { id: Number(id), note: note ?? null };
    },
    async run({ db, clock, out }, { id, note }) {
      const { order } = await completeServiceTask(db, clock.now(), id, note);
      out(`Task #${id} done. Order ${order.number} is ${order.status}.`);
    },
  }),
  seed: command({
    usage: 'seed [--demo | --no-demo]', summary: 'Seed an empty database with base data, and the demo directory unless --no-demo (default: SEED_DEMO)',
    parse(args) {
      if (args.length > 1 || (args[0] && !['--demo', '--no-demo'].includes(args[0]))) throw new UsageError(`Usage: ${this.usage}`);
      return { demo: args[0] === undefined ? null : args[0] === '--demo' };
    },
    async run({ db, config, clock, out }, { demo }) {
      const withDemo = demo ?? config.seedDemo;
      if (!await seedDatabase(db, { demo: withDemo, clock })) return out(`The database ${databaseLabel(config)} already has data; nothing seeded.`);
      const n = async (table: string) => (await db.engine.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
      out(`Seeded ${databaseLabel(config)}: ${await n('categories')} categories, ${await n('products')} products, ${await n('interview_questions')} interview questions`
        + (withDemo ? `, and a demo directory of ${await n('listings')} listings.` : ' (no demo directory).'));
    },
  }),
  'create-user': command({
    usage: 'create-user --email E --password P [--name N]', summary: 'Create a site account (same rules as the sign-up page)',
    parse(args) {
      const o = options(args, ['email', 'password', 'name']);
      return { email: required(o.email, '--email'), password: required(o.password, '--password'), name: o.name ?? '' };
    },
    async run({ db, clock, out, err }, { email, password, name }) {
      const result = await signUp({ db, clock }, { email, password, name });
      if ('errors' in result) {
        for (const [field, message] of Object.entries(result.errors)) err(`--${field}: ${message}`);
        return 1;
      }
      out(`Created user #${result.userId} ${(await userByEmail(db, email))!.email}. They can sign in on the site and create API keys.`);
    },
  }),
  'create-api-key': command({
    usage: 'create-api-key --email E [--name N] [--scopes a,b]',
    summary: `Create an API key for a user and print it once (scopes: ${SCOPES.join(', ')}; default all)`,
    parse(args) {
      const o = options(args, ['email', 'name', 'scopes']);
      return { email: required(o.email, '--email'), name: o.name ?? 'Operator CLI key', scopes: parseScopeList(o.scopes) };
    },
    async run({ db, clock, out, err }, { email, name, scopes }) {
      const user = await userByEmail(db, email);
      if (!user) throw new AdminError(`No user with the e-mail ${email}. Create one first: create-user --email ${email} --password …`);
      const created = await createApiKey({ db, clock }, user.id, name, scopes);
      if ('errors' in created) {
        for (const [field, message] of Object.entries(created.errors)) err(`--${field}: ${message}`);
        return 1;
      }
      out(`Created API key "${name.trim()}" for ${user.email} with scopes ${scopes.join(', ')}. Copy it now: it is not shown again.`);
      out(created.key);
    },
  }),
  'import-domain-ratings': command({
    usage: 'import-domain-ratings FILE.csv', summary: 'Import Domain Rating points (columns: domain or slug, rating, date)',
    parse(args) { return { file: exactly(args, 1, this.usage)[0] }; },
    async run(ctx, { file }) {
      return report(ctx, 'domain rating', await importDomainRatings(ctx.db, readCsv(file), { today: isoDay(ctx.clock.now()) }));
    },
  }),
  'import-revenue': command({
    usage: 'import-revenue FILE.csv', summary: 'Import verified MRR (columns: domain or slug, mrr_usd or mrr_cents, period, verified_by)',
    parse(args) { return { file: exactly(args, 1, this.usage)[0] }; },
    async run(ctx, { file }) {
      return report(ctx, 'revenue figure', await importRevenue(ctx.db, readCsv(file), { today: isoDay(ctx.clock.now()) }));
    },
  }),
  'list-reviews': command({
    usage: 'list-reviews --listing SLUG', summary: 'Show every review of a listing, genuine or not, newest first',
    parse(args) { return { slug: required(options(args, ['listing']).listing, '--listing') }; },
    async run({ db, out }, { slug }) {
      const listing = await listingForAdmin(db, slug);
      if (!listing) throw new AdminError(`No listing with the slug ${slug}.`);
      const rows = await reviewsForAdmin(db, listing.id);
      if (!rows.length) return out(`${listing.name} has no reviews.`);
      for (const r of rows) {
        out(`#${r.id} ${r.rating}/5 ${r.genuine ? 'genuine    ' : 'NOT GENUINE'} ${r.created_at.slice(0, 10)} ${r.email}  ${r.body.replace(/\s+/g, ' ').slice(0, 100)}`);
      }
    },
  }),
  'mark-review-not-genuine': command({
    usage: 'mark-review-not-genuine REVIEW_ID', summary: 'Exclude a review from the community rating and the listing page (it stays stored)',
    parse(args) {
      const [id] = exactly(args, 1, this.usage);
      if (!/^\d{1,12}$/.test(id)) throw new UsageError(`REVIEW_ID must be a review number (list-reviews shows them), got "${id}"`);
      return { id: Number(id) };
    },
    async run({ db, out }, { id }) {
      const r = await markReviewNotGenuine(db, id);
      if (!r) throw new AdminError(`No review #${id}.`);
      out(r.changed ? `Review #${id} of ${r.slug} is marked not genuine: it no longer counts in the community rating.` : `Review #${id} of ${r.slug} was already marked not genuine.`);
    },
  }),
  'review-queue': command({
    usage: 'review-queue [--limit N]', summary: 'Show owner edits not reviewed yet, oldest first, with a before/after copy of each changed field',
    parse(args) {
      const limit = options(args, ['limit']).limit ?? '50';
      if (!/^\d{1,4}$/.test(limit) || Number(limit) < 1) throw new UsageError(`--limit must be a whole number from 1 to 9999, got "${limit}"`);
      return { limit: Number(limit) };
    },
    async run({ db, out }, { limit }) {
      const { rows, total } = await unreviewedVersions(db, limit);
      if (!rows.length) return out('No edits waiting for review.');
      for (const v of rows) {
        out(`#${v.id} ${v.created_at} ${v.slug} (${v.listing_name}) by ${v.user_email ?? 'a deleted user'}: ${v.changed_fields.join(', ')}`);
        for (const f of Object.keys({ ...v.before, ...v.after })) {
          out(`  ${f}`);
          out(`    before: ${JSON.stringify(v.before[f] ?? null)}`);
          out(`    after:  ${JSON.stringify(v.after[f] ?? null)}`);
        }
      }
      out(`${plural(rows.length, 'edit')} shown of ${total} waiting. Mark one reviewed with: mark-reviewed ID`);
    },
  }),
  'mark-reviewed': command({
    usage: 'mark-reviewed VERSION_ID', summary: 'Mark an owner edit from review-queue as reviewed (it leaves the queue; the edit stays published)',
    parse(args) {
      const [id] = exactly(args, 1, this.usage);
      if (!/^\d{1,12}$/.test(id)) throw new UsageError(`VERSION_ID must be an edit number (review-queue shows them), got "${id}"`);
      return { id: Number(id) };
    },
    async run({ db, clock, out }, { id }) {
      const r = await markVersionReviewed(db, id, clock.now().toISOString());
      if (r === 'unknown') throw new AdminError(`No edit #${id}. review-queue shows the edits waiting for review.`);
      out(r === 'done' ? `Edit #${id} is marked reviewed.` : `Edit #${id} was already reviewed.`);
    },
  }),
  'blog-import': command({
    usage: 'blog-import FILE.md|FOLDER…', summary: 'Create or update blog posts from Markdown files with front matter (by slug; all or none)',
    parse(args) {
      if (!args.length) throw new UsageError(`Expected at least one file or folder: ${this.usage}`);
      if (args.some((a) => a.startsWith('-'))) throw new UsageError(`blog-import takes no options: ${this.usage}`);
      return { paths: args };
    },
    async run({ db, clock, out, err }, { paths }) {
      // Read and check every file before opening a write: one bad file means nothing is imported.
      const { files, problems } = readBlogFiles(paths);
      if (problems.length) {
        for (const p of problems) err(p);
        err(`Nothing imported: ${plural(problems.length, 'problem')} in the files. Fix them and run blog-import again.`);
        return 1;
      }
      const now = clock.now().toISOString();
      const saved = await saveBlogPosts(db, files.map((f) => f.post), now);
      saved.forEach((r, i) => {
        const shown = r.draft ? 'draft, not shown' : Date.parse(r.publishedAt) > Date.parse(now) ? `scheduled for ${r.publishedAt.slice(0, 10)}` : `published ${r.publishedAt.slice(0, 10)}`;
        out(`${r.action.padEnd(9)} ${r.slug}  (${files[i].file}; ${shown}) /blog/${r.slug}`);
      });
      const count = (a: string) => saved.filter((r) => r.action === a).length;
      out(`${plural(saved.length, 'file')}: ${count('created')} created, ${count('updated')} updated, ${count('unchanged')} unchanged.`);
    },
  }),
  'blog-list': command({
    usage: 'blog-list', summary: 'Show every blog post with its state (published, scheduled, draft), newest first',
    parse(args) { exactly(args, 0, this.usage); },
    async run({ db, clock, out }) {
      const rows = await allBlogPosts(db);
      if (!rows.length) return out('No blog posts yet. Write one as Markdown and run blog-import FILE.md.');
      const now = clock.now().getTime();
      for (const r of rows) {
        const state = r.draft ? 'draft' : Date.parse(r.published_at) > now ? 'scheduled' : 'published';
        out(`${state.padEnd(10)} ${r.published_at.slice(0, 10)}  ${r.slug}  ${r.title}  (${r.author})${r.is_demo ? '  [demo]' : ''}`);
      }
    },
  }),
  'blog-unpublish': command({
    usage: 'blog-unpublish SLUG', summary: 'Take a blog post off the site (it becomes a draft; re-import it with draft: false to publish again)',
    parse(args) {
      const [slug] = exactly(args, 1, this.usage);
      if (!BLOG_SLUG.test(slug)) throw new UsageError(`SLUG must be a blog post slug (blog-list shows them), got "${slug}"`);
      return { slug };
    },
    async run({ db, out }, { slug }) {
      const r = await unpublishBlogPost(db, slug);
      if (r === 'unknown') throw new AdminError(`No blog post with the slug ${slug}. blog-list shows them.`);
      out(r === 'done' ? `${slug} is unpublished: it is a draft now and no longer shows on /blog.` : `${slug} was already a draft.`);
    },
  }),
  'run-jobs': command({
    usage: 'run-jobs', summary: 'Run every background job that is due now (draft builds, e-mail…) until none is left, then exit',
    parse(args) { exactly(args, 0, this.usage); },
    async run({ db, config, clock, out }) {
      const s = await runJobsOnce({ db, clock, config, log: out });
      out(s.started ? `Ran ${plural(s.started, 'job')}: ${s.done} done, ${s.retried} to retry later, ${s.failed} failed.` : 'No jobs are due.');
    },
  }),
};

function readCsv(file: string): string {
  try {
    return readFileSync(resolve(file), 'utf8');
  } catch (e) {
    throw new AdminError(`Cannot read ${file}: ${(e as Error).message}`);
  }
}

function report({ out, err }: Ctx, what: string, r: ImportReport): number {
  if (r.errors.length) {
    for (const e of r.errors) err(`line ${e.line}: ${e.message}`);
    err(`Nothing imported: ${r.errors.length} of ${r.rows} rows have errors. Fix them and run the import again.`);
    return 1;
  }
  out(`Imported ${plural(r.imported, what)} for ${plural(r.listings, 'listing')} (${plural(r.rows, 'row')}).`);
  if (r.unknown.length) {
    out(`Skipped ${plural(r.unknown.length, 'row')} naming no known listing:`);
    for (const u of r.unknown) out(`  line ${u.line}: ${u.value}`);
  }
  return 0;
}

export function usage(): string {
  const width = Math.max(...Object.values(commands).map((c) => c.usage.length)) + 2;
  return ['Usage: npm run admin -- <command> [arguments]', '', 'Commands:',
    ...Object.values(commands).map((c) => `  ${c.usage.padEnd(width)}${c.summary}`),
    '', 'The database is DATABASE_PATH (default ./data/directory.db).'].join('\n');
}

export async function runAdmin(argv: string[], env: NodeJS.ProcessEnv = process.env, clock: Clock = systemClock): Promise<number> {
  const out = (line: string) => console.log(line);
  const err = (line: string) => console.error(line);
  const [name, ...args] = argv;
  if (name === 'help' || name === '--help' || name === '-h') return out(usage()), 0;
  const cmd = name && Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!cmd) {
    err(name ? `Unknown command "${name}".\n` : 'No command given.\n');
    err(usage());
    return 2;
  }
  let parsed: unknown;
  try {
    parsed = cmd.parse(args);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    err(`${e.message}\nUsage: npm run admin -- ${cmd.usage}`);
    return 2;
  }
  const config = loadConfig(env);
  const db = await openDatabase(config);
  try {
    return (await cmd.run({ db, config, clock, out, err }, parsed)) ?? 0;
  } catch (e) {
    // Refusals and data problems (including SQLite's) are the operator's to fix: print the message only.
    // Programming errors keep their stack trace.
    if (e instanceof AdminError || e instanceof CsvError) return err(e.message), 1;
    if (e instanceof Error && !(e instanceof TypeError) && !(e instanceof RangeError)) return err(e.message), 1;
    throw e;
  } finally {
    await db.engine.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  runAdmin(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (e) => { console.error(e); process.exitCode = 1; });
}
