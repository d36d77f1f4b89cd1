import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../auth/accounts';
import { addListing, addUser } from './fixtures';
import { getJson, startApp, type TestApp } from './harness';
import { SPEC_OPERATIONS } from './spec-operations';
import { registry } from '../tools/registry';

// The OpenAPI document against the spec's Versioning and Errors sections: 3.1.0, version 1.0.0, every operation
// with its id, parameters, body and responses, and the declared status codes (400 and 429 everywhere, 401 and
// 403 on protected operations, 404 where a record is looked up), plus Idempotency-Key exactly where listed.

let app: TestApp;
let doc: any;
let auth: Record<string, string>;

beforeAll(async () => {
  app = await startApp({ demo: false });
  const me = await addUser(app.db, 'openapi-spec@example.test');
  auth = { authorization: `Bearer ${(await createApiKey({ db: app.db, clock: app.clock }, me, 'openapi') as { key: string }).key}` };
  await addListing(app.db, { name: 'Doc Live' });
  doc = (await getJson(`${app.api}/openapi.json`)).body;
});
afterAll(async () => { await app.close(); });

const opOf = (method: string, path: string) => doc.paths[path]?.[method.toLowerCase()];

describe('OpenAPI document against the spec', () => {
  it('is OpenAPI 3.1.0 with interface version 1.0.0', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
  });

  it.each(SPEC_OPERATIONS.map((o) => [o.name, o] as const))('%s: id, parameters, body and declared statuses', (_n, spec) => {
    const op = opOf(spec.method, spec.path);
    expect(op, `${spec.method} ${spec.path}`).toBeTruthy();
    expect(op.operationId).toBe(spec.name);
    const success = op.responses[String(spec.status)];
    expect(success?.content['application/json'].schema.type).toBe('object');
    expect(Object.keys(op.responses).filter((s) => /^2/.test(s))).toEqual([String(spec.status)]);
    for (const s of ['400', '429']) expect(op.responses[s], s).toBeTruthy();
    const isProtected = spec.scope !== 'public';
    expect(!!op.responses['401']).toBe(isProtected);
    expect(!!op.responses['403']).toBe(isProtected);
    if (/\{\w+\}/.test(spec.path)) expect(op.responses['404']).toBeTruthy();
    for (const m of spec.path.matchAll(/\{(\w+)\}/g)) {
      expect(op.parameters.find((p: any) => p.in === 'path' && p.name === m[1])?.required).toBe(true);
    }
    const idem = op.parameters.find((p: any) => p.in === 'header' && p.name === 'Idempotency-Key');
    expect(!!idem, 'Idempotency-Key header').toBe(!!spec.idempotent);
    expect(!!op.responses['409'], '409 declared').toBe(!!spec.idempotent);
    expect(!!op.responses['422'], '422 declared').toBe(!!spec.idempotent);
    for (const p of op.parameters) expect(p.schema, p.name).toBeTruthy();
    if (['POST', 'PATCH', 'PUT'].includes(spec.method)) {
      expect(op.requestBody.content['application/json'].schema.additionalProperties).toBe(false);
    } else {
      expect(op.requestBody).toBeUndefined();
    }
  });

  it('carries the spec bounds on the documented parameters', () => {
    const param = (method: string, path: string, name: string) => opOf(method, path).parameters.find((p: any) => p.name === name).schema;
    expect(param('GET', '/listings', 'q')).toMatchObject({ maxLength: 200 });
    expect(param('GET', '/listings', 'domain')).toMatchObject({ maxLength: 253 });
    expect(param('GET', '/listings', 'pricing_model')).toMatchObject({ maxLength: 40 });
    expect(param('GET', '/listings', 'status')).toMatchObject({ enum: ['live', 'upcoming'], default: 'live' });
    expect(param('GET', '/listings', 'sort')).toMatchObject({ enum: ['relevance', 'newest', 'votes', 'trending', 'most_viewed', 'most_followed'], default: 'relevance' });
    expect(param('GET', '/listings', 'country')).toMatchObject({ pattern: '^[A-Za-z]{2}$' });
    expect(param('GET', '/listings/{slug}', 'slug')).toMatchObject({ pattern: '^[a-z0-9][a-z0-9-]{0,219}$' });
    expect(param('GET', '/launches/weeks/{week}', 'week')).toMatchObject({ maxLength: 10 });
    expect(param('GET', '/founders', 'q')).toMatchObject({ maxLength: 120 });
    expect(param('GET', '/listings/{slug}/badges', 'shape')).toMatchObject({ enum: ['standard', 'outline', 'pill', 'banner', 'square'], default: 'standard' });
    expect(param('GET', '/listings/{slug}/badges', 'mode')).toMatchObject({ enum: ['light', 'dark', 'auto'], default: 'auto' });
    expect(param('GET', '/listings/{slug}/badges', 'size')).toMatchObject({ enum: ['s', 'm', 'l'], default: 'm' });
    expect(param('GET', '/orders/{number}', 'number')).toMatchObject({ maxLength: 32 });
    expect(param('GET', '/me/listings/{listing_id}', 'listing_id')).toMatchObject({ type: 'integer', minimum: 1 });
    const order = opOf('POST', '/orders/checkout').requestBody.content['application/json'].schema;
    expect(order.required).toEqual(['items']);
    expect(order.properties.items).toMatchObject({ minItems: 1, maxItems: 20 });
    expect(order.properties.items.items.additionalProperties).toBe(false);
    expect(order.properties.items.items.properties.options).toMatchObject({ maxProperties: 20 });
    expect(order.properties.items.items.properties.amount_cents).toMatchObject({ minimum: 1, maximum: 100000000 });
  });

  // Operations that look a record up from the query or body answer 404 too (an unknown or not-yours listing);
  // the document must declare what the service answers. Before the fix these four declared no 404.
  it.each([
    ['GET', '/compare', () => getJson(`${app.api}/compare?a=doc-live&b=no-such-listing`)],
    ['POST', '/claims', () => getJson(`${app.api}/claims`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ slug: 'no-such-listing', method: 'meta' }) })],
    ['POST', '/orders/quote', () => getJson(`${app.api}/orders/quote`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ items: [{ product: 'featured', listing_id: 999999 }] }) })],
    ['POST', '/orders/checkout', () => getJson(`${app.api}/orders/checkout`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ items: [{ product: 'featured', listing_id: 999999 }] }) })],
  ] as const)('%s %s answers 404 for an unknown record and declares it', async (method, path, call) => {
    const res = await call();
    expect(res.status).toBe(404);
    expect(opOf(method, path).responses['404']).toBeTruthy();
  });

  // 409 is declared on the Idempotency-Key operations; that covers every tool that raises a conflict.
  it('declares 409 on every operation whose tool can raise a conflict', () => {
    const dir = join(__dirname, '..', 'tools');
    for (const area of readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory())) {
      for (const file of readdirSync(join(dir, area.name))) {
        const tool = registry.find((t) => `${t.name}.ts` === file);
        if (!tool) continue;
        const src = readFileSync(join(dir, area.name, file), 'utf8');
        if (/'conflict'|requireReady\(/.test(src)) expect(tool.http.idempotencyKey, tool.name).toBe(true);
      }
    }
  });
});
