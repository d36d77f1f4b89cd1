import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { mcpClient, startApp, type TestApp, resultBody } from './harness';
import { addUser } from './fixtures';
import { bearerChallenge, issueTokens, mcpToolCall, pathInputs, restRequest, type McpEra } from './auth-helpers';
import { SPEC_OPERATIONS } from './spec-operations';
import { registry } from '../tools/registry';
import { SCOPES, type Scope } from '../tools/scopes';
import type { AnyTool } from '../tools/define';
import { createApiKey } from '../auth/accounts';
import { inputJsonSchema } from '../rest-adapter/json-schema';

// Every registry tool × every kind of caller, over REST and MCP. The scope a tool must demand comes from the spec's
// table, not from the tool itself: a new protected tool declared `public` by mistake answers anonymous callers
// and fails here (and in the contract test).
const specScope = new Map(SPEC_OPERATIONS.map((o) => [o.name, o.scope]));
const expectedScope = (t: AnyTool) => specScope.get(t.name) ?? t.scope;
const protectedTools = registry.filter((t) => expectedScope(t) !== 'public');
const publicTools = registry.filter((t) => expectedScope(t) === 'public');
const ERAS: McpEra[] = ['modern', 'legacy'];

let app: TestApp;
let fullKey: string;
const keyWithout = new Map<Scope, string>();
// OAuth tokens per resource: one with every scope, one lacking each scope in turn.
const tokens = { api: { all: '', without: new Map<Scope, string>() }, mcp: { all: '', without: new Map<Scope, string>() } };
const clients = new Map<string, Client>(); // `${era} ${credential}` → connected SDK client

const inputsOf = (t: AnyTool) => pathInputs(t, inputJsonSchema(t));
const rest = (t: AnyTool, authorization?: string) => fetch(restRequest(app.api, t, inputsOf(t), authorization));
const metadataUrl = (resource: 'mcp' | 'api/v1') => `${app.url}/.well-known/oauth-protected-resource/${resource}`;

beforeAll(async () => {
  app = await startApp({ demo: false });
  const userId = await addUser(app.db, 'matrix@example.test');
  const key = async (scopes: Scope[]) => {
    const k = await createApiKey({ db: app.db, clock: app.clock }, userId, `matrix ${scopes.join(' ')}`, scopes);
    if ('errors' in k) throw new Error(JSON.stringify(k.errors));
    return k.key;
  };
  fullKey = await key([...SCOPES]);
  for (const s of SCOPES) keyWithout.set(s, await key(SCOPES.filter((x) => x !== s)));

  const issue = async (resource: 'api' | 'mcp', scopes: readonly Scope[]) =>
    (await issueTokens(app.url, { scope: scopes.join(' '), resource: `${app.url}/${resource === 'api' ? 'api/v1' : 'mcp'}`, clientName: `Matrix ${resource}` })).access_token;
  for (const resource of ['api', 'mcp'] as const) {
    tokens[resource].all = await issue(resource, SCOPES);
    for (const s of SCOPES) tokens[resource].without.set(s, await issue(resource, SCOPES.filter((x) => x !== s)));
  }
  for (const era of ERAS) {
    clients.set(`${era} anonymous`, await mcpClient(app, era));
    clients.set(`${era} key`, await mcpClient(app, era, { authorization: `Bearer ${fullKey}` }));
    clients.set(`${era} token`, await mcpClient(app, era, { authorization: `Bearer ${tokens.mcp.all}` }));
  }
});
afterAll(async () => {
  for (const c of clients.values()) await c.close();
  await app?.close();
});

// An MCP answer that is a tool result (success or a tool error other than an authorization failure).
async function expectToolResult(client: Client, t: AnyTool) {
  const result = await client.callTool({ name: t.name, arguments: inputsOf(t) });
  if (result.isError) expect([401, 403], JSON.stringify(result.content)).not.toContain(resultBody(result).status);
  return result;
}

describe('the matrix covers the registry', () => {
  it('every registry tool demands exactly the scope the spec lists for it', () => {
    for (const t of registry) {
      expect(specScope.has(t.name), `${t.name} is not in the spec's operation table`).toBe(true);
      expect(t.scope, `${t.name} declares the wrong scope`).toBe(specScope.get(t.name));
    }
  });

  it('has protected tools to check (get_account at least)', () => {
    expect(protectedTools.map((t) => t.name)).toContain('get_account');
    expect(publicTools.length).toBeGreaterThan(10);
  });
});

