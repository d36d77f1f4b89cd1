import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../auth/accounts';
import { addListing, addUser } from './fixtures';
import { getJson, mcpClient, startApp, type TestApp } from './harness';
import { withIdempotency, type Outcome } from '../rest-adapter/idempotency';
import { IDEMPOTENCY_LEASE_MS } from '../storage/queries/idempotency';
import { mcpToolByName } from '../tools/registry';
import type { Actor } from '../tools/actor';

// Idempotency-Key on REST and `_meta.idempotencyKey` on MCP, exercised through create_checkout (201).
let app: TestApp;
let key: string;
let otherKey: string;
let listingId: number;
let buyerId: number;

beforeAll(async () => {
  app = await startApp({ demo: false });
  const userId = await addUser(app.db, 'buyer@example.test');
  buyerId = userId;
  const other = await addUser(app.db, 'other@example.test');
  listingId = await addListing(app.db, { name: 'Idem App', ownerUserId: userId, status: 'live', plan: 'free' });
  const made = await createApiKey({ db: app.db, clock: app.clock }, userId, 'idem') as { key: string };
  key = made.key;
  otherKey = (await createApiKey({ db: app.db, clock: app.clock }, other, 'other') as { key: string }).key;
});
afterAll(async () => { await app.close(); });

const checkout = (body: object, idem?: string, bearer = key) => getJson(`${app.api}/orders/checkout`, {
  method: 'POST',
  headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', ...(idem ? { 'idempotency-key': idem } : {}) },
  body: JSON.stringify(body),
});
const orderCount = async () => await app.db.engine.prepare('SELECT count(*) FROM orders').pluck().get() as number;

describe('Idempotency-Key', () => {
  it('replays the first response for the same key and body, and creates one order', async () => {
    const body = { items: [{ product: 'featured', listing_id: listingId }], billing_country: 'US' };
    const first = await checkout(body, 'retry-1');
    expect(first.status).toBe(201);
    const before = await orderCount();
    const again = await checkout({ billing_country: 'US', items: [{ listing_id: listingId, product: 'featured' }] }, 'retry-1');
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await orderCount()).toBe(before);
  });

  it('refuses the same key with a different body (422) and keeps keys per user', async () => {
    const res = await checkout({ items: [{ product: 'featured', listing_id: listingId }], billing_country: 'DE' }, 'retry-1');
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('unprocessable');
    // Another user's identical key is a different key: their request runs (and 404s on a listing not theirs).
    const other = await checkout({ items: [{ product: 'featured', listing_id: listingId }], billing_country: 'US' }, 'retry-1', otherKey);
    expect(other.status).toBe(404);
  });

  it('replays only to a caller whose access allows the request now', async () => {
    const body = { items: [{ product: 'featured', listing_id: listingId }], billing_country: 'IT' };
    const first = await checkout(body, 'scoped-1');
    expect(first.status).toBe(201);
    const readOnly = (await createApiKey({ db: app.db, clock: app.clock }, await app.db.engine.prepare("SELECT id FROM users WHERE email = 'buyer@example.test'").pluck().get() as number, 'read only', ['account:read']) as { key: string }).key;
    const replay = await checkout(body, 'scoped-1', readOnly);
    expect(replay.status).toBe(403);
    expect(replay.body.checkout_url).toBeUndefined();
    // and a refusal is not stored: the full key still gets its own first answer back
    const denied = await checkout({ ...body, billing_country: 'ES' }, 'scoped-2', readOnly);
    expect(denied.status).toBe(403);
    const allowed = await checkout({ ...body, billing_country: 'ES' }, 'scoped-2');
    expect(allowed.status).toBe(201);
  });

  it('keeps a failed validation as the outcome, and rejects malformed keys', async () => {
    const bad = { items: [] };
    const first = await checkout(bad, 'bad-1');
    expect(first.status).toBe(400);
    const replay = await checkout(bad, 'bad-1');
    expect(replay.status).toBe(400);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const malformed = await checkout(bad, 'x'.repeat(300));
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].path).toBe('Idempotency-Key');
  });

  it('answers a concurrent duplicate with 409 or the same replay, never a second order', async () => {
    const body = { items: [{ product: 'featured', listing_id: listingId }], billing_country: 'FR' };
    const before = await orderCount();
    const results = await Promise.all([checkout(body, 'race-1'), checkout(body, 'race-1'), checkout(body, 'race-1')]);
    for (const r of results) expect([201, 409]).toContain(r.status);
    expect(results.filter((r) => r.status === 201).length).toBeGreaterThanOrEqual(1);
    const numbers = new Set(results.filter((r) => r.status === 201).map((r) => r.body.number));
    expect(numbers.size).toBe(1);
    expect(await orderCount()).toBe(before + 1);
  });

  // The slow first request runs in this process through withIdempotency itself (REST and MCP both go through it), held
  // open on a promise, so it can outlive its lease: the clock moves past the lease, a retry over HTTP takes the key over
  // and completes, and only then does the first request end.
  it.each([
    ['stores an outcome', { status: 201, body: { slow: true } }],
    ['fails and frees its key', { status: 500, body: { slow: true } }],
  ] as const)('a request slower than its lease that then %s leaves the retry\'s stored outcome alone', async (_, late) => {
    const idem = `slow-${late.status}`;
    const body = { items: [{ product: 'featured', listing_id: listingId }], billing_country: late.status === 201 ? 'NL' : 'BE' };
    const tool = mcpToolByName.get('create_checkout')!;
    const actor: Actor = { kind: 'api_key', userId: buyerId, keyId: 0, keyName: 'slow', scopes: [tool.scope as never], ip: '127.0.0.1' };
    let endSlow!: (o: Outcome) => void;
    const slow = withIdempotency({ db: app.db, now: app.clock.now(), actor, tool, key: idem, input: body },
      () => new Promise<Outcome>((resolve) => { endSlow = resolve; }));
    expect((await checkout(body, idem)).status).toBe(409); // still running
    app.clock.advance(IDEMPOTENCY_LEASE_MS);
    const retry = await checkout(body, idem); // the first presumed dead: the retry runs
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    const before = await orderCount();
    endSlow(late);
    expect(await slow).toEqual(late); // its own caller still gets its outcome; it is just not stored
    const replay = await checkout(body, idem);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(retry.body);
    expect(await orderCount()).toBe(before);
  });

  it.each(['modern', 'legacy'] as const)('works over MCP (%s) with _meta.idempotencyKey', async (era) => {
    const client = await mcpClient(app, era, { authorization: `Bearer ${key}` });
    const args = { items: [{ product: 'featured', listing_id: listingId }], billing_country: 'GB' };
    const before = await orderCount();
    const first = await client.callTool({ name: 'create_checkout', arguments: args, _meta: { idempotencyKey: `mcp-${era}` } });
    const second = await client.callTool({ name: 'create_checkout', arguments: args, _meta: { idempotencyKey: `mcp-${era}` } });
    expect(first.isError).toBeFalsy();
    expect(second.structuredContent).toEqual(first.structuredContent);
    expect(await orderCount()).toBe(before + 1);
    await client.close();
  });
});
