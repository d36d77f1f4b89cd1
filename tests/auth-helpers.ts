import { createServer, request } from 'node:https';
import type { AddressInfo } from 'node:net';

// A tiny "browser" for the auth tests: a cookie jar kept by hand, forms read from the served HTML
// (hidden fields such as the CSRF token), redirects followed one hop at a time.
export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(readonly origin: string) {}

  private absorb(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const gone = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(path: string, init: { method?: string; form?: Record<string, string | string[]> } = {}): Promise<Response> {
    const url = new URL(path, this.origin);
    const headers: Record<string, string> = {};
    if (this.cookies.size && url.origin === this.origin) headers.cookie = this.cookieHeader();
    let body: URLSearchParams | undefined;
    if (init.form) {
      body = new URLSearchParams();
      for (const [k, v] of Object.entries(init.form)) for (const one of Array.isArray(v) ? v : [v]) body.append(k, one);
    }
    const res = await fetch(url, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body, redirect: 'manual' });
    if (url.origin === this.origin) this.absorb(res);
    return res;
  }

  get = (path: string) => this.request(path);
  post = (path: string, form: Record<string, string | string[]>) => this.request(path, { form });

  // Follows redirects while they stay on this site; returns the last response and where it stopped.
  async follow(res: Response, max = 10): Promise<{ res: Response; url: string }> {
    let url = '';
    for (let i = 0; i < max && res.status >= 300 && res.status < 400; i++) {
      url = new URL(res.headers.get('location')!, this.origin).href;
      if (new URL(url).origin !== this.origin) return { res, url };
      res = await this.get(url);
    }
    return { res, url };
  }
}

const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

// Hidden inputs of the form posting to `action` (the CSRF token among them).
export function hiddenFields(html: string, action: string): Record<string, string> {
  const forms = [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)];
  const form = forms.find((m) => unescape(/action="([^"]*)"/.exec(m[1])?.[1] ?? '') === action);
  if (!form) throw new Error(`No form posting to ${action} in:\n${html.slice(0, 2000)}`);
  const out: Record<string, string> = {};
  for (const m of form[2].matchAll(/<input\b([^>]*)>/g)) {
    if (!/type="hidden"/.test(m[1])) continue;
    const name = /name="([^"]*)"/.exec(m[1])?.[1];
    if (name) out[name] = unescape(/value="([^"]*)"/.exec(m[1])?.[1] ?? '');
  }
  return out;
}

// Submits the form posting to `action` on the page at `pagePath`, with its hidden fields plus `fields`.
export async function submitForm(b: Browser, pagePath: string, action: string, fields: Record<string, string | string[]> = {}): Promise<Response> {
  const page = await b.get(pagePath);
  const html = await page.text();
  return b.post(action, { ...hiddenFields(html, action), ...fields });
}

export async function signUp(b: Browser, email: string, password = 'correct horse battery', name = 'Ada'): Promise<Response> {
  return submitForm(b, '/signup', '/signup', { email, password, name });
}

export type AuthorizationRun = { login?: string; consent?: string; callback: URL };

// Drives an authorization request as a person would: sign in on the login page (if asked), then allow or deny
// on the consent page (if asked), until the provider redirects to the client's redirect_uri.
export async function runAuthorization(
  b: Browser,
  authorizeUrl: string,
  opts: { email?: string; password?: string; approve?: boolean; continueAs?: boolean } = {},
): Promise<AuthorizationRun> {
  const run: Partial<AuthorizationRun> = {};
  let { res, url } = await b.follow(await b.get(authorizeUrl));
  for (let step = 0; step < 6; step++) {
    if (res.status >= 300 && res.status < 400) return { ...run, callback: new URL(url) };
    const path = new URL(url).pathname;
    const html = await res.text();
    if (res.status !== 200) throw new Error(`Unexpected ${res.status} at ${url}: ${html.slice(0, 500)}`);
    const loginAction = `${path}/login`;
    if (html.includes(`action="${loginAction}"`)) {
      run.login = html;
      const cont = `${path}/continue`;
      res = opts.continueAs
        ? await b.post(cont, hiddenFields(html, cont))
        : await b.post(loginAction, { ...hiddenFields(html, loginAction), email: opts.email ?? '', password: opts.password ?? '' });
    } else if (html.includes(`action="${path}/confirm"`)) {
      run.consent = html;
      const action = opts.approve === false ? `${path}/abort` : `${path}/confirm`;
      res = await b.post(action, hiddenFields(html, action));
    } else {
      throw new Error(`Neither a login nor a consent page at ${url}: ${html.slice(0, 500)}`);
    }
    ({ res, url } = await b.follow(res));
  }
  throw new Error('Too many interaction steps');
}

