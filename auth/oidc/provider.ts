import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { AuthDeps } from '../actor';
import { SCOPES } from '../../domain/scopes';
import { userById } from '../../storage/queries/users';
import { resourceUrl } from '../resource-metadata';
import { sqliteAdapter } from './adapter';
import { pgAdapter } from './adapter-pg';
import { pgPoolOf } from '../../storage/engine/pg';
import { loadProviderKeys } from './keys';
import { loadExistingGrant } from './grants';
import { clientMetadataFetch } from './test-hooks';
import { safeFetch } from '../../crawler/safe-fetch';
import { userAgentFor } from '../../domain/bot-identity';
import type { AppConfig } from '../../domain/app-config';

export { OAUTH_ROUTES } from './routes-table';
import { OAUTH_ROUTES } from './routes-table';

// Every outbound fetch of the provider (client ID metadata documents, sector identifiers, JWKS URIs) goes through
// the crawler's address guard: private, loopback, link-local and metadata addresses are refused before any connection
// is made (and every redirect is checked again, with DNS answers pinned), so a client_id URL can neither reach nor
// probe internal services. CRAWLER_ALLOW_PRIVATE lifts it, for tests and local use only.
const METADATA_MAX_BYTES = 64 * 1024;
const METADATA_TIMEOUT_MS = 5_000;

export async function metadataFetch(url: string | URL, options: RequestInit | undefined, config: AppConfig): Promise<Response> {
  const override = clientMetadataFetch();
  if (override) return override(url, options);
  if (options?.method && options.method.toUpperCase() !== 'GET') throw new Error('Outbound fetch refused: only GET is used for metadata documents.');
  const res = await safeFetch(String(url), {
    allowPrivate: config.crawlerAllowPrivate, userAgent: userAgentFor(config.siteUrl), accept: 'any',
    timeoutMs: METADATA_TIMEOUT_MS, maxBytes: METADATA_MAX_BYTES, signal: options?.signal ?? undefined,
  });
  const headers = new Headers();
  for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
  headers.delete('content-encoding'); // the body is already decoded
  headers.delete('content-length');
  return new Response(res.status === 204 || res.status === 304 ? null : res.text, { status: res.status, headers });
}

export const interactionPath = (uid: string) => `/oauth/interaction/${uid}`;

const DAY = 86_400;
export const ACCESS_TOKEN_TTL = 3600;

// oidc-provider's error page (bad client, bad redirect_uri, …). It is drawn in the site's look, so site/ supplies it
// (auth/ does not import site/; see AuthPages in auth/routes.ts).
export type RenderOAuthError = (ctx: KoaContextWithOIDC, out: Record<string, unknown>, siteName: string) => Promise<void>;

