import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startApp, type TestApp } from './harness';
import { serveSite, type SiteServer } from './fixture-server';
import { aiAnswer, caller, draftingModel, problemPaths, quoteOnPage, rest, tool, until, type Caller } from './drafts-helpers';
import { insertDraft } from '../storage/queries/drafts';

// The submit flow as a user drives it: submit a URL, watch the build, read the evidence, edit, submit,
// keep editing. The crawler, the worker and the fixture websites are real; only the model is mocked.

const sites: Record<string, SiteServer> = {};
let app: TestApp;
let ana: Caller;
let other: Caller;
let richId: string;
let bareId: string;

const REDRAFTED = 'A note-taking app for research teams';

beforeAll(async () => {
  for (const name of ['rich', 'bare', 'robots503']) sites[name] = await serveSite(name);
  const rich = sites.rich.url;
  const model = draftingModel({
    redraft: aiAnswer({ tagline: { value: REDRAFTED, evidence: [{ url: rich, quote: 'Lumen Notes is a note-taking app for research teams.' }] } }),
    bySite: [[sites.rich.origin, aiAnswer({
      description: { value: 'Lumen Notes is a note-taking app for research teams that finds related notes, papers and highlights automatically.', evidence: [{ url: rich, quote: 'Lumen Notes is a note-taking app for research teams.' }] },
      stage: { value: 'growing', evidence: [{ url: rich, quote: 'Trusted by 1,200 research teams at universities and labs.' }] },
      categories: [{ value: 'Notes & Knowledge Bases', evidence: [{ url: rich, quote: 'Lumen Notes is a note-taking app for research teams.' }] }],
      // A confident value whose quote is nowhere on the site: it must be dropped.
      usps: [{ value: 'Used by NASA', evidence: [{ url: rich, quote: 'Used by NASA and ESA every day.' }] }],
    })]],
    other: aiAnswer({
      name: { value: 'Rocket Labs', evidence: [{ url: sites.bare.url, quote: 'Rocket Labs builds rockets.' }] },
      founded_year: { value: '2015', evidence: [{ url: sites.bare.url, quote: 'Founded in 2015 in Berlin.' }] },
      city: { value: 'Berlin', evidence: [{ url: sites.bare.url, quote: 'Founded in 2015 in Berlin.' }] },
    }),
  });
  app = await startApp({ demo: false, env: { CRAWLER_ALLOW_PRIVATE: 'true' }, jobs: { model } });
  ana = await caller(app, 'ana@example.test');
  other = await caller(app, 'other@example.test');
}, 60_000);

afterAll(async () => {
  for (const c of [ana, other]) { await c.modern.close(); await c.legacy.close(); }
  await app.close();
  for (const s of Object.values(sites)) await s.close();
});