// A fresh user, a dynamically registered client and one full authorization: the tokens a connected app holds.
export async function issueTokens(
  site: string,
  opts: { scope?: string; resource?: string; clientName?: string; email?: string } = {},
): Promise<{ access_token: string; refresh_token?: string; clientId: string; email: string }> {
  const oauth = await import('oauth4webapi');
  const insecure = { [oauth.allowInsecureRequests]: true } as const;
  const issuer = new URL(site);
  const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));
  const redirect = 'http://127.0.0.1:9/callback';
  const client = await oauth.processDynamicClientRegistrationResponse(await oauth.dynamicClientRegistrationRequest(as, {
    client_name: opts.clientName ?? 'Token Helper App', redirect_uris: [redirect], token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
  }, insecure));
  const email = opts.email ?? `tokens-${Math.random().toString(36).slice(2)}@example.test`;
  const password = 'token helper password';
  await signUp(new Browser(site), email, password);
  const verifier = oauth.generateRandomCodeVerifier();
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: client.client_id, redirect_uri: redirect, response_type: 'code', state: 's',
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256',
    scope: opts.scope ?? 'account:read listings:write orders:write', resource: opts.resource ?? `${site}/mcp`,
  }).toString();
  const run = await runAuthorization(new Browser(site), url.href, { email, password });
  const params = oauth.validateAuthResponse(as, client, run.callback, 's');
  const res = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, redirect, verifier, insecure);
  const tokens = await oauth.processAuthorizationCodeResponse(as, client, res);
  return { access_token: tokens.access_token, refresh_token: tokens.refresh_token, clientId: client.client_id, email };
}

// ---- Calling every registry tool with some credential (auth matrix, benchmarks) ----

type ToolLike = { name: string; http: { method: string; path: string } };
type PropSchema = { type?: string; format?: string; enum?: unknown[]; anyOf?: PropSchema[] };

// Path parameter values that pass the adapters' parsing, read from the tool's input JSON Schema: integers → 1,
// uuids → a fresh uuid, enums → their first value, other strings → "x". The record need not exist: a 404 or 400
// is a fine answer for an authorization test, a 401/403 is not.
export function pathInputs(tool: ToolLike, inputSchema: { properties?: Record<string, PropSchema> }): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const m of tool.http.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)) {
    const raw = inputSchema.properties?.[m[1]] ?? {};
    const prop = raw.anyOf?.find((s) => s.type && s.type !== 'null') ?? raw;
    out[m[1]] = prop.enum?.length ? (prop.enum[0] as string)
      : prop.type === 'integer' || prop.type === 'number' ? 1
        : prop.format === 'uuid' ? crypto.randomUUID()
          : 'x';
  }
  return out;
}

// The tool's REST request with those path values; bodies are `{}` (missing required fields give 400, not 401).
export function restRequest(api: string, tool: ToolLike, inputs: Record<string, string | number>, authorization?: string): Request {
  const path = tool.http.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, p: string) => encodeURIComponent(String(inputs[p])));
  const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
  const hasBody = !['GET', 'DELETE'].includes(tool.http.method);
  if (hasBody) headers['content-type'] = 'application/json';
  return new Request(api + path, { method: tool.http.method, headers, body: hasBody ? '{}' : undefined });
}

export type McpEra = 'modern' | 'legacy';
const MODERN = '2026-07-28';
const LEGACY = '2025-11-25';

// One raw tools/call POST to /mcp, as a client of the given era sends it (the modern era carries its version in
// `_meta` and the Mcp-* headers; the legacy stateless era only the MCP-Protocol-Version header). Raw fetch lets a
// test read the HTTP status and WWW-Authenticate header, which SDK clients turn into exceptions.
export async function mcpToolCall(site: string, era: McpEra, name: string, args: Record<string, unknown>, authorization?: string): Promise<Response> {
  const headers: Record<string, string> = {
    'content-type': 'application/json', accept: 'application/json, text/event-stream',
    'mcp-protocol-version': era === 'modern' ? MODERN : LEGACY,
    ...(era === 'modern' ? { 'mcp-method': 'tools/call', 'mcp-name': name } : {}),
    ...(authorization === undefined ? {} : { authorization }),
  };
  const _meta = era === 'modern' ? { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': {} } : undefined;
  return fetch(`${site}/mcp`, {
    method: 'POST', headers,
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args, ...(_meta ? { _meta } : {}) } }),
  });
}

// The JSON-RPC message of a tools/call answer, whether sent as JSON or as one SSE event.
export async function rpcBody(res: Response): Promise<any> {
  const text = await res.text();
  if (text.startsWith('{')) return JSON.parse(text);
  const data = text.split('\n').find((l) => l.startsWith('data:'));
  return data ? JSON.parse(data.slice(5)) : null;
}

