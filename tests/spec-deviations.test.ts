import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { createApiKey } from '../auth/accounts';
import { addListing, addUser } from './fixtures';
import { readyDraft } from './drafts-helpers';
import { callOp, closeAll, getJson, openClients, startApp, type Driver, type TestApp } from './harness';

// Deviations from spec/directory-api.md found in review, each held by a test that failed before its fix.

let app: TestApp;
const clients: Partial<Record<Driver, Client>> = {};
let auth: Record<string, string>;
let me: number;
let mine: number;
let theirs: number;

beforeAll(async () => {
  app = await startApp({ demo: false });
  me = await addUser(app.db, 'deviations@example.test');
  const other = await addUser(app.db, 'other-owner@example.test');
  auth = { authorization: `Bearer ${(await createApiKey({ db: app.db, clock: app.clock }, me, 'deviations') as { key: string }).key}` };
  mine = await addListing(app.db, { name: 'Path Mine', ownerUserId: me, status: 'live', plan: 'paid' });
  theirs = await addListing(app.db, { name: 'Path Theirs', url: 'https://theirs.example.com', ownerUserId: other, status: 'live' });
  await openClients(app, clients, auth);
});
afterAll(async () => { await closeAll(app, clients); });

const count = async (table: string) => Number(await app.db.engine.prepare(`SELECT count(*) AS n FROM ${table}`).pluck().get());
const paths = (body: any): string[] => (body?.errors ?? []).map((e: { path: string }) => e.path);

// "No other top-level property allowed": a path parameter repeated in the body (or query string) is such a
// property. It used to be accepted and silently replaced by the path's value.
describe('REST: a path parameter sent again in the body or query string', () => {
  it('is a 400 naming it, and the listing named in the body is not touched', async () => {
    const res = await getJson(`${app.api}/me/listings/${mine}`, {
      method: 'PATCH', headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ listing_id: theirs, fields: { tagline: 'Changed through the body' } }),
    });
    expect(res.status).toBe(400);
    expect(paths(res.body)).toEqual(['listing_id']);
    const tagline = await app.db.engine.prepare('SELECT tagline FROM listings WHERE id = ?').get(mine) as { tagline: string | null };
    expect(tagline.tagline).not.toBe('Changed through the body');
  });

  it('is a 400 in a query string too', async () => {
    const res = await getJson(`${app.api}/listings/path-mine?slug=path-theirs`);
    expect(res.status).toBe(400);
    expect(paths(res.body)).toEqual(['slug']);
    const draft = await getJson(`${app.api}/me/listings/${mine}/milestones/1?milestone_id=2`, { method: 'DELETE', headers: auth });
    expect(draft.status).toBe(400);
    expect(paths(draft.body)).toEqual(['milestone_id']);
  });

  it('still takes the path values (and MCP still takes them as arguments)', async () => {
    expect((await callOp(app, clients, 'rest', 'get_my_listing', { listing_id: mine }, auth)).status).toBe(200);
    for (const d of ['modern', 'legacy'] as const) expect((await callOp(app, clients, d, 'get_my_listing', { listing_id: mine })).status).toBe(200);
  });
});

// A claim by e-mail and a co-founder invite are each a row plus the e-mail job that carries the link. They were
// written one after the other: a failure queueing the e-mail left a claim without its link, or an invite that
// counted against the draft's 10 without ever being sent.
describe('writes that come with an e-mail are one transaction', () => {
  // The same failing mail queue on each engine: a trigger refusing e-mail jobs.
  const failMailQueue = async () => await app.db.engine.exec(app.db.engine.kind === 'pg'
    ? `CREATE FUNCTION no_mail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'mail queue unavailable'; END $$;
       CREATE TRIGGER no_mail BEFORE INSERT ON jobs FOR EACH ROW WHEN (NEW.kind = 'email') EXECUTE FUNCTION no_mail()`
    : `CREATE TRIGGER no_mail BEFORE INSERT ON jobs WHEN NEW.kind = 'email'
    BEGIN SELECT RAISE(ABORT, 'mail queue unavailable'); END`);
  const restoreMailQueue = async () => await app.db.engine.exec(app.db.engine.kind === 'pg'
    ? 'DROP TRIGGER IF EXISTS no_mail ON jobs; DROP FUNCTION IF EXISTS no_mail()'
    : 'DROP TRIGGER IF EXISTS no_mail');

  it('claim_listing by email leaves no claim when its e-mail cannot be queued', async () => {
    const before = await count('claims');
    await failMailQueue();
    try {
      const res = await callOp(app, clients, 'rest', 'claim_listing', { slug: 'path-theirs', method: 'email', email: 'ceo@theirs.example.com' }, auth);
      expect(res.status).toBe(500);
    } finally {
      await restoreMailQueue();
    }
    expect(await count('claims')).toBe(before);
    const ok = await callOp(app, clients, 'rest', 'claim_listing', { slug: 'path-theirs', method: 'email', email: 'ceo@theirs.example.com' }, auth);
    expect(ok.status).toBe(201);
    expect(await count('claims')).toBe(before + 1);
  });

  it('invite_cofounder leaves no invite (and no used invite) when its e-mail cannot be queued', async () => {
    const draft = await readyDraft(app, me, 'https://invites.example/', { name: { value: 'Invites', evidence: [] } });
    const before = await count('draft_invites');
    await failMailQueue();
    try {
      const res = await callOp(app, clients, 'rest', 'invite_cofounder', { id: draft, email: 'cto@invites.example' }, auth);
      expect(res.status).toBe(500);
    } finally {
      await restoreMailQueue();
    }
    expect(await count('draft_invites')).toBe(before);
    const ok = await callOp(app, clients, 'rest', 'invite_cofounder', { id: draft, email: 'cto@invites.example' }, auth);
    expect(ok.status).toBe(201);
    expect(ok.body.invites_sent).toBe(1);
  });
});
