import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import Provider, { type Adapter, type AdapterPayload } from 'oidc-provider';
import * as oauth from 'oauth4webapi';
import { exportJWK, generateKeyPair } from 'jose';
import { openDb, type Db } from '../storage/db';
import { upsertArtefact as sqliteWrite } from '../storage/queries/oauth';
import { applyPgMigrations } from '../storage/pg/migrate';
import { upsertArtefact as pgWrite } from '../storage/pg/oauth';
import { createPgPool, endPgPool } from '../storage/pg/pool';
import { sqliteAdapter } from '../auth/oidc/adapter';
import { pgAdapter } from '../auth/oidc/adapter-pg';
import { PURGE_EVERY } from '../auth/oidc/artefact-adapter';
import { createDatabase, startPgCluster, type PgCluster } from './support/pg-cluster';

// oidc-provider's adapter contract, one suite run against both engines: sqliteAdapter (the app's) and pgAdapter
// must give oidc-provider the same answers for every call and every model kind it stores. Then, on each engine, a
// real oidc-provider issues and revokes tokens through the adapter. PostgreSQL alone: writers of one id at once.

type AdapterClass = (new (model: string) => Adapter) & { initialPurge: Promise<number> };
type RawRow = { grantId: string | null; uid: string | null; userCode: string | null; expiresAt: number | null; consumedAt: number | null };

type Engine = {
  name: string;
  setup(): Promise<void>;
  teardown(): Promise<void>;
  adapter(): AdapterClass; // a fresh adapter class (its own purge counter), as the app makes once per provider
  // Writes a row directly, bypassing the adapter's clock (for rows that expired before the test looks).
  write(model: string, id: string, payload: Record<string, unknown>, expiresAt: number | null): Promise<void>;
  row(model: string, id: string): Promise<RawRow | undefined>;
  count(model: string, id: string): Promise<number>;
};

const COLUMNS = 'grant_id AS "grantId", uid, user_code AS "userCode", expires_at AS "expiresAt", consumed_at AS "consumedAt"';