// Parses `Bearer a="x", b="y"` into { a: 'x', b: 'y' } (quoted values only, as the server sends them).
export function bearerChallenge(header: string | null): Record<string, string> | null {
  if (!header || !/^Bearer\b/.test(header)) return null;
  const out: Record<string, string> = {};
  for (const m of header.matchAll(/([a-z_]+)="((?:[^"\\]|\\.)*)"/g)) out[m[1]] = m[2].replace(/\\(.)/g, '$1');
  return out;
}

// ---- Client ID metadata documents served by a test over TLS on loopback ----
// A throwaway self-signed certificate for IP 127.0.0.1 (valid 100 years), used by this test alone.
export const TEST_TLS_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgFMdkp8VdEdVO8dZV
U96pwMiH0eO+HPdfbrsSrkSctjyhRANCAAQzzor4il/F9kQCFQx1BiY0LrvUQr/c
4Yiy0zs4ErYdhI1YCe6q5GhXV8dYtR2xJhEyKbJm/KNcfQIRvW23cpPP
-----END PRIVATE KEY-----
`;
export const TEST_TLS_CERT = `-----BEGIN CERTIFICATE-----
MIIBkDCCATagAwIBAgIUVZrU8QIWqJXGnK1hEGxjK50GZigwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJMTI3LjAuMC4xMCAXDTI2MTEyMjAwMDExMFoYDzIxMjYxMDI5
MDAwMTEwWjAUMRIwEAYDVQQDDAkxMjcuMC4wLjEwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAAQzzor4il/F9kQCFQx1BiY0LrvUQr/c4Yiy0zs4ErYdhI1YCe6q5GhX
V8dYtR2xJhEyKbJm/KNcfQIRvW23cpPPo2QwYjAdBgNVHQ4EFgQU/zKHIs8CZ1gy
YMu6oDXGSK/8FjswHwYDVR0jBBgwFoAU/zKHIs8CZ1gyYMu6oDXGSK/8FjswDwYD
VR0TAQH/BAUwAwEB/zAPBgNVHREECDAGhwR/AAABMAoGCCqGSM49BAMCA0gAMEUC
IA4ZNFqe1QtPp4K6mShOyxJ4KL9XlD5Zi6PqouLaPAZXAiEA+LXksyN8qUNjVVWo
hoZDhaACz12SBkof4gzJVvcSDKk=
-----END CERTIFICATE-----
`;

// fetch over node:https trusting the test certificate (the provider reads status, headers and a streamed body).
export function trustingFetch(url: string | URL, init?: RequestInit): Promise<Response> {
  return new Promise((resolve, reject) => {
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const req = request(url, { method: init?.method ?? 'GET', headers, ca: TEST_TLS_CERT }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(', ') : v);
        resolve(new Response(Buffer.concat(chunks), { status: res.statusCode, headers: h }));
      });
    });
    req.on('error', reject);
    req.end();
  });
}

// Serves one client metadata document at https://127.0.0.1:<port>/client.json; `metadata(clientId)` builds it.
export async function serveClientMetadata(metadata: (clientId: string) => Record<string, unknown>): Promise<{ clientId: string; close(): Promise<void> }> {
  let clientId = '';
  const server = createServer({ key: TEST_TLS_KEY, cert: TEST_TLS_CERT }, (req, res) => {
    if (req.url !== '/client.json') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=60' });
    res.end(JSON.stringify({ client_id: clientId, ...metadata(clientId) }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  clientId = `https://127.0.0.1:${(server.address() as AddressInfo).port}/client.json`;
  return { clientId, close: () => new Promise<void>((r) => server.close(() => r())) };
}

// A dynamically registered public client and the authorization URL (PKCE, resource /mcp) it would send a person to.
export async function registeredAuthorizationUrl(site: string, clientName: string, scope = 'account:read'): Promise<string> {
  const oauth = await import('oauth4webapi');
  const insecure = { [oauth.allowInsecureRequests]: true } as const;
  const as = await oauth.processDiscoveryResponse(new URL(site), await oauth.discoveryRequest(new URL(site), { algorithm: 'oauth2', ...insecure }));
  const client = await oauth.processDynamicClientRegistrationResponse(await oauth.dynamicClientRegistrationRequest(as, {
    client_name: clientName, redirect_uris: ['http://127.0.0.1:9/cb'], token_endpoint_auth_method: 'none', grant_types: ['authorization_code'],
  }, insecure));
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: client.client_id, redirect_uri: 'http://127.0.0.1:9/cb', response_type: 'code', scope, resource: `${site}/mcp`,
    code_challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()), code_challenge_method: 'S256', state: 's',
  }).toString();
  return url.href;
}
