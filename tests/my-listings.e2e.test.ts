import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { mcpClient, startApp, type TestApp, closeAll } from './harness';
import { addCategory, addListing, addUser } from './fixtures';
import { call, keyFor, newOwner, ownedListing, problemPaths, tool, type Owner } from './my-listings-helpers';
import { issueTokens } from './auth-helpers';
import { addListingOwner } from '../storage/queries/ownership';
import { versionsOfListing } from '../storage/queries/listing-history';
import { userByEmail } from '../storage/queries/users';
import { runAdmin } from '../cli/admin';

// list_my_listings, get_my_listing and update_my_listing end to end: REST with API keys and an OAuth token,
// MCP in both eras, bounds, another user's listing, and the version history the site team reviews.

let app: TestApp;
let ada: Owner;
let bob: Owner;
const ids: Record<string, number> = {};
const clients: Partial<Record<'modern' | 'legacy', Client>> = {};

beforeAll(async () => {
  app = await startApp({ demo: false });
  await addCategory(app.db, 'notes');
  ada = await newOwner(app, 'ada@owners.test');
  bob = await newOwner(app, 'bob@owners.test');
  ids.live = await ownedListing(app, ada, {
    name: 'Ada Notes', slug: 'ada-notes', category: 'notes', status: 'live', plan: 'paid', launchWeek: '2026-11-16',
    tagline: 'Notes for analysts', keywords: ['notes'], socials: { github: 'https://github.com/ada', linkedin: 'https://linkedin.com/company/ada' },
    unlockedSections: ['story', 'milestones', 'media'], story: { title: 'Why', story: 'Because.' },
  });
  ids.submitted = await ownedListing(app, ada, { name: 'Ada Draft Two', slug: 'ada-draft-two', status: 'submitted' });
  ids.waiting = await ownedListing(app, ada, { name: 'Ada Waits', slug: 'ada-waits', status: 'awaiting_badge', plan: 'free', launchWeek: '2027-01-04' });
  // Owned through a verified claim: the submitter was someone else.
  ids.claimed = await addListing(app.db, { name: 'Claimed Co', slug: 'claimed-co', status: 'live', ownerUserId: await addUser(app.db) });
  await addListingOwner(app.db, ids.claimed, ada.id, 'claim', '2026-11-18T12:00:00.000Z');
  ids.bobs = await ownedListing(app, bob, { name: 'Bob Tool', slug: 'bob-tool', status: 'live' });
  for (const era of ['modern', 'legacy'] as const) clients[era] = await mcpClient(app, era, { authorization: ada.auth });
});
afterAll(() => closeAll(app, clients));

const versions = async (id: number) => await versionsOfListing(app.db, id);

describe('list_my_listings', () => {
  it('lists every owned listing in any status, newest first, with status, plan and launch week', async () => {
    const res = await call(app, 'GET', '/me/listings', ada.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, per_page: 20, total: 4 });
    expect(res.body.items.map((i: any) => [i.listing_id, i.slug, i.status, i.plan, i.launch_week])).toEqual([
      [ids.claimed, 'claimed-co', 'live', null, null],
      [ids.waiting, 'ada-waits', 'awaiting_badge', 'free', '2027-01-04'],
      [ids.submitted, 'ada-draft-two', 'submitted', null, null],
      [ids.live, 'ada-notes', 'live', 'paid', '2026-11-16'],
    ]);
    expect(res.body.items[3]).toMatchObject({ name: 'Ada Notes', page_url: `${app.url}/listings/ada-notes`, primary_category: { slug: 'notes' } });
  });

  it('pages', async () => {
    const res = await call(app, 'GET', '/me/listings?page=2&per_page=3', ada.auth);
    expect(res.body).toMatchObject({ page: 2, per_page: 3, total: 4 });
    expect(res.body.items.map((i: any) => i.slug)).toEqual(['ada-notes']);
    expect(problemPaths((await call(app, 'GET', '/me/listings?per_page=101', ada.auth)).body)).toEqual(['per_page']);
  });

  it('shows nobody else\'s listings, and needs a signed-in caller with account:read', async () => {
    expect((await call(app, 'GET', '/me/listings', bob.auth)).body.items.map((i: any) => i.slug)).toEqual(['bob-tool']);
    expect((await call(app, 'GET', '/me/listings', null)).status).toBe(401);
    const writeOnly = await keyFor(app, ada.id, ['listings:write']);
    const denied = await call(app, 'GET', '/me/listings', writeOnly);
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe('forbidden');
  });
});