describe.each(protectedTools.map((t) => [t.name, t] as const))('protected %s', (_name, tool) => {
  const scope = expectedScope(tool) as Scope;

  describe('REST', () => {
    it('without credentials: 401 pointing at the resource metadata, no scope in the challenge', async () => {
      const res = await rest(tool);
      expect(res.status).toBe(401);
      expect((await res.json()).code).toBe('unauthenticated');
      expect(bearerChallenge(res.headers.get('www-authenticate'))).toEqual({ resource_metadata: metadataUrl('api/v1') });
    });

    it.each([
      ['a malformed header', () => 'Basic dXNlcjpwYXNz'],
      ['an unknown bearer token', () => 'Bearer not-a-token'],
      ['an unknown API key', () => 'Bearer dk_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
      ['a token issued for the MCP server', () => `Bearer ${tokens.mcp.all}`],
    ])('with %s: 401', async (_what, header) => {
      const res = await rest(tool, header());
      expect(res.status).toBe(401);
      expect(bearerChallenge(res.headers.get('www-authenticate'))?.resource_metadata).toBe(metadataUrl('api/v1'));
    });

    it('with an API key holding every scope, or a token holding its scope: neither 401 nor 403', async () => {
      for (const auth of [fullKey, tokens.api.all, ...[...tokens.api.without].filter(([s]) => s !== scope).map(([, t]) => t)]) {
        const res = await rest(tool, `Bearer ${auth}`);
        expect([401, 403], await res.clone().text()).not.toContain(res.status);
      }
    });

    it(`with an OAuth token or an API key lacking ${scope}: 403 insufficient_scope naming ${scope}`, async () => {
      for (const auth of [tokens.api.without.get(scope)!, keyWithout.get(scope)!]) {
        const res = await rest(tool, `Bearer ${auth}`);
        expect(res.status).toBe(403);
        expect(await res.json()).toMatchObject({ code: 'forbidden', required_scopes: [scope] });
        expect(bearerChallenge(res.headers.get('www-authenticate'))).toEqual({
          error: 'insufficient_scope', scope, resource_metadata: metadataUrl('api/v1'),
        });
      }
    });
  });

  describe.each(ERAS)('MCP tools/call, %s era', (era) => {
    const call = (authorization?: string) => mcpToolCall(app.url, era, tool.name, inputsOf(tool), authorization);

    it('without credentials: HTTP 401 with WWW-Authenticate pointing at the MCP resource metadata', async () => {
      const res = await call();
      expect(res.status).toBe(401);
      expect(bearerChallenge(res.headers.get('www-authenticate'))).toEqual({ resource_metadata: metadataUrl('mcp') });
    });

    it.each([
      ['an unknown bearer token', () => 'Bearer not-a-token'],
      ['a token issued for the REST API (wrong audience)', () => `Bearer ${tokens.api.all}`],
    ])('with %s: HTTP 401', async (_what, header) => {
      const res = await call(header());
      expect(res.status).toBe(401);
      expect(bearerChallenge(res.headers.get('www-authenticate'))?.resource_metadata).toBe(metadataUrl('mcp'));
    });

    it(`with a token lacking ${scope}: HTTP 403 insufficient_scope naming ${scope}`, async () => {
      const res = await call(`Bearer ${tokens.mcp.without.get(scope)!}`);
      expect(res.status).toBe(403);
      expect(bearerChallenge(res.headers.get('www-authenticate'))).toEqual({
        error: 'insufficient_scope', scope, resource_metadata: metadataUrl('mcp'),
      });
    });

    it('with an API key or a token holding its scope: a tool result', async () => {
      await expectToolResult(clients.get(`${era} key`)!, tool);
      await expectToolResult(clients.get(`${era} token`)!, tool);
    });
  });
});

describe.each(publicTools.map((t) => [t.name, t] as const))('public %s', (_name, tool) => {
  it('REST accepts anonymous callers, API keys and OAuth tokens', async () => {
    for (const auth of [undefined, `Bearer ${fullKey}`, `Bearer ${tokens.api.all}`, `Bearer ${keyWithout.get('account:read')}`]) {
      const res = await rest(tool, auth);
      expect([401, 403], `${auth ?? 'anonymous'}: ${await res.clone().text()}`).not.toContain(res.status);
    }
  });

  it('REST still refuses a credential that does not authenticate (never silently anonymous)', async () => {
    expect((await rest(tool, 'Bearer not-a-token')).status).toBe(401);
  });

  it.each(ERAS)('MCP (%s era) answers anonymous callers, API keys and OAuth tokens with a tool result', async (era) => {
    for (const who of ['anonymous', 'key', 'token']) await expectToolResult(clients.get(`${era} ${who}`)!, tool);
  });
});
