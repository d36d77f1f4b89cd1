import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oauth from 'oauth4webapi';
import type { Browser } from 'playwright-core';
import { launchChromium, NO_BROWSER } from './browser/chromium';
import { getJson, startApp, type TestApp } from './harness';

// One person, one real browser (Debian's chromium, headless, installed by .ci/run): sign up, sign out, sign in,
// create an API key and copy it from the page, then connect an app through OAuth: the sign-in page, the consent
// page naming the app, where it sends you back to and what it may do, Allow, and back at the app with a code.
const PERSON = { email: 'grace@example.test', name: 'Grace Hopper', password: 'a browser test password' };
const insecure = { [oauth.allowInsecureRequests]: true } as const;

let app: TestApp;
let browser: Browser | undefined;
let appServer: Server; // the connecting app's own site: it serves the redirect URI
let redirectUri = '';
const callbacks: URL[] = [];

beforeAll(async () => {
  app = await startApp({ demo: false });
  appServer = createServer((req, res) => {
    const url = new URL(req.url ?? '/', redirectUri);
    if (url.pathname === '/callback') callbacks.push(url);
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Example App</title><h1>Connected</h1>');
  });
  await new Promise<void>((r) => appServer.listen(0, '127.0.0.1', () => r()));
  redirectUri = `http://127.0.0.1:${(appServer.address() as AddressInfo).port}/callback`;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((r) => appServer?.close(() => r()));
  await app?.close();
});

describe('a person in a real browser', () => {
  it('signs up, signs in, creates an API key, and connects an app through OAuth consent', { timeout: 90_000 }, async (ctx) => {
    ctx.skip(!browser, NO_BROWSER);
    const context = await browser!.newContext();
    const page = await context.newPage();

    // Sign up, which signs you in and opens the account page.
    await page.goto(`${app.url}/signup`);
    await page.getByLabel('E-mail').fill(PERSON.email);
    await page.getByLabel('Name').fill(PERSON.name);
    await page.getByLabel('Password').fill(PERSON.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${app.url}/account`);
    expect(await page.locator('body').innerText()).toContain(`Signed in as ${PERSON.email}`);

    // Sign out, then sign in again.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${app.url}/`);
    await page.goto(`${app.url}/account`);
    await page.waitForURL(/\/signin\?next=/);
    await page.getByLabel('E-mail').fill(PERSON.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(await page.getByRole('alert').innerText()).toContain('not right');
    await page.getByLabel('Password').fill(PERSON.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${app.url}/account`);

    // Create a read-only API key; it is shown once.
    await page.getByLabel('Name', { exact: true }).fill('Laptop script');
    await page.getByRole('checkbox', { name: /listings:write/ }).uncheck();
    await page.getByRole('checkbox', { name: /orders:write/ }).uncheck();
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.locator('#new-key').innerText()).trim();
    expect(key).toMatch(/^dk_live_[A-Za-z0-9_-]{43}$/);
    const me = await getJson(`${app.api}/me`, { headers: { authorization: `Bearer ${key}` } });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ via: 'api_key', key_name: 'Laptop script', scopes: ['account:read'], user: { email: PERSON.email, name: PERSON.name } });
    await page.goto(`${app.url}/account`);
    expect(await page.locator('#new-key').count()).toBe(0); // never shown again
    const row = page.locator('tr', { hasText: 'Laptop script' });
    expect(await row.innerText()).toContain(key.slice(0, 12));
    expect(await row.innerText()).not.toContain(key.slice(12));

    // An app registers itself (DCR) and sends the person to authorize it (PKCE), on another device.
    const issuer = new URL(app.url);
    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));
    const client = await oauth.processDynamicClientRegistrationResponse(await oauth.dynamicClientRegistrationRequest(as, {
      client_name: 'Example Assistant', redirect_uris: [redirectUri], token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'],
    }, insecure));
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const resource = `${app.url}/api/v1`;
    const authorize = new URL(as.authorization_endpoint!);
    authorize.search = new URLSearchParams({
      client_id: client.client_id, redirect_uri: redirectUri, response_type: 'code', state, resource,
      scope: 'account:read orders:write', code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256',
    }).toString();

    const other = await (await browser!.newContext()).newPage();
    await other.goto(authorize.href);
    await other.waitForURL(/\/oauth\/interaction\//);
    expect(await other.locator('h1').innerText()).toBe('Sign in to continue');
    expect(await other.locator('body').innerText()).toContain('Example Assistant');
    await other.getByLabel('E-mail').fill(PERSON.email);
    await other.getByLabel('Password').fill(PERSON.password);
    await other.getByRole('button', { name: 'Sign in' }).click();

    // The consent page names the app, its redirect host, and each scope in plain words.
    await other.getByRole('heading', { name: 'Allow Example Assistant to use your account?' }).waitFor();
    const consent = await other.locator('body').innerText();
    expect(consent).toContain('not verified');
    expect(consent).toContain(`sent back to ${new URL(redirectUri).host}`);
    const asked = await other.locator('#requested-scopes li').allInnerTexts();
    expect(asked).toHaveLength(2);
    expect(asked.join('\n')).toContain('Read your account, drafts, listings, claims and orders');
    expect(asked.join('\n')).toContain('Price orders and start checkouts');
    expect(asked.join('\n')).not.toContain('Submit and edit your listings');
    await other.getByRole('button', { name: 'Allow' }).click();

    // Back at the app with a code (and the issuer, RFC 9207); the app exchanges it.
    await other.waitForURL((u) => u.href.startsWith(redirectUri));
    expect(await other.locator('h1').innerText()).toBe('Connected');
    const callback = new URL(other.url());
    expect(callbacks.map((u) => u.href)).toContain(callback.href);
    expect(callback.searchParams.get('iss')).toBe(app.url);
    const params = oauth.validateAuthResponse(as, client, callback, state);
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, await oauth.authorizationCodeGrantRequest(
      as, client, oauth.None(), params, redirectUri, verifier, { ...insecure, additionalParameters: { resource } }));
    const viaToken = await getJson(`${app.api}/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(viaToken.status).toBe(200);
    expect(viaToken.body).toMatchObject({
      via: 'oauth', scopes: ['account:read', 'orders:write'], client: { id: client.client_id, name: 'Example Assistant' }, user: { email: PERSON.email },
    });

    // The app now shows under Connected apps on the first device.
    await page.goto(`${app.url}/account`);
    const apps = await page.locator('#connected-apps ~ table').innerText();
    expect(apps).toContain('Example Assistant');
    expect(apps).toContain(new URL(redirectUri).host);
    await context.close();
  });
});
