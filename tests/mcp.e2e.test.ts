import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpTools, registry } from '../tools/registry';
import { mcpClient, resultBody, startApp, type TestApp } from './harness';

let app: TestApp;
beforeAll(async () => { app = await startApp({ demo: false }); });
afterAll(async () => { await app.close(); });

const rpc = (app: TestApp, body: object, headers: Record<string, string> = {}) =>
  fetch(`${app.url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

describe.each(['modern', 'legacy'] as const)('MCP over Streamable HTTP, %s era', (era) => {
  it('negotiates the era', async () => {
    const client = await mcpClient(app, era);
    expect(client.getProtocolEra()).toBe(era);
    expect(client.getNegotiatedProtocolVersion()).toBe(era === 'modern' ? '2026-07-28' : '2025-11-25');
    await client.close();
  });

  it('lists every registry tool in registry order, then the connector tools, with schemas and annotations', async () => {
    const client = await mcpClient(app, era);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([...registry.map((t) => t.name), 'search', 'fetch']);
    for (const t of tools) {
      const def = mcpTools.find((r) => r.name === t.name)!;
      expect(t.title).toBe(def.title);
      expect(t.description).toBe(def.description);
      expect(t.inputSchema.type).toBe('object');
      expect(t.outputSchema?.type).toBe('object');
      expect(t.annotations?.readOnlyHint).toBe(def.annotations.readOnlyHint);
    }
    await client.close();
  });

  it('returns structuredContent plus a JSON text block from tools/call', async () => {
    const client = await mcpClient(app, era);
    const res = await client.callTool({ name: 'get_site_info', arguments: {} });
    expect(res.isError).toBeFalsy();
    const structured = res.structuredContent as any;
    expect(structured.api.mcp_url).toBe(`${app.url}/mcp`);
    const text = (res.content as any[]).find((c) => c.type === 'text');
    expect(JSON.parse(text.text)).toEqual(structured);
    await client.close();
  });

  it('returns invalid input as an isError result carrying the problem object in its content', async () => {
    const client = await mcpClient(app, era);
    const res = await client.callTool({ name: 'get_site_info', arguments: { surprise: true } });
    expect(res.isError).toBe(true);
    expect(res.structuredContent).toBeUndefined(); // a problem does not match the tool's output schema
    expect((res.content as any[])[0].text).toMatch(/^Error 400 invalid_input .*\n- field surprise: /);
    const problem = resultBody(res);
    expect(problem).toMatchObject({ status: 400, code: 'invalid_input' });
    expect(problem.errors).toContainEqual({ path: 'surprise', message: expect.any(String) });
    await client.close();
  });

  it('answers an unknown tool with a JSON-RPC invalid params error', async () => {
    const client = await mcpClient(app, era);
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/Unknown tool/);
    await client.close();
  });
});

describe('MCP wire details', () => {
  it('serves server/discover on 2026-07-28 with versions and cache hints', async () => {
    const res = await rpc(app, { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: META } }, {
      'mcp-protocol-version': '2026-07-28', 'mcp-method': 'server/discover',
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.result.supportedVersions).toContain('2026-07-28');
    expect(body.result.capabilities.tools).toBeTruthy();
    expect(typeof body.result.ttlMs).toBe('number');
  });

  it('marks tools/list cacheable on 2026-07-28', async () => {
    const res = await rpc(app, { jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: META } }, {
      'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list',
    });
    const body = await res.json();
    expect(body.result.ttlMs).toBe(300000);
    expect(body.result.cacheScope).toBe('public');
  });

  it('rejects an unsupported protocol version with -32022', async () => {
    const res = await rpc(app, { jsonrpc: '2.0', id: 3, method: 'tools/list', params: { _meta: { ...META, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' } } }, {
      'mcp-protocol-version': '2099-01-01', 'mcp-method': 'tools/list',
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe(-32022);
  });

  it.each(['2025-03-26', '2025-06-18', '2025-11-25'])('accepts initialize with protocol %s', async (version) => {
    const res = await rpc(app, {
      jsonrpc: '2.0', id: 4, method: 'initialize',
      params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    const json = JSON.parse(text.startsWith('{') ? text : text.split('\n').find((l) => l.startsWith('data:'))!.slice(5));
    expect(json.result.protocolVersion).toBe(version);
    expect(json.result.serverInfo.name).toBe('launch-directory');
  });
});
