import { createHash, generateKeyPairSync, randomBytes, type JsonWebKey } from 'node:crypto';
import type { JWK } from 'jose';
import type { Db } from '../../storage/db';
import type { Clock } from '../../domain/clock';
import { getOAuthKey, putOAuthKeyOnce } from '../../storage/queries/oauth';

export type ProviderKeys = { jwks: { keys: JWK[] }; cookieKeys: string[] };

// RFC 7638 thumbprint as the key id: stable for the key, no bookkeeping.
function thumbprint(jwk: JsonWebKey): string {
  const members = jwk.kty === 'EC' ? { crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y } : { e: jwk.e, kty: jwk.kty, n: jwk.n };
  return createHash('sha256').update(JSON.stringify(members)).digest('base64url');
}

// ES256 signs access tokens (small, fast to verify); RS256 stays available for clients that ask for it on ID tokens.
// Synchronous on purpose: the app is composed synchronously and this runs once per database.
function signingKey(alg: 'ES256' | 'RS256'): JWK {
  const { privateKey } = alg === 'ES256'
    ? generateKeyPairSync('ec', { namedCurve: 'P-256' })
    : generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  return { ...jwk, alg, use: 'sig', kid: thumbprint(jwk) } as JWK;
}

// Created once per database and reused on every start, so tokens and provider cookies survive restarts.
export async function loadProviderKeys(db: Db, clock: Clock): Promise<ProviderKeys> {
  const at = clock.now().toISOString();
  const jwks = await getOAuthKey<{ keys: JWK[] }>(db, 'jwks') ?? await putOAuthKeyOnce(db, 'jwks', { keys: [signingKey('ES256'), signingKey('RS256')] }, at);
  const cookieKeys = await getOAuthKey<string[]>(db, 'cookies') ?? await putOAuthKeyOnce(db, 'cookies', [randomBytes(32).toString('base64url')], at);
  return { jwks, cookieKeys };
}

// The public half of each signing key, for verifying our own access tokens without an HTTP round trip.
export const publicJwks = (jwks: { keys: JWK[] }): { keys: JWK[] } => ({
  keys: jwks.keys.map(({ kty, crv, x, y, n, e, alg, use, kid }) => JSON.parse(JSON.stringify({ kty, crv, x, y, n, e, alg, use, kid })) as JWK),
});