export async function createProvider(deps: AuthDeps, renderOAuthError: RenderOAuthError): Promise<Provider> {
  const { db, config } = deps;
  const keys = await loadProviderKeys(db, deps.clock);
  const resources = new Set([resourceUrl(config, 'mcp'), resourceUrl(config, 'api')]);
  const defaultResource = resourceUrl(config, 'mcp');
  const https = config.siteUrl.startsWith('https:');
  const cookie = { httpOnly: true, sameSite: 'lax', secure: https, signed: true } as const;

  const configuration: Configuration = {
    adapter: db.kind === 'pg' ? pgAdapter(pgPoolOf(db)) : sqliteAdapter(db),
    jwks: keys.jwks as Configuration['jwks'],
    cookies: { keys: keys.cookieKeys, long: cookie, short: cookie },
    routes: OAUTH_ROUTES,
    responseTypes: ['code'],
    pkce: { required: () => true },
    scopes: ['openid', 'offline_access'],
    claims: { openid: ['sub'] },
    // ES256 keys come first in the key set; registration fails on RS256-only defaults otherwise (notes, trap 1).
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      id_token_signed_response_alg: 'ES256',
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    },
    // A registered `scope` would become the client's allow-list and break later scope step-up (trap 2).
    extraClientMetadata: {
      properties: ['scope'],
      validator(_ctx, key, _value, metadata) {
        if (key === 'scope') delete (metadata as Record<string, unknown>).scope;
      },
    },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true, initialAccessToken: false, issueRegistrationAccessToken: false },
      // A client may revoke or introspect only its own tokens.
      revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
      introspection: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
      dPoP: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      userinfo: { enabled: false },
      clientIdMetadataDocument: { enabled: true, ack: 'draft-02' },
      resourceIndicators: {
        enabled: true,
        // Without a `resource` the request would silently lose its API scopes (trap 5): MCP is the default.
        defaultResource: async (_ctx, _client, oneOf) =>
          Array.isArray(oneOf) ? (oneOf.includes(defaultResource) ? defaultResource : oneOf[0]) : oneOf ?? defaultResource,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, indicator) => {
          if (!resources.has(indicator)) throw new errors.InvalidTarget(`Unknown resource. Use one of: ${[...resources].join(', ')}`);
          return {
            scope: SCOPES.join(' '),
            audience: indicator,
            accessTokenTTL: ACCESS_TOKEN_TTL,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'ES256' } },
          };
        },
      },
    },
    // The grant id rides in the token so the resource server can refuse tokens of revoked grants.
    formats: {
      customizers: {
        jwt: (_ctx, token, jwt) => {
          if ('grantId' in token && token.grantId) jwt.payload.gid = token.grantId;
        },
      },
    },
    // Refresh tokens for every client allowed the refresh_token grant, not only on offline_access (trap 6);
    // rotated on every use, so a stolen old one stops working (and its reuse revokes the grant).
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Rotation consumes the refresh token before oidc-provider checks the `resource` asked for, so a refresh with
    // a resource the grant does not cover would answer invalid_target and still burn the token. Check it first:
    // the error leaves the token usable.
    rotateRefreshToken: (ctx) => {
      const token = ctx.oidc.entities.RefreshToken as { resourceIndicators?: Set<string> } | undefined;
      const asked = ctx.oidc.params?.resource as string | string[] | undefined;
      for (const r of asked === undefined ? [] : Array.isArray(asked) ? asked : [asked]) {
        if (!token?.resourceIndicators?.has(r)) throw new errors.InvalidTarget('This refresh token was not granted for that resource.');
      }
      return true;
    },
    expiresWithSession: async () => false,
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Session: 14 * DAY,
      Grant: 365 * DAY,
      RefreshToken: 30 * DAY,
      ClientCredentials: 600,
      DeviceCode: 600,
      BackchannelAuthenticationRequest: 600,
    },
    loadExistingGrant: (ctx) => loadExistingGrant(ctx, deps),
    async findAccount(_ctx, sub) {
      const user = await userById(db, Number(sub));
      if (!user) return undefined;
      return { accountId: sub, claims: async () => ({ sub }) };
    },
    interactions: { url: async (_ctx, interaction) => interactionPath(interaction.uid) },
    clientBasedCORS: () => true,
    renderError: async (ctx, out) => renderOAuthError(ctx, { ...out }, config.siteName),
    // Tests may serve client metadata documents on loopback; production keeps the library's SSRF guard.
    fetch: (url, options) => metadataFetch(url as string | URL, options as RequestInit, deps.config),
  };

  const provider = new Provider(config.siteUrl, configuration);
  provider.proxy = https; // behind a TLS proxy: trust X-Forwarded-Proto/Host for URLs and Secure cookies
  provider.use(defaultScopes(new Set(SCOPES)));
  provider.use(advertiseApiScopes);
  provider.on('server_error', (_ctx: unknown, err: Error) => console.error('[oauth] server_error', err));
  return provider;
}

// An authorization request naming none of our API scopes asks for all of them: the consent page shows
// exactly what is granted, and a token without scopes would be useless.
function defaultScopes(api: Set<string>) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    if (ctx.method === 'GET' && ctx.path === OAUTH_ROUTES.authorization) {
      const scope = typeof ctx.query.scope === 'string' ? ctx.query.scope : '';
      const asked = scope.split(' ').filter(Boolean);
      if (!asked.some((s) => api.has(s)) && !ctx.query.request_uri) ctx.query = { ...ctx.query, scope: [...asked, ...api].join(' ') };
    }
    await next();
  };
}

// The API scopes belong to resource servers, so the library leaves them out of scopes_supported.
async function advertiseApiScopes(ctx: KoaContextWithOIDC, next: () => Promise<void>) {
  await next();
  if (ctx.oidc?.route === 'discovery' && ctx.body && typeof ctx.body === 'object') {
    const body = ctx.body as { scopes_supported?: string[] };
    body.scopes_supported = [...new Set([...(body.scopes_supported ?? []), ...SCOPES])];
  }
}
