import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { callOp, DRIVERS, type Driver, type TestApp, startApp } from './harness';
import { addListing, addUser, insertRow } from './fixtures';
import { Browser, hiddenFields, mcpToolCall, rpcBody, runAuthorization, signUp } from './auth-helpers';
import { readyDraft } from './drafts-helpers';
import { mcpAs, rest, seedOrderWorld, type OrderWorld } from './orders-helpers';
import { claims, milestones } from '../storage/schema';
import { userByEmail } from '../storage/queries/users';
import * as oauth from 'oauth4webapi';

// Another user's draft, listing, milestone, claim or order is a 404 (never a 403, never their data) on every
// protected REST path and MCP tool, answered exactly like an id that does not exist. The MCP auth gate cannot be
// slipped past with batches, odd names or odd casing: an anonymous caller never gets account data.

let app: TestApp;
let w: OrderWorld;
let draftId: string;
let liveId: number;
let milestoneId: number;
let claimId: number;
let orderNumber: string;
const SECRET = 'AliceSecretProduct';
const clients: Partial<Record<Driver, Client>> = {};

beforeAll(async () => {
  app = await startApp({ demo: false });
  w = await seedOrderWorld(app, 'authz');
  const now = app.clock.now().toISOString();
  draftId = await readyDraft(app, w.alice.id, 'https://alice-secret.example.com', { name: { value: SECRET, evidence: [] } });
  liveId = await addListing(app.db, { name: `${SECRET} Live`, slug: 'alice-live', url: 'https://alice-live.example.com', status: 'live', plan: 'paid', ownerUserId: w.alice.id });
  milestoneId = await insertRow(app.db, milestones, { listingId: liveId, date: '2026-01-01', title: `${SECRET} milestone` });
  const carol = await addUser(app.db, 'carol-authz@example.test');
  const carols = await addListing(app.db, { name: 'Carol Product', slug: 'carol-product', url: 'https://carol.example.com', status: 'live', ownerUserId: carol });
  claimId = await insertRow(app.db, claims, {
    listingId: carols, userId: w.alice.id, method: 'dns', token: 'alice-claim-token-000000000000', status: 'pending', expiresAt: '2026-11-25T12:00:00.000Z', createdAt: now,
  });
  const order = await rest(app, w.alice.key).post('/orders/checkout', { items: [{ product: 'featured', listing_id: w.listings.fresh.id }], billing_country: 'US' });
  expect(order.status).toBe(201);
  orderNumber = order.body.number;
  clients.modern = await mcpAs(app, 'modern', w.bob.key);
  clients.legacy = await mcpAs(app, 'legacy', w.bob.key);
});
afterAll(async () => {
  await clients.modern?.close();
  await clients.legacy?.close();
  await app?.close();
});

const UNKNOWN_DRAFT = '00000000-0000-4000-8000-000000000000';

// [tool, Alice's record, the same call with an id nobody has]
const cases = (): Array<[string, Record<string, unknown>, Record<string, unknown>]> => [
  ['get_draft', { id: draftId }, { id: UNKNOWN_DRAFT }],
  ['update_draft', { id: draftId, fields: { tagline: 'hijacked' } }, { id: UNKNOWN_DRAFT, fields: { tagline: 'hijacked' } }],
  ['invite_cofounder', { id: draftId, email: 'bob-friend@example.test' }, { id: UNKNOWN_DRAFT, email: 'bob-friend@example.test' }],
  ['submit_draft', { id: draftId }, { id: UNKNOWN_DRAFT }],
  ['get_my_listing', { listing_id: liveId }, { listing_id: 999_999 }],
  ['get_my_listing', { listing_id: w.listings.fresh.id }, { listing_id: 999_998 }],
  ['update_my_listing', { listing_id: liveId, fields: { tagline: 'hijacked' } }, { listing_id: 999_999, fields: { tagline: 'hijacked' } }],
  ['post_listing_update', { listing_id: liveId, title: 'hijacked', body: 'hijacked' }, { listing_id: 999_999, title: 'hijacked', body: 'hijacked' }],
  ['add_milestone', { listing_id: liveId, date: '2026-02-02', title: 'hijacked' }, { listing_id: 999_999, date: '2026-02-02', title: 'hijacked' }],
  ['delete_milestone', { listing_id: liveId, milestone_id: milestoneId }, { listing_id: 999_999, milestone_id: milestoneId }],
  ['set_founder_story', { listing_id: liveId, story: 'hijacked' }, { listing_id: 999_999, story: 'hijacked' }],
  ['choose_free_listing', { listing_id: w.listings.fresh.id }, { listing_id: 999_999 }],
  ['verify_claim', { claim_id: claimId }, { claim_id: 999_999 }],
  ['get_order', { number: orderNumber }, { number: 'ORD-2026-999999' }],
];

