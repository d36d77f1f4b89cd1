import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness';
import { ToolError } from '../tools/errors';

// An error no route handled never reaches the visitor as the framework's bare 500: a tool's refusal keeps its status
// and words, anything else is the site's 500 page with a reference and no internals. (API and MCP errors are
// answered by their adapters; the same handler gives them a problem document.)
let app: TestApp;

beforeAll(async () => {
  app = await startApp({ demo: false });
  app.hono.get('/__test/unavailable', () => { throw new ToolError('unavailable', 'The DNS check could not run just now.'); });
  app.hono.get('/__test/crash', () => { throw new Error('secret internal detail'); });
});
afterAll(async () => {
  await app?.close();
});

describe('unhandled errors', () => {
  it('a tool refusal on a site page keeps its status and message, as a page with the site headers', async () => {
    const res = await fetch(`${app.url}/__test/unavailable`);
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await res.text()).toContain('The DNS check could not run just now.');
  });

  it('anything else is the 500 page with a reference, and nothing of the error itself', async () => {
    const res = await fetch(`${app.url}/__test/crash`);
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(html).toContain('Something went wrong');
    expect(html).toMatch(/Reference [0-9a-f-]{8,}/);
    expect(html).not.toContain('secret internal detail');
  });

});
