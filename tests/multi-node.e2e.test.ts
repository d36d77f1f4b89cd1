import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '../storage/db';
import { openDatabase } from '../storage/boot';
import { readPgMigrations } from '../storage/pg/migrate';
import { createApiKey, signUp } from '../auth/accounts';
import { systemClock } from '../tools/clock';
import { addListing, addUser } from './fixtures';
import { Browser, hiddenFields, issueTokens } from './auth-helpers';
import { serveSite, type SiteServer } from './fixture-server';
import { runAdminCli, runCommand } from './admin-cli-runner';
import { DRAFT_BUILD_JOB } from '../jobs/draft-build';
import { createDatabase, dropDatabase } from './support/pg-cluster';

// Several real server processes on ONE database, started the way operators start them (the package.json scripts
// through tsx, settings in the environment), behind a small round-robin proxy. Everything a single process kept to
// itself must now hold for all of them: the start-up, the rate limits, the sign-in throttle, job claims, the
// free-week capacity, the OAuth state and idempotency keys.
//
// Two engines (compose.yaml mirrors the second): by default one SQLite file (DATABASE_PATH, LIMITS_STORE=sqlite),
// the processes sharing a host; with TEST_DATABASE=postgres (`npm run test:pg`, project suite-on-pg) a new, empty
// database in the run's throwaway cluster (DATABASE_URL, LIMITS_STORE=postgres), as machines sharing one server
// would. Empty, not the suite's seeded template: the first test proves migrate and seed under concurrent starts.
// The test itself reads and writes through db.engine, so its checks are the same on both.

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const SCRIPTS = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

// `npm run <name>` without npm: the script is "tsx <file>", run with the project's tsx.
function scriptArgs(name: string): string[] {
  const [bin, ...args] = SCRIPTS[name].split(' ');
  if (bin !== 'tsx') throw new Error(`script ${name} is not "tsx …": ${SCRIPTS[name]}`);
  return args;
}

type Proc = { child: ChildProcess; port: number; url: string; output: () => string };
const procs: ChildProcess[] = [];

// Starts `npm start` with PORT=0 and waits for the line naming the port it listens on. The script runs as npm runs it
// (sh -c, the project's .bin first on the PATH): it builds the server (cli/build.ts; nodes started at once build
// at once) and then execs node on the build, so the child is the server itself.
function startNode(env: Record<string, string>): Promise<Proc> {
  const PATH = `${join(ROOT, 'node_modules', '.bin')}:${process.env.PATH ?? ''}`;
  const child = spawn('/bin/sh', ['-c', SCRIPTS.start], { cwd: ROOT, env: { ...process.env, PATH, PORT: '0', HOST: '127.0.0.1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  procs.push(child);
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /\(listening on [^\s]+:(\d+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]), url: `http://127.0.0.1:${m[1]}`, output: () => out });
    });
    child.stderr!.on('data', (d: Buffer) => { out += d.toString(); });
    child.on('exit', (code) => reject(new Error(`server exited with ${code} before listening:\n${out.slice(-3000)}`)));
  });
}

const runScript = (name: string, env: Record<string, string>) => runCommand(TSX, scriptArgs(name), env);