describe('get_my_listing', () => {
  it('shows status, plan, launch week, paid sections, milestones, story and the badge snippet', async () => {
    const res = await call(app, 'GET', `/me/listings/${ids.waiting}`, ada.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      listing_id: ids.waiting, slug: 'ada-waits', status: 'awaiting_badge', plan: 'free', launch_week: '2027-01-04', is_public: false,
      unlocked_sections: [], public_sections: [], story: null, milestones: [],
      badge: { page_url: `${app.url}/listings/ada-waits`, last_check: null },
    });
    expect(res.body.badge.embed_html).toBe(
      `<a href="${app.url}/listings/ada-waits?ref=badge" target="_blank" rel="noopener"><img src="${app.url}/badges/ada-waits/listed.svg?shape=standard&amp;mode=auto&amp;size=m" alt="Ada Waits – Listed on ${app.config.siteName}" width="250" height="64"></a>`,
    );
  });

  it('carries everything the public profile shows', async () => {
    const mine = (await call(app, 'GET', `/me/listings/${ids.live}`, ada.auth)).body;
    const pub = (await call(app, 'GET', '/listings/ada-notes', null)).body;
    for (const key of Object.keys(pub).filter((k) => !['status', 'milestones', 'story', 'media'].includes(k))) {
      expect(mine[key], key).toEqual(pub[key]);
    }
    expect(mine).toMatchObject({ status: 'live', plan: 'paid', is_public: true, unlocked_sections: ['story', 'milestones', 'media'] });
    expect(mine.public_sections).toEqual(['media', 'milestones', 'story']);
    expect(mine.story).toEqual(pub.story);
  });

  it('is 404 for another user\'s listing and for an unknown id, 400 for a bad id', async () => {
    for (const id of [ids.bobs, 999_999]) {
      const res = await call(app, 'GET', `/me/listings/${id}`, ada.auth);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
    for (const bad of ['0', 'abc', '1.5']) expect(problemPaths((await call(app, 'GET', `/me/listings/${bad}`, ada.auth)).body)).toEqual(['listing_id']);
  });
});

