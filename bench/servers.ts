import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen as listenNode } from '../transport/node-front';
import { openDatabase } from '../storage/boot';
import { limitHeapGrowth } from '../transport/heap';
import { systemClock } from '../tools/clock';
import { createApp } from '../transport/app';
import { loadConfig } from '../transport/config';
import { createLogger } from '../transport/ops/logger';
import { makeBenchPeople } from './bench-people';
import { warmUp } from '../transport/warm-up';

// Child process of the benchmark: the baseline (a bare Hono JSON route) and the real app, served side by side, on the
// database bench/prepare-db.ts built: BENCH_DATABASE_URL (PostgreSQL) when set, else the SQLite file BENCH_DB.
// Rate limits off: the benchmark measures serving cost, and all its load comes from one address.
// DATABASE_URL is the bench's choice, never one left in the environment.
// BENCH_WRITE_NODE=1: a second web node on the same database, as behind a load balancer, and nothing else (no
// baseline, no bench people: the first node made them): the writers write through it while the reads go to the first.
const { DATABASE_URL: _ignored, ...env } = process.env;
const config0 = loadConfig({
  RATE_LIMIT_ANON_PER_MIN: '0', RATE_LIMIT_USER_PER_MIN: '0', ...env, PORT: '0',
  DATABASE_PATH: process.env.BENCH_DB ?? '', ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
});
// As transport/server.ts does at start (HEAP_GROWTH_PERCENT).
limitHeapGrowth();
const db = await openDatabase(config0);

// The app as `npm start` serves it (Node's listener from createApp); the site URL needs the port first. Warmed up as
// a web node started with `npm start` is once it listens (transport/server.ts); the time is printed.
async function serveApp() {
  let appListener: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const { port } = await listenNode((req, res) => appListener!(req, res), 0, '127.0.0.1');
  // Request logs are formatted as in production but written nowhere: their cost counts, the parent's stdout stays clean.
  const logger = createLogger({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' }, '/dev/null');
  const served = createApp({ db, config: { ...config0, siteUrl: `http://127.0.0.1:${port}` }, clock: systemClock, logger });
  appListener = served.listener;
  return { port, warmUp: async () => {
    const warm = await warmUp(db, served.app.fetch, `http://127.0.0.1:${port}`);
    if (warm.failed.length) throw new Error(`warm-up failed: ${warm.failed.join(', ')}`);
    return warm.ms;
  } };
}
process.on('SIGTERM', () => process.exit(0));
if (process.env.BENCH_WRITE_NODE === '1') {
  const node = await serveApp();
  await node.warmUp();
  process.stdout.write(`${JSON.stringify({ ready: true, appPort: node.port })}\n`);
} else {
  await serveBenchAndApp();
}

async function serveBenchAndApp() {
  const count = Number(await db.engine.prepare('SELECT count(*) FROM listings').pluck().get());
  // Up to 500 slugs spread over the directory, for the readers and the visitors.
  const slugs = (await db.engine.prepare('SELECT slug FROM listings WHERE id % ? = 0 ORDER BY id LIMIT 500').pluck().all(Math.max(1, Math.floor(count / 500)))) as string[];
  // Every listing's slug, in a fixed shuffled order, for the long-tail readers (a crawler, or visitors arriving from
  // search engines): each of their reads is most likely the first of its listing.
  const everySlug = (await db.engine.prepare('SELECT slug FROM listings ORDER BY (id * 7919) % 100003, id').pluck().all()) as string[];
  // Every category, for the category reads.
  const categorySlugs = (await db.engine.prepare('SELECT slug FROM categories ORDER BY id').pluck().all()) as string[];

  const listen = (fetch: (r: Request) => Response | Promise<Response>) =>
    new Promise<number>((resolve) => serve({ fetch, port: 0, hostname: '127.0.0.1' }, (i) => resolve((i as AddressInfo).port)));

  const bare = new Hono();
  const sample = { slug: 'baseline', name: 'Baseline', votes: 1 };
  bare.get('/json', (c) => c.json(sample));
  // The same bare route with a body as large as a listing profile (~7 KB), to tell payload cost from serving cost.
  const profileSized = { items: Array.from({ length: 40 }, (_, i) => ({ slug: `listing-${i}`, name: `Listing ${i}`, tagline: 'x'.repeat(120), votes: i })) };
  bare.get('/json-7k', (c) => c.json(profileSized));
  const basePort = await listen(bare.fetch);

  // The two shapes of the same read with no app behind them, on Node's own request and response as the app's lanes
  // answer them (transport/prepared-reads.ts, transport/mcp-front.ts): a GET answered with the 7 KB body, and a POST
  // of tools/call's shape (a JSON-RPC body read and parsed) answered with that body twice (as text and as
  // structuredContent) and the request's id. Their ratio is what the protocols' shapes cost on this machine before any
  // work of the app's: the ceiling for "MCP tools/call against the same REST read".
  const profileJson = JSON.stringify(profileSized);
  const getAnswer = Buffer.from(profileJson);
  const postHead = Buffer.from(`{"jsonrpc":"2.0","result":{"content":[{"type":"text","text":${JSON.stringify(profileJson)}}],"structuredContent":${profileJson},"resultType":"complete"}`);
  // /mcp-once: the result's JSON once (structuredContent only), to tell the POST's cost from the second copy's.
  const postHeadOnce = Buffer.from(`{"jsonrpc":"2.0","result":{"content":[],"structuredContent":${profileJson},"resultType":"complete"}`);
  const { port: refPort } = await listenNode((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(getAnswer.byteLength) });
      res.end(getAnswer);
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const { id } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: unknown };
      const own = `,"id":${JSON.stringify(id)}}`;
      const head = req.url === '/mcp-once' ? postHeadOnce : postHead;
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(head.byteLength + Buffer.byteLength(own)) });
      res.write(head);
      res.end(own);
    });
  }, 0, '127.0.0.1');

  const app = await serveApp();
  const appPort = app.port;
  const people = await makeBenchPeople(db, systemClock);
  const warmMs = await app.warmUp();
  process.stdout.write(`${JSON.stringify({ ready: true, basePort, refPort, appPort, people, slugs, everySlug, categorySlugs, warmMs })}\n`);
}
