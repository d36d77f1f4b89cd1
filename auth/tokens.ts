import { createLocalJWKSet, errors, jwtVerify } from 'jose';
import type { Db } from '../storage/db';
import type { AppConfig } from '../domain/app-config';
import { ToolError } from '../domain/errors';
import { SCOPES, type Scope } from '../domain/scopes';
import { grantAlive } from '../storage/queries/oauth';
import { loadProviderKeys, publicJwks } from './oidc/keys';
import type { Clock } from '../domain/clock';
import { OrderedMap } from '../domain/ordered-map';

export type VerifiedToken = { userId: number; clientId: string; scopes: Scope[]; grantId: string };

const isScope = (s: string): s is Scope => (SCOPES as readonly string[]).includes(s);

const CACHE_SIZE = 2048;

// Verifies our own JWT access tokens against the local signing keys (no HTTP). Expiry is checked on the wall
// clock because oidc-provider stamps iat/exp with it. The token's grant must still exist, so revoking a
// refresh token or a connected app ends its access tokens at once.
// A signature check costs ~0.3 ms here and a client sends the same token for up to an hour, so verified tokens
// are remembered (keyed by audience + the exact token string) until they expire; the grant is checked every time.
export function createTokenVerifier(deps: { db: Db; config: AppConfig; clock: Clock }) {
  let jwks: ReturnType<typeof createLocalJWKSet> | undefined;
  const verified = new OrderedMap<string, VerifiedToken & { exp: number }>();

  async function verifySignature(token: string, audience: string): Promise<VerifiedToken & { exp: number }> {
    jwks ??= createLocalJWKSet(publicJwks((await loadProviderKeys(deps.db, deps.clock)).jwks));
    let payload;
    try {
      ({ payload } = await jwtVerify(token, jwks, {
        issuer: deps.config.siteUrl, audience, typ: 'at+jwt', algorithms: ['ES256', 'RS256'], clockTolerance: 5, requiredClaims: ['exp'],
      }));
    } catch (err) {
      throw new ToolError('unauthenticated', reason(err, audience));
    }
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || typeof payload.client_id !== 'string') {
      throw new ToolError('unauthenticated', 'The access token does not name a user and a client.');
    }
    const grantId = typeof payload.gid === 'string' ? payload.gid : '';
    const scopes = String(payload.scope ?? '').split(' ').filter(isScope);
    return { userId, clientId: payload.client_id, scopes, grantId, exp: payload.exp! };
  }

  return async (token: string, audience: string): Promise<VerifiedToken> => {
    const now = Math.floor(Date.now() / 1000);
    const cacheKey = `${audience} ${token}`;
    let t = verified.get(cacheKey);
    if (t && t.exp <= now) {
      verified.delete(cacheKey);
      t = undefined;
    }
    if (!t) {
      if (token.length > 4096) throw new ToolError('unauthenticated', 'The bearer token is too long to be one of ours.');
      t = await verifySignature(token, audience);
      if (verified.size >= CACHE_SIZE) verified.shift();
      verified.set(cacheKey, t);
    }
    if (t.exp <= now) throw new ToolError('unauthenticated', 'The access token has expired. Refresh it or sign in again.');
    if (!t.grantId || !await grantAlive(deps.db, t.grantId, now)) {
      throw new ToolError('unauthenticated', 'The access token has been revoked. Sign in again to get a new one.');
    }
    return { userId: t.userId, clientId: t.clientId, scopes: t.scopes, grantId: t.grantId };
  };
}

function reason(err: unknown, audience: string): string {
  if (err instanceof errors.JWTExpired) return 'The access token has expired. Refresh it or sign in again.';
  if (err instanceof errors.JWTClaimValidationFailed && err.claim === 'aud') {
    return `The access token was issued for another resource. Request a token with resource=${audience}.`;
  }
  if (err instanceof errors.JWTClaimValidationFailed && err.claim === 'iss') return 'The access token was issued by another server.';
  return 'The bearer token is neither a valid API key nor a valid access token.';
}