describe('update_my_listing', () => {
  it('publishes the edit at once and keeps a version with before and after', async () => {
    const res = await call(app, 'PATCH', `/me/listings/${ids.live}`, ada.auth, {
      fields: { tagline: 'Notes for every analyst', keywords: ['notes', 'quasarcalc'], founded_year: 2021, country: 'gb', city: ' London ' },
      faqs: [{ question: 'Is it free?', answer: 'Yes, for one notebook.' }],
    });
    expect(res.status).toBe(200);
    expect(res.body.changed_fields).toEqual(['tagline', 'country', 'city', 'founded_year', 'keywords', 'faqs']);
    expect(res.body).toMatchObject({ tagline: 'Notes for every analyst', country: 'GB', city: 'London', founded_year: 2021 });

    const pub = (await call(app, 'GET', '/listings/ada-notes', null)).body;
    expect(pub).toMatchObject({ tagline: 'Notes for every analyst', keywords: ['notes', 'quasarcalc'], founded_year: 2021, faqs: [{ question: 'Is it free?', answer: 'Yes, for one notebook.' }] });
    // The full-text index follows the edit.
    const found = await call(app, 'GET', '/listings?q=quasarcalc', null);
    expect(found.body.items.map((i: any) => i.slug)).toEqual(['ada-notes']);

    const [v] = await versions(ids.live);
    expect(v).toMatchObject({
      user_email: 'ada@owners.test', reviewed_at: null, changed_fields: ['tagline', 'country', 'city', 'founded_year', 'keywords', 'faqs'],
      before: { tagline: 'Notes for analysts', country: null, city: null, keywords: ['notes'], founded_year: null, faqs: [] },
      after: { tagline: 'Notes for every analyst', country: 'GB', city: 'London', keywords: ['notes', 'quasarcalc'], founded_year: 2021 },
    });
  });

  it('replaces all socials, clears a field sent as "", and writes no version when nothing changes', async () => {
    const res = await call(app, 'PATCH', `/me/listings/${ids.live}`, ada.auth, { socials: { x: 'https://x.com/adanotes' }, fields: { city: '' } });
    expect(res.body).toMatchObject({ socials: { x: 'https://x.com/adanotes' }, city: null, changed_fields: ['city', 'socials'] });
    expect((await versions(ids.live))[0].before).toEqual({ city: 'London', socials: { github: 'https://github.com/ada', linkedin: 'https://linkedin.com/company/ada' } });
    const count = (await versions(ids.live)).length;
    const same = await call(app, 'PATCH', `/me/listings/${ids.live}`, ada.auth, { socials: { x: 'https://x.com/adanotes' }, fields: { tagline: 'Notes for every analyst' } });
    expect(same.body.changed_fields).toEqual([]);
    expect((await call(app, 'PATCH', `/me/listings/${ids.live}`, ada.auth)).body.changed_fields).toEqual([]);
    expect(await versions(ids.live)).toHaveLength(count);
  });

  it('edits listings in any status, including one owned through a claim', async () => {
    for (const id of [ids.submitted, ids.claimed]) {
      const res = await call(app, 'PATCH', `/me/listings/${id}`, ada.auth, { fields: { headline: 'Edited by Ada', seo_title: 'Ada', seo_description: 'SEO' } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ headline: 'Edited by Ada', seo_title: 'Ada', seo_description: 'SEO' });
    }
  });

  const long = (n: number) => 'x'.repeat(n);
  it.each([
    [{ fields: { tagline: long(201) } }, 'fields.tagline'],
    [{ fields: { short_description: long(301) } }, 'fields.short_description'],
    [{ fields: { description: long(20001) } }, 'fields.description'],
    [{ fields: { pricing_model: long(41) } }, 'fields.pricing_model'],
    [{ fields: { pricing_summary: long(301) } }, 'fields.pricing_summary'],
    [{ fields: { country: 'GBR' } }, 'fields.country'],
    [{ fields: { country: '1' } }, 'fields.country'],
    [{ fields: { city: long(121) } }, 'fields.city'],
    [{ fields: { founded_year: 1799 } }, 'fields.founded_year'],
    [{ fields: { founded_year: 2101 } }, 'fields.founded_year'],
    [{ fields: { founded_year: 2001.5 } }, 'fields.founded_year'],
    [{ fields: { founded_year: '2001' } }, 'fields.founded_year'],
    [{ fields: { demo_video_url: `https://youtu.be/${long(490)}` } }, 'fields.demo_video_url'],
    [{ fields: { demo_video_url: 'javascript:alert(1)' } }, 'fields.demo_video_url'],
    [{ fields: { contact_email: `${long(250)}@a.io` } }, 'fields.contact_email'],
    [{ fields: { contact_email: 'not an address' } }, 'fields.contact_email'],
    [{ fields: { features: Array.from({ length: 21 }, (_, i) => `f${i}`) } }, 'fields.features'],
    [{ fields: { usps: [long(201)] } }, 'fields.usps.0'],
    [{ fields: { keywords: 'notes' } }, 'fields.keywords'],
    [{ fields: { headline: long(201) } }, 'fields.headline'],
    [{ fields: { summary: long(20001) } }, 'fields.summary'],
    [{ fields: { seo_title: long(201) } }, 'fields.seo_title'],
    [{ fields: { seo_description: long(321) } }, 'fields.seo_description'],
    [{ fields: { name: 'Renamed' } }, 'fields.name'],
    [{ socials: { myspace: 'https://myspace.com/ada' } }, 'socials.myspace'],
    [{ socials: { x: `https://x.com/${long(490)}` } }, 'socials.x'],
    [{ socials: { x: 'ftp://x.com/ada' } }, 'socials.x'],
    [{ faqs: Array.from({ length: 11 }, () => ({ question: 'Q?', answer: 'A.' })) }, 'faqs'],
    [{ faqs: [{ question: long(301), answer: 'A.' }] }, 'faqs.0.question'],
    [{ faqs: [{ question: 'Q?', answer: long(1501) }] }, 'faqs.0.answer'],
    [{ faqs: [{ question: 'Q?' }] }, 'faqs.0.answer'],
    [{ faqs: [{ question: 'Q?', answer: 'A.', extra: 1 }] }, 'faqs.0.extra'],
    [{ status: 'live' }, 'status'],
  ])('rejects %j with 400 naming %s, and writes nothing', async (body, path) => {
    const before = (await versions(ids.live)).length;
    const res = await call(app, 'PATCH', `/me/listings/${ids.live}`, ada.auth, body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_input');
    expect(problemPaths(res.body)).toContain(path);
    expect(await versions(ids.live)).toHaveLength(before);
  });

  it('is 404 for another user\'s listing, and changes nothing there', async () => {
    const res = await call(app, 'PATCH', `/me/listings/${ids.bobs}`, ada.auth, { fields: { tagline: 'Hijacked' } });
    expect(res.status).toBe(404);
    expect((await call(app, 'GET', '/listings/bob-tool', null)).body.tagline).toBeNull();
    expect(await versions(ids.bobs)).toEqual([]);
  });

  it('needs listings:write', async () => {
    const readOnly = await keyFor(app, ada.id, ['account:read']);
    const res = await call(app, 'PATCH', `/me/listings/${ids.live}`, readOnly, { fields: { tagline: 'No' } });
    expect(res.status).toBe(403);
    expect(res.headers.get('www-authenticate')).toMatch(/insufficient_scope.*listings:write/);
  });

  it('replays a retried edit with the same Idempotency-Key and keeps one version', async () => {
    const body = { fields: { pricing_summary: 'Free for one notebook' } };
    const first = await call(app, 'PATCH', `/me/listings/${ids.live}`, ada.auth, body, { 'idempotency-key': 'edit-1' });
    const count = (await versions(ids.live)).length;
    const again = await call(app, 'PATCH', `/me/listings/${ids.live}`, ada.auth, body, { 'idempotency-key': 'edit-1' });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await versions(ids.live)).toHaveLength(count);
  });
});

