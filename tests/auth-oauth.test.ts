import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oauth from 'oauth4webapi';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { Hono } from 'hono';
import { startApp } from './harness';
import { Browser, runAuthorization, signUp } from './auth-helpers';
import type { ResourceKey } from '../auth/resource-metadata';

// The whole authorization-code flow with a real client library: discovery (RFC 9728 → RFC 8414), dynamic
// client registration, PKCE + resource indicator, our sign-in and consent pages, code exchange, refresh with
// rotation, revocation.
let app: Awaited<ReturnType<typeof startApp>>;
let as: oauth.AuthorizationServer;
const insecure = { [oauth.allowInsecureRequests]: true } as const; // the test server is plain http on loopback
const REDIRECT = 'http://127.0.0.1:9/callback';
const EMAIL = 'oauth@example.test';
const PASSWORD = 'a long test password';

beforeAll(async () => {
  app = await startApp({ demo: false });
  await signUp(new Browser(app.url), EMAIL, PASSWORD);
  const issuer = new URL(app.url);
  as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));
});
afterAll(async () => { await app?.close(); });

async function register(metadata: Partial<oauth.OmitSymbolProperties<oauth.Client>> = {}): Promise<oauth.Client> {
  const res = await oauth.dynamicClientRegistrationRequest(as, {
    client_name: 'Test Assistant', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], ...metadata,
  }, insecure);
  return oauth.processDynamicClientRegistrationResponse(res);
}

async function authorize(client: oauth.Client, opts: { scope?: string; resource?: string; b?: Browser } = {}) {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: client.client_id, redirect_uri: REDIRECT, response_type: 'code', state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256',
    ...(opts.scope ? { scope: opts.scope } : {}), ...(opts.resource ? { resource: opts.resource } : {}),
  }).toString();
  const run = await runAuthorization(opts.b ?? new Browser(app.url), url.href, { email: EMAIL, password: PASSWORD });
  const params = oauth.validateAuthResponse(as, client, run.callback, state);
  const res = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, verifier, {
    ...insecure, ...(opts.resource ? { additionalParameters: { resource: opts.resource } } : {}),
  });
  return { run, tokens: await oauth.processAuthorizationCodeResponse(as, client, res) };
}

