import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { openDb, type Db } from '../storage/db';
import { seedDatabase } from '../storage/seed';
import { fixedClock } from '../tools/clock';
import { createApp } from '../transport/app';
import { loadConfig } from '../transport/config';
import { answerClientErrors } from '../transport/client-errors';
import { listen } from '../transport/node-front';
import type { AppConfig } from '../tools/context';
import type { LanguageModel } from 'ai';
import type { Logger } from '../transport/ops/logger';
import { startJobs } from '../jobs/index';
import { freshPgDb, testEngine } from './support/pg-test-db';

export type TestApp = {
  auth: ReturnType<typeof createApp>['auth'];
  hono: ReturnType<typeof createApp>['app'];
  url: string; // site root
  api: string; // REST root
  db: Db;
  config: AppConfig;
  clock: ReturnType<typeof fixedClock>;
  close(): Promise<void>;
};

// The demo data is generated relative to this instant, so tests see the same directory every run.
export const TEST_NOW = '2026-11-18T12:00:00Z';

// Starts the real app on an ephemeral loopback port with a fresh temp SQLite file.
// `jobs` also runs the background worker (draft builds, e-mail…) as `npm start` does; `model` is the drafting
// model it uses (e.g. a MockLanguageModelV3; default: none, as without AI_BASE_URL).
export async function startApp(opts: { demo?: boolean; now?: string; env?: Record<string, string>; jobs?: boolean | { model?: LanguageModel | null }; logger?: Logger } = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'directory-test-'));
  const clock = fixedClock(opts.now ?? TEST_NOW);
  // Limits are off unless a test turns them on: suites send far more than a person would from one address.
  // Limits are counted in memory unless a test asks for a shared store (LIMITS_STORE): tests move the app's clock to
  // refill them, and the shared stores count in real time (with DATABASE_URL the default store would be postgres).
  const env = { RATE_LIMIT_ANON_PER_MIN: '0', RATE_LIMIT_USER_PER_MIN: '0', LIMITS_STORE: 'memory', ...opts.env, DATABASE_PATH: join(dir, 'test.db'), PORT: '0' };
  // On PostgreSQL (npm run test:pg) a fresh database of its own, seeded the same way; DATABASE_URL names it, so
  // what reads the configuration (the shared limits) finds it too.
  const pgDb = testEngine() === 'postgres' ? await freshPgDb({ demo: opts.demo ?? true, now: opts.now ?? TEST_NOW }) : null;
  if (pgDb) (env as Record<string, string>).DATABASE_URL = pgDb.url;
  const base = loadConfig(env as NodeJS.ProcessEnv);
  const db = pgDb ? pgDb.db : openDb(base.databasePath);
  if (!pgDb) await seedDatabase(db, { demo: opts.demo ?? true, clock });
  // The site URL must be known before the app is built; reserve the port first, then build. Served as `npm start`
  // serves it: Node's listener from createApp (transport/node-front.ts).
  let listener: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const { server, port } = await listen((req, res) => listener!(req, res), 0, '127.0.0.1');
  const config: AppConfig = { ...base, port, siteUrl: `http://127.0.0.1:${port}` };
  answerClientErrors(server, config.siteUrl);
  const built = createApp({ db, config, clock, logger: opts.logger });
  listener = built.listener;
  const jobs = opts.jobs
    ? await startJobs({ db, clock, config, env: env as NodeJS.ProcessEnv, model: opts.jobs === true ? null : opts.jobs.model ?? null, pollMs: 50, log: () => {} })
    : null;
  return {
    auth: built.auth,
    hono: built.app,
    url: config.siteUrl,
    api: `${config.siteUrl}/api/v1`,
    db,
    config,
    clock,
    async close() {
      await jobs?.stop({ graceMs: 2_000 });
      await built.close();
      await new Promise<void>((r) => server.close(() => r()));
      if (pgDb) await pgDb.drop();
      else db.sqlite.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type Era = 'modern' | 'legacy';

// An MCP client of the real SDK in the chosen protocol era.
export async function mcpClient(app: TestApp, era: Era, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client(
    { name: 'directory-tests', version: '1.0.0' },
    { versionNegotiation: { mode: era === 'modern' ? 'auto' : 'legacy' } },
  );
  const transport = new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), { requestInit: { headers } });
  await client.connect(transport);
  return client;
}

export async function getJson(url: string, init?: RequestInit): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(url, init);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

// A tool result's body: structuredContent, or for an error result the problem object its content carries (tool
// errors send structuredContent only when it matches the tool's output schema, which a problem never does).
export function resultBody(result: object): any {
  const r = result as { isError?: unknown; structuredContent?: unknown; content?: unknown };
  if (!r.isError) return r.structuredContent;
  for (const b of (r.content as Array<{ type: string; text?: string }> | undefined) ?? []) {
    if (b.type === 'text' && b.text?.startsWith('{')) return JSON.parse(b.text);
  }
  return r.structuredContent;
}

export type Driver = 'rest' | 'modern' | 'legacy';
export const DRIVERS: Driver[] = ['rest', 'modern', 'legacy'];

// One operation called through REST or MCP, answered as {status, body}. The REST method and path come from
// the registry: path params are filled from args, the rest goes in the query (GET, DELETE) or the JSON body.
export async function callOp(
  app: TestApp,
  clients: Partial<Record<Driver, Client>>,
  d: Driver,
  tool: string,
  args: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any }> {
  if (d !== 'rest') {
    const r = await clients[d]!.callTool({ name: tool, arguments: args });
    const body = resultBody(r);
    return { status: r.isError ? body.status : 200, body };
  }
  const { toolByName } = await import('../tools/registry');
  const def = toolByName.get(tool)!;
  const rest = { ...args };
  const path = def.http.path.replace(/:(\w+)/g, (_m, k) => {
    const v = encodeURIComponent(String(rest[k]));
    delete rest[k];
    return v;
  });
  if (def.http.method === 'GET' || def.http.method === 'DELETE') {
    const query = new URLSearchParams(Object.entries(rest).map(([k, v]) => [k, String(v)]));
    return getJson(`${app.api}${path}${query.size ? `?${query}` : ''}`, { method: def.http.method, headers });
  }
  return getJson(`${app.api}${path}`, {
    method: def.http.method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(rest),
  });
}

// The two MCP clients most suites drive next to REST, opened and closed together with the app.
export async function openClients(app: TestApp, clients: Partial<Record<Driver, Client>>, headers: Record<string, string> = {}): Promise<void> {
  clients.modern = await mcpClient(app, 'modern', headers);
  clients.legacy = await mcpClient(app, 'legacy', headers);
}

export async function closeAll(app: TestApp | undefined, clients: Partial<Record<Driver, Client>>): Promise<void> {
  await clients.modern?.close();
  await clients.legacy?.close();
  await app?.close();
}
