import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, startApp, type TestApp } from './harness';

let app: TestApp;
beforeAll(async () => { app = await startApp({ demo: false }); });
afterAll(async () => { await app.close(); });

describe('REST adapter', () => {
  it('answers unknown API routes with a 404 problem', async () => {
    const res = await fetch(`${app.api}/no-such-thing`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    const body = await res.json();
    expect(body).toMatchObject({ status: 404, code: 'not_found', title: 'Not found' });
    expect(body.request_id).toBe(res.headers.get('x-request-id'));
    expect(body.type).toBe(`${app.url}/docs/api#error-not_found`);
  });

  it('rejects unknown query properties and names them', async () => {
    const { status, body } = await getJson(`${app.api}/site?color=blue`);
    expect(status).toBe(400);
    expect(body.errors).toEqual([{ path: 'color', message: 'unknown property (not allowed)' }]);
  });

  it('coerces numeric query strings and reports non-numbers against the field', async () => {
    const ok = await getJson(`${app.api}/listings?per_page=5&page=2`);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ page: 2, per_page: 5 });
    const bad = await getJson(`${app.api}/listings?per_page=abc`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: any) => e.path)).toEqual(['per_page']);
    const out = await getJson(`${app.api}/listings?per_page=101&page=0`);
    expect(out.body.errors.map((e: any) => e.path).sort()).toEqual(['page', 'per_page']);
  });

  it('returns JSON with a request id on success', async () => {
    const res = await fetch(`${app.api}/site`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
