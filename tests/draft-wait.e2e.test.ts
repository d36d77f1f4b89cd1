import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1Transport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startApp, TEST_NOW, type TestApp } from './harness';
import { caller, rest, type Caller } from './drafts-helpers';
import { insertDraft, setDraftProgress } from '../storage/queries/drafts';
import type { DraftProgress } from '../storage/schema';

// get_draft's wait_seconds: the call is held until the build's status changes (or the time is up), and over MCP a
// progressToken brings notifications/progress while it waits. The build is played by hand here: the test moves
// the draft's row along as the worker would.
let app: TestApp;
let me: Caller;
beforeAll(async () => {
  app = await startApp({ demo: false });
  me = await caller(app, 'waiter@example.test');
});
afterAll(async () => {
  await me.modern.close();
  await me.legacy.close();
  await app?.close();
});

const crawling = (fetched: number, planned: number): DraftProgress => ({ step: 'crawling', pages_fetched: fetched, pages_planned: planned, started_at: TEST_NOW, updated_at: TEST_NOW });
const drafting: DraftProgress = { step: 'drafting', pages_fetched: 6, pages_planned: 6, started_at: TEST_NOW, updated_at: TEST_NOW };

async function newDraft(): Promise<string> {
  const id = randomUUID();
  await insertDraft(app.db, { id, userId: me.id, url: 'https://waiting.example', now: TEST_NOW });
  await setDraftProgress(app.db, id, 'crawling', crawling(1, 6), TEST_NOW);
  return id;
}

// Moves the build on: more pages fetched, then the drafting step.
async function playBuild(id: string): Promise<void> {
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
  await pause(300);
  await setDraftProgress(app.db, id, 'crawling', crawling(3, 6), TEST_NOW);
  await pause(400);
  await setDraftProgress(app.db, id, 'crawling', crawling(5, 6), TEST_NOW);
  await pause(400);
  await setDraftProgress(app.db, id, 'drafting', drafting, TEST_NOW);
}

describe('get_draft with wait_seconds', () => {
  it('over REST answers once the status changes, not before', async () => {
    const id = await newDraft();
    const [res] = await Promise.all([rest(app, 'GET', `/drafts/${id}?wait_seconds=20`, me.auth), playBuild(id)]);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('drafting');
    expect(res.body.progress).toMatchObject({ step: 'drafting', pages_fetched: 6 });
  });

  it('answers at once without wait_seconds, and when the time is up with the status unchanged', async () => {
    const id = await newDraft();
    expect((await rest(app, 'GET', `/drafts/${id}`, me.auth)).body.status).toBe('crawling');
    const res = await rest(app, 'GET', `/drafts/${id}?wait_seconds=1`, me.auth);
    expect(res.body.status).toBe('crawling');
  });

  it('checks the bound and the owner', async () => {
    const id = await newDraft();
    for (const bad of ['61', '-1', '1.5', 'soon']) {
      const res = await rest(app, 'GET', `/drafts/${id}?wait_seconds=${bad}`, me.auth);
      expect(res.status, bad).toBe(400);
      expect(res.body.errors.map((e: any) => e.path)).toEqual(['wait_seconds']);
    }
    const other = await caller(app, 'someone-else@example.test');
    expect((await rest(app, 'GET', `/drafts/${id}?wait_seconds=5`, other.auth)).status).toBe(404);
    await other.modern.close();
    await other.legacy.close();
  });

  it.each(['modern', 'legacy'] as const)('over MCP (%s era) sends notifications/progress for a progressToken while it waits', async (era) => {
    const id = await newDraft();
    const seen: Array<{ progress: number; total?: number; message?: string }> = [];
    const [res] = await Promise.all([
      me[era].callTool({ name: 'get_draft', arguments: { id, wait_seconds: 20 } }, { onprogress: (p) => { seen.push(p); }, timeout: 30_000 }),
      playBuild(id),
    ]);
    expect(res.isError).toBeFalsy();
    expect((res.structuredContent as any).status).toBe('drafting');
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen[0]).toMatchObject({ total: 100, message: expect.stringMatching(/^crawling: \d of 6 pages fetched$/) });
    expect(seen.map((p) => p.progress)).toEqual([...seen.map((p) => p.progress)].sort((a, b) => a - b));
  });

  it('the 1.x client receives the progress too', async () => {
    const id = await newDraft();
    const client = new V1Client({ name: 'sdk-1x-client', version: '1.0.0' });
    await client.connect(new V1Transport(new URL(`${app.url}/mcp`), { requestInit: { headers: { authorization: me.auth } } }));
    const seen: unknown[] = [];
    const [res] = await Promise.all([
      client.callTool({ name: 'get_draft', arguments: { id, wait_seconds: 20 } }, undefined, { onprogress: (p) => { seen.push(p); }, timeout: 30_000 }),
      playBuild(id),
    ]);
    expect((res.structuredContent as any).status).toBe('drafting');
    expect(seen.length).toBeGreaterThanOrEqual(2);
    await client.close();
  });
});
