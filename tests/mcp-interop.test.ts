import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1Transport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import * as oauth from 'oauth4webapi';
import { mcpClient, resultBody, startApp, type Era, type TestApp } from './harness';
import { addCategory, addListing } from './fixtures';
import { issueTokens } from './auth-helpers';

// Clients nobody here wrote: the 1.x SDK client (what most connectors and MCP Inspector run) next to the v2 client,
// plus raw HTTP for what a browser-based client and an OAuth library send.
let app: TestApp;
const LISTED_ORIGIN = 'https://inspector.example';

beforeAll(async () => {
  app = await startApp({ demo: false, env: { MCP_ALLOWED_ORIGINS: `${LISTED_ORIGIN}, https://other.example` } });
  await addCategory(app.db, 'note-taking', { name: 'Note taking' });
  await addListing(app.db, { name: 'Quillnote', tagline: 'Notes that link themselves', description: 'Quillnote links notes as you write.', category: 'note-taking', pricingModel: 'freemium', country: 'PT' });
});
afterAll(async () => { await app?.close(); });

async function v1Client(headers: Record<string, string> = {}): Promise<V1Client> {
  const client = new V1Client({ name: 'sdk-1x-client', version: '1.0.0' });
  await client.connect(new V1Transport(new URL(`${app.url}/mcp`), { requestInit: { headers } }));
  return client;
}

const post = (body: unknown, headers: Record<string, string> = {}) => fetch(`${app.url}/mcp`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
  body: JSON.stringify(body),
});
const initialize = (protocolVersion: string) => ({
  jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});
// A JSON body, or the one message of an SSE body.
async function rpcOf(res: Response): Promise<any> {
  const text = await res.text();
  const data = text.startsWith('event:') || text.startsWith('data:') ? text.split('\n').find((l) => l.startsWith('data: '))!.slice(6) : text;
  return JSON.parse(data);
}

describe('tool errors reach every client as isError results', () => {
  it('the 1.x client gets not-found and invalid-input as results it can read, not protocol errors', async () => {
    const client = await v1Client();
    const missing = await client.callTool({ name: 'get_listing', arguments: { slug: 'no-such-product' } });
    expect(missing.isError).toBe(true);
    expect(missing.structuredContent).toBeUndefined();
    expect((missing.content as any[])[0].text).toMatch(/^Error 404 not_found \(Not found\): /);
    expect(resultBody(missing)).toMatchObject({ status: 404, code: 'not_found' });

    const tooLong = await client.callTool({ name: 'search_listings', arguments: { q: 'x'.repeat(201) } });
    expect(tooLong.isError).toBe(true);
    expect((tooLong.content as any[])[0].text).toContain('- field q: ');
    expect(resultBody(tooLong).errors.map((e: any) => e.path)).toEqual(['q']);
    await client.close();
  });

  it.each(['modern', 'legacy'] as Era[])('the v2 client in the %s era gets the same result', async (era) => {
    const client = await mcpClient(app, era);
    const missing = await client.callTool({ name: 'get_listing', arguments: { slug: 'no-such-product' } });
    expect(missing.isError).toBe(true);
    expect(missing.structuredContent).toBeUndefined();
    expect(resultBody(missing)).toMatchObject({ status: 404, code: 'not_found' });
    await client.close();
  });

  it('the 1.x client validates successful results against every output schema it was given', async () => {
    const client = await v1Client();
    const listed = await client.callTool({ name: 'search_listings', arguments: { q: 'quilnote' } });
    expect(listed.isError).toBeFalsy();
    expect((listed.structuredContent as any).items[0].slug).toBe('quillnote');
    const profile = await client.callTool({ name: 'get_listing', arguments: { slug: 'quillnote' } });
    expect((profile.structuredContent as any).name).toBe('Quillnote');
    await client.close();
  });
});

describe('schemas every client accepts', () => {
  it('uses no type unions anywhere in the tool list, and declares securitySchemes on every tool', async () => {
    const client = await v1Client();
    const { tools } = await client.listTools();
    const unions: string[] = [];
    const walk = (node: unknown, path: string) => {
      if (Array.isArray(node)) node.forEach((n, i) => walk(n, `${path}/${i}`));
      else if (node && typeof node === 'object') {
        if (Array.isArray((node as any).type)) unions.push(path);
        for (const [k, v] of Object.entries(node)) if (k !== 'enum' && k !== 'const') walk(v, `${path}/${k}`);
      }
    };
    for (const t of tools) {
      walk(t.inputSchema, `${t.name}/input`);
      walk(t.outputSchema, `${t.name}/output`);
      const schemes = (t._meta as any)?.securitySchemes;
      const scope = (t._meta as any)?.['x-scope'];
      expect(schemes, t.name).toEqual(scope === 'public' ? [{ type: 'noauth' }] : [{ type: 'oauth2', scopes: [scope] }]);
    }
    expect(unions).toEqual([]);
    // Nullable fields keep saying so, as anyOf with null.
    const search = tools.find((t) => t.name === 'search_listings')!;
    const tagline = (search.outputSchema as any).properties.items.items.properties.tagline;
    expect(tagline.anyOf).toEqual([{ type: 'string' }, { type: 'null' }]);
    await client.close();
  });
});

