import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { getJson, mcpClient, startApp, TEST_NOW, type Era, type TestApp, resultBody } from './harness';
import { addListing, addUser } from './fixtures';
import { startDnsServer, type DnsServer } from './dns-server';
import { startSite, type Site } from './claim-site-server';
import { createApiKey } from '../auth/accounts';
import { isListingOwner } from '../storage/queries/ownership';
import type { Scope } from '../tools/scopes';

// Every claim method against real fixtures: a DNS server on loopback answering TXT questions, and small
// websites on 127.0.0.1 whose homepage and well-known file the test changes as a company would.


let app: TestApp;
let dns: DnsServer;
let metaSite: Site;
let fileSite: Site;
let ada: { id: number; auth: string };
let bob: { id: number; auth: string };
const listingIds: Record<string, number> = {};

async function keyFor(userId: number, scopes?: Scope[]): Promise<string> {
  const k = await createApiKey({ db: app.db, clock: app.clock }, userId, 'claims test', scopes);
  if ('errors' in k) throw new Error('no key');
  return `Bearer ${k.key}`;
}

beforeAll(async () => {
  dns = await startDnsServer();
  [metaSite, fileSite] = await Promise.all([startSite(), startSite()]);
  app = await startApp({ demo: false, env: { CRAWLER_ALLOW_PRIVATE: 'true', CLAIMS_DNS_SERVERS: dns.address } });
  listingIds.acme = await addListing(app.db, { name: 'Acme Rockets', slug: 'acme-rockets', url: 'https://www.acme.test/' });
  listingIds.dnsmcp = await addListing(app.db, { name: 'Orbit Tools', slug: 'orbit-tools', url: 'https://orbit.test/' });
  listingIds.meta = await addListing(app.db, { name: 'Meta Co', slug: 'meta-co', url: `${metaSite.origin}/` });
  listingIds.file = await addListing(app.db, { name: 'File Co', slug: 'file-co', url: `${fileSite.origin}/` });
  listingIds.draft = await addListing(app.db, { name: 'Hidden Draft', slug: 'hidden-draft', status: 'submitted', url: 'https://hidden.test/' });
  listingIds.lapse = await addListing(app.db, { name: 'Lapse', slug: 'lapse', url: 'https://lapse.test/' });
  const adaId = await addUser(app.db, 'ada@claims.test');
  const bobId = await addUser(app.db, 'bob@claims.test');
  ada = { id: adaId, auth: await keyFor(adaId) };
  bob = { id: bobId, auth: await keyFor(bobId) };
});
afterAll(async () => {
  await app?.close();
  await Promise.all([dns?.close(), metaSite?.close(), fileSite?.close()]);
});

const post = (path: string, auth: string, body?: unknown, headers: Record<string, string> = {}) =>
  getJson(`${app.api}${path}`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
const claim = (auth: string, body: unknown, headers?: Record<string, string>) => post('/claims', auth, body, headers);
const verify = (auth: string, id: number | string) => post(`/claims/${id}/verify`, auth);
const listClaims = (auth: string, query = '') => getJson(`${app.api}/claims${query}`, { headers: { authorization: auth } });
const listingVerified = async (slug: string) => (await getJson(`${app.api}/listings/${slug}`)).body.verified as boolean;

describe('meta tag claims', () => {
  let id: number;
  let token: string;

  it('returns 201 with the exact tag to put on the homepage, and the same pending claim when asked again', async () => {
    const res = await claim(ada.auth, { slug: 'meta-co', method: 'meta' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      listing_slug: 'meta-co', listing_name: 'Meta Co', method: 'meta', status: 'pending', email: null,
      expires_at: '2026-11-25T12:00:00.000Z', verified_at: null, last_check_detail: null,
    });
    const tag = res.body.instructions.meta_tag;
    expect(tag.page_url).toBe(`${metaSite.origin}/`);
    token = /^<meta name="launchdirectory-verify" content="([A-Za-z0-9_-]{32})">$/.exec(tag.html)![1];
    expect(res.body.instructions).toMatchObject({ dns_record: null, file: null, email: null });
    id = res.body.claim_id;
    const again = await claim(ada.auth, { slug: 'meta-co', method: 'meta' });
    expect(again.status).toBe(201);
    expect(again.body.claim_id).toBe(id);
    expect(again.body.instructions.meta_tag.html).toBe(tag.html);
  });

  it('stays pending while the homepage lacks the tag, saying what was found', async () => {
    metaSite.homepage = `<html><head><meta name="launchdirectory-verify" content="wrong-token"><!-- <meta name="launchdirectory-verify" content="${token}"> --></head></html>`;
    const res = await verify(ada.auth, id);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('pending');
    expect(res.body.last_check_detail).toContain('No <meta name="launchdirectory-verify"> with the expected value');
    expect(res.body.last_check_at).toBe(TEST_NOW.replace('Z', '.000Z'));
    expect(await isListingOwner(app.db, listingIds.meta, ada.id)).toBe(false);
    expect(await listingVerified('meta-co')).toBe(false);
  });

  it('verifies once the tag is published: the caller owns the listing and it is Verified', async () => {
    metaSite.homepage = `<html><head><title>Meta</title><meta name="launchdirectory-verify" content="${token}"></head><body></body></html>`;
    const res = await verify(ada.auth, id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ claim_id: id, status: 'verified', verified_at: expect.any(String) });
    expect(await isListingOwner(app.db, listingIds.meta, ada.id)).toBe(true);
    expect(await listingVerified('meta-co')).toBe(true);
    const badges = await getJson(`${app.api}/listings/meta-co/badges`);
    expect(badges.body.badges.map((b: any) => b.kind)).toContain('verified');
    // Verifying again changes nothing; claiming a listing you own is a conflict.
    expect((await verify(ada.auth, id)).body.status).toBe('verified');
    const owned = await claim(ada.auth, { slug: 'meta-co', method: 'file' });
    expect(owned.status).toBe(409);
    expect(owned.body.code).toBe('conflict');
  });
});