const getDraft = (id: string, who = ana) => rest(app, 'GET', `/drafts/${id}`, who.auth);
const built = (r: { body: any }) => ['ready', 'failed'].includes(r.body.status);
const count = async (table: string) => (await app.db.engine.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

describe('submit a URL and watch the draft build', () => {
  it('POST /drafts answers 201 at once with a crawling draft; nothing is published or charged', async () => {
    const listings = await count('listings');
    const res = await rest(app, 'POST', '/drafts', ana.auth, { url: sites.rich.url });
    expect(res.status).toBe(201);
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body).toMatchObject({ status: 'crawling', url: sites.rich.url, listing_id: null, failure_reason: null });
    expect(res.body.progress).toMatchObject({ step: 'queued', pages_fetched: 0, percent: 0 });
    richId = res.body.id;
    expect(await count('listings')).toBe(listings);
    expect(await count('orders')).toBe(0);
  });

  it('shows progress while it builds and ends ready, with every quote on the website', async () => {
    const seen = await until(() => getDraft(richId), built);
    for (const r of seen) {
      expect(r.status).toBe(200);
      expect(r.body.progress).toEqual(expect.objectContaining({ step: expect.any(String), percent: expect.any(Number), pages_fetched: expect.any(Number), pages_planned: expect.any(Number), elapsed_ms: expect.any(Number) }));
    }
    const d = seen.at(-1)!.body;
    expect(d.status).toBe('ready');
    expect(d.progress).toMatchObject({ step: 'done', percent: 100 });
    expect(d.progress.pages_fetched).toBeGreaterThan(3);
    expect(d.fields.name).toMatchObject({ value: 'Lumen Notes', state: 'ai', locked: false });
    expect(d.fields.stage).toMatchObject({ value: 'growing', state: 'ai' });
    expect(d.fields.city).toMatchObject({ value: 'Lisbon', state: 'ai' });
    expect(d.fields.categories.value[0]).toBe('Notes & Knowledge Bases');
    // The invented value is gone, and the draft says so.
    expect(d.fields.usps).toMatchObject({ value: null, state: 'not_found', evidence: [] });
    expect(d.warnings.join('\n')).toMatch(/left out because their quotes are not on the website/);
    // Every value carries quotes, and every quote is on the page it names.
    let quotes = 0;
    for (const [name, f] of Object.entries<any>(d.fields)) {
      if (f.value === null) continue;
      expect(f.evidence.length, name).toBeGreaterThan(0);
      // Each item of a list has its own quotes, drawn from the field's.
      if (Array.isArray(f.value)) {
        expect(f.item_evidence, name).toHaveLength(f.value.length);
        for (const ev of f.item_evidence) expect(ev.length, name).toBeGreaterThan(0);
      }
      for (const e of f.evidence) {
        expect(e.url.startsWith(sites.rich.origin), name).toBe(true);
        expect(await quoteOnPage(e.url, e.quote), `${name}: "${e.quote}" on ${e.url}`).toBe(true);
        quotes++;
      }
    }
    expect(quotes).toBeGreaterThan(10);
    expect(d.faqs.length).toBeGreaterThan(0);
    expect(d.founders[0]).toMatchObject({ name: 'Ana Ribeiro', joined: false });
    // Records beyond the fields carry their quotes too: FAQs, founders and their links, company links.
    const records = [...d.faqs, ...d.founders].map((r: any) => r.evidence);
    const links = [...Object.values<any>(d.company_social_evidence), ...Object.values<any>(d.founder_social_evidence)];
    expect(Object.keys(d.company_social_evidence)).toEqual(Object.keys(d.company_socials));
    // SEO texts drafted from the home page's own title and the short description, within their bounds.
    expect(d.seo.title.length).toBeLessThanOrEqual(70);
    expect(d.seo.meta.length).toBeLessThanOrEqual(170);
    records.push(d.seo.evidence);
    expect(links.length).toBeGreaterThan(2);
    for (const ev of [...records, ...links]) {
      expect(ev.length).toBeGreaterThan(0);
      for (const e of ev) expect(await quoteOnPage(e.url, e.quote), `"${e.quote}" on ${e.url}`).toBe(true);
    }
    expect(d.completeness).toBeGreaterThan(50);
    expect(d.missing).not.toContain('name');
    // The crawled page text never leaves the server; the pages read do.
    expect(d.pages.length).toBe(d.progress.pages_fetched);
    expect(JSON.stringify(d)).not.toMatch(/"(sources|text|build)":/);
  });

  it('reads the same draft over MCP in both eras, and lists it newest first', async () => {
    const rest1 = (await getDraft(richId)).body;
    for (const client of [ana.modern, ana.legacy]) {
      const r = await tool(client, 'get_draft', { id: richId });
      expect(r.isError).toBe(false);
      expect(r.body.fields).toEqual(rest1.fields);
      expect(r.body.status).toBe('ready');
    }
    const list = await rest(app, 'GET', '/drafts', ana.auth);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ page: 1, per_page: 20, total: 1 });
    expect(list.body.items[0]).toMatchObject({ id: richId, status: 'ready', name: 'Lumen Notes', completeness: rest1.completeness, listing_id: null });
    const mcpList = await tool(ana.legacy, 'list_my_drafts', { per_page: 5 });
    expect(mcpList.body.items.map((i: any) => i.id)).toEqual([richId]);
  });

  it('leaves a bare site mostly not_found instead of filling it in (submitted over MCP)', async () => {
    app.clock.advance(60_000);
    const created = await tool(ana.modern, 'submit_listing', { url: sites.bare.url });
    expect(created.isError).toBe(false);
    expect(created.body.status).toBe('crawling');
    bareId = created.body.id;
    const [d] = (await until(() => tool(ana.modern, 'get_draft', { id: bareId }), (r) => built(r))).slice(-1).map((r) => r.body);
    expect(d.status).toBe('ready');
    const states = Object.values<any>(d.fields).map((f) => f.state);
    expect(states.filter((s) => s === 'not_found').length).toBeGreaterThanOrEqual(15);
    expect(d.fields.founded_year).toMatchObject({ value: null, state: 'not_found' });
    expect(d.fields.city).toMatchObject({ value: null, state: 'not_found' });
    expect(d.fields.name.value).not.toBe('Rocket Labs');
    expect(d.completeness).toBeLessThan(30);
    const list = await rest(app, 'GET', '/drafts', ana.auth);
    expect(list.body.items.map((i: any) => i.id)).toEqual([bareId, richId]);
  });

  it('fails a site whose robots.txt answers 503, with a reason the user can act on', async () => {
    const res = await rest(app, 'POST', '/drafts', ana.auth, { url: sites.robots503.url });
    expect(res.status).toBe(201);
    const d = (await until(() => getDraft(res.body.id), built)).at(-1)!.body;
    expect(d.status).toBe('failed');
    expect(d.failure_reason).toMatch(/robots\.txt answered HTTP 503/);
    expect(d.failure_reason).toMatch(/submit again/i);
    expect(sites.robots503.saw('/robots.txt')).toBe(true);
    expect(sites.robots503.saw('/')).toBe(false);
    const edit = await rest(app, 'PATCH', `/drafts/${d.id}`, ana.auth, { fields: { name: 'X' } });
    expect(edit.status).toBe(409);
    expect((await rest(app, 'POST', `/drafts/${d.id}/submit`, ana.auth)).status).toBe(409);
  });

  it('replays POST /drafts for the same Idempotency-Key and builds one draft', async () => {
    const drafts = await count('drafts');
    const first = await rest(app, 'POST', '/drafts', other.auth, { url: sites.bare.url }, { 'idempotency-key': 'submit-once-1' });
    const again = await rest(app, 'POST', '/drafts', other.auth, { url: sites.bare.url }, { 'idempotency-key': 'submit-once-1' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(await count('drafts')).toBe(drafts + 1);
    await until(() => getDraft(first.body.id, other), built);
  });
});

