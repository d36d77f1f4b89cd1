import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { startApp, type TestApp } from './harness';
import { addUser } from './fixtures';
import { createApiKey } from '../auth/accounts';

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

async function laneCount(app: TestApp, metric = 'http_lane_answers_total'): Promise<number> {
  const m = new RegExp(`^${metric}\\{lane="mcp"\\} (\\d+)$`, 'm').exec(await (await fetch(`${app.url}/metrics`)).text());
  return m ? Number(m[1]) : 0;
}
// Answers written by the MCP front on Node's own request (transport/mcp-front.ts), a subset of the lane's.
const frontCount = (app: TestApp) => laneCount(app, 'http_front_answers_total');

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
  // A compressed body's length depends on how it was compressed (the front splices gzip, transport/gzip-splice.ts):
  // the bodies are compared decoded.
  const headers = Object.fromEntries(Object.entries(r.headers)
    .filter(([k]) => !CORS_OR_VOLATILE.has(k) && !(k === 'content-length' && r.headers['content-encoding']))
    .map(([k, v]) => [k, k === 'vary' ? String(v).split(',').map((s) => s.trim()).filter((s) => s !== 'Origin').join(', ') : v])
    .filter(([k, v]) => !(k === 'vary' && v === ''))
    .sort(([a], [b]) => String(a).localeCompare(String(b))));
  // Problems carry the request id, which differs by request (also inside the JSON text of an error result).
  return { status: r.status, headers, body: r.body.replace(/(request_id\\*":\\*")[^"\\]+/g, '$1…') };
}

let app: TestApp;
let slug: string;
let apiKey: string;
beforeAll(async () => {
  app = await startApp({ demo: true });
  slug = (await (await fetch(`${app.api}/listings?per_page=1`)).json()).items[0].slug;
  const key = await createApiKey({ db: app.db, clock: app.clock }, await addUser(app.db, 'lane@example.test'), 'lane test');
  if ('errors' in key) throw new Error(JSON.stringify(key.errors));
  apiKey = key.key;
});
afterAll(async () => {
  await app?.close();
});

describe('the MCP lane answers as the full path does', () => {
  // The third element: whether the MCP front answers it on Node's request (the fast path's calls), or hands it on.
  const CASES: Array<[string, () => [string, Record<string, string>], boolean]> = [
    ['tools/call get_listing (2026-07-28)', () => [modernBody('tools/call', { name: 'get_listing', arguments: { slug } }), modernHeaders('tools/call', 'get_listing')], true],
    ['tools/call search_listings, gzip accepted', () => [modernBody('tools/call', { name: 'search_listings', arguments: { q: 'notes' } }), { ...modernHeaders('tools/call', 'search_listings'), 'accept-encoding': 'gzip' }], true],
    ['tools/list', () => [modernBody('tools/list', {}), modernHeaders('tools/list')], true],
    ['tools/call of an unknown listing (a tool error)', () => [modernBody('tools/call', { name: 'get_listing', arguments: { slug: 'no-such-listing' } }), modernHeaders('tools/call', 'get_listing')], true],
    ['tools/call of a tool that needs sign-in (401 with a challenge)', () => [modernBody('tools/call', { name: 'list_my_listings', arguments: {} }), modernHeaders('tools/call', 'list_my_listings')], false],
    ['a 2025-11-25 stateless tools/call (one SSE event)', () => [JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'get_listing', arguments: { slug } } }), legacyHeaders], true],
    ['a 2025 initialize (the SDK answers)', () => [JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } }), legacyHeaders], false],
    ['malformed JSON (the SDK answers)', () => ['{"jsonrpc": "2.0", "id": 1, "method": ', legacyHeaders], false],
    // fetch (the SDK clients' transport) offers "br, gzip, deflate" over HTTPS: the answer comes in gzip, its result
    // compressed once (transport/gzip-splice.ts) — the full path chooses the same.
    ['tools/call get_listing, br, gzip and deflate accepted', () => [modernBody('tools/call', { name: 'get_listing', arguments: { slug } }), { ...modernHeaders('tools/call', 'get_listing'), 'accept-encoding': 'br, gzip, deflate' }], true],
    ['a caller request id, br accepted', () => [modernBody('tools/call', { name: 'get_listing', arguments: { slug } }), { ...modernHeaders('tools/call', 'get_listing'), 'x-request-id': 'agent-run-0001', 'accept-encoding': 'br' }], true],
    ['a signed-in caller (API key) reading a listing', () => [modernBody('tools/call', { name: 'get_listing', arguments: { slug } }), { ...modernHeaders('tools/call', 'get_listing'), authorization: `Bearer ${apiKey}` }], true],
    ['a signed-in caller listing their own listings, 2025 era', () => [JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'list_my_listings', arguments: {} } }), { ...legacyHeaders, authorization: `Bearer ${apiKey}` }], true],
    ['a credential that is not valid (401, handed on)', () => [modernBody('tools/call', { name: 'get_listing', arguments: { slug } }), { ...modernHeaders('tools/call', 'get_listing'), authorization: 'Bearer not-a-real-token' }], false],
    ['a 2025 tools/call in a batch (handed on)', () => [JSON.stringify([{ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'get_listing', arguments: { slug } } }]), { ...legacyHeaders, 'mcp-protocol-version': '2025-03-26' }], false],
  ];
  for (const [name, make, atFront] of CASES) {
    it(name, async () => {
      const [body, headers] = make();
      const before = await laneCount(app);
      const full = await post(app, body, { ...headers, origin: app.url });
      const afterFull = await laneCount(app);
      const frontBefore = await frontCount(app);
      const lane = await post(app, body, headers);
      expect(afterFull - before).toBe(0);
      expect(await laneCount(app)).toBe(afterFull + 1);
      expect(await frontCount(app)).toBe(frontBefore + (atFront ? 1 : 0));
      expect(full.headers['access-control-allow-origin']).toBe(app.url);
      expect(lane.headers['access-control-allow-origin']).toBeUndefined();
      expect(comparable(lane)).toEqual(comparable(full));
      if (headers['accept-encoding'] && lane.status === 200) expect(lane.headers['content-encoding']).toBe(headers['accept-encoding'] === 'br' ? 'br' : 'gzip');
      if (headers['x-request-id']) expect(lane.headers['x-request-id']).toBe(headers['x-request-id']);
      else expect(lane.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });
  }
});

