import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Client, StreamableHTTPClientTransport, UnauthorizedError,
  type OAuthClientMetadata, type OAuthClientProvider, type OAuthDiscoveryState, type StoredOAuthClientInformation, type StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import { decodeJwt } from 'jose';
import { startApp, type TestApp } from './harness';
import { Browser, runAuthorization, serveClientMetadata, signUp, submitForm, trustingFetch, type AuthorizationRun } from './auth-helpers';
import { setClientMetadataFetchForTests } from '../auth/oidc/test-hooks';

// MCP calls with a token the MCP SDK obtained itself: its OAuthClientProvider discovers the authorization server
// from the 401's resource_metadata, registers (DCR) or presents a client ID metadata document (CIMD), runs PKCE,
// and hands us the authorization URL; "the user" (a cookie-jar browser) signs in and consents on our pages; the
// SDK exchanges the code (checking RFC 9207 `iss`), refreshes when the access token stops working, and starts over
// when the grant is revoked.
const REDIRECT = 'http://127.0.0.1:9/mcp-callback';
const USER = { email: 'mcp-sdk@example.test', password: 'mcp sdk test password' };

// Everything an MCP host keeps for one server, in memory; redirectToAuthorization is where a host opens a browser.
class TestProvider implements OAuthClientProvider {
  runs: AuthorizationRun[] = [];
  client?: StoredOAuthClientInformation;
  saved?: StoredOAuthTokens;
  private verifier = '';
  private discovery?: OAuthDiscoveryState;
  private expectedState = '';

  constructor(readonly browser: Browser, readonly clientMetadataUrl?: string) {}

  get redirectUrl() { return REDIRECT; }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'MCP SDK Test Client', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'],
    };
  }
  state() { return (this.expectedState = crypto.randomUUID()); }
  clientInformation() { return this.client; }
  saveClientInformation(info: StoredOAuthClientInformation) { this.client = info; }
  tokens() { return this.saved; }
  saveTokens(tokens: StoredOAuthTokens) { this.saved = tokens; }
  saveCodeVerifier(v: string) { this.verifier = v; }
  codeVerifier() { return this.verifier; }
  saveDiscoveryState(s: OAuthDiscoveryState) { this.discovery = s; }
  discoveryState() { return this.discovery; }
  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery') {
    if (scope === 'all' || scope === 'tokens') this.saved = undefined;
    if (scope === 'all' || scope === 'client') this.client = undefined;
  }

  async redirectToAuthorization(url: URL) {
    const run = await runAuthorization(this.browser, url.href, USER);
    this.runs.push(run);
  }

  // The callback's query, after the check the SDK leaves to the host (state).
  callbackParams(): URLSearchParams {
    const { callback } = this.runs.at(-1)!;
    expect(callback.origin + callback.pathname).toBe(REDIRECT);
    expect(callback.searchParams.get('state')).toBe(this.expectedState);
    return callback.searchParams;
  }
}

let app: TestApp;
beforeAll(async () => {
  app = await startApp({ demo: false });
  await signUp(new Browser(app.url), USER.email, USER.password);
});
afterAll(async () => { await app?.close(); });

async function connect(provider: TestProvider, era: 'modern' | 'legacy') {
  const transport = new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), { authProvider: provider });
  const client = new Client({ name: 'auth-mcp-test', version: '1.0.0' }, { versionNegotiation: { mode: era === 'modern' ? 'auto' : 'legacy' } });
  await client.connect(transport);
  expect(client.getProtocolEra()).toBe(era);
  return { client, transport };
}

const getAccount = async (client: Client) => {
  const result = await client.callTool({ name: 'get_account', arguments: {} });
  expect(result.isError, JSON.stringify(result.structuredContent)).toBeFalsy();
  return result.structuredContent as Record<string, any>;
};

// First call: the SDK gets a 401, runs the whole authorization (our pages included) and stops at the redirect;
// the host then finishes with the callback, and the same call succeeds.
async function signInThroughSdk(provider: TestProvider, era: 'modern' | 'legacy') {
  const { client, transport } = await connect(provider, era);
  const tools = await client.listTools(); // anonymous callers can list and call public tools
  expect(tools.tools.map((t) => t.name)).toContain('get_account');
  await expect(client.callTool({ name: 'get_account', arguments: {} })).rejects.toBeInstanceOf(UnauthorizedError);
  expect(provider.runs).toHaveLength(1);
  await transport.finishAuth(provider.callbackParams());
  return client;
}