describe('edit the draft', () => {
  const patch = (body: object, id = richId, who = ana) => rest(app, 'PATCH', `/drafts/${id}`, who.auth, body);

  it('marks typed values as the caller\'s own, removes on null, locks and restores', async () => {
    const before = (await getDraft(richId)).body;
    const res = await patch({ fields: { tagline: 'Research notes that connect', usps: ['Works offline'], city: null, categories: ['productivity'] }, lock_fields: ['name'] });
    expect(res.status).toBe(200);
    const f = res.body.fields;
    expect(f.tagline).toMatchObject({ value: 'Research notes that connect', state: 'edited', evidence: [] });
    expect(f.usps).toMatchObject({ value: ['Works offline'], state: 'manual' });
    expect(f.city).toMatchObject({ value: null, state: 'deleted' });
    expect(f.categories).toMatchObject({ value: ['Productivity'], state: 'edited' }); // the list_categories spelling
    expect(f.name).toMatchObject({ value: 'Lumen Notes', state: 'override', locked: true });
    expect(res.body.missing).toContain('city');

    // Typing into a locked field keeps it locked; restore returns the AI's value and quotes.
    const again = await patch({ fields: { name: 'Lumen' }, restore: ['tagline', 'city'] });
    expect(again.body.fields.name).toMatchObject({ value: 'Lumen', state: 'override', locked: true });
    expect(again.body.fields.tagline).toEqual(before.fields.tagline);
    expect(again.body.fields.city).toEqual(before.fields.city);
    const restored = await tool(ana.legacy, 'update_draft', { id: richId, restore: ['name'] });
    expect(restored.isError).toBe(false);
    expect(restored.body.fields.name).toEqual(before.fields.name);
  });

  it('replaces FAQs, socials, founders and milestones, and merges story and SEO', async () => {
    const res = await patch({
      faqs: [{ question: 'Is there a free plan?', answer: 'Yes, for one person.' }],
      company_socials: { github: 'https://github.com/lumen-notes', x: 'https://x.com/lumennotes' },
      founders: [{ name: 'Ana Ribeiro', title: 'CEO', bio: 'Researcher turned founder.' }, { name: 'Tom Becker' }],
      story: { why_started: 'We lost too many notes.' },
      milestones: [{ date: '2024-05-01', title: 'Public launch', url: 'https://lumen.example/launch' }],
      competitor_url: 'https://obsidian.md',
      seo: { title: 'Lumen Notes: linked research notes' },
    });
    expect(res.status).toBe(200);
    const d = res.body;
    expect(d.faqs).toEqual([{ question: 'Is there a free plan?', answer: 'Yes, for one person.', evidence: [] }]);
    expect(d.company_socials).toEqual({ github: 'https://github.com/lumen-notes', x: 'https://x.com/lumennotes' });
    expect(d.founders.map((x: any) => [x.name, x.title])).toEqual([['Ana Ribeiro', 'CEO'], ['Tom Becker', null]]);
    expect(d.founders[0].evidence.length).toBeGreaterThan(0); // kept by name
    expect(d.story).toEqual({ why_started: 'We lost too many notes.' });
    expect(d.milestones).toEqual([{ date: '2024-05-01', title: 'Public launch', description: null, url: 'https://lumen.example/launch', evidence: [] }]);
    expect(d.competitor_url).toBe('https://obsidian.md');
    expect(d.competitor_evidence).toEqual([]);
    // The typed title loses the drafted title's quotes; the drafted meta description keeps its own.
    expect(d.seo.title).toBe('Lumen Notes: linked research notes');
    expect(d.seo.meta).toMatch(/^Lumen Notes is a note-taking app/);
    expect(d.seo.evidence.map((e: any) => e.quote)).toEqual([d.seo.meta]);
    // A link the website shows keeps its evidence; a link typed differently has none.
    expect(d.company_social_evidence.github[0].quote).toContain('github.com/lumen-notes');
    expect(d.company_social_evidence.x).toEqual([]);
    const cleared = await patch({ competitor_url: '', seo: { meta: 'Notes that link themselves.' }, story: { title: 'Our story' } });
    expect(cleared.body.competitor_url).toBeNull();
    expect(cleared.body.seo).toEqual({ title: 'Lumen Notes: linked research notes', meta: 'Notes that link themselves.', evidence: [] });
    expect(cleared.body.story).toEqual({ why_started: 'We lost too many notes.', title: 'Our story' });
  });

  it('regenerates fields with the model in the background and answers at once', async () => {
    const res = await patch({ regenerate: ['tagline'] });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(richId);
    const d = (await until(() => getDraft(richId), (r) => r.body.regenerating.length === 0 && r.body.fields.tagline.value === REDRAFTED)).at(-1)!.body;
    expect(d.fields.tagline).toMatchObject({ value: REDRAFTED, state: 'ai', locked: false });
    expect(await quoteOnPage(d.fields.tagline.evidence[0].url, d.fields.tagline.evidence[0].quote)).toBe(true);
    // Locked fields and fields read from markup are not redrafted.
    await patch({ lock_fields: ['description'] });
    const locked = await patch({ regenerate: ['description'] });
    expect(locked.status).toBe(400);
    expect(problemPaths(locked.body)).toEqual(['regenerate.0']);
    const markup = await tool(ana.modern, 'update_draft', { id: richId, regenerate: ['tagline', 'contact_email'] });
    expect(markup.isError).toBe(true);
    expect(markup.body.status).toBe(400);
    expect(problemPaths(markup.body)).toEqual(['regenerate.1']);
  });

  it('refuses edits while the draft is still being built (409)', async () => {
    const id = randomUUID();
    await insertDraft(app.db, { id, userId: ana.id, url: 'https://waiting.example/', now: app.clock.now().toISOString() });
    const res = await patch({ fields: { name: 'Too early' } }, id);
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/still being built/);
    expect((await rest(app, 'POST', `/drafts/${id}/submit`, ana.auth)).status).toBe(409);
    await app.db.engine.prepare('DELETE FROM drafts WHERE id = ?').run(id);
  });
});

