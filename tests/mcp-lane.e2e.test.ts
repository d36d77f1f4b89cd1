import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { startApp, type TestApp } from './harness';

// The MCP lane (transport/mcp-lane.ts): POST /mcp without an Origin header — what every server-side client sends —
// is answered ahead of the middleware. A request with an allowed Origin takes the full path; the two answers must
// be the same apart from what CORS adds for the browser. Which path answered is read from /metrics.
// (Every other MCP test, through the real SDK clients, runs through the lane too: they send no Origin.)

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

function post(app: TestApp, body: string, headers: Record<string, string>): Promise<Raw> {
  const url = new URL('/mcp', app.url);
  return new Promise((resolve, reject) => {
    const req = request({ method: 'POST', host: url.hostname, port: url.port, path: url.pathname, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const enc = res.headers['content-encoding'];
        const plain = enc === 'gzip' ? gunzipSync(bytes) : enc === 'br' ? brotliDecompressSync(bytes) : bytes;
        resolve({ status: res.statusCode!, headers: res.headers, body: plain.toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function laneCount(app: TestApp): Promise<number> {
  const m = /^http_lane_answers_total\{lane="mcp"\} (\d+)$/m.exec(await (await fetch(`${app.url}/metrics`)).text());
  return m ? Number(m[1]) : 0;
}

const MODERN = '2026-07-28';
const modernHeaders = (method: string, name?: string) => ({
  'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': MODERN, 'mcp-method': method, ...(name ? { 'mcp-name': name } : {}),
});
const modernBody = (method: string, params: object) => JSON.stringify({
  jsonrpc: '2.0', id: 7, method, params: { ...params, _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': {} } },
});
const legacyHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };

// What CORS adds for a browser, and what differs between any two answers.
const CORS_OR_VOLATILE = new Set(['access-control-allow-origin', 'access-control-expose-headers', 'date', 'connection', 'keep-alive', 'x-request-id', 'ratelimit-remaining', 'ratelimit-reset']);
function comparable(r: Raw) {
  const headers = Object.fromEntries(Object.entries(r.headers)
    .filter(([k]) => !CORS_OR_VOLATILE.has(k))
    .map(([k, v]) => [k, k === 'vary' ? String(v).split(',').map((s) => s.trim()).filter((s) => s !== 'Origin').join(', ') : v])
    .filter(([k, v]) => !(k === 'vary' && v === ''))
    .sort(([a], [b]) => String(a).localeCompare(String(b))));
  // Problems carry the request id, which differs by request (also inside the JSON text of an error result).
  return { status: r.status, headers, body: r.body.replace(/(request_id\\*":\\*")[^"\\]+/g, '$1…') };
}

let app: TestApp;
let slug: string;
beforeAll(async () => {
  app = await startApp({ demo: true });
  slug = (await (await fetch(`${app.api}/listings?per_page=1`)).json()).items[0].slug;
});
afterAll(async () => {
  await app?.close();
});

describe('the MCP lane answers as the full path does', () => {
  const CASES: Array<[string, () => [string, Record<string, string>]]> = [
    ['tools/call get_listing (2026-07-28)', () => [modernBody('tools/call', { name: 'get_listing', arguments: { slug } }), modernHeaders('tools/call', 'get_listing')]],
    ['tools/call search_listings, gzip accepted', () => [modernBody('tools/call', { name: 'search_listings', arguments: { q: 'notes' } }), { ...modernHeaders('tools/call', 'search_listings'), 'accept-encoding': 'gzip' }]],
    ['tools/list', () => [modernBody('tools/list', {}), modernHeaders('tools/list')]],
    ['tools/call of an unknown listing (a tool error)', () => [modernBody('tools/call', { name: 'get_listing', arguments: { slug: 'no-such-listing' } }), modernHeaders('tools/call', 'get_listing')]],
    ['tools/call of a tool that needs sign-in (401 with a challenge)', () => [modernBody('tools/call', { name: 'list_my_listings', arguments: {} }), modernHeaders('tools/call', 'list_my_listings')]],
    ['a 2025-11-25 stateless tools/call (one SSE event)', () => [JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'get_listing', arguments: { slug } } }), legacyHeaders]],
    ['a 2025 initialize (the SDK answers)', () => [JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } }), legacyHeaders]],
    ['malformed JSON (the SDK answers)', () => ['{"jsonrpc": "2.0", "id": 1, "method": ', legacyHeaders]],
    ['a caller request id, br accepted', () => [modernBody('tools/call', { name: 'get_listing', arguments: { slug } }), { ...modernHeaders('tools/call', 'get_listing'), 'x-request-id': 'agent-run-0001', 'accept-encoding': 'br' }]],
  ];
  for (const [name, make] of CASES) {
    it(name, async () => {
      const [body, headers] = make();
      const before = await laneCount(app);
      const full = await post(app, body, { ...headers, origin: app.url });
      const afterFull = await laneCount(app);
      const lane = await post(app, body, headers);
      expect(afterFull - before).toBe(0);
      expect(await laneCount(app)).toBe(afterFull + 1);
      expect(full.headers['access-control-allow-origin']).toBe(app.url);
      expect(lane.headers['access-control-allow-origin']).toBeUndefined();
      expect(comparable(lane)).toEqual(comparable(full));
      if (headers['x-request-id']) expect(lane.headers['x-request-id']).toBe(headers['x-request-id']);
      else expect(lane.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });
  }
});

describe('what the MCP lane leaves to the full path', () => {
  it('a browser Origin that is not allowed, and a rebound Host, are refused there', async () => {
    const before = await laneCount(app);
    const body = modernBody('tools/list', {});
    const foreign = await post(app, body, { ...modernHeaders('tools/list'), origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    const rebound = await post(app, body, { ...modernHeaders('tools/list'), host: 'evil.example' });
    expect(rebound.status).toBe(403);
    expect(await laneCount(app)).toBe(before);
  });

  it('rate limits hold in the lane', async () => {
    const limited = await startApp({ demo: true, env: { RATE_LIMIT_ANON_PER_MIN: '3' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await post(limited, modernBody('tools/call', { name: 'get_listing', arguments: { slug } }), modernHeaders('tools/call', 'get_listing'))).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(await laneCount(limited)).toBe(4);
    } finally {
      await limited.close();
    }
  });
});