describe('the MCP front reads bodies as clients send them', () => {
  it('a body sent in chunks without Content-Length, split inside a UTF-8 character', async () => {
    const body = Buffer.from(modernBody('tools/call', { name: 'search_listings', arguments: { q: 'notes café' } }));
    const cut = body.indexOf(Buffer.from('é')) + 1; // between the two bytes of é
    const frontBefore = await frontCount(app);
    const url = new URL('/mcp', app.url);
    const answer: Raw = await new Promise((resolve, reject) => {
      const req = request({ method: 'POST', host: url.hostname, port: url.port, path: url.pathname, headers: { ...modernHeaders('tools/call', 'search_listings'), 'transfer-encoding': 'chunked' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      });
      req.on('error', reject);
      req.write(body.subarray(0, cut));
      setTimeout(() => req.end(body.subarray(cut)), 20);
    });
    expect(answer.status).toBe(200);
    expect(await frontCount(app)).toBe(frontBefore + 1);
    const full = await post(app, body.toString('utf8'), { ...modernHeaders('tools/call', 'search_listings'), origin: app.url });
    expect(comparable(answer)).toEqual(comparable(full));
  });
});

// A successful result's answer is its kept bytes (everything before the JSON-RPC id, made once per cached result)
// followed by the request's own id, sent as pieces under one Content-Length (transport/mcp-fast-path.ts). Reading
// one listing again and again with different ids, in both eras and compressed or not, each answer must carry its
// own id, the same result, and a length that is the body's.
describe('answers made from one cached result', () => {
  const IDS: Array<string | number> = [1, 'zwölf-ünïcode-id', 0, '"quoted" \\ id', 9007199254740991, ''];
  const bodies = (id: string | number) => ({
    modern: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'get_listing', arguments: { slug }, _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': {} } } }),
    legacy: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'get_listing', arguments: { slug } } }),
  });
  const message = (r: Raw, era: 'modern' | 'legacy') =>
    JSON.parse(era === 'modern' ? r.body : r.body.split('\n').find((l) => l.startsWith('data: '))!.slice(6));

  for (const era of ['modern', 'legacy'] as const) {
    for (const encoding of [undefined, 'gzip']) {
      it(`${era === 'modern' ? '2026-07-28' : '2025-11-25'}${encoding ? ', gzip accepted' : ''}: each answer carries its own id`, async () => {
        const headers = { ...(era === 'modern' ? modernHeaders('tools/call', 'get_listing') : legacyHeaders), ...(encoding ? { 'accept-encoding': encoding } : {}) };
        const frontBefore = await frontCount(app);
        const answers: Raw[] = [];
        for (const id of IDS) answers.push(await post(app, bodies(id)[era], headers));
        expect(await frontCount(app)).toBe(frontBefore + IDS.length);
        const first = message(answers[0], era);
        expect(first.result.structuredContent.slug).toBe(slug);
        expect(JSON.parse(first.result.content[0].text)).toEqual(first.result.structuredContent);
        answers.forEach((a, i) => {
          expect(a.status).toBe(200);
          // Event streams are never compressed (transport/compress.ts): the 2025 era's answer comes as it is.
          const sentAs = era === 'modern' ? encoding : undefined;
          expect(a.headers['content-encoding']).toBe(sentAs);
          if (!sentAs) expect(Number(a.headers['content-length'])).toBe(Buffer.byteLength(a.body));
          const m = message(a, era);
          expect(m.jsonrpc).toBe('2.0');
          expect(m.id).toStrictEqual(IDS[i]);
          expect(m.result).toEqual(first.result);
        });
      });
    }
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
      // The refused call was charged by the front and answered by the app with that decision.
      expect(await frontCount(limited)).toBe(3);
    } finally {
      await limited.close();
    }
  });
});