describe('file claims', () => {
  it('checks the well-known file on the listing\'s origin', async () => {
    const res = await claim(ada.auth, { slug: 'file-co', method: 'file' });
    expect(res.status).toBe(201);
    const file = res.body.instructions.file;
    expect(file.url).toBe(`${fileSite.origin}/.well-known/launchdirectory-verify.txt`);
    expect(file.contents).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const missing = await verify(ada.auth, res.body.claim_id);
    expect(missing.body.status).toBe('pending');
    expect(missing.body.last_check_detail).toContain('HTTP 404');

    fileSite.files.set('/.well-known/launchdirectory-verify.txt', 'some other token\n');
    expect((await verify(ada.auth, res.body.claim_id)).body.last_check_detail).toContain('does not contain the expected token');

    fileSite.files.set('/.well-known/launchdirectory-verify.txt', `${file.contents}\n`);
    const ok = await verify(ada.auth, res.body.claim_id);
    expect(ok.body.status).toBe('verified');
    expect(await isListingOwner(app.db, listingIds.file, ada.id)).toBe(true);
  });
});

describe('DNS claims', () => {
  it('reads the TXT record at _launchdirectory.<domain> through the configured resolver', async () => {
    const res = await claim(bob.auth, { slug: 'acme-rockets', method: 'dns' });
    expect(res.status).toBe(201);
    const record = res.body.instructions.dns_record;
    expect(record).toMatchObject({ type: 'TXT', name: '_launchdirectory.acme.test', value: expect.stringMatching(/^launchdirectory-verify=[A-Za-z0-9_-]{32}$/) });
    expect(res.body.instructions.text).toContain(record.name);

    const none = await verify(bob.auth, res.body.claim_id);
    expect(none.body.status).toBe('pending');
    expect(none.body.last_check_detail).toContain('No TXT record exists there yet');

    dns.records.set('_launchdirectory.acme.test', ['v=spf1 -all', 'launchdirectory-verify=not-this-one']);
    const wrong = await verify(bob.auth, res.body.claim_id);
    expect(wrong.body.status).toBe('pending');
    expect(wrong.body.last_check_detail).toContain('launchdirectory-verify=not-this-one');

    dns.records.set('_launchdirectory.acme.test', ['v=spf1 -all', record.value]);
    const ok = await verify(bob.auth, res.body.claim_id);
    expect(ok.body.status).toBe('verified');
    expect(ok.body.last_check_detail).toContain('Found the TXT record');
    expect(dns.queries.filter((q) => q === 'TXT _launchdirectory.acme.test').length).toBeGreaterThanOrEqual(3);
    expect(await isListingOwner(app.db, listingIds.acme, bob.id)).toBe(true);
    expect(await listingVerified('acme-rockets')).toBe(true);
  });

  it('is refused for a website addressed by IP (no domain to hold a record)', async () => {
    const res = await claim(bob.auth, { slug: 'meta-co', method: 'dns' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ path: 'method', message: expect.stringContaining('meta or file') });
  });
});

