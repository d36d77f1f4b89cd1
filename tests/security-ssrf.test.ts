import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FetchError, safeFetch, userAgentFor } from '../crawler/safe-fetch';
import { checkBadge, checkMetaTag, checkWellKnownFile } from '../crawler/checks';
import { metadataFetch } from '../auth/oidc/provider';
import { serveClientMetadata } from './auth-helpers';
import { startApp } from './harness';

// Every outbound fetch the service makes for user-supplied URLs (crawl, badge check, claim meta/file checks)
// refuses non-public addresses however the address is spelled, and re-checks each redirect hop.
// Client ID metadata documents are fetched only through oidc-provider's guarded dispatcher (and
// tests/auth-cimd.test.ts checks that guard refuses loopback).

const UA = userAgentFor('http://directory.test');
const guard = { allowPrivate: false, userAgent: UA, timeoutMs: 5_000 };

let server: Server;
let port = 0;
let hits = 0;
beforeAll(async () => {
  server = createServer((req, res) => {
    hits++;
    if (req.url === '/to-private') return void res.writeHead(302, { location: `http://[::ffff:127.0.0.1]:${port}/` }).end();
    res.writeHead(200, { 'content-type': 'text/html' }).end('<meta name="launchdirectory-verify" content="tok"><a href="http://directory.test/listings/x">x</a>tok');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => { await new Promise((r) => server.close(r)); });

describe('address spellings that mean a private host', () => {
  const spellings = [
    'http://2130706433:PORT/', // decimal 127.0.0.1
    'http://0177.0.0.1:PORT/', // octal
    'http://0x7f000001:PORT/', // hex
    'http://127.1:PORT/', // short form
    'http://0:PORT/', 'http://0.0.0.0:PORT/', 'http://[::]:PORT/',
    'http://[::ffff:7f00:1]:PORT/', 'http://[::ffff:127.0.0.1]:PORT/', 'http://[0:0:0:0:0:ffff:127.0.0.1]:PORT/',
    'http://[::ffff:a9fe:a9fe]/', 'http://[::1]:PORT/', 'http://localhost:PORT/', 'http://LOCALHOST.:PORT/',
    'http://169.254.169.254/', 'http://[fd00:ec2::254]/', 'http://100.100.100.200/', 'http://192.168.0.1/',
  ];
  for (const spelling of spellings) {
    it(`refuses ${spelling} before connecting`, async () => {
      const before = hits;
      const err = await safeFetch(spelling.replace('PORT', String(port)), guard).then(() => null, (e) => e);
      expect(err).toBeInstanceOf(FetchError);
      expect((err as FetchError).code).toMatch(/^(blocked_address|dns)$/);
      expect(hits).toBe(before);
    });
  }

  it('refuses URLs with credentials and non-http schemes', async () => {
    for (const url of [`http://user:pw@example.com/`, 'file:///etc/passwd', 'gopher://127.0.0.1:70/', 'ftp://example.com/']) {
      const err = await safeFetch(url, guard).then(() => null, (e) => e);
      expect((err as FetchError).code, url).toMatch(/^(bad_url|bad_scheme)$/);
    }
  });

  it('refuses a redirect to a private address even from a trusted first hop', async () => {
    const trusted = { ...guard, trustAddress: (a: string) => a === '127.0.0.1' };
    const err = await safeFetch(`http://127.0.0.1:${port}/to-private`, trusted).then(() => null, (e) => e);
    expect((err as FetchError).code).toBe('blocked_address');
    expect((err as FetchError).message).toMatch(/IPv4-mapped loopback/);
  });
});

describe('the badge and claim checks use the same guard', () => {
  it('badge link, meta tag and well-known file checks of a loopback site fail with the reason, fetching nothing', async () => {
    const before = hits;
    const origin = `http://127.0.0.1:${port}`;
    const badge = await checkBadge(`${origin}/`, 'http://directory.test', 'x', guard);
    expect(badge.found).toBe(false);
    expect(badge.reason).toMatch(/not a public address/);
    const meta = await checkMetaTag(`${origin}/`, 'launchdirectory-verify', 'tok', guard);
    expect(meta).toMatchObject({ found: false, reason: expect.stringMatching(/not a public address/) });
    const file = await checkWellKnownFile(origin, '/.well-known/launchdirectory-verify.txt', 'tok', guard);
    expect(file).toMatchObject({ found: false, reason: expect.stringMatching(/not a public address/) });
    expect(hits).toBe(before);
  });

  it('the same checks pass when the operator allows private addresses (local use), so the refusal above is the guard', async () => {
    const open = { ...guard, allowPrivate: true };
    expect((await checkMetaTag(`http://127.0.0.1:${port}/`, 'launchdirectory-verify', 'tok', open)).found).toBe(true);
  });
});

describe('client ID metadata documents (OAuth)', () => {
  it('the provider\'s fetch goes through the address guard: loopback, private and metadata addresses are refused before any connection, open port or not', async () => {
    const before = hits;
    const config = { siteUrl: 'https://directory.example', crawlerAllowPrivate: false } as never;
    const closed = await new Promise<number>((resolve) => { const s = createServer().listen(0, '127.0.0.1', () => { const p = (s.address() as AddressInfo).port; s.close(() => resolve(p)); }); });
    const refusals: string[] = [];
    for (const url of [`http://127.0.0.1:${port}/client.json`, `http://127.0.0.1:${closed}/client.json`, 'http://10.0.0.7/client.json', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/client.json', `http://localhost:${port}/client.json`]) {
      const err = await metadataFetch(url, {}, config).then(() => null, (e: unknown) => e);
      expect(err, url).toBeInstanceOf(FetchError);
      expect((err as FetchError).code, url).toBe('blocked_address');
      refusals.push((err as FetchError).message.replace(/\S*(127\.0\.0\.1|10\.0\.0\.7|169\.254\.169\.254|::1|localhost)\S*/g, 'ADDR'));
    }
    // An open and a closed port are refused alike: nothing tells them apart.
    expect(refusals[0]).toBe(refusals[1]);
    expect(hits).toBe(before);
  });

  it('an authorization request naming a loopback client_id URL fails without the document being served', async () => {
    let served = 0;
    const doc = await serveClientMetadata(() => {
      served++;
      return { client_name: 'Loopback', redirect_uris: ['http://127.0.0.1:9/cb'], token_endpoint_auth_method: 'none' };
    });
    const app = await startApp({ demo: false });
    try {
      const url = new URL(`${app.url}/oauth/authorize`);
      url.search = new URLSearchParams({
        client_id: doc.clientId, redirect_uri: 'http://127.0.0.1:9/cb', response_type: 'code', scope: 'account:read',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256', state: 's',
      }).toString();
      const res = await fetch(url, { redirect: 'manual' });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('invalid_client');
      expect(served).toBe(0);
    } finally {
      await app.close();
      await doc.close();
    }
  });
});