// Round robin over the web nodes, as a load balancer would, adding the client's address to X-Forwarded-For.
// `x-test-node: i` pins a request to node i. Records which node answered which request.
type Proxy = { url: string; backends: number[]; served: { method: string; path: string; node: number; status?: number }[]; close(): Promise<void> };
async function startProxy(): Promise<Proxy> {
  let next = 0;
  const proxy: Omit<Proxy, 'url' | 'close'> = { backends: [], served: [] };
  const server: Server = createServer((req, res) => {
    const pinned = req.headers['x-test-node'];
    const node = pinned !== undefined ? Number(pinned) : next++ % proxy.backends.length;
    const headers = { ...req.headers };
    delete headers['x-test-node'];
    const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    headers['x-forwarded-for'] = forwarded;
    const served: Proxy['served'][number] = { method: req.method ?? 'GET', path: req.url ?? '/', node };
    proxy.served.push(served);
    const upstream = request({ host: '127.0.0.1', port: proxy.backends[node], method: req.method, path: req.url, headers }, (answer) => {
      served.status = answer.statusCode;
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => { if (!res.headersSent) res.writeHead(502); res.end(); });
    req.pipe(upstream);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return Object.assign(proxy, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  });
}

const onPostgres = process.env.TEST_DATABASE === 'postgres';
// The time a start-up and the demo seed may take: PostgreSQL seeds statement by statement over the network.
const START_BUDGET = onPostgres ? 300_000 : 120_000;
const dirs: string[] = [];
const pgDatabases: string[] = [];
const pgAdminUrl = () => inject('pgAdminUrl' as never) as string;

// A new, empty database and what a process is told to use it: the variables of every node and of the CLIs, and
// how the test opens it itself.
type TestDatabase = { env: Record<string, string>; limitsStore: 'sqlite' | 'postgres'; open(): Promise<Db> };
async function newDatabase(): Promise<TestDatabase> {
  if (onPostgres) {
    const name = `multi_node_${process.pid}_${pgDatabases.length + 1}`;
    const url = await createDatabase(pgAdminUrl(), name);
    pgDatabases.push(name);
    return { env: { DATABASE_URL: url }, limitsStore: 'postgres', open: () => openDatabase({ databasePath: '', databaseUrl: url, databasePoolSize: 4 }) };
  }
  const dir = mkdtempSync(join(tmpdir(), 'multi-node-'));
  dirs.push(dir);
  const path = join(dir, 'directory.db');
  return { env: { DATABASE_PATH: path }, limitsStore: 'sqlite', open: () => openDatabase({ databasePath: path }) };
}

// The migrations the engine knows of, and the table recording those applied.
const migrationsOnRecord = onPostgres
  ? { table: '__migrations', count: readPgMigrations().length }
  : { table: '__drizzle_migrations', count: (JSON.parse(readFileSync(join(ROOT, 'storage', 'migrations', 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length };

async function stopAll(): Promise<void> {
  await Promise.all(procs.map((child) => new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => { clearTimeout(force); resolve(); });
    child.kill('SIGTERM');
  })));
  procs.length = 0;
}

afterAll(async () => {
  await stopAll();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  for (const name of pgDatabases) await dropDatabase(pgAdminUrl(), name);
});

describe(`three processes starting at the same moment on a new database (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('all serve, and the schema and the seed are applied exactly once', async () => {
    const database = await newDatabase();
    const env = { ...database.env, SEED_DEMO: 'true', ROLE: 'web' };
    const nodes = await Promise.all([startNode(env), startNode(env), startNode(env)]);
    for (const n of nodes) {
      const health = await fetch(`${n.url}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
    }
    // Exactly one of them migrated and seeded; the others found it done.
    const logs = nodes.map((n) => n.output());
    expect(logs.filter((l) => l.includes('Seeded a new database'))).toHaveLength(1);
    expect(logs.filter((l) => /Applied \d+ migration/.test(l))).toHaveLength(1);
    const db = await database.open();
    try {
      expect(Number(await db.engine.prepare(`SELECT count(*) FROM ${migrationsOnRecord.table}`).pluck().get())).toBe(migrationsOnRecord.count);
      expect(Number(await db.engine.prepare('SELECT count(*) FROM listings WHERE is_demo = 1').pluck().get())).toBeGreaterThan(0);
    } finally {
      await db.engine.close();
    }
    await stopAll();
  }, START_BUDGET);
});