let cluster: PgCluster | undefined;
let pool: pg.Pool;
const pgEngine: Engine = {
  name: 'PostgreSQL',
  async setup() {
    cluster = await startPgCluster();
    pool = createPgPool(await createDatabase(cluster.url, 'oidc_adapter'), { max: 6 });
    await applyPgMigrations(pool);
  },
  async teardown() {
    if (pool) await endPgPool(pool);
    await cluster?.stop();
  },
  adapter: () => pgAdapter(pool),
  write: (model, id, payload, expiresAt) => pgWrite(pool, model, id, payload, expiresAt),
  async row(model, id) {
    return (await pool.query<RawRow>(`SELECT ${COLUMNS} FROM oauth_store WHERE model = $1 AND id = $2`, [model, id])).rows[0];
  },
  async count(model, id) {
    return (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM oauth_store WHERE model = $1 AND id = $2', [model, id])).rows[0].n;
  },
};

let dir: string;
let db: Db;
const sqliteEngine: Engine = {
  name: 'SQLite',
  async setup() {
    dir = mkdtempSync(join(tmpdir(), 'oidc-adapter-'));
    db = openDb(join(dir, 'test.db'));
  },
  async teardown() {
    db?.sqlite.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  },
  adapter: () => sqliteAdapter(db),
  write: async (model, id, payload, expiresAt) => sqliteWrite(db, model, id, payload, expiresAt),
  row: async (model, id) => db.sqlite.prepare(`SELECT ${COLUMNS} FROM oauth_store WHERE model = ? AND id = ?`).get(model, id) as RawRow | undefined,
  count: async (model, id) => (db.sqlite.prepare('SELECT count(*) AS n FROM oauth_store WHERE model = ? AND id = ?').get(model, id) as { n: number }).n,
};

let serial = 0;
const fresh = (what: string) => `${what}-${++serial}-${Math.random().toString(36).slice(2, 8)}`;
const epoch = () => Math.floor(Date.now() / 1000);
const T0 = Date.UTC(2030, 0, 1); // a fixed wall clock, so expiry and consumed times are exact

// Payloads shaped as oidc-provider writes them (its models' toJSON), one per model kind it stores.
function artefacts(grantId: string) {
  const uid = fresh('uid');
  const userCode = fresh('USER-CODE');
  return {
    Session: { id: fresh('Session'), expiresIn: 14 * 86_400, payload: { kind: 'Session', uid, jti: 'x', accountId: '42', loginTs: 1_893_456_000, authorizations: { client1: { sid: 'sid1', grantId, persistsLogout: true } } } },
    Grant: { id: grantId, expiresIn: 365 * 86_400, payload: { kind: 'Grant', jti: grantId, accountId: '42', clientId: 'client1', openid: { scope: 'openid' }, resources: { 'https://api.example': 'read write' } } },
    AccessToken: { id: fresh('AccessToken'), expiresIn: 3600, payload: { kind: 'AccessToken', jti: 'at', grantId, accountId: '42', clientId: 'client1', scope: 'read', gty: 'authorization_code', aud: 'https://api.example' } },
    AuthorizationCode: { id: fresh('AuthorizationCode'), expiresIn: 60, payload: { kind: 'AuthorizationCode', jti: 'ac', grantId, accountId: '42', clientId: 'client1', redirectUri: 'http://127.0.0.1:9/cb', codeChallenge: 'abc', codeChallengeMethod: 'S256', scope: 'openid read' } },
    RefreshToken: { id: fresh('RefreshToken'), expiresIn: 30 * 86_400, payload: { kind: 'RefreshToken', jti: 'rt', grantId, accountId: '42', clientId: 'client1', rotations: 2, iiat: 1_893_456_000, resource: ['https://api.example'] } },
    Interaction: { id: fresh('Interaction'), expiresIn: 3600, payload: { kind: 'Interaction', jti: 'ia', uid: fresh('ia-uid'), returnTo: 'http://127.0.0.1/auth/ia', prompt: { name: 'login', reasons: ['no_session'], details: {} }, params: { client_id: 'client1', scope: 'openid' } } },
    ClientCredentials: { id: fresh('ClientCredentials'), expiresIn: 600, payload: { kind: 'ClientCredentials', jti: 'cc', clientId: 'client1', scope: 'read', aud: 'https://api.example' } },
    DeviceCode: { id: fresh('DeviceCode'), expiresIn: 600, payload: { kind: 'DeviceCode', jti: 'dc', grantId, userCode, clientId: 'client1', scope: 'openid', params: { client_id: 'client1' } } },
    Client: { id: fresh('Client'), expiresIn: undefined, payload: { client_id: 'c', client_secret: 's3cret', client_name: 'Test Assistant', redirect_uris: ['http://127.0.0.1:9/cb'], grant_types: ['authorization_code', 'refresh_token'] } },
  } satisfies Record<string, { id: string; expiresIn: number | undefined; payload: Record<string, unknown> }>;
}

// Every kind of JSON value, text no encoding step may alter: astral and combining characters, right-to-left text,
// NUL (PostgreSQL's text cannot hold it raw; JSON escapes it), a lone surrogate (escaped by JSON.stringify), quotes,
// backslashes, and SQL that must stay data.
const AWKWARD = {
  emoji: '👩🏽‍💻 🚀', cjk: '目录 ディレクトリ', combining: 'e\u0301 vs é', rtl: 'مرحبا', nul: 'a\u0000b', lone: 'x\ud800y',
  quotes: `'"\\\n\t`, sql: "'); DROP TABLE oauth_store; --", empty: '',
  numbers: [0, -1, 1.5, 2 ** 53 - 1, 1e-7], flags: [true, false, null],
  nested: { a: { b: { c: [1, { d: ['deep', { e: null }] }] } }, emptyObject: {}, emptyArray: [] },
};

const insecure = { [oauth.allowInsecureRequests]: true } as const; // the test provider is plain http on loopback
const REDIRECT = 'http://127.0.0.1:9/callback';

// A minimal oidc-provider on a loopback port over the given adapter, with sign-in and consent answered at once
// (account 42, every scope asked), and a client that carries cookies and follows redirects to the client's callback.
async function startProvider(adapter: AdapterClass) {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test', alg: 'RS256', use: 'sig' };
  const seen = { interactions: [] as string[], grantIds: [] as string[], sessionUids: [] as string[] };
  let provider: Provider | undefined;
  const interact = async (req: IncomingMessage, res: ServerResponse) => {
    const details = await provider!.interactionDetails(req, res);
    seen.interactions.push(details.prompt.name);
    if (details.prompt.name === 'login') {
      return provider!.interactionFinished(req, res, { login: { accountId: '42' } }, { mergeWithLastSubmission: false });
    }
    const grant = new provider!.Grant({ accountId: details.session!.accountId, clientId: details.params.client_id as string });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    seen.grantIds.push(grantId);
    seen.sessionUids.push(details.session!.uid);
    return provider!.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  };
  const server: Server = createServer((req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      interact(req, res).catch((err: Error) => { res.statusCode = 500; res.end(err.message); });
    } else {
      void provider!.callback()(req, res);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  provider = new Provider(issuer.origin, {
    adapter,
    jwks: { keys: [jwk as never] },
    cookies: { keys: ['test-cookie-key'] },
    findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub }) }),
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      clientCredentials: { enabled: true },
      introspection: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
      revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
    },
    interactions: { url: async (_ctx, interaction) => `/interaction/${interaction.uid}` },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    ttl: { ClientCredentials: 600, AccessToken: 3600, AuthorizationCode: 60, Grant: 86_400, Interaction: 600, Session: 86_400, RefreshToken: 86_400, IdToken: 3600 },
    scopes: ['openid', 'api'],
  });
  const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oidc', ...insecure }));
  const jar = new Map<string, string>();
  return {
    as, ...seen,
    register: async (metadata: Partial<oauth.OmitSymbolProperties<oauth.Client>>) =>
      oauth.processDynamicClientRegistrationResponse(await oauth.dynamicClientRegistrationRequest(as, metadata, insecure)),
    // GETs with the cookies set so far, through the provider's redirects, until one leaves for the client's callback.
    async followToRedirect(start: string): Promise<URL> {
      let next = new URL(start);
      for (let hop = 0; hop < 10; hop++) {
        const res = await fetch(next, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
        for (const c of res.headers.getSetCookie()) {
          const [pair] = c.split(';');
          const eq = pair.indexOf('=');
          jar.set(pair.slice(0, eq), pair.slice(eq + 1));
        }
        const location = res.headers.get('location');
        if (!location) throw new Error(`no redirect from ${next.pathname}: ${res.status} ${await res.text()}`);
        next = new URL(location, next);
        if (next.href.startsWith(REDIRECT)) return next;
      }
      throw new Error('too many redirects');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const waitsOnLock = async () =>
  (await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'")).rows[0].n;

describe.each([sqliteEngine, pgEngine])('oidc-provider adapter on $name', (engine) => {
  let A: AdapterClass;
  beforeAll(async () => {
    await engine.setup();
    A = engine.adapter();
    await A.initialPurge;
  });
  afterAll(() => engine.teardown());
  afterEach(() => { vi.useRealTimers(); });
  const at = (ms: number) => vi.useFakeTimers({ toFake: ['Date'], now: ms });

  it('stores and finds every model kind oidc-provider uses, with its expiry and index columns', async () => {
    at(T0);
    const grantId = fresh('grant');
    for (const [model, a] of Object.entries(artefacts(grantId))) {
      await new A(model).upsert(a.id, a.payload as AdapterPayload, a.expiresIn as number);
      expect(await new A(model).find(a.id), model).toStrictEqual(a.payload);
      const p = a.payload as Record<string, unknown>;
      expect(await engine.row(model, a.id), model).toStrictEqual({
        grantId: p.grantId ?? null, uid: p.uid ?? null, userCode: p.userCode ?? null,
        expiresAt: a.expiresIn ? T0 / 1000 + a.expiresIn : null, consumedAt: null,
      });
    }
  });

  it('finds nothing for an unknown id, another model\'s id, or an id differing only in case', async () => {
    const id = fresh('Token');
    await new A('AccessToken').upsert(id, { jti: id }, 60);
    expect(await new A('AccessToken').find(id)).toStrictEqual({ jti: id });
    expect(await new A('AccessToken').find(fresh('nope'))).toBeUndefined();
    expect(await new A('RefreshToken').find(id)).toBeUndefined();
    expect(await new A('AccessToken').find(id.toLowerCase())).toBeUndefined();
  });

  it('round-trips payloads with unicode, escapes and nested values exactly', async () => {
    const id = fresh('Interaction');
    await new A('Interaction').upsert(id, { ...AWKWARD, uid: 'ü-ñ-👍' } as AdapterPayload, 60);
    expect(await new A('Interaction').find(id)).toStrictEqual({ ...AWKWARD, uid: 'ü-ñ-👍' });
    expect(await new A('Interaction').findByUid('ü-ñ-👍')).toStrictEqual({ ...AWKWARD, uid: 'ü-ñ-👍' });
    const unicodeId = `ключ-🔑-${fresh('id')}`;
    await new A('Session').upsert(unicodeId, { uid: fresh('u'), nested: AWKWARD.nested }, 60);
    expect(await new A('Session').find(unicodeId)).toMatchObject({ nested: AWKWARD.nested });
  });

  it('upsert replaces the payload, its index columns and its expiry, keeping one row', async () => {
    at(T0);
    const S = new A('Session');
    const id = fresh('Session');
    const [uid1, uid2] = [fresh('uid'), fresh('uid')];
    await S.upsert(id, { uid: uid1, accountId: '1', extra: { keep: false } }, 60);
    await S.upsert(id, { uid: uid2, accountId: '2' }, 0); // no expiry any more
    expect(await S.find(id)).toStrictEqual({ uid: uid2, accountId: '2' });
    expect(await S.findByUid(uid1)).toBeUndefined();
    expect(await S.findByUid(uid2)).toStrictEqual({ uid: uid2, accountId: '2' });
    expect(await engine.count('Session', id)).toBe(1);
    expect((await engine.row('Session', id))?.expiresAt).toBeNull();
    at(T0 + 10 * 365 * 86_400_000);
    expect(await S.find(id)).toStrictEqual({ uid: uid2, accountId: '2' });
  });

  it('an artefact is found until its expiry second and never after, by id, uid or user code', async () => {
    at(T0);
    const grantId = fresh('grant');
    const { Session, DeviceCode } = artefacts(grantId);
    const AT = fresh('AccessToken');
    await new A('AccessToken').upsert(AT, { jti: AT, grantId }, 60);
    await new A('Session').upsert(Session.id, Session.payload, 60);
    await new A('DeviceCode').upsert(DeviceCode.id, DeviceCode.payload, 60);
    at(T0 + 59_999);
    expect(await new A('AccessToken').find(AT)).toStrictEqual({ jti: AT, grantId });
    expect(await new A('Session').findByUid(Session.payload.uid)).toStrictEqual(Session.payload);
    expect(await new A('DeviceCode').findByUserCode(DeviceCode.payload.userCode)).toStrictEqual(DeviceCode.payload);
    at(T0 + 60_000);
    expect(await new A('AccessToken').find(AT)).toBeUndefined();
    expect(await new A('Session').find(Session.id)).toBeUndefined();
    expect(await new A('Session').findByUid(Session.payload.uid)).toBeUndefined();
    expect(await new A('DeviceCode').findByUserCode(DeviceCode.payload.userCode)).toBeUndefined();
    expect(await engine.count('AccessToken', AT)).toBe(1); // still stored, until a purge
  });

  it('a row written with a past expiry is not found', async () => {
    const id = fresh('AuthorizationCode');
    await engine.write('AuthorizationCode', id, { jti: id }, epoch() - 1);
    expect(await engine.count('AuthorizationCode', id)).toBe(1);
    expect(await new A('AuthorizationCode').find(id)).toBeUndefined();
  });

  it('consume marks the artefact with the provider\'s time, and only that one', async () => {
    at(T0);
    const grantId = fresh('grant');
    const { AuthorizationCode: code, DeviceCode: device } = artefacts(grantId);
    const other = fresh('AuthorizationCode');
    await new A('AuthorizationCode').upsert(code.id, code.payload, 60);
    await new A('AuthorizationCode').upsert(other, { jti: other }, 60);
    await new A('DeviceCode').upsert(device.id, device.payload, 600);
    at(T0 + 5_000);
    await new A('AuthorizationCode').consume(code.id);
    await new A('DeviceCode').consume(device.id);
    expect(await new A('AuthorizationCode').find(code.id)).toStrictEqual({ ...code.payload, consumed: T0 / 1000 + 5 });
    expect(await new A('DeviceCode').findByUserCode(device.payload.userCode)).toStrictEqual({ ...device.payload, consumed: T0 / 1000 + 5 });
    expect(await new A('AuthorizationCode').find(other)).toStrictEqual({ jti: other });
    // A later upsert of the same id keeps the mark (both engines' ON CONFLICT leaves consumed_at alone).
    await new A('AuthorizationCode').upsert(code.id, { ...code.payload, scope: 'openid' }, 60);
    expect(await new A('AuthorizationCode').find(code.id)).toStrictEqual({ ...code.payload, scope: 'openid', consumed: T0 / 1000 + 5 });
    await new A('AuthorizationCode').consume(fresh('missing')); // consuming nothing is not an error
  });

  it('destroy removes that artefact of that model only', async () => {
    const id = fresh('shared-id');
    await new A('AccessToken').upsert(id, { jti: id, m: 'at' }, 60);
    await new A('RefreshToken').upsert(id, { jti: id, m: 'rt' }, 60);
    await new A('AccessToken').destroy(id);
    expect(await new A('AccessToken').find(id)).toBeUndefined();
    expect(await engine.count('AccessToken', id)).toBe(0);
    expect(await new A('RefreshToken').find(id)).toStrictEqual({ jti: id, m: 'rt' });
    await new A('AccessToken').destroy(id); // again: nothing to do, no error
  });

  it('revokeByGrantId removes every artefact of that grant across models, and nothing else', async () => {
    const [g1, g2] = [fresh('grant'), fresh('grant')];
    const one = artefacts(g1);
    const two = artefacts(g2);
    for (const set of [one, two]) {
      for (const [model, a] of Object.entries(set)) await new A(model).upsert(a.id, a.payload as AdapterPayload, a.expiresIn as number);
    }
    await new A('AccessToken').revokeByGrantId(g1); // any model's adapter revokes the whole grant
    const carriesGrant = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode']);
    for (const [model, a] of Object.entries(one)) {
      expect(await engine.count(model, a.id), `${model} of the revoked grant`).toBe(carriesGrant.has(model) ? 0 : 1);
    }
    for (const [model, a] of Object.entries(two)) {
      expect(await new A(model).find(a.id), `${model} of the other grant`).toStrictEqual(a.payload);
    }
    await new A('Grant').revokeByGrantId(fresh('no-such-grant'));
  });

  it('findByUid and findByUserCode look within their model', async () => {
    const uid = fresh('uid');
    const code = fresh('CODE');
    await new A('Session').upsert(fresh('Session'), { uid, who: 'session' }, 60);
    await new A('Interaction').upsert(fresh('Interaction'), { uid, who: 'interaction' }, 60);
    await new A('DeviceCode').upsert(fresh('DeviceCode'), { userCode: code, who: 'device' }, 60);
    expect(await new A('Session').findByUid(uid)).toStrictEqual({ uid, who: 'session' });
    expect(await new A('Interaction').findByUid(uid)).toStrictEqual({ uid, who: 'interaction' });
    expect(await new A('Grant').findByUid(uid)).toBeUndefined();
    expect(await new A('Session').findByUid(fresh('uid'))).toBeUndefined();
    expect(await new A('DeviceCode').findByUserCode(code)).toStrictEqual({ userCode: code, who: 'device' });
    expect(await new A('BackchannelAuthenticationRequest').findByUserCode(code)).toBeUndefined();
    expect(await new A('DeviceCode').findByUserCode(code.toLowerCase())).toBeUndefined();
  });

  it('purges expired rows when made and every PURGE_EVERY writes, keeping live and unexpiring ones', async () => {
    const before = fresh('expired-before');
    const live = fresh('live');
    const forever = fresh('Client');
    await engine.write('AccessToken', before, { jti: before }, epoch() - 10);
    await engine.write('AccessToken', live, { jti: live }, epoch() + 3600);
    await engine.write('Client', forever, { client_id: forever }, null);
    const B = engine.adapter();
    expect(await B.initialPurge).toBeGreaterThanOrEqual(1);
    expect(await engine.count('AccessToken', before)).toBe(0);

    const during = fresh('expired-during');
    await engine.write('AccessToken', during, { jti: during }, epoch() - 10);
    const churn = new B('Interaction');
    for (let i = 1; i < PURGE_EVERY; i++) await churn.upsert(fresh('i'), { n: i }, 3600);
    expect(await engine.count('AccessToken', during)).toBe(1);
    await churn.upsert(fresh('i'), { n: PURGE_EVERY }, 3600);
    expect(await engine.count('AccessToken', during)).toBe(0);
    expect(await new B('AccessToken').find(live)).toStrictEqual({ jti: live });
    expect(await new B('Client').find(forever)).toStrictEqual({ client_id: forever });
  });

  it('serves a real oidc-provider: registration, client_credentials, introspection, revocation', async () => {
    const op = await startProvider(engine.adapter());
    try {
      const client = await op.register({
        client_name: 'Ünïcode Client 🤖', grant_types: ['client_credentials'], response_types: [], redirect_uris: [],
        token_endpoint_auth_method: 'client_secret_basic',
      });
      const auth = oauth.ClientSecretBasic(client.client_secret as string);
      expect(await engine.row('Client', client.client_id)).toMatchObject({ expiresAt: null });
      expect(await new (engine.adapter())('Client').find(client.client_id)).toMatchObject({ client_name: 'Ünïcode Client 🤖' });

      const tokens = await oauth.processClientCredentialsResponse(op.as, client,
        await oauth.clientCredentialsGrantRequest(op.as, client, auth, { scope: 'api' }, insecure));
      const stored = await engine.row('ClientCredentials', tokens.access_token);
      expect(stored?.expiresAt).toBeGreaterThan(epoch());
      expect(await new (engine.adapter())('ClientCredentials').find(tokens.access_token)).toMatchObject({ clientId: client.client_id, scope: 'api' });

      const active = await oauth.processIntrospectionResponse(op.as, client, await oauth.introspectionRequest(op.as, client, auth, tokens.access_token, insecure));
      expect(active).toMatchObject({ active: true, client_id: client.client_id, scope: 'api' });

      await oauth.processRevocationResponse(await oauth.revocationRequest(op.as, client, auth, tokens.access_token, insecure));
      expect(await engine.count('ClientCredentials', tokens.access_token)).toBe(0);
      const after = await oauth.processIntrospectionResponse(op.as, client, await oauth.introspectionRequest(op.as, client, auth, tokens.access_token, insecure));
      expect(after.active).toBe(false);
    } finally {
      await op.close();
    }
  });

  it('serves a real oidc-provider: authorization code with PKCE, sign-in and consent interactions, refresh, grant revocation', async () => {
    const op = await startProvider(engine.adapter());
    try {
      const client = await op.register({
        client_name: 'Code Client', redirect_uris: [REDIRECT], grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'], token_endpoint_auth_method: 'none',
      });
      const verifier = oauth.generateRandomCodeVerifier();
      const state = oauth.generateRandomState();
      const url = new URL(op.as.authorization_endpoint!);
      url.search = new URLSearchParams({
        client_id: client.client_id, redirect_uri: REDIRECT, response_type: 'code', scope: 'openid', state,
        code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256',
      }).toString();
      const callback = await op.followToRedirect(url.href);
      const params = oauth.validateAuthResponse(op.as, client, callback, state);
      const code = params.get('code')!;
      const tokens = await oauth.processAuthorizationCodeResponse(op.as, client, await oauth.authorizationCodeGrantRequest(
        op.as, client, oauth.None(), params, REDIRECT, verifier, insecure), { requireIdToken: true });

      // Every artefact of the flow is in this engine's oauth_store, tied to one grant.
      expect(op.interactions).toEqual(['login', 'consent']);
      const grantId = op.grantIds[0];
      expect(await new (engine.adapter())('Grant').find(grantId)).toMatchObject({ accountId: '42', clientId: client.client_id });
      expect(await engine.row('AccessToken', tokens.access_token)).toMatchObject({ grantId });
      expect(await engine.row('RefreshToken', tokens.refresh_token!)).toMatchObject({ grantId });
      const usedCode = await engine.row('AuthorizationCode', code);
      expect(usedCode?.grantId).toBe(grantId);
      expect(usedCode?.consumedAt).not.toBeNull(); // a code is used once
      expect(op.sessionUids.length).toBe(1);
      expect(await new (engine.adapter())('Session').findByUid(op.sessionUids[0])).toMatchObject({ accountId: '42' });

      // The same code again fails, and the provider revokes what it issued (revokeByGrantId).
      const again = await oauth.authorizationCodeGrantRequest(op.as, client, oauth.None(), params, REDIRECT, verifier, insecure);
      expect(again.status).toBe(400);
      expect(await engine.count('AccessToken', tokens.access_token)).toBe(0);
      expect(await engine.count('RefreshToken', tokens.refresh_token!)).toBe(0);
      const refresh = await oauth.refreshTokenGrantRequest(op.as, client, oauth.None(), tokens.refresh_token!, insecure);
      expect(refresh.status).toBe(400);
    } finally {
      await op.close();
    }
  });

  // PostgreSQL alone: SQLite has one writer at a time, so its upserts cannot race.
  if (engine === pgEngine) it('two writers of one id at once: no error, one row, the later commit\'s payload', async () => {
    // Many pairs at once through the pool: ON CONFLICT turns every race between two inserts into an update.
    const ids = Array.from({ length: 20 }, () => fresh('RefreshToken'));
    const RT = new A('RefreshToken');
    await Promise.all(ids.flatMap((id) => [RT.upsert(id, { jti: id, by: 'a' }, 60), RT.upsert(id, { jti: id, by: 'b' }, 60)]));
    for (const id of ids) {
      expect(await engine.count('RefreshToken', id)).toBe(1);
      expect(['a', 'b']).toContain(((await RT.find(id)) as { by: string }).by);
    }

    // The race made deterministic: the first writer's insert is not yet committed when the second arrives, so the
    // second waits for it, then updates the row the first committed.
    const id = fresh('RefreshToken');
    const first = await pool.connect();
    try {
      await first.query('BEGIN');
      await pgWrite(first, 'RefreshToken', id, { jti: id, by: 'first' }, epoch() + 60);
      let secondDone = false;
      const second = RT.upsert(id, { jti: id, by: 'second' }, 60).then(() => { secondDone = true; });
      for (let i = 0; i < 200 && (await waitsOnLock()) === 0; i++) await new Promise((r) => setTimeout(r, 10));
      expect(await waitsOnLock()).toBe(1);
      expect(secondDone).toBe(false);
      await first.query('COMMIT');
      await second;
    } finally {
      first.release();
    }
    expect(await engine.count('RefreshToken', id)).toBe(1);
    expect(await RT.find(id)).toStrictEqual({ jti: id, by: 'second' });
  });
});