describe('ChatGPT connector tools (MCP only)', () => {
  it('search returns {results: [{id, title, url}]} as JSON text, and fetch returns the document for an id', async () => {
    for (const client of [await v1Client(), await mcpClient(app, 'modern')]) {
      const found = await client.callTool({ name: 'search', arguments: { query: 'notes that link' } });
      expect(found.isError).toBeFalsy();
      const results = JSON.parse((found.content as any[])[0].text).results;
      expect(results[0]).toEqual({ id: 'quillnote', title: 'Quillnote — Notes that link themselves', url: `${app.url}/listings/quillnote` });
      const doc = await client.callTool({ name: 'fetch', arguments: { id: results[0].id } });
      const body = JSON.parse((doc.content as any[])[0].text);
      expect(body).toMatchObject({ id: 'quillnote', title: 'Quillnote', url: `${app.url}/listings/quillnote` });
      expect(body.text).toContain('Quillnote links notes as you write.');
      expect(body.text).toContain('Pricing model: freemium');
      expect(body.metadata).toMatchObject({ website: 'https://quillnote.example.com', pricing_model: 'freemium', country: 'PT', categories: 'note-taking' });
      const unknown = await client.callTool({ name: 'fetch', arguments: { id: 'nothing-here' } });
      expect(unknown.isError).toBe(true);
      expect(resultBody(unknown)).toMatchObject({ status: 404 });
      await client.close();
    }
  });

  it('is neither a REST operation nor in the OpenAPI document', async () => {
    const doc = await (await fetch(`${app.api}/openapi.json`)).json();
    const ids = Object.values(doc.paths).flatMap((p: any) => Object.values(p).map((op: any) => op.operationId));
    expect(ids).not.toContain('search');
    expect(ids).not.toContain('fetch');
    expect(ids).toHaveLength(41);
  });
});

