import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, startApp, type TestApp } from './harness';

// Many first-time reads arriving together, more of them than the database has connections (a test app on
// PostgreSQL holds 5, tests/support/pg-test-db.ts): each is computed, not served from memory, and each must be
// answered. A read that held one connection while it waited for a second (the typo vocabulary was once read through
// the pool from inside a read's snapshot) lets such a crowd take every connection and wait for ever; on SQLite,
// with its one connection, the same crowd proves nothing waits for another request's transaction.
let app: TestApp;
beforeAll(async () => { app = await startApp({ demo: true }); });
afterAll(async () => { await app.close(); });

const TYPOS = ['projct', 'managment', 'analitics', 'invocing', 'metting', 'notse', 'uptme', 'monitorng', 'secrit', 'desgn', 'feedbak', 'hirng'];

// A request that never answers fails the test by itself, with its URL, rather than stopping the suite at its timeout.
// An MCP tool error comes with status 200: it counts as a failure too.
const read = (url: string, init?: RequestInit) => fetch(url, { ...init, signal: AbortSignal.timeout(30_000) })
  .then(async (r) => {
    const text = await r.text();
    return { url, status: r.status === 200 && /"isError":\s*true/.test(text) ? 'tool error' : r.status };
  }, (e: Error) => ({ url, status: `no answer (${e.name})` }));

describe('reads at once', () => {
  it('all answer when more arrive together than the database has connections, typo searches among them', async () => {
    const slugs = ((await getJson(`${app.api}/listings?per_page=50`)).body.items as { slug: string }[]).map((l) => l.slug);
    expect(slugs.length).toBeGreaterThan(10);
    const urls = [
      // Each query is new (its page size differs), so each is worked out, vocabulary and all.
      ...TYPOS.flatMap((t, i) => [`${app.api}/listings?q=${t}&per_page=${2 + i}`, `${app.api}/listings?q=${t}%20${TYPOS[(i + 1) % TYPOS.length]}&per_page=${3 + i}`]),
      ...slugs.map((s) => `${app.api}/listings/${s}`),
      ...['community-weekly', 'community-all-time', 'billboard', 'domain-rating'].map((b) => `${app.api}/leaderboards/${b}`),
      `${app.api}/listings?sort=trending`, `${app.api}/categories`,
    ];
    const mcp = TYPOS.map((q, i) => read(`${app.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
      body: JSON.stringify({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'search_listings', arguments: { q: `${q} app`, per_page: 4 + i } } }),
    }));
    const answers = await Promise.all([...urls.map((u) => read(u)), ...mcp]);
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    expect(answers.length).toBeGreaterThan(60);
  });
});