describe('MCP with the SDK\'s own OAuth client (dynamic client registration)', () => {
  let provider: TestProvider;
  beforeAll(() => { provider = new TestProvider(new Browser(app.url)); });

  it('signs in through our pages and calls get_account in the 2026-07-28 era', async () => {
    const client = await signInThroughSdk(provider, 'modern');
    const [run] = provider.runs;
    expect(run.login).toContain('MCP SDK Test Client');
    expect(run.consent).toContain('MCP SDK Test Client');
    expect(run.consent).toContain('127.0.0.1:9');
    for (const scope of ['account:read', 'listings:write', 'orders:write']) expect(run.consent).toContain(`data-scope="${scope}"`);
    expect(run.callback.searchParams.get('iss')).toBe(app.url);

    const clientId = provider.client!.client_id;
    expect(clientId).not.toMatch(/^https:/); // registered, not a metadata document
    const claims = decodeJwt(provider.saved!.access_token);
    expect(claims).toMatchObject({ aud: `${app.url}/mcp`, client_id: clientId, iss: app.url });
    expect(String(claims.scope).split(' ')).toEqual(expect.arrayContaining(['account:read', 'listings:write', 'orders:write']));
    expect(provider.saved!.refresh_token).toBeTruthy();

    const account = await getAccount(client);
    expect(account).toMatchObject({
      via: 'oauth', user: { email: USER.email }, client: { id: clientId, name: 'MCP SDK Test Client' },
      scopes: ['account:read', 'listings:write', 'orders:write'],
    });
    await client.close();
  });

  it('uses the same token in the legacy (initialize) era', async () => {
    const { client } = await connect(provider, 'legacy');
    expect(await getAccount(client)).toMatchObject({ via: 'oauth', user: { email: USER.email } });
    expect(provider.runs).toHaveLength(1); // no new sign-in
    await client.close();
  });

  it('refreshes (with rotation) when the access token stops working, without asking the user', async () => {
    const before = provider.saved!;
    provider.saved = { ...before, access_token: `${before.access_token.slice(0, -4)}AAAA` }; // signature no longer verifies
    const { client } = await connect(provider, 'modern');
    expect(await getAccount(client)).toMatchObject({ via: 'oauth' });
    expect(provider.saved!.refresh_token).toBeTruthy();
    expect(provider.saved!.refresh_token).not.toBe(before.refresh_token);
    expect(provider.runs).toHaveLength(1);
    await client.close();
  });

  it('after the user revokes the app on the account page, the SDK must ask again and consent is shown again', async () => {
    const res = await submitForm(provider.browser, '/account', '/account/apps/revoke', { client_id: provider.client!.client_id });
    expect(res.status).toBe(303);
    // The stored access token's grant is gone, so even initialize gets a 401; the refresh token died with the
    // grant, so the SDK starts a new authorization and stops at the redirect.
    const transport = new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), { authProvider: provider });
    const stale = new Client({ name: 'auth-mcp-test', version: '1.0.0' }, { versionNegotiation: { mode: 'legacy' } });
    await expect(stale.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.runs).toHaveLength(2);
    expect(provider.runs[1].login).toBeUndefined(); // still signed in with the authorization server
    expect(provider.runs[1].consent).toContain('MCP SDK Test Client'); // the remembered consent went with the app
    await transport.finishAuth(provider.callbackParams());
    const { client } = await connect(provider, 'legacy');
    expect(await getAccount(client)).toMatchObject({ via: 'oauth' });
    await client.close();
  });
});

describe('MCP with the SDK\'s own OAuth client (client ID metadata document)', () => {
  let docs: Awaited<ReturnType<typeof serveClientMetadata>>;
  let provider: TestProvider;
  beforeAll(async () => {
    docs = await serveClientMetadata(() => ({
      client_name: 'Metadata MCP Client', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'],
    }));
    // oidc-provider refuses loopback documents by default; this test's fetch trusts only its own certificate.
    setClientMetadataFetchForTests(trustingFetch);
    provider = new TestProvider(new Browser(app.url), docs.clientId);
  });
  afterAll(async () => {
    setClientMetadataFetchForTests(undefined);
    await docs?.close();
  });

  it('uses the document URL as client_id (no registration) and calls get_account in the legacy era', async () => {
    const clientsBefore = await app.db.engine.prepare("SELECT count(*) AS n FROM oauth_store WHERE model = 'Client'").get();
    const client = await signInThroughSdk(provider, 'legacy');
    expect(provider.client!.client_id).toBe(docs.clientId);
    expect(provider.runs[0].consent).toContain('Metadata MCP Client');
    expect(provider.runs[0].consent).toContain(`published by <strong>${new URL(docs.clientId).host}</strong>`);
    expect(await app.db.engine.prepare("SELECT count(*) AS n FROM oauth_store WHERE model = 'Client'").get()).toEqual(clientsBefore);

    expect(await getAccount(client)).toMatchObject({ via: 'oauth', client: { id: docs.clientId, name: 'Metadata MCP Client' } });
    await client.close();
  });

  it('and in the 2026-07-28 era with the same token', async () => {
    const { client } = await connect(provider, 'modern');
    expect(await getAccount(client)).toMatchObject({ via: 'oauth', client: { id: docs.clientId } });
    expect(provider.runs).toHaveLength(1);
    await client.close();
  });
});