describe('another user\'s records are not found, exactly like missing ones', () => {
  for (const d of DRIVERS) {
    it(`over ${d}: every protected path with Alice's ids answers Bob 404 without her data`, async () => {
      const headers = { authorization: `Bearer ${w.bob.key}` };
      for (const [tool, theirs, missing] of cases()) {
        const a = await callOp(app, clients, d, tool, theirs, headers);
        const b = await callOp(app, clients, d, tool, missing, headers);
        expect(a.status, `${tool} ${JSON.stringify(theirs)}`).toBe(404);
        expect(a.body.code, tool).toBe('not_found');
        expect(JSON.stringify(a.body), tool).not.toContain(SECRET);
        expect(b.status, `${tool} (missing id)`).toBe(404);
        // Same answer apart from the id in the message: nothing tells "exists but not yours" from "no such id".
        const shape = (p: any) => ({ status: p.status, code: p.code, title: p.title, errors: p.errors?.map((e: any) => e.path) });
        expect(shape(a.body), tool).toEqual(shape(b.body));
      }
    });
  }

  it('Bob cannot delete Alice\'s milestone through his own listing either', async () => {
    const res = await callOp(app, clients, 'rest', 'delete_milestone', { listing_id: w.listings.bobs.id, milestone_id: milestoneId }, { authorization: `Bearer ${w.bob.key}` });
    expect(res.status).toBe(404);
    expect(await app.db.engine.prepare('SELECT count(*) AS n FROM milestones WHERE id = ?').get(milestoneId)).toEqual({ n: 1 });
  });

  it('nothing of Alice\'s was changed, and Bob\'s lists do not show her records', async () => {
    const draft = await callOp(app, clients, 'rest', 'get_draft', { id: draftId }, { authorization: `Bearer ${w.alice.key}` });
    expect(draft.status).toBe(200);
    expect(JSON.stringify(draft.body)).not.toContain('hijacked');
    expect((await app.db.engine.prepare("SELECT count(*) AS n FROM listing_updates WHERE title = 'hijacked'").get() as { n: number }).n).toBe(0);
    expect((await app.db.engine.prepare("SELECT count(*) AS n FROM draft_invites").get() as { n: number }).n).toBe(0);
    for (const tool of ['list_my_drafts', 'list_my_listings', 'list_my_claims', 'list_my_orders']) {
      for (const d of DRIVERS) {
        const res = await callOp(app, clients, d, tool, {}, { authorization: `Bearer ${w.bob.key}` });
        expect(res.status, `${tool} ${d}`).toBe(200);
        expect(JSON.stringify(res.body), `${tool} ${d}`).not.toContain(SECRET);
        expect(JSON.stringify(res.body)).not.toContain(orderNumber);
      }
    }
  });

  it('Alice\'s checkout link is the only way to her order page; guessing the route gives the 404 page', async () => {
    expect((await fetch(`${app.url}/checkout/${'A'.repeat(32)}`)).status).toBe(404);
    expect((await fetch(`${app.url}/checkout/${encodeURIComponent(orderNumber)}`)).status).toBe(404);
  });
});

