import { serve } from '@hono/node-server';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { SignJWT, decodeJwt, decodeProtectedHeader, importJWK } from 'jose';
import { openDb } from '../storage/db';
import { seedDatabase } from '../storage/seed';
import { systemClock } from '../tools/clock';
import { createApp } from '../transport/app';
import { createLogger } from '../transport/ops/logger';
import { loadConfig } from '../transport/config';
import { createApiKey, signUp } from '../auth/accounts';
import { loadProviderKeys } from '../auth/oidc/keys';
import { issueTokens } from '../tests/auth-helpers';

// Child process of bench/auth-cost.ts: the real app on a fresh database, plus the credentials to call it with:
// an API key (made as the account page makes it) and an OAuth access token for {site}/api/v1 obtained through
// the real authorization flow over HTTP (registration, sign-in and consent pages, PKCE, code exchange).
// For the "first use of a token" scenario it also writes BENCH_FRESH_TOKENS copies of that token differing only
// in `jti`, signed with the server's own key (same user, client and live grant): more than the verifier's cache
// holds, so cycling through them misses the cache every time.
const FRESH = Number(process.env.BENCH_FRESH_TOKENS ?? 6000);
const dir = mkdtempSync(join(tmpdir(), 'directory-auth-bench-'));
// Rate limits off (as in bench/servers.ts): all the load comes from one address, and limits are not what is measured.
const config0 = loadConfig({ RATE_LIMIT_ANON_PER_MIN: '0', RATE_LIMIT_USER_PER_MIN: '0', ...process.env, DATABASE_PATH: join(dir, 'bench.db'), PORT: '0' });
const db = openDb(config0.databasePath);
await seedDatabase(db, { demo: false, clock: systemClock });

let appFetch: (r: Request, env?: unknown) => Response | Promise<Response> = () => new Response('starting', { status: 503 });
// The OAuth routes need Node's request/response, which @hono/node-server passes as env.
const appPort = await new Promise<number>((resolve) =>
  serve({ fetch: (r, env) => appFetch(r, env), port: 0, hostname: '127.0.0.1' }, (i) => resolve((i as AddressInfo).port)));
const site = `http://127.0.0.1:${appPort}`;
const logger = createLogger({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' }, '/dev/null'); // as in bench/servers.ts
const { app } = createApp({ db, config: { ...config0, siteUrl: site, port: appPort }, clock: systemClock, logger });
appFetch = (r, env) => app.fetch(r, env as never);

const deps = { db, clock: systemClock };
const user = await signUp(deps, { email: 'bench-key@example.test', name: 'Bench', password: 'bench password 1' });
if ('errors' in user) throw new Error(JSON.stringify(user.errors));
const key = await createApiKey(deps, user.userId, 'bench');
if ('errors' in key) throw new Error(JSON.stringify(key.errors));

const { access_token: jwt } = await issueTokens(site, { resource: `${site}/api/v1`, scope: 'account:read', clientName: 'Bench App' });

const signing = (await loadProviderKeys(db, systemClock)).jwks.keys.find((k) => k.alg === 'ES256')!;
const privateKey = await importJWK(signing, 'ES256');
const claims = decodeJwt(jwt);
const { kid } = decodeProtectedHeader(jwt);
const fresh: string[] = [];
for (let i = 0; i < FRESH; i++) {
  fresh.push(await new SignJWT({ ...claims, jti: `bench-${i}` }).setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid }).sign(privateKey));
}
const freshFile = join(dir, 'fresh-tokens.json');
writeFileSync(freshFile, JSON.stringify(fresh));

process.stdout.write(`${JSON.stringify({ ready: true, appPort, apiKey: key.key, jwt, freshFile })}\n`);