describe('foreign, unknown and expired claims', () => {
  it('answers 404 for another user\'s claim and for unknown ids, and lists only your own', async () => {
    const mine = await claim(ada.auth, { slug: 'lapse', method: 'dns' });
    expect((await verify(bob.auth, mine.body.claim_id)).status).toBe(404);
    const unknown = await verify(ada.auth, 999_999);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('not_found');
    const bobs = await listClaims(bob.auth);
    expect(bobs.body.items.map((c: any) => c.claim_id)).not.toContain(mine.body.claim_id);
  });

  it('answers 404 for unknown and non-public listings', async () => {
    for (const slug of ['no-such-listing', 'hidden-draft']) {
      const res = await claim(ada.auth, { slug, method: 'meta' });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
  });

  it('refuses verify_claim for email claims with 400', async () => {
    const res = await claim(ada.auth, { slug: 'lapse', method: 'email', email: 'ada@lapse.test' });
    expect(res.status).toBe(201);
    const v = await verify(ada.auth, res.body.claim_id);
    expect(v.status).toBe(400);
    expect(v.body.errors[0].path).toBe('claim_id');
    expect(v.body.detail).toContain('email claims verify when you open the link');
  });

  it('fails a pending claim whose listing stopped being public', async () => {
    const id = await addListing(app.db, { name: 'Gone Soon', slug: 'gone-soon', url: 'https://gone.test/' });
    const res = await claim(ada.auth, { slug: 'gone-soon', method: 'dns' });
    await app.db.engine.prepare(`UPDATE listings SET status = 'rejected' WHERE id = ?`).run(id);
    const v = await verify(ada.auth, res.body.claim_id);
    expect(v.status).toBe(200);
    expect(v.body).toMatchObject({ status: 'failed', last_check_detail: expect.stringContaining('no longer public') });
    expect(await isListingOwner(app.db, id, ada.id)).toBe(false);
  });

  it('expires claims after 7 days: verify answers 409 and the list shows expired', async () => {
    const res = await claim(bob.auth, { slug: 'lapse', method: 'meta' });
    app.clock.advance(7 * 86_400_000);
    try {
      const v = await verify(bob.auth, res.body.claim_id);
      expect(v.status).toBe(409);
      expect(v.body.detail).toContain('expired');
      const list = await listClaims(bob.auth);
      expect(list.body.items.find((c: any) => c.claim_id === res.body.claim_id).status).toBe('expired');
      const fresh = await claim(bob.auth, { slug: 'lapse', method: 'meta' });
      expect(fresh.status).toBe(201);
      expect(fresh.body.claim_id).not.toBe(res.body.claim_id);
    } finally {
      app.clock.set(TEST_NOW);
    }
  });
});

describe('input bounds', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['missing slug', { method: 'dns' }, 'slug'],
    ['slug longer than 220', { slug: 'a'.repeat(221), method: 'dns' }, 'slug'],
    ['slug with capitals', { slug: 'Acme', method: 'dns' }, 'slug'],
    ['missing method', { slug: 'acme-rockets' }, 'method'],
    ['unknown method', { slug: 'acme-rockets', method: 'carrier-pigeon' }, 'method'],
    ['email method without email', { slug: 'acme-rockets', method: 'email' }, 'email'],
    ['email with another method', { slug: 'acme-rockets', method: 'dns', email: 'x@acme.test' }, 'email'],
    ['malformed email', { slug: 'acme-rockets', method: 'email', email: 'not-an-address' }, 'email'],
    ['email longer than 254', { slug: 'acme-rockets', method: 'email', email: `${'a'.repeat(64)}@${'b'.repeat(180)}.acme.test` }, 'email'],
    ['email at another domain', { slug: 'acme-rockets', method: 'email', email: 'ceo@gmail.com' }, 'email'],
    ['unknown property', { slug: 'acme-rockets', method: 'dns', proof: 'x' }, 'proof'],
  ];
  it.each(cases)('claim_listing: %s → 400 naming %s', async (_name, body, path) => {
    const res = await claim(ada.auth, body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_input');
    expect(res.body.errors.map((e: any) => e.path)).toContain(path);
  });

  it('verify_claim: claim_id 0 or text → 400 naming claim_id; a body is refused', async () => {
    for (const id of ['0', 'abc']) {
      const res = await verify(ada.auth, id);
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: any) => e.path)).toContain('claim_id');
    }
    const withBody = await post('/claims/1/verify', ada.auth, { force: true });
    expect(withBody.status).toBe(400);
    expect(withBody.body.errors.map((e: any) => e.path)).toContain('force');
  });

  it('list_my_claims: paging bounds', async () => {
    for (const [q, path] of [['?per_page=101', 'per_page'], ['?page=0', 'page'], ['?page=1001', 'page']]) {
      const res = await listClaims(ada.auth, q);
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: any) => e.path)).toContain(path);
    }
  });
});