describe.each(['modern', 'legacy'] as const)('over MCP (%s era)', (era) => {
  it('list_my_listings and get_my_listing return what REST returns', async () => {
    const list = await tool(clients[era]!, 'list_my_listings', { per_page: 2 });
    expect(list.isError).toBe(false);
    expect(list.body).toEqual((await call(app, 'GET', '/me/listings?per_page=2', ada.auth)).body);
    const one = await tool(clients[era]!, 'get_my_listing', { listing_id: ids.waiting });
    expect(one.body).toEqual((await call(app, 'GET', `/me/listings/${ids.waiting}`, ada.auth)).body);
  });

  it('update_my_listing edits, names bad fields and hides other users\' listings', async () => {
    const ok = await tool(clients[era]!, 'update_my_listing', { listing_id: ids.submitted, fields: { tagline: `Edited over ${era}` } });
    expect(ok.isError).toBe(false);
    expect(ok.body).toMatchObject({ tagline: `Edited over ${era}`, changed_fields: ['tagline'] });
    const bad = await tool(clients[era]!, 'update_my_listing', { listing_id: ids.submitted, fields: { founded_year: 1700 } });
    expect(bad.isError).toBe(true);
    expect(bad.body).toMatchObject({ status: 400, code: 'invalid_input' });
    expect(problemPaths(bad.body)).toEqual(['fields.founded_year']);
    const foreign = await tool(clients[era]!, 'get_my_listing', { listing_id: ids.bobs });
    expect(foreign.body).toMatchObject({ status: 404, code: 'not_found' });
  });
});

describe('with an OAuth access token', () => {
  it('reads with account:read and is refused an edit without listings:write', async () => {
    const tokens = await issueTokens(app.url, { scope: 'account:read', resource: app.api, email: 'carol@owners.test' });
    const carol = (await userByEmail(app.db, 'carol@owners.test'))!;
    const id = await addListing(app.db, { name: 'Carol Cards', slug: 'carol-cards', status: 'submitted', ownerUserId: carol.id });
    const auth = `Bearer ${tokens.access_token}`;
    const list = await call(app, 'GET', '/me/listings', auth);
    expect(list.status).toBe(200);
    expect(list.body.items.map((i: any) => i.listing_id)).toEqual([id]);
    const edit = await call(app, 'PATCH', `/me/listings/${id}`, auth, { fields: { tagline: 'x' } });
    expect(edit.status).toBe(403);
    expect(edit.headers.get('www-authenticate')).toMatch(/insufficient_scope/);
  });
});

describe('the review queue of the site team', () => {
  async function admin(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
    const out: string[] = [];
    const err: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((l) => void out.push(String(l)));
    const error = vi.spyOn(console, 'error').mockImplementation((l) => void err.push(String(l)));
    try {
      const env: Record<string, string> = { DATABASE_PATH: app.config.databasePath };
      if (app.config.databaseUrl) env.DATABASE_URL = app.config.databaseUrl;
      const code = await runAdmin(argv, env, app.clock);
      return { code, out: out.join('\n'), err: err.join('\n') };
    } finally {
      log.mockRestore();
      error.mockRestore();
    }
  }

  it('lists unreviewed edits with before and after, and mark-reviewed takes one off the queue', async () => {
    const queue = await admin('review-queue', '--limit', '500');
    expect(queue.code).toBe(0);
    const first = (await versions(ids.live)).at(-1)!;
    expect(queue.out).toContain(`#${first.id} ${first.created_at} ada-notes (Ada Notes) by ada@owners.test: tagline, country, city, founded_year, keywords, faqs`);
    expect(queue.out).toContain('    before: "Notes for analysts"\n    after:  "Notes for every analyst"');
    expect((await admin('mark-reviewed', String(first.id))).out).toBe(`Edit #${first.id} is marked reviewed.`);
    expect((await versions(ids.live)).at(-1)!.reviewed_at).toBe(app.clock.now().toISOString());
    expect((await admin('review-queue', '--limit', '500')).out).not.toContain(`#${first.id} `);
    expect((await admin('mark-reviewed', String(first.id))).out).toBe(`Edit #${first.id} was already reviewed.`);
    const unknown = await admin('mark-reviewed', '987654');
    expect(unknown).toMatchObject({ code: 1, err: expect.stringContaining('No edit #987654') });
    expect((await admin('mark-reviewed', 'abc')).code).toBe(2);
  });
});