describe('site: another person\'s connected app cannot be revoked', () => {
  it('revoking with someone else\'s client_id changes nothing for them', async () => {
    const insecure = { [oauth.allowInsecureRequests]: true } as const;
    const as = await oauth.processDiscoveryResponse(new URL(app.url), await oauth.discoveryRequest(new URL(app.url), { algorithm: 'oauth2', ...insecure }));
    const client = await oauth.processDynamicClientRegistrationResponse(await oauth.dynamicClientRegistrationRequest(as, {
      client_name: 'Dana App', redirect_uris: ['http://127.0.0.1:9/cb'], token_endpoint_auth_method: 'none', grant_types: ['authorization_code'],
    }, insecure));
    const dana = new Browser(app.url);
    await signUp(dana, 'dana-authz@example.test');
    const url = new URL(as.authorization_endpoint!);
    url.search = new URLSearchParams({
      client_id: client.client_id, redirect_uri: 'http://127.0.0.1:9/cb', response_type: 'code', scope: 'account:read', resource: `${app.url}/mcp`,
      code_challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()), code_challenge_method: 'S256', state: 's',
    }).toString();
    await runAuthorization(dana, url.href, { continueAs: true });
    expect(await (await dana.get('/account')).text()).toContain('Dana App');

    const eve = new Browser(app.url);
    await signUp(eve, 'eve-authz@example.test');
    const page = await (await eve.get('/account')).text();
    await eve.post('/account/apps/revoke', { csrf: hiddenFields(page, '/account/api-keys').csrf, client_id: client.client_id });
    expect(await (await dana.get('/account')).text()).toContain('Dana App');
    expect(await userByEmail(app.db, 'eve-authz@example.test')).toBeDefined();
  });
});

describe('the MCP auth gate', () => {
  const post = (body: unknown, headers: Record<string, string> = {}) => fetch(`${app.url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25', ...headers },
    body: JSON.stringify(body),
  });
  const call = (name: unknown, extra: Record<string, unknown> = {}) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: {} }, ...extra });

  it('answers an anonymous protected call with 401, alone or inside a batch', async () => {
    expect((await mcpToolCall(app.url, 'modern', 'get_account', {})).status).toBe(401);
    expect((await mcpToolCall(app.url, 'legacy', 'get_account', {})).status).toBe(401);
    // Batches exist only in 2025-03-26 (later versions refuse them before any tool runs).
    const batch = await post([call('get_site_info'), call('get_account', { id: 2 })], { 'mcp-protocol-version': '2025-03-26' });
    expect(batch.status).toBe(401);
    expect((await post([call('get_site_info'), call('get_account', { id: 2 })])).status).toBe(400);
  });

  it('odd names and casing reach no tool and return no account data', async () => {
    const variants: unknown[] = [['get_account'], { toString: 'get_account' }, 'GET_ACCOUNT', 'get_account ', 'get_account\u0000', ' get_account', 'get\u2010account'];
    for (const name of variants) {
      const res = await post(call(name));
      const text = await res.text();
      expect(text, JSON.stringify(name)).not.toContain('alice-authz@example.test');
      expect(text).not.toMatch(/"structuredContent":\{"(user_id|email)"/);
    }
    for (const method of ['Tools/Call', 'TOOLS/CALL', 'tools/call ', 'tools\u002fcall']) {
      const res = await post({ jsonrpc: '2.0', id: 1, method, params: { name: 'get_account', arguments: {} } });
      const body = await rpcBody(res).catch(() => null);
      if (method === 'tools\u002fcall') expect(res.status).toBe(401); // the same string as tools/call
      else expect(body?.result?.structuredContent?.email).toBeUndefined();
    }
  });

  it('a signed-in caller without the scope gets 403 for a batched call too', async () => {
    const key = await (await import('../auth/accounts')).createApiKey({ db: app.db, clock: app.clock }, w.bob.id, 'read only', ['account:read']);
    if ('errors' in key) throw new Error('no key');
    const res = await post([call('get_account'), call('create_checkout', { id: 3 })], { authorization: `Bearer ${key.key}`, 'mcp-protocol-version': '2025-03-26' });
    expect(res.status).toBe(403);
  });
});