describe('sign-in that clients can act on', () => {
  it('an anonymous call to a protected tool is a 401 with the challenge, carrying an error result with mcp/www_authenticate', async () => {
    const res = await post({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'get_account', arguments: {} } }, { 'mcp-protocol-version': '2025-11-25' });
    expect(res.status).toBe(401);
    const challenge = res.headers.get('www-authenticate')!;
    expect(challenge).toContain(`resource_metadata="${app.url}/.well-known/oauth-protected-resource/mcp"`);
    expect(challenge).not.toContain('error=');
    const body = await res.json();
    expect(body).toMatchObject({ jsonrpc: '2.0', id: 9, result: { isError: true, _meta: { 'mcp/www_authenticate': [challenge] } } });
    expect(body.result.content[0].text).toMatch(/^Error 401 unauthenticated/);
  });

  it('a bad or unknown bearer token is a 401 with error="invalid_token" (RFC 6750)', async () => {
    for (const token of ['not-a-token', 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln', 'ld_live_0000000000000000000000000000000000000000']) {
      const res = await post(initialize('2025-11-25'), { authorization: `Bearer ${token}` });
      expect(res.status, token).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token", error_description="[^"]+", resource_metadata="/);
    }
    const rest = await fetch(`${app.api}/me`, { headers: { authorization: 'Bearer nope' } });
    expect(rest.status).toBe(401);
    expect(rest.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });
});

describe('Origin and Host (DNS rebinding)', () => {
  it('refuses a present Origin that is not allowed with 403, and serves allowed ones and clients without Origin', async () => {
    expect((await post(initialize('2025-11-25'), { origin: 'https://evil.example' })).status).toBe(403);
    expect((await post(initialize('2025-11-25'), { origin: 'null' })).status).toBe(403);
    for (const origin of [app.url, LISTED_ORIGIN, 'https://other.example', 'http://localhost:6274']) {
      const res = await post(initialize('2025-11-25'), { origin });
      expect(res.status, origin).toBe(200);
      expect(res.headers.get('access-control-allow-origin'), origin).toBe(origin);
    }
    expect((await post(initialize('2025-11-25'))).status).toBe(200);
  });

  it('refuses a request addressed to another host name when the site is on loopback', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(`${app.url}/mcp`);
      const req = request({ host: url.hostname, port: url.port, path: '/mcp', method: 'POST', headers: { host: `rebound.example:${url.port}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' } }, (res) => { res.resume(); resolve(res.statusCode!); });
      req.on('error', reject);
      req.end(JSON.stringify(initialize('2025-11-25')));
    });
    expect(status).toBe(403);
  });
});

describe('CORS for browser-based clients', () => {
  const preflight = (path: string, origin: string, method = 'POST') => fetch(`${app.url}${path}`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'content-type, authorization, mcp-protocol-version' },
  });

  it('answers preflights on /mcp for allowed origins and exposes the MCP headers', async () => {
    const ok = await preflight('/mcp', LISTED_ORIGIN);
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe(LISTED_ORIGIN);
    expect(ok.headers.get('access-control-allow-headers')).toMatch(/mcp-protocol-version/);
    expect((await preflight('/mcp', 'https://evil.example')).status).toBe(403);
    const res = await post(initialize('2025-11-25'), { origin: LISTED_ORIGIN });
    expect(res.headers.get('access-control-expose-headers')).toMatch(/Mcp-Session-Id.*Mcp-Protocol-Version.*WWW-Authenticate/);
  });

  it.each([
    ['/.well-known/oauth-protected-resource/mcp', 'GET'],
    ['/.well-known/oauth-authorization-server', 'GET'],
    ['/oauth/token', 'POST'],
    ['/oauth/register', 'POST'],
  ])('answers preflights on %s from any origin', async (path, method) => {
    const res = await preflight(path, 'https://some-web-client.example', method);
    expect(res.status).toBe(204);
    expect(['*', 'https://some-web-client.example']).toContain(res.headers.get('access-control-allow-origin'));
  });

  it('lets a browser-based client register (DCR) and read the answer', async () => {
    const res = await fetch(`${app.url}/oauth/register`, {
      method: 'POST', headers: { origin: 'https://some-web-client.example', 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Web client', redirect_uris: ['https://some-web-client.example/cb'], token_endpoint_auth_method: 'none' }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('protocol versions and batches', () => {
  it('answers an initialize asking for 2024-11-05 with a version it implements', async () => {
    const body = await rpcOf(await post(initialize('2024-11-05')));
    expect(body.result.protocolVersion).toBe('2025-11-25');
  });

  it('refuses a request in a version it does not implement', async () => {
    const res = await post({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, { 'mcp-protocol-version': '2024-11-05' });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ code: -32022, data: { requested: '2024-11-05' } });
  });

  it('refuses JSON-RPC batches on 2025-06-18 and later, and keeps them on 2025-03-26', async () => {
    const batch = [{ jsonrpc: '2.0', id: 1, method: 'ping' }, { jsonrpc: '2.0', id: 2, method: 'tools/list' }];
    for (const version of ['2025-06-18', '2025-11-25']) {
      const res = await post(batch, { 'mcp-protocol-version': version });
      expect(res.status, version).toBe(400);
      expect((await res.json()).error.code).toBe(-32600);
    }
    expect((await post([initialize('2025-06-18')])).status).toBe(400);
    const old = await post(batch, { 'mcp-protocol-version': '2025-03-26' });
    expect(old.status).toBe(200);
  });
});

describe('the default rate limit and a client start-up', () => {
  it('answers initialize and tools/list well past the per-minute tool-call allowance, and still limits tool calls', async () => {
    const limited = await startApp({ demo: false, env: { RATE_LIMIT_ANON_PER_MIN: '10' } });
    try {
      const rpc = (body: unknown, headers: Record<string, string> = {}) => fetch(`${limited.url}/mcp`, {
        method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: JSON.stringify(body),
      });
      for (let i = 0; i < 30; i++) {
        expect((await rpc(initialize('2025-11-25'))).status).toBe(200);
        expect((await rpc({ jsonrpc: '2.0', id: i, method: 'tools/list' }, { 'mcp-protocol-version': '2025-11-25' })).status).toBe(200);
      }
      const calls: number[] = [];
      for (let i = 0; i < 12; i++) {
        calls.push((await rpc({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'get_site_info', arguments: {} } }, { 'mcp-protocol-version': '2025-11-25' })).status);
      }
      expect(calls.filter((s) => s === 429).length).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('refresh with a resource the grant does not cover', () => {
  it('answers invalid_target and leaves the refresh token usable', async () => {
    const tokens = await issueTokens(app.url, { scope: 'account:read' });
    const insecure = { [oauth.allowInsecureRequests]: true } as const;
    const issuer = new URL(app.url);
    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));
    const client: oauth.Client = { client_id: tokens.clientId, token_endpoint_auth_method: 'none' };

    const bad = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, { ...insecure, additionalParameters: { resource: 'https://elsewhere.example/mcp' } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe('invalid_target');

    const good = await oauth.processRefreshTokenResponse(as, client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, { ...insecure, additionalParameters: { resource: `${app.url}/mcp` } }));
    expect(good.access_token).toBeTruthy();
    const me = await v1Client({ authorization: `Bearer ${good.access_token}` });
    const account = await me.callTool({ name: 'get_account', arguments: {} });
    expect(account.isError).toBeFalsy();
    expect(JSON.stringify(account.structuredContent)).toContain(tokens.email);
    await me.close();
  });
});
