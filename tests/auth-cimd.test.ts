import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import * as oauth from 'oauth4webapi';
import { decodeJwt } from 'jose';
import { startApp } from './harness';
import { Browser, runAuthorization, signUp, TEST_TLS_CERT as TEST_CERT, TEST_TLS_KEY as TEST_KEY, trustingFetch } from './auth-helpers';
import { setClientMetadataFetchForTests } from '../auth/oidc/test-hooks';

// Client ID metadata documents: the client_id is an https URL serving the client's metadata. The test serves one
// on 127.0.0.1 over TLS. oidc-provider refuses to fetch special-use addresses (loopback included) through its
// SSRF-guarded dispatcher, so this test installs its own fetch through the `fetch` configuration hook
// (auth/oidc/test-hooks.ts), one that trusts only this self-signed test certificate.


let app: Awaited<ReturnType<typeof startApp>>;
let docs: Server;
let clientId = '';
const REDIRECT = 'http://127.0.0.1:9/cimd-callback';
const creds = { email: 'cimd@example.test', password: 'cimd test password' };
const insecure = { [oauth.allowInsecureRequests]: true } as const;

beforeAll(async () => {
  app = await startApp({ demo: false });
  await signUp(new Browser(app.url), creds.email, creds.password);
  docs = createServer({ key: TEST_KEY, cert: TEST_CERT }, (req, res) => {
    if (req.url !== '/client.json') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=60' });
    res.end(JSON.stringify({
      client_id: clientId, client_name: 'Metadata Assistant', client_uri: `${new URL(clientId).origin}/`,
      redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'],
    }));
  });
  await new Promise<void>((r) => docs.listen(0, '127.0.0.1', () => r()));
  clientId = `https://127.0.0.1:${(docs.address() as AddressInfo).port}/client.json`;
});
afterAll(async () => {
  setClientMetadataFetchForTests(undefined);
  await new Promise<void>((r) => docs?.close(() => r()));
  await app?.close();
});

async function authorizeUrl(verifier: string) {
  const url = new URL(`${app.url}/oauth/authorize`);
  url.search = new URLSearchParams({
    client_id: clientId, redirect_uri: REDIRECT, response_type: 'code', scope: 'account:read', resource: `${app.url}/mcp`,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', state: 'cimd',
  }).toString();
  return url.href;
}

describe('client ID metadata documents', () => {
  it('are refused from loopback addresses by default (the library\'s SSRF guard stays on)', async () => {
    // Pass the provider's own request options (with its guarded dispatcher) straight to fetch, recording why it fails.
    // Certificate checks are relaxed for this one request so that the address guard is what refuses.
    const causes: string[] = [];
    setClientMetadataFetchForTests(async (url, init) => {
      try {
        return await globalThis.fetch(url, init);
      } catch (err) {
        causes.push(String((err as { cause?: Error }).cause?.message));
        throw err;
      }
    });
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
    try {
      const res = await fetch(await authorizeUrl(oauth.generateRandomCodeVerifier()), { redirect: 'manual' });
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain('invalid_client');
      expect(html).toContain('could not be completed'); // our error page, not the library's
      expect(causes.length).toBeGreaterThan(0);
      expect(new Set(causes)).toEqual(new Set(['hostname resolves to a special-use IP address']));
    } finally {
      delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
      setClientMetadataFetchForTests(undefined);
    }
  });

  it('identify the client by its URL: consent names it and its host, and the flow completes without registration', async () => {
    setClientMetadataFetchForTests(trustingFetch);
    const issuer = new URL(app.url);
    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));
    const client: oauth.Client = { client_id: clientId, token_endpoint_auth_method: 'none' };
    const verifier = oauth.generateRandomCodeVerifier();
    const run = await runAuthorization(new Browser(app.url), await authorizeUrl(verifier), creds);
    expect(run.consent).toContain('Metadata Assistant');
    expect(run.consent).toContain(`published by <strong>${new URL(clientId).host}</strong>`);
    const params = oauth.validateAuthResponse(as, client, run.callback, 'cimd');
    const tokens = await oauth.processAuthorizationCodeResponse(as, client,
      await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, verifier, insecure));
    expect(decodeJwt(tokens.access_token)).toMatchObject({ client_id: clientId, aud: `${app.url}/mcp`, scope: 'account:read' });
    expect(tokens.refresh_token).toBeTruthy();
    const count = await app.db.engine.prepare("SELECT count(*) AS n FROM oauth_store WHERE model = 'Client'").get() as { n: number };
    expect(count.n).toBe(0); // nothing was registered
    const remembered = await app.db.engine.prepare('SELECT client_name AS name FROM oauth_grants_remembered WHERE client_id = ?').get(clientId);
    expect(remembered).toEqual({ name: 'Metadata Assistant' });
  });
});