describe('submit the draft as a listing', () => {
  let listingId: number;
  const listing = async () => await app.db.engine.prepare('SELECT * FROM listings WHERE id = ?').get(listingId) as any;

  it('saves it as the caller\'s listing, submitted and not public', async () => {
    const res = await rest(app, 'POST', `/drafts/${richId}/submit`, ana.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'submitted', draft_id: richId, slug: 'lumen-notes', created: true });
    listingId = res.body.listing_id;
    const l = await listing();
    expect(l).toMatchObject({ name: 'Lumen Notes', status: 'submitted', owner_user_id: ana.id, city: 'Lisbon', founded_year: 2019, seo_title: 'Lumen Notes: linked research notes' });
    expect(l.tagline).toBe(REDRAFTED);
    expect(JSON.parse(l.faqs)).toEqual([{ question: 'Is there a free plan?', answer: 'Yes, for one person.' }]);
    expect(JSON.parse(l.socials)).toMatchObject({ github: 'https://github.com/lumen-notes' });
    const cats = await app.db.engine.prepare('SELECT c.name, lc.is_primary FROM listing_categories lc JOIN categories c ON c.id = lc.category_id WHERE lc.listing_id = ?').all(listingId);
    expect(cats).toEqual([{ name: 'Productivity', is_primary: 1 }]);
    const founders = await app.db.engine.prepare('SELECT f.name, lf.title FROM listing_founders lf JOIN founders f ON f.id = lf.founder_id WHERE lf.listing_id = ? ORDER BY lf.position').all(listingId);
    expect(founders).toEqual([{ name: 'Ana Ribeiro', title: 'CEO' }, { name: 'Tom Becker', title: null }]);
    expect(await app.db.engine.prepare('SELECT via FROM listing_owners WHERE listing_id = ? AND user_id = ?').get(listingId, ana.id)).toEqual({ via: 'submitted' });

    const mine = await rest(app, 'GET', `/me/listings/${listingId}`, ana.auth);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ status: 'submitted', is_public: false, name: 'Lumen Notes' });
    expect((await rest(app, 'GET', '/listings/lumen-notes', null)).status).toBe(404);
    const search = await rest(app, 'GET', '/listings?q=Lumen', null);
    expect(search.body.items.map((i: any) => i.name)).not.toContain('Lumen Notes');
    expect((await getDraft(richId)).body.listing_id).toBe(listingId);
  });

  it('updates the listing when the draft is edited after submit, and on submitting again', async () => {
    const res = await rest(app, 'PATCH', `/drafts/${richId}`, ana.auth, {
      fields: { tagline: 'Edited after submit', city: null },
      founders: [{ name: 'Tom Becker', title: 'CTO' }],
      milestones: [{ date: '2025-01-10', title: 'Teams plan' }],
    });
    expect(res.status).toBe(200);
    expect(await listing()).toMatchObject({ tagline: 'Edited after submit', city: null, status: 'submitted' });
    const founders = await app.db.engine.prepare('SELECT f.name, lf.title FROM listing_founders lf JOIN founders f ON f.id = lf.founder_id WHERE lf.listing_id = ?').all(listingId);
    expect(founders).toEqual([{ name: 'Tom Becker', title: 'CTO' }]);
    expect(await app.db.engine.prepare('SELECT date, title FROM milestones WHERE listing_id = ?').all(listingId)).toEqual([{ date: '2025-01-10', title: 'Teams plan' }]);
    const history = await app.db.engine.prepare('SELECT changed_fields FROM listing_versions WHERE listing_id = ?').all(listingId) as any[];
    expect(history.some((h) => JSON.parse(h.changed_fields).includes('tagline'))).toBe(true);

    await rest(app, 'PATCH', `/drafts/${richId}`, ana.auth, { fields: { pricing_summary: 'Free for one person; $29 per user / month for teams.' } });
    const again = await tool(ana.modern, 'submit_draft', { id: richId });
    expect(again.isError).toBe(false);
    expect(again.body).toMatchObject({ listing_id: listingId, created: false, status: 'submitted' });
    expect((await listing()).pricing_summary).toBe('Free for one person; $29 per user / month for teams.');
    expect(await count('listings')).toBe(1);

    // A field redrafted by the model after submit reaches the listing when the job finishes.
    expect((await rest(app, 'PATCH', `/drafts/${richId}`, ana.auth, { regenerate: ['tagline'] })).status).toBe(200);
    await until(() => getDraft(richId), (r) => r.body.regenerating.length === 0);
    expect((await listing()).tagline).toBe(REDRAFTED);
  });

  it('needs a name and a category, and refuses a second listing of the same website', async () => {
    const incomplete = await rest(app, 'POST', `/drafts/${bareId}/submit`, ana.auth);
    expect(incomplete.status).toBe(409);
    expect(incomplete.body.detail).toMatch(/fields\.categories/);
    await rest(app, 'PATCH', `/drafts/${bareId}`, ana.auth, { fields: { name: 'Hello App', categories: ['Developer Tools'] } });
    // Both fixture sites are served from 127.0.0.1: for the directory they are one website.
    const res = await rest(app, 'POST', `/drafts/${bareId}/submit`, ana.auth);
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/already have a listing for this website \("lumen-notes"/);
  });
});

