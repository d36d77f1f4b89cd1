import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt, decodeProtectedHeader, generateKeyPair, importJWK, type JWK } from 'jose';
import { startApp, getJson } from './harness';
import { addUser } from './fixtures';
import { issueTokens } from './auth-helpers';
import { createApiKey } from '../auth/accounts';
import { invokeTool } from '../tools/invoke';
import { get_account } from '../tools/account/get_account';
import { ToolError } from '../tools/errors';
import { problemFromToolError } from '../rest-adapter/problem';
import { revokeApiKey } from '../storage/queries/api-keys';
import type { ResourceKey } from '../auth/resource-metadata';
import { queuedJobs } from '../jobs/port';

// Authorization header → Actor, over real HTTP: a probe route on the running app authenticates the way the REST
// and MCP adapters do, runs get_account, and answers with the problem body and challenge on failure.
let app: Awaited<ReturnType<typeof startApp>>;
let userId: number;

beforeAll(async () => {
  app = await startApp({ demo: false });
  userId = await addUser(app.db, 'actor@example.test');
  app.hono.get('/test-probe/:resource', async (c) => {
    const resource = c.req.param('resource') as ResourceKey;
    try {
      const actor = await app.auth.authenticate(c, resource);
      const account = actor.kind === 'anonymous' ? null : await invokeTool(get_account, { db: app.db, config: app.config, clock: app.clock, jobs: queuedJobs, actor }, {});
      return c.json({ actor, account });
    } catch (err) {
      if (!(err instanceof ToolError)) throw err;
      const problem = problemFromToolError(err, 'req', app.config.siteUrl);
      return c.json(problem, problem.status as 401, app.auth.challengeHeaders[resource](problem));
    }
  });
});
afterAll(async () => { await app?.close(); });

const probe = (auth?: string, resource: ResourceKey = 'api') =>
  getJson(`${app.url}/test-probe/${resource}`, { headers: auth === undefined ? {} : { authorization: auth } });

const key = async (scopes?: Parameters<typeof createApiKey>[3], name = 'probe key') => {
  const k = await createApiKey({ db: app.db, clock: app.clock }, userId, name, scopes);
  if ('errors' in k) throw new Error('key not created');
  return k;
};

describe('no credentials', () => {
  it('is anonymous with the socket address', async () => {
    const res = await probe();
    expect(res.status).toBe(200);
    expect(res.body.actor).toEqual({ kind: 'anonymous', ip: '127.0.0.1' });
  });
});

