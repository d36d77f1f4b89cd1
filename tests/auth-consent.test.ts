import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oauth from 'oauth4webapi';
import { Hono } from 'hono';
import { startApp } from './harness';
import { Browser, runAuthorization, signUp, submitForm } from './auth-helpers';

// Consent is remembered per (user, client), asked again only for new scopes, and revocable from the account page.
let app: Awaited<ReturnType<typeof startApp>>;
let as: oauth.AuthorizationServer;
const insecure = { [oauth.allowInsecureRequests]: true } as const;
const REDIRECT = 'http://127.0.0.1:9/cb';

beforeAll(async () => {
  app = await startApp({ demo: false });
  const issuer = new URL(app.url);
  as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));
});
afterAll(async () => { await app?.close(); });

async function register(name = 'Consent Tester'): Promise<oauth.Client> {
  return oauth.processDynamicClientRegistrationResponse(await oauth.dynamicClientRegistrationRequest(as, {
    client_name: name, redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'],
  }, insecure));
}

async function authorizeUrl(client: oauth.Client, scope: string) {
  const verifier = oauth.generateRandomCodeVerifier();
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: client.client_id, redirect_uri: REDIRECT, response_type: 'code', scope, resource: `${app.url}/mcp`,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', state: 'st',
  }).toString();
  return { url: url.href, verifier };
}

async function token(client: oauth.Client, callback: URL, verifier: string) {
  const params = oauth.validateAuthResponse(as, client, callback, 'st');
  const res = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, verifier, insecure);
  return (await oauth.processAuthorizationCodeResponse(as, client, res)).access_token;
}

async function accepted(accessToken: string): Promise<boolean> {
  const probe = new Hono();
  probe.get('/', async (c) => c.json(await app.auth.authenticate(c, 'mcp')));
  probe.onError((_e, c) => c.text('no', 401));
  return (await probe.request('/', { headers: { authorization: `Bearer ${accessToken}` } })).status === 200;
}

async function person(email: string) {
  const b = new Browser(app.url);
  await signUp(b, email, 'consent password 123');
  return { b, creds: { email, password: 'consent password 123' } };
}

describe('remembered consent', () => {
  it('asks once per user and client, then only for new scopes', async () => {
    const { creds } = await person('remember@example.test');
    const client = await register();

    const first = await authorizeUrl(client, 'account:read');
    const r1 = await runAuthorization(new Browser(app.url), first.url, creds);
    expect(r1.consent).toBeDefined();
    expect(await accepted(await token(client, r1.callback, first.verifier))).toBe(true);

    // Another browser (no provider session): sign in again, but no consent page.
    const second = await authorizeUrl(client, 'account:read');
    const r2 = await runAuthorization(new Browser(app.url), second.url, creds);
    expect(r2.login).toBeDefined();
    expect(r2.consent).toBeUndefined();
    expect(await accepted(await token(client, r2.callback, second.verifier))).toBe(true);

    // Step-up: only the new scope is asked for; the old one is listed as already allowed.
    const third = await authorizeUrl(client, 'account:read orders:write');
    const r3 = await runAuthorization(new Browser(app.url), third.url, creds);
    expect(r3.consent).toContain('data-scope="orders:write"');
    expect(r3.consent).not.toContain('data-scope="account:read"');
    expect(r3.consent).toContain('You already allowed it to');
  });

  it('is per client: another app must ask', async () => {
    const { creds } = await person('perclient@example.test');
    const a = await register('App A');
    const b = await register('App B');
    await runAuthorization(new Browser(app.url), (await authorizeUrl(a, 'account:read')).url, creds);
    const other = await runAuthorization(new Browser(app.url), (await authorizeUrl(b, 'account:read')).url, creds);
    expect(other.consent).toContain('App B');
  });

  it('lists the app under Connected apps; revoking ends its tokens and it must ask again', async () => {
    const { b, creds } = await person('revoke@example.test');
    const client = await register('Revocable Assistant');
    const flow = await authorizeUrl(client, 'account:read listings:write');
    const run = await runAuthorization(new Browser(app.url), flow.url, creds);
    const access = await token(client, run.callback, flow.verifier);
    expect(await accepted(access)).toBe(true);

    const page = await (await b.get('/account')).text();
    expect(page).toContain('Revocable Assistant');
    expect(page).toContain('127.0.0.1:9');
    const res = await submitForm(b, '/account', '/account/apps/revoke', { client_id: client.client_id });
    expect(res.status).toBe(303);
    expect(await (await b.get('/account')).text()).not.toContain('Revocable Assistant');
    expect(await accepted(access)).toBe(false);

    const again = await runAuthorization(new Browser(app.url), (await authorizeUrl(client, 'account:read')).url, creds);
    expect(again.consent).toBeDefined();
  });

  it('returns access_denied when the person denies', async () => {
    const { creds } = await person('deny@example.test');
    const client = await register();
    const run = await runAuthorization(new Browser(app.url), (await authorizeUrl(client, 'account:read')).url, { ...creds, approve: false });
    expect(run.callback.origin).toBe('http://127.0.0.1:9');
    expect(run.callback.searchParams.get('error')).toBe('access_denied');
    expect(await app.db.engine.prepare('SELECT count(*) AS n FROM oauth_grants_remembered WHERE client_id = ?').get(client.client_id)).toEqual({ n: 0 });
  });

  it('offers "Continue as" to someone signed in on the site, and signing out ends the provider session too', async () => {
    const { b } = await person('continue@example.test');
    const client = await register();
    const run = await runAuthorization(b, (await authorizeUrl(client, 'account:read')).url, { continueAs: true });
    expect(run.login).toContain('Continue as continue@example.test');
    expect(run.callback.searchParams.get('code')).toBeTruthy();

    // Same browser, provider session alive and consent remembered: straight back to the app.
    const quiet = await runAuthorization(b, (await authorizeUrl(client, 'account:read')).url);
    expect(quiet.login).toBeUndefined();
    expect(quiet.consent).toBeUndefined();

    await submitForm(b, '/account', '/signout');
    const after = await runAuthorization(b, (await authorizeUrl(client, 'account:read')).url, { email: 'continue@example.test', password: 'consent password 123' });
    expect(after.login).toBeDefined();
    expect(after.login).not.toContain('Continue as');
  });

  it('marks every interaction page no-store and refuses a stale interaction', async () => {
    const client = await register();
    const b = new Browser(app.url);
    const first = await b.get((await authorizeUrl(client, 'account:read')).url);
    const page = await b.get(first.headers.get('location')!);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const stranger = await new Browser(app.url).get(first.headers.get('location')!);
    expect(stranger.status).toBe(400);
    expect(await stranger.text()).toContain('can no longer continue');
  });
});