describe('auth', () => {
  it('needs a caller (401) and the right scope (403)', async () => {
    expect((await getJson(`${app.api}/claims`)).status).toBe(401);
    expect((await claim('', { slug: 'acme-rockets', method: 'dns' })).status).toBe(401);
    const readOnly = await keyFor(ada.id, ['account:read']);
    expect((await claim(readOnly, { slug: 'acme-rockets', method: 'dns' })).status).toBe(403);
    expect((await listClaims(readOnly)).status).toBe(200);
    expect((await listClaims(await keyFor(ada.id, ['listings:write']))).status).toBe(403);
  });

  it('replays claim_listing for a repeated Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'claim-orbit-1' };
    const first = await claim(ada.auth, { slug: 'orbit-tools', method: 'meta' }, headers);
    const second = await claim(ada.auth, { slug: 'orbit-tools', method: 'meta' }, headers);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
  });
});

describe('list_my_claims', () => {
  it('lists the caller\'s claims newest first with paging', async () => {
    const all = await listClaims(ada.auth);
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(all.body.items.length);
    expect(all.body.total).toBeGreaterThanOrEqual(4);
    const ids = all.body.items.map((c: any) => c.claim_id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const second = await listClaims(ada.auth, '?per_page=1&page=2');
    expect(second.body).toMatchObject({ page: 2, per_page: 1, total: all.body.total });
    expect(second.body.items[0].claim_id).toBe(ids[1]);
    // An e-mail claim never shows its token: the link is the proof of the mailbox.
    const emailClaim = all.body.items.find((c: any) => c.method === 'email');
    expect(emailClaim.instructions.email).toEqual({ sent_to: 'ada@lapse.test' });
    expect(emailClaim.instructions.text).toContain('We e-mailed a link to ada@lapse.test');
  });
});

describe.each(['modern', 'legacy'] as Era[])('over MCP (%s)', (era) => {
  let client: Client;
  let carol: { id: number; auth: string };
  beforeAll(async () => {
    const id = await addUser(app.db);
    carol = { id, auth: await keyFor(id) };
    client = await mcpClient(app, era, { authorization: carol.auth });
  });
  afterAll(async () => { await client?.close(); });

  const call = async (name: string, args: Record<string, unknown>) => {
    const res = await client.callTool({ name, arguments: args });
    return { isError: !!res.isError, body: resultBody(res) };
  };

  it('claims by DNS, verifies, and lists the claim', async () => {
    const created = await call('claim_listing', { slug: 'orbit-tools', method: 'dns' });
    expect(created.isError).toBe(false);
    expect(created.body.instructions.dns_record.name).toBe('_launchdirectory.orbit.test');
    dns.records.set('_launchdirectory.orbit.test', [created.body.instructions.dns_record.value]);
    const verified = await call('verify_claim', { claim_id: created.body.claim_id });
    expect(verified.body.status).toBe('verified');
    expect(await isListingOwner(app.db, listingIds.dnsmcp, carol.id)).toBe(true);
    const list = await call('list_my_claims', {});
    expect(list.body.items[0]).toMatchObject({ claim_id: created.body.claim_id, status: 'verified', listing_slug: 'orbit-tools' });
    dns.records.delete('_launchdirectory.orbit.test');
  });

  it('returns problems as isError results: 404 for a foreign claim, 400 naming the field', async () => {
    const foreign = await call('verify_claim', { claim_id: 1 });
    expect(foreign).toMatchObject({ isError: true, body: { status: 404, code: 'not_found' } });
    const bad = await call('claim_listing', { slug: 'orbit-tools', method: 'email' });
    expect(bad.isError).toBe(true);
    expect(bad.body.status).toBe(400);
    expect(bad.body.errors).toContainEqual({ path: 'email', message: expect.any(String) });
  });
});
