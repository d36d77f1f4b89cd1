import type { Hono } from 'hono';
import type Provider from 'oidc-provider';
import { createAuthenticator, type AuthDeps, type Authenticate } from './actor';
import { challengeHeaders, registerResourceMetadata, resourceUrl } from './resource-metadata';
import { createProvider } from './oidc/provider';
import { mountProvider } from './oidc/mount';
import { registerAccountRoutes } from '../site/account/routes';
import type { SignInThrottle } from './login-throttle';

export type AuthRoutes = {
  provider: Provider;
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
export function registerAuthRoutes(app: Hono, deps: AuthDeps, opts: { throttle?: SignInThrottle } = {}): AuthRoutes {
  const existing = mounted.get(app);
  if (existing) return existing;
  const provider = createProvider(deps);
  registerResourceMetadata(app, deps.config);
  registerAccountRoutes(app, { ...deps, provider, throttle: opts.throttle }); // interaction pages under /oauth/interaction come before the provider
  mountProvider(app, provider);
  const routes: AuthRoutes = {
    provider,
    authenticate: createAuthenticator(deps),
    challengeHeaders: { api: challengeHeaders(resourceUrl(deps.config, 'api')), mcp: challengeHeaders(resourceUrl(deps.config, 'mcp')) },
  };
  mounted.set(app, routes);
  return routes;
}
