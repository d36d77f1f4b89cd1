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
