import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validate, compileErrors } from '@readme/openapi-parser';
import { registry } from '../tools/registry';
import { getJson, startApp, type TestApp } from './harness';

let app: TestApp;
beforeAll(async () => { app = await startApp({ demo: false }); });
afterAll(async () => { await app.close(); });

describe('GET /api/v1/openapi.json', () => {
  it('is a valid OpenAPI 3.1.0 document (checked by a real validator)', async () => {
    const { status, body } = await getJson(`${app.api}/openapi.json`);
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    expect(body.info.version).toBe('1.0.0');
    const result = await validate(structuredClone(body));
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('describes every registry operation with its id, parameters and responses', async () => {
    const { body } = await getJson(`${app.api}/openapi.json`);
    const ops = Object.entries<any>(body.paths).flatMap(([path, methods]) =>
      Object.entries<any>(methods).map(([method, op]) => ({ path, method, op })));
    expect(ops.map((o) => o.op.operationId).sort()).toEqual(registry.map((t) => t.name).sort());
    for (const tool of registry) {
      const found = ops.find((o) => o.op.operationId === tool.name)!;
      expect(found.method).toBe(tool.http.method.toLowerCase());
      expect(found.op.responses[String(tool.http.status ?? 200)].content['application/json'].schema).toBeTruthy();
      expect(found.op.responses['400']).toBeTruthy();
      expect(found.op.responses['429']).toBeTruthy();
      for (const m of found.path.matchAll(/\{(\w+)\}/g)) {
        expect(found.op.parameters.some((p: any) => p.in === 'path' && p.name === m[1] && p.required)).toBe(true);
        expect(found.op.responses['404']).toBeTruthy();
      }
      if (tool.scope !== 'public') {
        expect(found.op.responses['401']).toBeTruthy();
        expect(found.op.security).toContainEqual({ oauth2: [tool.scope] });
      }
    }
    expect(body.components.securitySchemes.bearerAuth.scheme).toBe('bearer');
    expect(Object.keys(body.components.securitySchemes.oauth2.flows.authorizationCode.scopes)).toEqual(['account:read', 'listings:write', 'orders:write']);
  });

  it('names the paging bounds of the spec on list operations', async () => {
    const { body } = await getJson(`${app.api}/openapi.json`);
    const search = body.paths['/listings'].get;
    const perPage = search.parameters.find((p: any) => p.name === 'per_page');
    expect(perPage.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
    const page = search.parameters.find((p: any) => p.name === 'page');
    expect(page.schema).toMatchObject({ minimum: 1, maximum: 1000, default: 1 });
  });
});
