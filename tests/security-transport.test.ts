import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, startApp, type TestApp } from './harness';
import { addListing } from './fixtures';
import { newOwner } from './my-listings-helpers';
import { Browser, signUp } from './auth-helpers';
import { registry } from '../tools/registry';
import { inputJsonSchema } from '../rest-adapter/json-schema';

// Transport-level defences: request bodies are capped before anything parses them (REST 1 MiB, MCP 4 MiB, site
// forms 1 MiB) with a 413, and site pages carry security headers (CSP without script, no framing, nosniff,
// a referrer policy) while the badge SVG keeps its own CSP and the OAuth server keeps working.

let app: TestApp;
let auth: string;

beforeAll(async () => {
  app = await startApp({ demo: false });
  auth = (await newOwner(app, 'limits@example.test')).auth;
  await addListing(app.db, { name: 'Header Check', slug: 'header-check', status: 'live', url: 'https://header-check.example.com' });
});
afterAll(async () => { await app?.close(); });

const MiB = 1024 * 1024;
const bigJson = (bytes: number) => JSON.stringify({ url: `https://example.com/${'a'.repeat(bytes)}` });

// A body sent without Content-Length (chunked), so the server cannot refuse it from the header alone.
function chunked(text: string): { body: ReadableStream<Uint8Array>; duplex: 'half' } {
  const bytes = new TextEncoder().encode(text);
  let sent = 0;
  return {
    body: new ReadableStream({
      pull(ctl) {
        if (sent >= bytes.length) return ctl.close();
        ctl.enqueue(bytes.subarray(sent, sent + 64 * 1024));
        sent += 64 * 1024;
      },
    }),
    duplex: 'half',
  };
}

describe('request body limits', () => {
  it('REST: a JSON body over 1 MiB is a 413 problem, with or without Content-Length', async () => {
    const headers = { authorization: auth, 'content-type': 'application/json' };
    const declared = await getJson(`${app.api}/drafts`, { method: 'POST', headers, body: bigJson(MiB + 10) });
    expect(declared.status).toBe(413);
    expect(declared.headers.get('content-type')).toBe('application/problem+json');
    expect(declared.body).toMatchObject({ status: 413, code: 'payload_too_large', type: `${app.url}/docs/api#error-payload_too_large` });
    const streamed = await getJson(`${app.api}/drafts`, { method: 'POST', headers, ...chunked(bigJson(2 * MiB)) } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(streamed.body.code).toBe('payload_too_large');
    expect((await app.db.engine.prepare('SELECT count(*) AS n FROM drafts').get() as { n: number }).n).toBe(0);
    expect(await (await fetch(`${app.url}/docs/api`)).text()).toContain('id="error-payload_too_large"');
  });

  it('REST: a body under the cap is read as before (the tool judges it)', async () => {
    const res = await getJson(`${app.api}/orders/quote`, {
      method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, ...chunked(JSON.stringify({ items: [], note: 'x'.repeat(900 * 1024) })),
    } as RequestInit);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain('note');
  });

  it('MCP: a body over 4 MiB is a 413 problem', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_site_info', arguments: { pad: 'x'.repeat(4 * MiB) } } });
    const res = await getJson(`${app.url}/mcp`, {
      method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' }, ...chunked(body),
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('payload_too_large');
  });

  it('site forms: a form body over the cap is refused before it is parsed', async () => {
    const res = await fetch(`${app.url}/signin`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, ...chunked(`email=a%40b.c&password=${'p'.repeat(2 * MiB)}`),
    } as RequestInit);
    expect(res.status).toBe(413);
    await res.arrayBuffer();
  });

  it('site forms under the cap still work (sign-up, then the account page)', async () => {
    const b = new Browser(app.url);
    const res = await signUp(b, 'form-ok@example.test');
    expect(res.status).toBe(303);
    expect((await b.get('/account')).status).toBe(200);
  });
});

describe('unbounded lists', () => {
  it('every list operation refuses per_page over 100 and page over 1000, naming the field', async () => {
    const lists = registry.filter((t) => Object.keys((inputJsonSchema(t) as { properties?: object }).properties ?? {}).includes('per_page'));
    expect(lists.length).toBeGreaterThan(5);
    for (const t of lists) {
      const path = t.http.path.replace(/:(\w+)/g, 'x');
      for (const [param, value] of [['per_page', 101], ['per_page', 1_000_000], ['page', 1001]] as const) {
        const res = await getJson(`${app.api}${path}?${param}=${value}`, { headers: { authorization: auth } });
        expect(res.status, `${t.name} ${param}=${value}`).toBe(400);
        expect(res.body.errors.map((e: { path: string }) => e.path), t.name).toContain(param);
      }
    }
  });
});

describe('MCP batches (initialize-based eras)', () => {
  let limited: TestApp;
  beforeAll(async () => { limited = await startApp({ demo: false, env: { RATE_LIMIT_ANON_PER_MIN: '5' } }); });
  afterAll(async () => { await limited?.close(); });
  const batch = (n: number) => Array.from({ length: n }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'tools/call', params: { name: 'get_site_info', arguments: {} } }));
  const post = (target: TestApp, body: unknown) => fetch(`${target.url}/mcp`, {
    method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-03-26' }, body: JSON.stringify(body),
  });

  it('each message of a batch counts against the rate limit', async () => {
    const first = await post(limited, batch(5));
    expect(first.status).toBe(200);
    expect(((await first.text()).match(/"result"/g) ?? []).length).toBe(5);
    const next = await post(limited, batch(1)[0]);
    expect(next.status).toBe(429);
    expect((await next.json()).code).toBe('rate_limited');
  });

  it('a batch of more than 20 messages is refused whole', async () => {
    const res = await post(app, batch(21));
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].path).toBe('(body)');
    expect((await post(app, batch(20))).status).toBe(200);
  });
});

describe('security headers', () => {
  const pages = ['/', '/listings/header-check', '/blog', '/docs/api', '/signin', '/no-such-page', '/launches/weeks/not-a-week'];
  for (const path of pages) {
    it(`GET ${path} carries CSP (scripts only from the site itself, none inline; no framing), nosniff and a referrer policy`, async () => {
      const res = await fetch(`${app.url}${path}`);
      await res.text();
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("base-uri 'none'");
      // Only the site's own script files; no inline script, eval or other origin, so injected markup never runs.
      expect(csp.split(';').map((d) => d.trim()).filter((d) => d.startsWith('script-src'))).toEqual(["script-src 'self'"]);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toMatch(/^(strict-origin-when-cross-origin|no-referrer)$/);
    });
  }

  it('pages with secrets in the URL keep no-referrer', async () => {
    const res = await fetch(`${app.url}/signin`);
    await res.text();
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('the badge SVG keeps its own CSP', async () => {
    const res = await fetch(`${app.url}/badges/header-check/listed.svg`);
    await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
  });

  it('the OAuth server still answers (discovery, JWKS)', async () => {
    const disc = await getJson(`${app.url}/.well-known/oauth-authorization-server`);
    expect(disc.status).toBe(200);
    expect((await getJson(`${app.url}/oauth/jwks`)).status).toBe(200);
  });

  it('the OAuth error page rendered for the provider is no-frame and script-free too', async () => {
    const res = await fetch(`${app.url}/oauth/authorize?client_id=nobody&response_type=code`);
    expect(await res.text()).toContain('could not be completed');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