// The app's own authenticator, as the REST and MCP adapters call it.
async function actorFor(token: string, resource: ResourceKey = 'mcp') {
  const probe = new Hono();
  probe.get('/', async (c) => {
    try {
      return c.json(await app.auth.authenticate(c, resource));
    } catch (err) {
      return c.json({ error: (err as Error).message }, 401);
    }
  });
  const res = await probe.request('/', { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('OAuth 2.1 authorization server', () => {
  it('is discoverable from the MCP endpoint (RFC 9728) and advertises what clients need (RFC 8414)', async () => {
    const rs = await oauth.processResourceDiscoveryResponse(new URL(`${app.url}/mcp`), await oauth.resourceDiscoveryRequest(new URL(`${app.url}/mcp`), insecure));
    expect(rs.authorization_servers).toEqual([app.url]);
    expect(rs.scopes_supported).toEqual(['account:read', 'listings:write', 'orders:write']);
    expect(as.issuer).toBe(app.url);
    expect(as.code_challenge_methods_supported).toEqual(['S256']);
    expect(as.response_types_supported).toEqual(['code']);
    expect(as.authorization_response_iss_parameter_supported).toBe(true);
    expect(as.registration_endpoint).toBe(`${app.url}/oauth/register`);
    expect(as.token_endpoint).toBe(`${app.url}/oauth/token`);
    expect(as.revocation_endpoint).toBe(`${app.url}/oauth/revoke`);
    expect(as.scopes_supported).toEqual(expect.arrayContaining(['account:read', 'listings:write', 'orders:write']));
    expect(as.client_id_metadata_document_supported).toBe(true);
    expect(as.pushed_authorization_request_endpoint).toBeUndefined();
    expect(as.dpop_signing_alg_values_supported).toBeUndefined();
    const oidc = await fetch(`${app.url}/.well-known/openid-configuration`);
    expect((await oidc.json()).issuer).toBe(app.url);
  });

  it('registers a client, signs in, asks consent naming the client, its redirect host and each scope, and issues a JWT for the resource', async () => {
    const client = await register({ scope: 'account:read' });
    expect(client.scope).toBeUndefined(); // a registered scope would become an allow-list and block step-up
    const { run, tokens } = await authorize(client, { scope: 'account:read listings:write', resource: `${app.url}/mcp` });
    expect(run.login).toContain('Test Assistant');
    expect(run.consent).toContain('Test Assistant');
    expect(run.consent).toContain('127.0.0.1:9');
    expect(run.consent).toContain('Read your account, drafts, listings, claims and orders');
    expect(run.consent).toContain('Submit and edit your listings');
    expect(run.consent).not.toContain('data-scope="orders:write"');
    expect(run.callback.searchParams.get('iss')).toBe(app.url); // RFC 9207

    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({ typ: 'at+jwt', alg: 'ES256' });
    const claims = decodeJwt(tokens.access_token);
    expect(claims).toMatchObject({ iss: app.url, aud: `${app.url}/mcp`, scope: 'account:read listings:write', client_id: client.client_id });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(tokens.refresh_token).toBeTruthy();

    // A resource server using the library's own validation agrees (JWKS fetched from /oauth/jwks).
    const req = new Request(`${app.url}/mcp`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    const validated = await oauth.validateJwtAccessToken(as, req, `${app.url}/mcp`, insecure);
    expect(validated.sub).toBe(claims.sub);

    const actor = await actorFor(tokens.access_token, 'mcp');
    expect(actor.body).toMatchObject({ kind: 'oauth', clientId: client.client_id, scopes: ['account:read', 'listings:write'] });
    expect((await actorFor(tokens.access_token, 'api')).status).toBe(401); // wrong audience for REST
  });

  it('asks for every API scope when the request names none, and defaults the resource to the MCP server', async () => {
    const client = await register();
    const { tokens } = await authorize(client);
    expect(decodeJwt(tokens.access_token)).toMatchObject({ aud: `${app.url}/mcp`, scope: 'account:read listings:write orders:write' });
  });

  it('issues REST tokens with resource={site}/api/v1', async () => {
    const client = await register();
    const { tokens } = await authorize(client, { scope: 'account:read', resource: `${app.url}/api/v1` });
    expect(decodeJwt(tokens.access_token).aud).toBe(`${app.url}/api/v1`);
    expect((await actorFor(tokens.access_token, 'api')).status).toBe(200);
    expect((await actorFor(tokens.access_token, 'mcp')).status).toBe(401);
  });

  it('refuses an unknown resource and an authorization request without PKCE', async () => {
    const client = await register();
    const url = new URL(as.authorization_endpoint!);
    url.search = new URLSearchParams({ client_id: client.client_id, redirect_uri: REDIRECT, response_type: 'code', scope: 'account:read' }).toString();
    const noPkce = await fetch(url, { redirect: 'manual' });
    const location = new URL(noPkce.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toMatch(/PKCE/);

    url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()));
    url.searchParams.set('code_challenge_method', 'S256');
    url.searchParams.set('resource', 'https://elsewhere.example/api');
    const badResource = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!);
    expect(badResource.searchParams.get('error')).toBe('invalid_target');
  });

  it('rotates refresh tokens: the new one works, the old one is refused, and reusing it ends the grant', async () => {
    const client = await register();
    const resource = `${app.url}/mcp`;
    const { tokens } = await authorize(client, { scope: 'account:read', resource });
    const refreshed = await oauth.processRefreshTokenResponse(as, client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, { ...insecure, additionalParameters: { resource } }));
    expect(refreshed.refresh_token).toBeTruthy();
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(decodeJwt(refreshed.access_token)).toMatchObject({ aud: resource, scope: 'account:read' });
    expect((await actorFor(refreshed.access_token)).status).toBe(200);

    const reuse = oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure)
      .then((res) => oauth.processRefreshTokenResponse(as, client, res));
    await expect(reuse).rejects.toMatchObject({ error: 'invalid_grant' });
    // Reuse of a rotated token means it leaked: the whole grant is gone, including tokens issued since.
    expect((await actorFor(refreshed.access_token)).status).toBe(401);
    const later = oauth.refreshTokenGrantRequest(as, client, oauth.None(), refreshed.refresh_token!, insecure)
      .then((res) => oauth.processRefreshTokenResponse(as, client, res));
    await expect(later).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('revokes: after revoking the refresh token neither it nor the access token works', async () => {
    const client = await register();
    const { tokens } = await authorize(client, { scope: 'account:read', resource: `${app.url}/mcp` });
    expect((await actorFor(tokens.access_token)).status).toBe(200);
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, oauth.None(), tokens.refresh_token!, insecure));
    expect((await actorFor(tokens.access_token)).status).toBe(401);
    const refresh = oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure)
      .then((res) => oauth.processRefreshTokenResponse(as, client, res));
    await expect(refresh).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('keeps its signing keys across restarts (same key set read back from the database)', async () => {
    const jwks = await (await fetch(`${app.url}/oauth/jwks`)).json();
    const stored = JSON.parse((await app.db.engine.prepare("SELECT value FROM oauth_keys WHERE kind = 'jwks'").get() as { value: string }).value);
    expect(jwks.keys.map((k: { kid: string }) => k.kid)).toEqual(stored.keys.map((k: { kid: string }) => k.kid));
    expect(jwks.keys.every((k: Record<string, unknown>) => !('d' in k))).toBe(true); // never the private part
  });
});
