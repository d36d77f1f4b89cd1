import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { safeFetch, userAgentFor, FetchError, type SafeFetchOptions } from '../crawler/safe-fetch';
import { serveSite, type SiteServer } from './fixture-server';

// Names under .rebind.test resolve through this stub only: if the socket looked the name up again
// (instead of using the address safeFetch checked) the connection would fail with ENOTFOUND.
vi.mock('node:dns/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:dns/promises')>();
  const lookup = async (host: string, opts: any) => {
    if (host === 'pinned.rebind.test') return [{ address: '127.0.0.1', family: 4 }];
    if (host === 'mixed.rebind.test') return [{ address: '93.184.216.34', family: 4 }, { address: '10.0.0.7', family: 4 }];
    if (host === 'mapped.rebind.test') return [{ address: '::ffff:169.254.169.254', family: 6 }];
    return real.lookup(host, opts);
  };
  return { ...real, lookup, default: { ...real, lookup } };
});

const UA = userAgentFor('http://directory.test');
const open: SafeFetchOptions = { allowPrivate: true, userAgent: UA };
// The guard on, with the fixture server's address treated as public so redirects can be tested.
const guarded: SafeFetchOptions = { allowPrivate: false, userAgent: UA, trustAddress: (a) => a === '127.0.0.1' };

async function refusal(p: Promise<unknown>): Promise<FetchError> {
  const e = await p.then(() => null, (err) => err);
  expect(e).toBeInstanceOf(FetchError);
  return e as FetchError;
}

let edge: SiteServer;
let rich: SiteServer;
let misc: Server;
let miscUrl = '';
beforeAll(async () => {
  edge = await serveSite('edge');
  rich = await serveSite('rich');
  misc = createServer((req, res) => {
    const hop = Number(new URL(req.url!, 'http://x').searchParams.get('hop') ?? 0);
    if (req.url!.startsWith('/loop')) return void res.writeHead(302, { location: `/loop?hop=${hop + 1}` }).end();
    if (req.url!.startsWith('/host')) return void res.writeHead(200, { 'content-type': 'text/html' }).end(`<p>host=${req.headers.host}</p>`);
    if (req.url!.startsWith('/to-file')) return void res.writeHead(301, { location: 'file:///etc/passwd' }).end();
    if (req.url!.startsWith('/no-type')) return void res.end('<p>no content type</p>');
    res.writeHead(200, { 'content-type': 'text/html; charset=windows-1252' }).end(Buffer.from('<p>Na\xefve caf\xe9 \x93quoted\x94</p>', 'latin1'));
  });
  await new Promise<void>((r) => misc.listen(0, '127.0.0.1', r));
  miscUrl = `http://127.0.0.1:${(misc.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await edge.close();
  await rich.close();
  await new Promise((r) => misc.close(r));
});

describe('safe fetch: addresses', () => {
  it.each([
    ['loopback IP', () => `${rich.origin}/`],
    ['localhost', () => `http://localhost:${new URL(rich.origin).port}/`],
    ['IPv6 loopback', () => `http://[::1]:${new URL(rich.origin).port}/`],
    ['metadata', () => 'http://169.254.169.254/latest/meta-data/'],
    ['IPv4-mapped metadata', () => 'http://[::ffff:169.254.169.254]/'],
    ['private', () => 'http://10.1.2.3/'],
    ['hex-encoded loopback', () => 'http://0x7f.0.0.1/'],
  ])('refuses %s with the guard on, before connecting', async (_n, url) => {
    const before = rich.requests.length;
    const e = await refusal(safeFetch(url(), { allowPrivate: false, userAgent: UA }));
    expect(e.code).toBe('blocked_address');
    expect(e.message).toMatch(/not a public address/);
    expect(rich.requests.length).toBe(before);
  });

  it('refuses a name with any non-public address, and mapped forms', async () => {
    expect((await refusal(safeFetch('http://mixed.rebind.test/', guarded))).code).toBe('blocked_address');
    expect((await refusal(safeFetch('http://mapped.rebind.test/', guarded))).message).toMatch(/IPv4-mapped cloud metadata/);
  });

  it('connects to the checked address and keeps the name in Host', async () => {
    const port = new URL(miscUrl).port;
    const res = await safeFetch(`http://pinned.rebind.test:${port}/host`, guarded);
    expect(res.address).toBe('127.0.0.1');
    expect(res.text).toContain(`host=pinned.rebind.test:${port}`);
  });

  it('re-checks every redirect hop: a redirect to a private address is refused', async () => {
    const e = await refusal(safeFetch(`${edge.origin}/features`, guarded));
    expect(e.code).toBe('blocked_address');
    expect(e.message).toMatch(/169\.254\.169\.254.*cloud metadata/);
    const e2 = await refusal(safeFetch(`${edge.origin}/team`, guarded));
    expect(e2.message).toMatch(/127\.0\.0\.2.*loopback/);
  });

  it('lifts the address rule only when allowPrivate is set', async () => {
    const res = await safeFetch(rich.url, open);
    expect(res.status).toBe(200);
    expect(rich.userAgents.at(-1)).toBe(UA);
  });
});

describe('safe fetch: protocol, size, time, type, charset', () => {
  it('fetches http(s) only, also after a redirect', async () => {
    expect((await refusal(safeFetch('ftp://example.com/', open))).code).toBe('bad_scheme');
    expect((await refusal(safeFetch('file:///etc/passwd', open))).code).toBe('bad_scheme');
    expect((await refusal(safeFetch(`${miscUrl}/to-file`, open))).code).toBe('bad_scheme');
    expect((await refusal(safeFetch('http://user:pw@example.com/', open))).code).toBe('bad_url');
  });

  it('stops after five redirects', async () => {
    const e = await refusal(safeFetch(`${miscUrl}/loop`, open));
    expect(e.code).toBe('too_many_redirects');
  });

  it('caps the body and keeps its beginning', async () => {
    const res = await safeFetch(`${edge.origin}/changelog`, { ...open, maxBytes: 100_000 });
    expect(res.truncated).toBe(true);
    expect(res.bytes).toBe(100_000);
    expect(res.text).toContain('Version 1.0 shipped');
    expect(res.text).not.toContain('TAIL-MARKER');
  });

  it('gives up on a slow page at the time limit', async () => {
    const started = Date.now();
    const e = await refusal(safeFetch(`${edge.origin}/pricing`, { ...open, timeoutMs: 300 }));
    expect(e.code).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('accepts HTML only for pages', async () => {
    expect((await refusal(safeFetch(`${edge.origin}/press`, open))).code).toBe('not_html');
    expect((await refusal(safeFetch(`${miscUrl}/no-type`, open))).code).toBe('not_html');
    const any = await safeFetch(`${rich.origin}/robots.txt`, { ...open, accept: 'any' });
    expect(any.text).toContain('Disallow: /admin');
  });

  it('decodes the Content-Type charset, a <meta charset>, and gzip', async () => {
    expect((await safeFetch(`${miscUrl}/`, open)).text).toContain('Naïve café “quoted”');
    const latin = await safeFetch(`${edge.origin}/about`, open);
    expect(latin.charset).toBe('windows-1252');
    expect(latin.text).toContain('Zürich');
    expect(latin.text).toContain('crème brûlée');
    const gz = await safeFetch(`${edge.origin}/contact`, open);
    expect(gz.text).toContain('team@edge.example');
  });

  it('reports error statuses without reading them', async () => {
    const res = await safeFetch(`${rich.origin}/does-not-exist`, open);
    expect(res.status).toBe(404);
    expect(res.text).toBe('');
  });
});
