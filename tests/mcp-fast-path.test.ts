import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mcpTools } from '../tools/registry';
import { createMcpEndpoint } from '../transport/mcp';
import { startApp, type TestApp } from './harness';
import { queuedJobs } from '../jobs/port';

// The fast path must answer exactly as the SDK handler does; anything unusual must reach the SDK.
let app: TestApp;
let sdk: ReturnType<typeof createMcpEndpoint>;
beforeAll(async () => {
  app = await startApp({ demo: true });
  sdk = createMcpEndpoint(mcpTools, { baseContext: { db: app.db, config: app.config, clock: app.clock, jobs: queuedJobs } });
});
afterAll(async () => { await sdk.close(); await app.close(); });

const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
const headersFor = (method: string, name?: string): Record<string, string> => ({
  'content-type': 'application/json', accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2026-07-28', 'mcp-method': method, ...(name ? { 'mcp-name': name } : {}),
});
const bodyFor = (method: string, params: object) => ({ jsonrpc: '2.0', id: 'req-1', method, params: { ...params, _meta: META } });

// Problem request ids are random per call; everything else must match.
function normalise(json: any) {
  const result = json?.result;
  if (result?.isError) {
    result.content = result.content.map((c: any) => (c.text.startsWith('{') ? { ...c, text: JSON.stringify({ ...JSON.parse(c.text), request_id: 'X' }) } : c));
  }
  return json;
}

async function both(method: string, params: object, name?: string) {
  const body = bodyFor(method, params);
  const viaApp = await fetch(`${app.url}/mcp`, { method: 'POST', headers: headersFor(method, name), body: JSON.stringify(body) });
  const viaSdk = await sdk.fetch(new Request(`${app.url}/mcp`, { method: 'POST', headers: headersFor(method, name), body: JSON.stringify(body) }), {
    authInfo: { token: '', clientId: '', scopes: [], extra: { actor: { kind: 'anonymous', ip: '127.0.0.1' } } },
  });
  return { app: { status: viaApp.status, json: normalise(await viaApp.json()) }, sdk: { status: viaSdk.status, json: normalise(await viaSdk.json()) } };
}

describe('MCP fast path ≡ SDK handler (2026-07-28)', () => {
  it.each([
    ['tools/list', {}, undefined],
    ['tools/call', { name: 'get_site_info', arguments: {} }, 'get_site_info'],
    ['tools/call', { name: 'get_listing', arguments: { slug: 'notion' } }, 'get_listing'],
    ['tools/call', { name: 'get_listing', arguments: { slug: 'no-such-listing' } }, 'get_listing'],
    ['tools/call', { name: 'search_listings', arguments: { q: 'notoin', per_page: 3 } }, 'search_listings'],
    ['tools/call', { name: 'search_listings', arguments: { per_page: 500, colour: 'red' } }, 'search_listings'],
    ['tools/call', { name: 'list_products' }, 'list_products'],
  ])('%s %j gives the same response', async (method, params, name) => {
    const r = await both(method, params, name);
    expect(r.app.status).toBe(r.sdk.status);
    expect(r.app.json).toEqual(r.sdk.json);
    expect(r.app.json.result.resultType).toBe('complete');
  });

  it('leaves unknown tools and header mismatches to the SDK', async () => {
    const unknown = await both('tools/call', { name: 'no_such_tool', arguments: {} }, 'no_such_tool');
    expect(unknown.app).toEqual(unknown.sdk);
    expect(unknown.app.json.error.code).toBe(-32602);
    const mismatch = await both('tools/call', { name: 'get_site_info', arguments: {} }, 'get_listing');
    expect(mismatch.app).toEqual(mismatch.sdk);
    expect(mismatch.app.status).toBe(400);
    expect(mismatch.app.json.error.code).toBe(-32020);
  });
});

// The 2025 era answers a stateless tools/call as a one-event SSE stream.
const legacyHeaders = (version: string) => ({ 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': version });
const sseData = async (res: Response) => {
  const text = await res.text();
  expect(text.startsWith('event: message\n')).toBe(true);
  return normalise(JSON.parse(text.split('\n').find((l) => l.startsWith('data: '))!.slice(6)));
};

describe('MCP fast path ≡ SDK handler (2025 era, stateless)', () => {
  it.each([
    ['2025-11-25', { name: 'get_site_info', arguments: {} }],
    ['2025-06-18', { name: 'get_listing', arguments: { slug: 'notion' } }],
    ['2025-03-26', { name: 'get_listing', arguments: { slug: 'missing-one' } }],
    ['2025-11-25', { name: 'search_listings', arguments: { sort: 'loudest' } }],
    ['2025-11-25', { name: 'no_such_tool', arguments: {} }],
  ])('%s tools/call %j gives the same response', async (version, params) => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 42, method: 'tools/call', params });
    const viaApp = await fetch(`${app.url}/mcp`, { method: 'POST', headers: legacyHeaders(version), body });
    const viaSdk = await sdk.fetch(new Request(`${app.url}/mcp`, { method: 'POST', headers: legacyHeaders(version), body }), {
      authInfo: { token: '', clientId: '', scopes: [], extra: { actor: { kind: 'anonymous', ip: '127.0.0.1' } } },
    });
    expect(viaApp.status).toBe(viaSdk.status);
    expect(viaApp.headers.get('content-type')).toBe(viaSdk.headers.get('content-type'));
    expect(await sseData(viaApp)).toEqual(await sseData(viaSdk));
  });
});

// A remembered result's answer is kept as bytes beside it; answering it again must not serialise the result again
// (the text block made per call had cost ~9 % of an MCP get_listing).
describe('MCP fast path on a remembered result', () => {
  it.each(['2026-07-28', '2025-11-25'])('answers it again (%s) without serialising it again', async (version) => {
    const headers = version === '2026-07-28' ? headersFor('tools/call', 'get_listing')
      : { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': version };
    const body = version === '2026-07-28' ? bodyFor('tools/call', { name: 'get_listing', arguments: { slug: 'notion' } })
      : { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'get_listing', arguments: { slug: 'notion' } } };
    const call = async () => (await fetch(`${app.url}/mcp`, { method: 'POST', headers, body: JSON.stringify(body) })).text();
    const first = await call();
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      expect(await call()).toBe(first);
      const ofTheResult = stringify.mock.calls.filter(([v]) => typeof v === 'object' && v !== null && (v as { slug?: unknown }).slug === 'notion');
      expect(ofTheResult).toEqual([]);
    } finally {
      stringify.mockRestore();
    }
    expect(first).toContain('"structuredContent":{');
  });
});
