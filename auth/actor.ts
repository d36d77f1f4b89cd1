import type { Context } from 'hono';
import type { Actor } from '../domain/actor';
import type { Db } from '../storage/db';
import type { AppConfig } from '../domain/app-config';
import type { Clock } from '../domain/clock';
import { ToolError } from '../domain/errors';
import { apiKeyByHash, touchApiKey } from '../storage/queries/api-keys';
import { looksLikeApiKey, sha256Hex } from './api-keys';
import { resourceUrl, type ResourceKey } from './resource-metadata';
import { createTokenVerifier } from './tokens';
import { clientAddress } from '../domain/client-address';

// The caller's address: the socket's peer, or — when that peer is a proxy listed in TRUST_PROXY — the client
// address the proxy reports in X-Forwarded-For (domain/client-address.ts has the rule).
export function clientIp(c: Context, config?: Pick<AppConfig, 'trustProxy'>): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  const peer = incoming?.socket?.remoteAddress ?? 'unknown';
  return clientAddress(peer, c.req.header('x-forwarded-for'), config?.trustProxy ?? []);
}

export type AuthDeps = { db: Db; config: AppConfig; clock: Clock };

// Authorization header → Actor for the resource the request reaches ('api' = {site}/api/v1, 'mcp' = {site}/mcp).
// No header → anonymous. A header that does not authenticate → ToolError('unauthenticated') (401), never anonymous.
export type Authenticate = ((c: Context, resource?: ResourceKey) => Promise<Actor>) & {
  // The same from the Authorization header and client address themselves (transport/mcp-front.ts has no Context).
  fromHeader(header: string | undefined, ip: string, resource: ResourceKey): Promise<Actor>;
};

const LAST_USED_EVERY_MS = 60_000; // last_used_at is for people, minute precision is plenty and saves a write per call

export function createAuthenticator(deps: AuthDeps): Authenticate {
  const verify = createTokenVerifier(deps);
  const audiences: Record<ResourceKey, string> = { api: resourceUrl(deps.config, 'api'), mcp: resourceUrl(deps.config, 'mcp') };

  async function apiKeyActor(key: string, ip: string): Promise<Actor> {
    const row = await apiKeyByHash(deps.db, sha256Hex(key));
    if (!row || row.revokedAt) throw new ToolError('unauthenticated', 'This API key is unknown or has been revoked. Create a new one in your account.');
    const now = deps.clock.now();
    if (!row.lastUsedAt || now.getTime() - Date.parse(row.lastUsedAt) >= LAST_USED_EVERY_MS) await touchApiKey(deps.db, row.id, now.toISOString());
    return { kind: 'api_key', userId: row.userId, keyId: row.id, keyName: row.name, scopes: row.scopes, ip };
  }

  async function credentialActor(header: string, ip: string, resource: ResourceKey): Promise<Actor> {
    const m = /^Bearer +([\x21-\x7e]+) *$/i.exec(header);
    if (!m) throw new ToolError('unauthenticated', 'Send the credential as "Authorization: Bearer <API key or access token>".', undefined, { error: 'invalid_request' });
    if (looksLikeApiKey(m[1])) return apiKeyActor(m[1], ip);
    const t = await verify(m[1], audiences[resource]);
    return { kind: 'oauth', userId: t.userId, clientId: t.clientId, scopes: t.scopes, ip };
  }

  async function fromHeader(header: string | undefined, ip: string, resource: ResourceKey): Promise<Actor> {
    if (header === undefined) return { kind: 'anonymous', ip };
    try {
      return await credentialActor(header, ip, resource);
    } catch (err) {
      // A credential was sent and did not work (RFC 6750 §3.1): clients read invalid_token as "refresh or sign in again".
      if (err instanceof ToolError && err.kind === 'unauthenticated' && !err.extra?.error) {
        throw new ToolError('unauthenticated', err.message, err.errors, { ...err.extra, error: 'invalid_token' });
      }
      throw err;
    }
  }

  return Object.assign((c: Context, resource: ResourceKey = 'api') => fromHeader(c.req.header('authorization'), clientIp(c, deps.config), resource), { fromHeader });
}

// Without the app's dependencies nobody can be identified: everyone is anonymous. Prefer createAuthenticator
// (or the `authenticate` registerAuthRoutes returns), which knows the database and keys.
export async function authenticate(c: Context): Promise<Actor> {
  return { kind: 'anonymous', ip: clientIp(c) };
}
