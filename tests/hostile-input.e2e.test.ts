import { createHash } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, TEST_NOW, type TestApp } from './harness';
import { caller, readyDraft, rest, type Caller } from './drafts-helpers';
import { startJobs } from '../jobs/index';
import { getJob, insertJob } from '../storage/queries/jobs';

// Findings from a hostile client, each reproduced against the real server.
let app: TestApp;
let me: Caller;
beforeAll(async () => {
  app = await startApp({ demo: true });
  me = await caller(app, 'hostile@example.test');
});
afterAll(async () => {
  await me.modern.close();
  await me.legacy.close();
  await app?.close();
});

describe('text values that look like JSON', () => {
  it('a tagline starting with { or [ can be written, edited and restored through both write paths', async () => {
    const category = (await rest(app, 'GET', '/categories', null)).body.items[0].name;
    const draftId = await readyDraft(app, me.id, 'https://jsonish.example', {
      name: { value: 'Jsonish', evidence: [] }, tagline: { value: 'Plain start', evidence: [] }, categories: { value: [category], evidence: [] },
    });
    const submitted = await rest(app, 'POST', `/drafts/${draftId}/submit`, me.auth);
    expect(submitted.status).toBe(200);
    const listingId = submitted.body.listing_id;
    for (const tagline of ['{beta} launch for teams', '[draft] notes', '{"not": "json"', '[1, 2', 'Plain start']) {
      const viaOwner = await rest(app, 'PATCH', `/me/listings/${listingId}`, me.auth, { fields: { tagline } });
      expect(viaOwner.status, JSON.stringify(viaOwner.body)).toBe(200);
      const viaDraft = await rest(app, 'PATCH', `/drafts/${draftId}`, me.auth, { fields: { tagline: `${tagline} (draft)` } });
      expect(viaDraft.status, tagline).toBe(200);
      expect(viaDraft.body.fields.tagline.value).toBe(`${tagline} (draft)`);
    }
    const mine = await rest(app, 'GET', `/me/listings/${listingId}`, me.auth);
    expect(mine.body.tagline ?? mine.body.listing?.tagline ?? JSON.stringify(mine.body)).toContain('Plain start (draft)');
  });
});

describe('numbers in paths and queries', () => {
  it.each(['0x10', '1e3', '0b1', '+2', ' 2', '2.0', 'Infinity', '1_000'])('page=%s is a 400 naming page', async (page) => {
    const res = await rest(app, 'GET', `/listings?page=${encodeURIComponent(page)}`, null);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: any) => e.path)).toEqual(['page']);
  });

  it.each(['0x1', '1e0', '01.0'])('/claims/%s/verify is a 400 naming claim_id', async (id) => {
    const res = await rest(app, 'POST', `/claims/${id}/verify`, me.auth);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: any) => e.path)).toEqual(['claim_id']);
  });

  it('plain decimal numbers still work', async () => {
    expect((await rest(app, 'GET', '/listings?page=2&per_page=5', null)).body).toMatchObject({ page: 2, per_page: 5 });
  });
});

// Sends raw bytes and reads the whole answer (the server closes the connection after these errors).
function raw(bytes: string): Promise<string> {
  const { port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(bytes));
    let data = '';
    socket.on('data', (d) => { data += d.toString(); });
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
}

describe("requests Node refuses before the app", () => {
  it('a malformed request gets a 400 problem body', async () => {
    const answer = await raw('GARBAGE / NOT-HTTP\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/content-type: application\/problem\+json/i);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ status: 400, code: 'bad_request' });
  });

  it('oversized headers get a 431 problem body', async () => {
    const answer = await raw(`GET /api/v1/site HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ status: 431, code: 'headers_too_large' });
  });
});

describe('an idempotency key whose request died', () => {
  // The row a request leaves while it runs: same operation, same body (its hash), state in_progress.
  const bodyHash = createHash('sha256').update('{"url":"https://retry.example"}').digest('hex');
  const insertInProgress = async (key: string, ageMs: number) => {
    const created = new Date(Date.parse(TEST_NOW) - ageMs).toISOString();
    await app.db.engine.prepare(`INSERT INTO idempotency_keys (actor, key, operation, request_hash, state, created_at, expires_at)
      VALUES (?, ?, 'submit_listing', ?, 'in_progress', ?, ?)`).run(`user:${me.id}`, key, bodyHash, created, new Date(Date.parse(created) + 86_400_000).toISOString());
  };

  it('is free again once its lease has run out, and busy (409) while it has not', async () => {
    await insertInProgress('died-long-ago', 5 * 60_000);
    const retried = await rest(app, 'POST', '/drafts', me.auth, { url: 'https://retry.example' }, { 'idempotency-key': 'died-long-ago' });
    expect(retried.status).toBe(201);
    await insertInProgress('still-running', 1_000);
    const busy = await rest(app, 'POST', '/drafts', me.auth, { url: 'https://retry.example' }, { 'idempotency-key': 'still-running' });
    expect(busy.status).toBe(409);
  });
});

describe('a job left running by a killed worker', () => {
  it('is queued again when the worker starts, not after its lease', async () => {
    const { id } = await insertJob(app.db, { kind: 'no_such_kind_for_this_test', payload: {}, runAt: TEST_NOW, maxAttempts: 3, userId: null, dedupeKey: null, now: TEST_NOW });
    await app.db.engine.prepare(`UPDATE jobs SET status = 'running', attempts = 1, lease_until = ? WHERE id = ?`).run('2099-01-01T00:00:00.000Z', id);
    const lines: string[] = [];
    const jobs = await startJobs({ db: app.db, clock: app.clock, config: app.config, env: {}, model: null, pollMs: 50, log: (l) => lines.push(l) });
    try {
      expect(await getJob(app.db, id)).toMatchObject({ status: 'queued', leaseUntil: null });
      expect(lines.join('\n')).toMatch(/1 job\(s\) left running by a stopped worker are queued again/);
    } finally {
      await jobs.stop({ graceMs: 500 });
    }
  });
});
