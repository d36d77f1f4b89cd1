import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { Writable } from 'node:stream';
import { mcpClient, startApp, type TestApp } from './harness';
import { Browser, signUp, submitForm } from './auth-helpers';
import { caller, type Caller } from './drafts-helpers';
import { startJobs } from '../jobs/index';
import { insertJob } from '../storage/queries/jobs';
import type { JobEvent } from '../jobs/worker';

// Operating it: /health, /metrics, one JSON log line per request with a request id, and nothing secret in logs.
const lines: string[] = [];
const sink = new Writable({ write(chunk, _enc, done) { lines.push(...String(chunk).split('\n').filter(Boolean)); done(); } });
let app: TestApp;
let me: Caller;
beforeAll(async () => {
  app = await startApp({ demo: true, logger: pino({ level: 'info' }, sink), env: { RATE_LIMIT_ANON_PER_MIN: '1000' } });
  me = await caller(app, 'operator@example.test');
});
afterAll(async () => {
  await me.modern.close();
  await me.legacy.close();
  await app?.close();
});
const logs = () => lines.map((l) => JSON.parse(l));

describe('/health', () => {
  it('answers ok after asking the database', async () => {
    const res = await fetch(`${app.url}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 503 with a problem body when the database is gone', async () => {
    const broken = await startApp({ demo: false });
    await broken.db.engine.close();
    const res = await fetch(`${broken.url}/health`);
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(await res.json()).toMatchObject({ status: 503, code: 'unavailable' });
    await broken.close().catch(() => {});
  });
});

describe('request ids and log lines', () => {
  it('echoes a sane X-Request-Id, replaces a hostile one, and makes one otherwise', async () => {
    const kept = await fetch(`${app.api}/site`, { headers: { 'x-request-id': 'edge-7f3a9c21' } });
    expect(kept.headers.get('x-request-id')).toBe('edge-7f3a9c21');
    const replaced = await fetch(`${app.api}/site`, { headers: { 'x-request-id': 'bad id\twith "quotes"' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const made = await fetch(`${app.url}/`);
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const problem = await fetch(`${app.api}/listings/no-such-thing`, { headers: { 'x-request-id': 'edge-0000abcd' } });
    expect((await problem.json()).request_id).toBe('edge-0000abcd');
  });

  it('writes one JSON line per request: method, route template, status, duration, request id, user id', async () => {
    lines.length = 0;
    await fetch(`${app.api}/listings/some-product-slug`, { headers: { 'x-request-id': 'trace-00000001' } });
    await fetch(`${app.api}/me`, { headers: { authorization: me.auth, 'x-request-id': 'trace-00000002' } });
    const [anon, signedIn] = logs().filter((l) => l.msg === 'request');
    expect(anon).toMatchObject({ method: 'GET', route: '/api/v1/listings/:slug', status: 404, request_id: 'trace-00000001', level: 30 });
    expect(anon.ms).toEqual(expect.any(Number));
    expect(anon.user_id).toBeUndefined();
    expect(signedIn).toMatchObject({ route: '/api/v1/me', status: 200, request_id: 'trace-00000002', user_id: me.id });
    expect(JSON.stringify(anon)).not.toContain('some-product-slug');
  });

  it('never writes a token, key, password or cookie', async () => {
    lines.length = 0;
    const password = 'correct horse battery staple 42';
    const b = new Browser(app.url);
    await signUp(b, 'logged@example.test', password);
    await submitForm(new Browser(app.url), '/signin', '/signin', { email: 'logged@example.test', password });
    await fetch(`${app.api}/me`, { headers: { authorization: me.auth } });
    await fetch(`${app.api}/me`, { headers: { authorization: 'Bearer eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl' } });
    await fetch(`${app.url}/account`, { headers: { cookie: [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    const text = lines.join('\n');
    expect(lines.length).toBeGreaterThanOrEqual(4);
    expect(text).not.toContain(me.auth.slice('Bearer '.length));
    expect(text).not.toContain('eyJhbGciOiJFUzI1NiJ9');
    expect(text).not.toContain(password);
    for (const value of b.cookies.values()) expect(text).not.toContain(value);
  });
});

describe('/metrics', () => {
  it('serves Prometheus text with route templates, MCP calls, rate-limit refusals and the job queue', async () => {
    await fetch(`${app.api}/listings/another-slug`);
    const client = await mcpClient(app, 'legacy');
    await client.callTool({ name: 'get_site_info', arguments: {} });
    await client.callTool({ name: 'get_listing', arguments: { slug: 'nope' } });
    await client.close();
    await insertJob(app.db, { kind: 'draft_build', payload: {}, runAt: '2026-11-18T11:59:00.000Z', maxAttempts: 3, userId: null, dedupeKey: null, now: '2026-11-18T11:59:00.000Z' });
    const limited = await startApp({ demo: false, env: { RATE_LIMIT_ANON_PER_MIN: '1' } });
    await fetch(`${limited.api}/site`);
    await fetch(`${limited.api}/site`);
    const limitedText = await (await fetch(`${limited.url}/metrics`)).text();
    await limited.close();

    const res = await fetch(`${app.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toMatch(/^http_requests_total\{route="\/api\/v1\/listings\/:slug",method="GET",status="404"\} \d+$/m);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="[\d.]+",route="\/api\/v1\/listings\/:slug",method="GET"\} \d+$/m);
    expect(text).not.toContain('another-slug');
    expect(text).toMatch(/^mcp_tool_calls_total\{tool="get_site_info",outcome="ok"\} 1$/m);
    expect(text).toMatch(/^mcp_tool_calls_total\{tool="get_listing",outcome="error"\} 1$/m);
    expect(text).toMatch(/^job_queue_depth\{kind="draft_build",status="queued"\} 1$/m);
    expect(text).toMatch(/^job_queue_oldest_age_seconds\{kind="draft_build",status="queued"\} 60$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    // The event loop's delay, sampled every 100 ms (transport/ops/metrics.ts): reported, in seconds.
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d+(\.\d+)?(e-\d+)?$/m);
    expect(limitedText).toMatch(/^rate_limit_refusals_total\{surface="rest"\} 1$/m);
  });

  it('wants METRICS_TOKEN as a bearer token when one is set', async () => {
    const guarded = await startApp({ demo: false, env: { METRICS_TOKEN: 'scrape-secret-123' } });
    try {
      expect((await fetch(`${guarded.url}/metrics`)).status).toBe(401);
      expect((await fetch(`${guarded.url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
      expect((await fetch(`${guarded.url}/metrics`, { headers: { authorization: 'Bearer scrape-secret-123' } })).status).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});

describe('job events', () => {
  it('reports the start and the end or failure of every attempt', async () => {
    const events: JobEvent[] = [];
    await insertJob(app.db, { kind: 'email', payload: { outboxId: -1 }, runAt: '2026-11-18T11:00:00.000Z', maxAttempts: 1, userId: null, dedupeKey: null, now: '2026-11-18T11:00:00.000Z' });
    const jobs = await startJobs({ db: app.db, clock: app.clock, config: app.config, env: {}, model: null, pollMs: 20, log: () => {}, observe: (e) => events.push(e) });
    try {
      for (let i = 0; i < 100 && !events.some((e) => e.phase !== 'start'); i++) await new Promise((r) => setTimeout(r, 20));
    } finally {
      await jobs.stop({ graceMs: 1_000 });
    }
    const mine = events.filter((e) => e.kind === 'email');
    expect(mine[0]).toMatchObject({ phase: 'start', attempt: 1 });
    expect(['done', 'failed']).toContain(mine[1].phase);
    expect(mine[1].seconds).toEqual(expect.any(Number));
  });
});

describe('the OpenAPI document\'s OAuth URLs', () => {
  it('name the provider\'s real endpoints', async () => {
    const doc = await (await fetch(`${app.api}/openapi.json`)).json();
    const flow = Object.values(doc.components.securitySchemes as Record<string, any>).find((s) => s.type === 'oauth2').flows.authorizationCode;
    const meta = await (await fetch(`${app.url}/.well-known/oauth-authorization-server`)).json();
    expect(flow.authorizationUrl).toBe(meta.authorization_endpoint);
    expect(flow.tokenUrl).toBe(meta.token_endpoint);
    // The authorization endpoint exists: without parameters it answers an OAuth error page, not a 404.
    expect((await fetch(flow.authorizationUrl, { redirect: 'manual' })).status).not.toBe(404);
  });
});
