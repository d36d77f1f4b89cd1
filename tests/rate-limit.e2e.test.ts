import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, startApp, type TestApp } from './harness';

let app: TestApp;
beforeAll(async () => { app = await startApp({ demo: false, env: { RATE_LIMIT_ANON_PER_MIN: '5', RATE_LIMIT_USER_PER_MIN: '50' } }); });
afterAll(async () => { await app.close(); });

const mcpCall = () => fetch(`${app.url}/mcp`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_site_info', arguments: {} } }),
});

describe('rate limits (per IP for anonymous callers, shared by REST and MCP)', () => {
  it('counts down on every response and answers 429 with Retry-After once spent', async () => {
    const first = await getJson(`${app.api}/site`);
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-limit')).toBe('5');
    expect(first.headers.get('ratelimit-remaining')).toBe('4');
    expect(first.headers.get('ratelimit-policy')).toBe('5;w=60');
    for (let i = 0; i < 3; i++) expect((await getJson(`${app.api}/site`)).status).toBe(200);
    const mcp = await mcpCall(); // the fifth request, over MCP: same bucket
    expect(mcp.status).toBe(200);
    expect(mcp.headers.get('ratelimit-remaining')).toBe('0');

    const limited = await getJson(`${app.api}/site`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toContain('application/problem+json');
    expect(limited.body).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const limitedMcp = await mcpCall();
    expect(limitedMcp.status).toBe(429);
    expect((await limitedMcp.json()).code).toBe('rate_limited');
  });

  it('refills with time', async () => {
    app.clock.advance(60_000);
    const again = await getJson(`${app.api}/site`);
    expect(again.status).toBe(200);
    expect(again.headers.get('ratelimit-remaining')).toBe('4');
  });
});