describe(`three web nodes and two workers behind a round-robin proxy (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  const ANON_LIMIT = 12;
  let database: TestDatabase;
  let db: Db;
  let proxy: Proxy;
  let web: Proc[];
  let workers: Proc[];
  let site: SiteServer;
  const key = async (userId: number) => {
    const k = await createApiKey({ db, clock: systemClock }, userId, 'multi-node test');
    if ('errors' in k) throw new Error('no key');
    return `Bearer ${k.key}`;
  };
  const api = (base: string, method: string, path: string, auth: string | null, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}/api/v1${path}`, {
      method,
      headers: { ...(auth ? { authorization: auth } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(async (r) => ({ status: r.status, headers: r.headers, body: (await r.text().then((t) => (t ? JSON.parse(t) : null))) as any }));

  beforeAll(async () => {
    database = await newDatabase();
    [proxy, site] = await Promise.all([startProxy(), serveSite('lanternly')]);
    // LOG_LEVEL: the request log lines (one per request, with its status) are read by the last test.
    const base = { ...database.env, SEED_DEMO: 'false', SITE_URL: proxy.url, TRUST_PROXY: '127.0.0.0/8', CRAWLER_ALLOW_PRIVATE: 'true', LOG_LEVEL: 'info' };
    // As a deploy script would: the schema first, then every process at once.
    const migrated = await runScript('migrate', base);
    expect(migrated.code, migrated.stderr).toBe(0);
    expect(migrated.stdout).toMatch(/Applied \d+ migration\(s\) to .*0000_base/);
    expect(migrated.stdout).toContain('Seeded');
    const again = await runScript('migrate', base);
    expect(again.stdout).toContain('schema up to date, no migration applied');
    expect(again.stdout).toContain('already has data, nothing seeded');

    // LIMITS_STORE: sqlite (a file beside DATABASE_PATH) or postgres (DATABASE_URL's database), shared either way.
    const webEnv = { ...base, ROLE: 'web', LIMITS_STORE: database.limitsStore, RATE_LIMIT_ANON_PER_MIN: String(ANON_LIMIT), RATE_LIMIT_USER_PER_MIN: '10000' };
    const workerEnv = { ...base, ROLE: 'worker' };
    const all = await Promise.all([startNode(webEnv), startNode(webEnv), startNode(webEnv), startNode(workerEnv), startNode(workerEnv)]);
    web = all.slice(0, 3);
    workers = all.slice(3);
    proxy.backends.push(...web.map((n) => n.port));
    db = await database.open();
  }, START_BUDGET);

  afterAll(async () => {
    await db?.engine.close();
    await stopAll();
    await Promise.all([proxy?.close(), site?.close()]);
  });

  it('every node answers /health; a worker serves nothing else, and a web node runs no jobs', async () => {
    for (const n of [...web, ...workers]) expect((await fetch(`${n.url}/health`)).status).toBe(200);
    expect((await fetch(`${workers[0].url}/api/v1/site`)).status).toBe(404);
    expect((await fetch(`${web[0].url}/api/v1/site`, { headers: { 'x-forwarded-for': '198.51.100.99' } })).status).toBe(200);
    for (const n of web) expect(n.output()).not.toContain('Job worker started');
    for (const n of workers) expect(n.output()).toContain('Job worker started');
    // A web node warms up once it listens (the typo vocabulary and the front pages, every one answered), so no
    // visitor waits for them; a worker has no visitors.
    for (const n of web) await expect.poll(() => n.output()).toMatch(/"read":\d+,.*"msg":"warmed up"/);
    for (const n of web) expect(n.output()).not.toContain('warm-up');
    for (const n of workers) expect(n.output()).not.toContain('warmed up');
  });

  it('a write through one node is read through the others at once (their cached reads see it)', async () => {
    const owner = await addUser(db, 'editor@multi.test');
    const auth = await key(owner);
    const id = await addListing(db, { name: 'Shared Notes', slug: 'shared-notes', status: 'live', tagline: 'Before the edit', ownerUserId: owner });
    const read = (node: number) => api(web[node].url, 'GET', '/listings/shared-notes', null, undefined, { 'x-forwarded-for': '198.51.100.50' });
    // Nodes 1 and 2 read it first, so each remembers the answer.
    for (const n of [1, 2]) expect((await read(n)).body.tagline).toBe('Before the edit');
    const edit = await api(web[0].url, 'PATCH', `/me/listings/${id}`, auth, { fields: { tagline: 'After the edit' } });
    expect(edit.status).toBe(200);
    for (const n of [1, 2]) expect((await read(n)).body.tagline).toBe('After the edit');
    expect((await api(web[2].url, 'GET', `/me/listings/${id}`, auth)).body.tagline).toBe('After the edit');
  });

  it('a page view counts once per visitor, whichever nodes serve their pixel', async () => {
    await addListing(db, { name: 'Seen Once', slug: 'seen-once', status: 'live', tagline: 'Counted once' });
    const views = async () => Number(await db.engine.prepare("SELECT views_count FROM listings WHERE slug = 'seen-once'").pluck().get());
    const pixel = (node: number, address: string) => fetch(`${proxy.url}/v/seen-once.gif`, {
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0', 'x-forwarded-for': address, 'x-test-node': String(node) },
    });
    // One visitor reloading the page on every node, then a second visitor.
    for (const node of [0, 1, 2, 2, 1, 0]) expect((await pixel(node, '198.51.100.60')).status).toBe(200);
    expect((await pixel(1, '198.51.100.61')).status).toBe(200);
    // Each node writes its views within half a second.
    await expect.poll(views, { timeout: 5_000 }).toBe(2);
    await new Promise((r) => setTimeout(r, 1_200));
    expect(await views()).toBe(2);
  });

  it('the anonymous rate limit holds across nodes: together they allow what one node would', async () => {
    const answers = [];
    for (let i = 0; i < ANON_LIMIT * 3; i++) {
      answers.push(await fetch(`${proxy.url}/api/v1/site`, { headers: { 'x-forwarded-for': '198.51.100.20' } }));
    }
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(ANON_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(ANON_LIMIT * 2);
    expect(statuses.slice(0, ANON_LIMIT).every((s) => s === 200)).toBe(true);
    expect(new Set(proxy.served.slice(-ANON_LIMIT * 3).map((s) => s.node)).size).toBe(3);
    const refused = answers[ANON_LIMIT];
    expect(refused.headers.get('ratelimit-limit')).toBe(String(ANON_LIMIT));
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await refused.json()).code).toBe('rate_limited');
    // Another address is not affected.
    expect((await fetch(`${proxy.url}/api/v1/site`, { headers: { 'x-forwarded-for': '198.51.100.21' } })).status).toBe(200);
  });

  it('the sign-in throttle holds across nodes: ten failures anywhere, then refused everywhere', async () => {
    const password = 'a long enough password';
    await signUp({ db, clock: systemClock }, { email: 'throttled@multi.test', password, name: 'T' });
    const b = new Browser(proxy.url);
    const attempt = async (pw: string) => {
      const page = await b.get('/signin');
      return b.post('/signin', { ...hiddenFields(await page.text(), '/signin'), email: 'throttled@multi.test', password: pw });
    };
    for (let i = 0; i < 10; i++) expect((await attempt(`wrong ${i}`)).status).toBe(401);
    const nodesTried = new Set(proxy.served.filter((s) => s.method === 'POST' && s.path === '/signin').map((s) => s.node));
    expect(nodesTried.size).toBe(3);
    for (let i = 0; i < 3; i++) {
      const blocked = await attempt(password); // the right password, on each node in turn
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('a retry with the same Idempotency-Key on another node replays, and the draft is built exactly once by the workers', async () => {
    const users = await Promise.all(['d1@multi.test', 'd2@multi.test', 'd3@multi.test'].map(async (e) => await key(await addUser(db, e))));
    const first = await api(web[0].url, 'POST', '/drafts', users[0], { url: site.url }, { 'idempotency-key': 'draft-once' });
    expect(first.status).toBe(201);
    const retry = await api(web[1].url, 'POST', '/drafts', users[0], { url: site.url }, { 'idempotency-key': 'draft-once' });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body.id).toBe(first.body.id);
    // Two more drafts from other people, so both workers have jobs to race for.
    const others = await Promise.all(users.slice(1).map((auth, i) => api(web[i + 1].url, 'POST', '/drafts', auth, { url: site.url })));
    const ids = [first.body.id, ...others.map((o) => o.body.id)] as string[];
    for (const [i, id] of ids.entries()) {
      let status = '';
      for (let tries = 0; tries < 120 && !['ready', 'failed'].includes(status); tries++) {
        const r = await api(proxy.url, 'GET', `/drafts/${id}?wait_seconds=1`, users[i]);
        status = r.body.status;
      }
      expect(status).toBe('ready');
    }
    const jobs = (await db.engine.prepare('SELECT payload, status, attempts FROM jobs WHERE kind = ?').all(DRAFT_BUILD_JOB) as { payload: string; status: string; attempts: number }[])
      .map((j) => ({ draft: (JSON.parse(j.payload) as { draftId: string }).draftId, status: j.status, attempts: Number(j.attempts) }));
    for (const id of ids) expect(jobs.filter((j) => j.draft === id)).toEqual([{ draft: id, status: 'done', attempts: 1 }]);
  }, START_BUDGET);

  it('free-week capacity is exact under concurrent requests through different nodes', async () => {
    for (const [k, v] of [['free_queue_max_weeks', '6'], ['free_week_capacity', '2']]) {
      const set = await runAdminCli(database.env, ['set-setting', k, v]);
      expect(set.code, set.stderr).toBe(0);
    }
    const owners = await Promise.all(Array.from({ length: 7 }, async (_, i) => await addUser(db, `free${i}@multi.test`)));
    const listings = await Promise.all(owners.map(async (o, i) => ({
      auth: await key(o), id: await addListing(db, { name: `Free Launch ${i}`, status: 'submitted', url: `${site.origin}/free-${i}/`, ownerUserId: o }),
    })));
    const answers = await Promise.all(listings.map((l, i) => api(web[i % 3].url, 'POST', `/me/listings/${l.id}/free`, l.auth)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.detail).toMatch(/is full \(2 free launches a week\)/);
    const weeks = new Set(answers.filter((a) => a.status === 200).map((a) => a.body.launch_week));
    expect(weeks.size).toBe(1);
  });

  it('an OAuth authorization started on one node finishes on others; the token works on a third', async () => {
    const before = proxy.served.length;
    const tokens = await issueTokens(proxy.url, { scope: 'account:read', resource: `${proxy.url}/api/v1` });
    const flow = proxy.served.slice(before);
    const authorizeNode = flow.find((s) => s.path.startsWith('/oauth/authorize'))!.node;
    const tokenNode = flow.find((s) => s.path.startsWith('/oauth/token'))!.node;
    expect(tokenNode).not.toBe(authorizeNode);
    const third = [0, 1, 2].find((n) => n !== authorizeNode && n !== tokenNode)!;
    const me = await api(proxy.url, 'GET', '/me', `Bearer ${tokens.access_token}`, undefined, { 'x-test-node': String(third) });
    expect(me.status, web[third].output().slice(-4000)).toBe(200);
    expect(me.body).toMatchObject({ via: 'oauth', user: { email: tokens.email }, client: { id: tokens.clientId } });
  });

  // A lock the engine gave up on: SQLite's busy timeout running out, PostgreSQL's deadlock detector or a
  // serialization failure that the engine's retries did not absorb.
  const lockTrouble = onPostgres ? /deadlock|could not serialize/i : /SQLITE_BUSY/;
  it(`no node answered a 500 or logged ${onPostgres ? 'a deadlock or serialization failure' : 'SQLITE_BUSY'}`, async () => {
    expect(proxy.served.filter((s) => (s.status ?? 0) >= 500)).toEqual([]);
    // A node writes its log asynchronously: once a request made now is in it, every earlier line is too.
    for (const n of web) {
      const healthLines = () => n.output().match(/"route":"\/health"/g)?.length ?? 0;
      const before = healthLines();
      expect((await fetch(`${n.url}/health`)).status).toBe(200);
      await expect.poll(healthLines).toBeGreaterThan(before);
    }
    expect(web.map((n) => n.output().match(/"status":200/g)?.length ?? 0).every((n) => n > 0)).toBe(true); // the log is read
    for (const n of [...web, ...workers]) {
      expect(n.output()).not.toMatch(/"status":5\d\d/);
      expect(n.output()).not.toMatch(lockTrouble);
    }
  });
});