describe('drafts are private', () => {
  it('answers 404 for another user\'s draft and for unknown ids, over REST and MCP', async () => {
    expect((await getDraft(richId, other)).status).toBe(404);
    expect((await rest(app, 'PATCH', `/drafts/${richId}`, other.auth, { fields: { name: 'Mine now' } })).status).toBe(404);
    expect((await rest(app, 'POST', `/drafts/${richId}/submit`, other.auth)).status).toBe(404);
    expect((await rest(app, 'POST', `/drafts/${richId}/invites`, other.auth, { email: 'x@example.test' })).status).toBe(404);
    expect((await getDraft(randomUUID())).status).toBe(404);
    for (const client of [other.modern, other.legacy]) {
      const r = await tool(client, 'get_draft', { id: richId });
      expect(r.isError).toBe(true);
      expect(r.body.status).toBe(404);
    }
    const list = await rest(app, 'GET', '/drafts', other.auth);
    expect(list.body.items.map((i: any) => i.id)).not.toContain(richId);
    const bad = await getDraft('not-a-uuid');
    expect(bad.status).toBe(400);
    expect(problemPaths(bad.body)).toEqual(['id']);
  });

  it('needs a signed-in caller with the right scope', async () => {
    expect((await rest(app, 'GET', '/drafts', null)).status).toBe(401);
    expect((await rest(app, 'POST', '/drafts', null, { url: sites.rich.url })).status).toBe(401);
    const reader = await caller(app, 'reader@example.test', ['account:read']);
    expect((await rest(app, 'GET', '/drafts', reader.auth)).status).toBe(200);
    expect((await rest(app, 'POST', '/drafts', reader.auth, { url: sites.rich.url })).status).toBe(403);
    await reader.modern.close();
    await reader.legacy.close();
  });
});
