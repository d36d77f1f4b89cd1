import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, getJson, type TestApp } from './harness';
import { registry } from '../tools/registry';
import { STATUS_OF_KIND } from '../tools/errors';
import { operationsByTag, rulesOf } from '../site/docs/operations';
import { buildOpenApi } from '../rest-adapter/openapi';
import { expectKeyboardReachableCode } from './code-block-checks';

// The human API reference at /docs/api, built from the same OpenAPI document as /api/v1/openapi.json.
let app: TestApp;
let html = '';

beforeAll(async () => {
  app = await startApp({ demo: false });
  const res = await fetch(`${app.url}/docs/api`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  html = await res.text();
});

afterAll(async () => {
  await app?.close();
});

describe('/docs/api', () => {
  it('documents every registry operation with method, path, MCP tool name, scope and an example call', () => {
    expect(registry.length).toBeGreaterThan(0);
    for (const tool of registry) {
      expect(html, tool.name).toContain(`id="op-${tool.name}"`);
      const path = tool.http.path.replace(/:([A-Za-z_]\w*)/g, '{$1}');
      expect(html, tool.name).toContain(`<code>${path}</code>`);
    }
    const ops = operationsByTag(buildOpenApi(registry, app.config)).flatMap((g) => g.operations);
    expect(ops.map((o) => o.id).sort()).toEqual(registry.map((t) => t.name).sort());
    for (const op of ops) expect(op.curl).toContain(`${app.api}`);
    expect(html).toContain('curl &#39;');
    expect(html).toContain('public (no sign-in needed)');
  });

  it('states field bounds from the schemas', () => {
    expect(rulesOf({ type: 'integer', minimum: 1, maximum: 1000, default: 1 })).toEqual(['1..1000', 'default 1']);
    expect(rulesOf({ type: 'string', maxLength: 200 })).toEqual(['max length 200']);
    expect(rulesOf({ type: 'string', enum: ['a', 'b'] })).toEqual(['one of "a", "b"']);
    expect(html).toContain('1..1000; default 1');
    expect(html).toContain('1..100; default 20');
  });

  it('has an anchor for every error kind plus internal, and problem bodies link to them', async () => {
    for (const kind of [...Object.keys(STATUS_OF_KIND), 'internal']) expect(html, kind).toContain(`id="error-${kind}"`);
    const problem = await getJson(`${app.api}/no-such-operation`);
    expect(problem.status).toBe(404);
    const anchor = new URL(problem.body.type).hash.slice(1);
    expect(new URL(problem.body.type).pathname).toBe('/docs/api');
    expect(html).toContain(`id="${anchor}"`);
  });

  it('covers authentication and MCP with its URL and protocol versions', () => {
    expect(html).toContain('id="authentication"');
    expect(html).toContain('id="mcp"');
    expect(html).toContain(`${app.url}/mcp`);
    for (const v of ['2026-07-28', '2025-03-26', '2025-11-25']) expect(html).toContain(v);
    for (const scope of ['account:read', 'listings:write', 'orders:write']) expect(html).toContain(scope);
  });

  it('loads nothing from other origins and runs no script', () => {
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<link[^>]+href="(https?:)?\/\//i);
    expect(html).not.toMatch(/\ssrc="(https?:)?\/\//i);
    expect(html).toContain('<link rel="stylesheet" href="/assets/site.css"/>');
  });

  it('makes every code block and input table reachable by keyboard, named after what it holds, with a visible focus ring', async () => {
    const names = expectKeyboardReachableCode(html, '/docs/api');
    for (const tool of registry) {
      expect(names, tool.name).toContain(`Example request for ${tool.name}`);
    }
    expect(names).toContain('Example MCP client configuration');
    expect(html.match(/<pre\b/g)?.length).toBe(registry.length + 1);
    const css = await (await fetch(`${app.url}/assets/site.css`)).text();
    expect(css).toMatch(/\[role=region\]\[tabindex\]:focus-visible\{outline:3px solid/);
  });

  it('is a well-formed page and served the same on every request', async () => {
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toMatch(/<title>API reference · [^<]+<\/title>/);
    expect(html).toContain('<meta name="description"');
    expect(html).toContain('<main id="main">');
    const levels = [...html.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
    expect(levels[0]).toBe(1);
    for (let i = 1; i < levels.length; i++) expect(levels[i] - levels[i - 1]).toBeLessThanOrEqual(1);
    expect(await (await fetch(`${app.url}/docs/api`)).text()).toBe(html);
  });
});