describe('API keys', () => {
  it('act as their owner with the scopes chosen at creation, on REST and MCP alike', async () => {
    const k = await key(['account:read', 'listings:write'], 'laptop');
    for (const resource of ['api', 'mcp'] as const) {
      const res = await probe(`Bearer ${k.key}`, resource);
      expect(res.status).toBe(200);
      expect(res.body.actor).toMatchObject({ kind: 'api_key', userId, keyId: k.id, keyName: 'laptop', scopes: ['account:read', 'listings:write'] });
      expect(res.body.account).toEqual({
        user: { id: userId, email: 'actor@example.test', name: 'actor' }, via: 'api_key', scopes: ['account:read', 'listings:write'], key_name: 'laptop',
      });
    }
  });

  it('default to all three scopes', async () => {
    expect((await probe(`Bearer ${(await key()).key}`)).body.actor.scopes).toEqual(['account:read', 'listings:write', 'orders:write']);
  });

  it('without account:read cannot read the account: 403 insufficient_scope naming the scope', async () => {
    const res = await probe(`Bearer ${(await key(['orders:write'])).key}`);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('forbidden');
    expect(res.headers.get('www-authenticate')).toBe(
      `Bearer error="insufficient_scope", scope="account:read", resource_metadata="${app.url}/.well-known/oauth-protected-resource/api/v1"`);
  });

  it('stop working once revoked, and unknown keys never work: 401 with the resource metadata challenge', async () => {
    const k = await key();
    expect((await probe(`Bearer ${k.key}`)).status).toBe(200);
    await revokeApiKey(app.db, userId, k.id, app.clock.now().toISOString());
    const revoked = await probe(`Bearer ${k.key}`, 'mcp');
    expect(revoked.status).toBe(401);
    expect(revoked.body.detail).toMatch(/revoked/);
    // A credential that failed says so (RFC 6750), so clients know to sign in again rather than retry.
    expect(revoked.headers.get('www-authenticate')).toBe(`Bearer error="invalid_token", error_description="${revoked.body.detail}", resource_metadata="${app.url}/.well-known/oauth-protected-resource/mcp"`);
    expect((await probe('Bearer dk_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(401);
  });

  it('record last use at most once a minute', async () => {
    const k = await key();
    const lastUsed = async () => (await app.db.engine.prepare('SELECT last_used_at AS t FROM api_keys WHERE id = ?').get(k.id) as { t: string | null }).t;
    expect(await lastUsed()).toBeNull();
    await probe(`Bearer ${k.key}`);
    const first = await lastUsed();
    expect(first).toBe(app.clock.now().toISOString());
    app.clock.advance(30_000);
    await probe(`Bearer ${k.key}`);
    expect(await lastUsed()).toBe(first);
    app.clock.advance(31_000);
    await probe(`Bearer ${k.key}`);
    expect(await lastUsed()).toBe(app.clock.now().toISOString());
  });
});

describe('malformed credentials', () => {
  it.each(['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer two words', 'Bearer not-a-token'])('"%s" is 401, never anonymous', async (header) => {
    const res = await probe(header);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('unauthenticated');
  });
});

describe('OAuth access tokens', () => {
  let token: Awaited<ReturnType<typeof issueTokens>>;
  let signingKey: CryptoKey;
  beforeAll(async () => {
    token = await issueTokens(app.url, { scope: 'account:read listings:write', clientName: 'Actor Test App' });
    const jwks = JSON.parse((await app.db.engine.prepare("SELECT value FROM oauth_keys WHERE kind = 'jwks'").get() as { value: string }).value) as { keys: JWK[] };
    signingKey = (await importJWK(jwks.keys.find((k) => k.alg === 'ES256')!, 'ES256')) as CryptoKey;
  });

  // Re-signs the real token's claims with changes, using the server's own key (or another one).
  async function variant(changes: Record<string, unknown>, opts: { typ?: string; key?: CryptoKey } = {}) {
    const claims = { ...decodeJwt(token.access_token), ...changes };
    const { kid } = decodeProtectedHeader(token.access_token);
    return new SignJWT(claims).setProtectedHeader({ alg: 'ES256', typ: opts.typ ?? 'at+jwt', kid }).sign(opts.key ?? signingKey);
  }

  it('act as the user through the client with the granted scopes', async () => {
    const res = await probe(`Bearer ${token.access_token}`, 'mcp');
    expect(res.status).toBe(200);
    expect(res.body.actor).toMatchObject({ kind: 'oauth', clientId: token.clientId, scopes: ['account:read', 'listings:write'] });
    expect(res.body.account).toMatchObject({ via: 'oauth', client: { id: token.clientId, name: 'Actor Test App' }, user: { email: token.email } });
  });

  it('are refused at the wrong resource (audience)', async () => {
    const res = await probe(`Bearer ${token.access_token}`, 'api');
    expect(res.status).toBe(401);
    expect(res.body.detail).toContain(`resource=${app.url}/api/v1`);
  });

  it('are refused when expired', async () => {
    const now = Math.floor(Date.now() / 1000);
    const res = await probe(`Bearer ${await variant({ iat: now - 7200, exp: now - 3600 })}`, 'mcp');
    expect(res.status).toBe(401);
    expect(res.body.detail).toMatch(/expired/);
  });

  it('are refused when signed by another key, issued by another server, or not typed at+jwt', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    for (const forged of [
      await variant({}, { key: privateKey }),
      await variant({ iss: 'https://elsewhere.example' }),
      await variant({}, { typ: 'JWT' }),
    ]) {
      expect((await probe(`Bearer ${forged}`, 'mcp')).status).toBe(401);
    }
    expect((await probe(`Bearer ${await variant({})}`, 'mcp')).status).toBe(200); // the re-signing itself is sound
  });

  it('are refused once their grant is gone', async () => {
    const res = await probe(`Bearer ${await variant({ gid: 'no-such-grant' })}`, 'mcp');
    expect(res.status).toBe(401);
    expect(res.body.detail).toMatch(/revoked/);
  });
});

describe('protected resource metadata (RFC 9728)', () => {
  it.each([['mcp', '/mcp'], ['api/v1', '/api/v1']])('describes %s', async (suffix, path) => {
    const res = await getJson(`${app.url}/.well-known/oauth-protected-resource/${suffix}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      resource: `${app.url}${path}`, authorization_servers: [app.url],
      scopes_supported: ['account:read', 'listings:write', 'orders:write'], bearer_methods_supported: ['header'],
    });
    expect(res.body.resource_name).toBeTruthy();
  });
});
