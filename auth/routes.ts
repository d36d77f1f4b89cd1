import type { Hono } from 'hono';
import type Provider from 'oidc-provider';
import { createAuthenticator, type AuthDeps, type Authenticate } from './actor';
import { challengeHeaders, registerResourceMetadata, resourceUrl } from './resource-metadata';
import type { RenderOAuthError } from './oidc/provider';
import { mountProvider } from './oidc/mount';
import type { SignInThrottle } from './login-throttle';

// The pages the authorization server shows: sign-in, consent and account pages, and its error page. They are site
// pages (site/account/), and site/ imports auth/, so the app's composition passes them in rather than auth/
// importing site/. D is whatever context the pages need beyond auth's own (the app context, for site/).
export type AuthPages<D extends AuthDeps> = {
  registerAccountRoutes(app: Hono, deps: D & { loadProvider: () => Promise<Provider>; throttle?: SignInThrottle }): void;
  renderOAuthError: RenderOAuthError;
};

export type AuthRoutes = {
  // oidc-provider, loaded on first use (see below).
  loadProvider: () => Promise<Provider>;
  // Authorization header → Actor; pass 'api' from the REST adapter and 'mcp' from the MCP endpoint.
  authenticate: Authenticate;
  // Problem → WWW-Authenticate for each resource (RestDeps.challengeHeaders and the MCP endpoint's 401/403).
  challengeHeaders: { api: ReturnType<typeof challengeHeaders>; mcp: ReturnType<typeof challengeHeaders> };
};

const mounted = new WeakMap<Hono, AuthRoutes>();

export const authMounted = (app: Hono) => mounted.has(app);

// Mounts the authorization server (/oauth/*, RFC 8414 metadata), the protected resource metadata (RFC 9728),
// and the account pages. Register it before any catch-all route; calling it twice on one app is a no-op.
// `throttle` counts failed sign-ins (transport/limits.ts); without it, a count in this process's memory.
export function registerAuthRoutes<D extends AuthDeps>(app: Hono, deps: D, pages: AuthPages<D>, opts: { throttle?: SignInThrottle } = {}): AuthRoutes {
  const existing = mounted.get(app);
  if (existing) return existing;
  // oidc-provider and its dependencies take ~34 MB of memory: they are loaded on the first OAuth request (or sign-out),
  // not at start-up, so a node that only serves reads and API-key calls never holds them. Bearer tokens are checked
  // with jose (auth/tokens.ts), not through the provider.
  let provider: Promise<Provider> | undefined;
  const loadProvider = () => (provider ??= import('./oidc/provider').then(async (m) => await m.createProvider(deps, pages.renderOAuthError)));
  registerResourceMetadata(app, deps.config);
  pages.registerAccountRoutes(app, { ...deps, loadProvider, throttle: opts.throttle }); // interaction pages under /oauth/interaction come before the provider
  mountProvider(app, loadProvider);
  const routes: AuthRoutes = {
    loadProvider,
    authenticate: createAuthenticator(deps),
    challengeHeaders: { api: challengeHeaders(resourceUrl(deps.config, 'api')), mcp: challengeHeaders(resourceUrl(deps.config, 'mcp')) },
  };
  mounted.set(app, routes);
  return routes;
}
