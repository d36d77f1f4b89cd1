import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startApp, type TestApp } from './harness';
import { caller, draftRow, problemPaths, readyDraft, rest, tool, type Caller } from './drafts-helpers';
import { DRAFT_FIELDS } from '../domain/draft-fields';

// Every bound of the spec's PATCH /drafts/{id} table (and of the other draft operations) answers 400
// naming the field, over REST and MCP in both eras, and writes nothing.

let app: TestApp;
let me: Caller;
let draftId: string;
const URL_ = 'https://bounds.example/';

beforeAll(async () => {
  app = await startApp({ demo: false });
  me = await caller(app, 'bounds@example.test');
  draftId = await readyDraft(app, me.id, URL_, {
    name: { value: 'Bounds', evidence: [{ url: URL_, quote: 'Bounds' }] },
    contact_email: { value: 'hi@bounds.example', evidence: [{ url: URL_, quote: 'hi@bounds.example' }] },
  });
}, 30_000);
afterAll(async () => {
  await me.modern.close();
  await me.legacy.close();
  await app.close();
});

const x = (n: number) => 'x'.repeat(n);
const faq = { question: 'Q?', answer: 'A.' };
const milestone = { date: '2026-01-05', title: 'Launch' };

// [what is wrong, body, the path the problem must name]
const BAD_PATCHES: Array<[string, Record<string, unknown>, string]> = [
  ['tagline too long', { fields: { tagline: x(501) } }, 'fields.tagline'],
  ['name too long', { fields: { name: x(501) } }, 'fields.name'],
  ['description too long', { fields: { description: x(20001) } }, 'fields.description'],
  ['city not a string', { fields: { city: 5 } }, 'fields.city'],
  ['country not an ISO code', { fields: { country: 'Portugal' } }, 'fields.country'],
  ['founded_year as a number', { fields: { founded_year: 2019 } }, 'fields.founded_year'],
  ['founded_year not a year', { fields: { founded_year: 'last year' } }, 'fields.founded_year'],
  ['contact_email not an address', { fields: { contact_email: 'write to us' } }, 'fields.contact_email'],
  ['demo_video_url not YouTube', { fields: { demo_video_url: 'https://vimeo.com/12345' } }, 'fields.demo_video_url'],
  ['logo_url not http(s)', { fields: { logo_url: 'ftp://bounds.example/logo.png' } }, 'fields.logo_url'],
  ['21 tags', { fields: { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) } }, 'fields.tags'],
  ['a feature of 201 chars', { fields: { features: ['ok', x(201)] } }, 'fields.features.1'],
  ['keywords not a list', { fields: { keywords: 'a, b' } }, 'fields.keywords'],
  ['an unknown field', { fields: { pricing_plans: 'x' } }, 'fields.pricing_plans'],
  ['unknown field in lock_fields', { lock_fields: ['name', 'colour'] }, 'lock_fields.1'],
  ['21 lock_fields', { lock_fields: [...DRAFT_FIELDS, 'name', 'name', 'name'] }, 'lock_fields'],
  ['6 regenerate', { regenerate: ['name', 'tagline', 'description', 'stage', 'city', 'country'] }, 'regenerate'],
  ['unknown field in restore', { restore: ['slug'] }, 'restore.0'],
  ['21 restore', { restore: [...DRAFT_FIELDS, 'name', 'name', 'name'] }, 'restore'],
  ['11 FAQs', { faqs: Array.from({ length: 11 }, () => faq) }, 'faqs'],
  ['FAQ without answer', { faqs: [{ question: 'Q?' }] }, 'faqs.0.answer'],
  ['FAQ question too long', { faqs: [{ question: x(301), answer: 'A.' }] }, 'faqs.0.question'],
  ['FAQ answer too long', { faqs: [faq, { question: 'Q2?', answer: x(1501) }] }, 'faqs.1.answer'],
  ['FAQ with an extra key', { faqs: [{ ...faq, votes: 1 }] }, 'faqs.0.votes'],
  ['unknown social platform', { company_socials: { myspace: 'https://myspace.com/x' } }, 'company_socials.myspace'],
  ['social link too long', { founder_socials: { x: `https://x.com/${x(500)}` } }, 'founder_socials.x'],
  ['social link not a link', { company_socials: { github: 'lumen-notes' } }, 'company_socials.github'],
  ['7 founders', { founders: Array.from({ length: 7 }, (_, i) => ({ name: `F${i}` })) }, 'founders'],
  ['founder without name', { founders: [{ title: 'CEO' }] }, 'founders.0.name'],
  ['founder name too long', { founders: [{ name: x(161) }] }, 'founders.0.name'],
  ['founder title too long', { founders: [{ name: 'A', title: x(161) }] }, 'founders.0.title'],
  ['founder bio too long', { founders: [{ name: 'A', bio: x(3001) }] }, 'founders.0.bio'],
  ['story section too long', { story: { journey: x(8001) } }, 'story.journey'],
  ['unknown story section', { story: { intro: 'x' } }, 'story.intro'],
  ['51 milestones', { milestones: Array.from({ length: 51 }, () => milestone) }, 'milestones'],
  ['milestone without date', { milestones: [{ title: 'Launch' }] }, 'milestones.0.date'],
  ['milestone date not a date', { milestones: [{ date: '2026-02-30', title: 'Launch' }] }, 'milestones.0.date'],
  ['milestone without title', { milestones: [{ date: '2026-01-05' }] }, 'milestones.0.title'],
  ['milestone title too long', { milestones: [{ date: '2026-01-05', title: x(201) }] }, 'milestones.0.title'],
  ['milestone description too long', { milestones: [{ ...milestone, description: x(2001) }] }, 'milestones.0.description'],
  ['milestone url not https', { milestones: [{ ...milestone, url: 'http://bounds.example/launch' }] }, 'milestones.0.url'],
  ['milestone url too long', { milestones: [{ ...milestone, url: `https://bounds.example/${x(480)}` }] }, 'milestones.0.url'],
  ['competitor_url too long', { competitor_url: `https://c.example/${x(2040)}` }, 'competitor_url'],
  ['seo title too long', { seo: { title: x(71) } }, 'seo.title'],
  ['seo meta too long', { seo: { meta: x(171) } }, 'seo.meta'],
  ['extra top-level property', { listing_id: 5 }, 'listing_id'],
  ['unknown category name', { fields: { categories: ['Productivity', 'Space Lasers'] } }, 'fields.categories.1'],
  ['regenerate a field read from markup', { regenerate: ['contact_email'] }, 'regenerate.0'],
];

describe('update_draft bounds', () => {
  it.each(BAD_PATCHES)('%s → 400 naming the field, nothing written', async (_what, body, path) => {
    const before = (await draftRow(app, draftId)).updatedAt;
    app.clock.advance(1000);
    const res = await rest(app, 'PATCH', `/drafts/${draftId}`, me.auth, body);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(problemPaths(res.body)).toContain(path);
    for (const client of [me.modern, me.legacy]) {
      const r = await tool(client, 'update_draft', { id: draftId, ...body });
      expect(r.isError).toBe(true);
      expect(r.body.status).toBe(400);
      expect(problemPaths(r.body)).toContain(path);
    }
    expect((await draftRow(app, draftId)).updatedAt).toBe(before);
  });

  it('accepts every value at its bound', async () => {
    const res = await rest(app, 'PATCH', `/drafts/${draftId}`, me.auth, {
      fields: {
        tagline: x(500), description: x(20000), country: 'pt', founded_year: '1800', demo_video_url: 'https://youtu.be/dQw4w9WgXcQ',
        logo_url: 'http://bounds.example/logo.png', tags: Array.from({ length: 20 }, (_, i) => `${i}${x(198)}`), categories: ['Notes & Knowledge Bases', 'productivity'],
      },
      lock_fields: [...DRAFT_FIELDS.slice(0, 18), 'name', 'name'],
      faqs: Array.from({ length: 10 }, (_, i) => ({ question: `${i}${x(299)}`, answer: x(1500) })),
      founders: Array.from({ length: 6 }, (_, i) => ({ name: `${i}${x(159)}`, title: x(160), bio: x(3000) })),
      company_socials: { custom: `https://c.example/${x(480)}`, website: '' },
      story: { title: x(8000), whats_next: x(8000) },
      milestones: Array.from({ length: 50 }, (_, i) => ({ date: '2026-01-05', title: `${i}`, description: x(2000), url: `https://m.example/${x(470)}` })),
      competitor_url: `https://c.example/${x(2030)}`,
      seo: { title: x(70), meta: x(170) },
    });
    expect(res.status).toBe(200);
    expect(res.body.fields.country.value).toBe('PT');
    expect(res.body.fields.demo_video_url.value).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(res.body.fields.categories.value).toEqual(['Notes & Knowledge Bases', 'Productivity']);
    expect(res.body.faqs).toHaveLength(10);
    expect(res.body.founders).toHaveLength(6);
    expect(res.body.milestones).toHaveLength(50);
    expect(Object.keys(res.body.company_socials)).toEqual(['custom']);
    const empty = await rest(app, 'PATCH', `/drafts/${draftId}`, me.auth, {});
    expect(empty.status).toBe(200);
  });
});

describe('bounds of the other draft operations', () => {
  const BAD_SUBMITS: Array<[string, Record<string, unknown>, string]> = [
    ['no url', {}, 'url'],
    ['url not a string', { url: 42 }, 'url'],
    ['url too long', { url: `https://long.example/${x(2030)}` }, 'url'],
    ['url without scheme', { url: 'example.com' }, 'url'],
    ['url of another scheme', { url: 'ftp://example.com/' }, 'url'],
    ['url with credentials', { url: 'https://user:secret@example.com/' }, 'url'],
    ['extra property', { url: 'https://example.com/', name: 'Example' }, 'name'],
  ];
  it.each(BAD_SUBMITS)('submit_listing: %s → 400 naming it, no draft', async (_what, body, path) => {
    const drafts = async () => (await app.db.engine.prepare('SELECT count(*) AS n FROM drafts').get() as { n: number }).n;
    const before = await drafts();
    const res = await rest(app, 'POST', '/drafts', me.auth, body);
    expect(res.status).toBe(400);
    expect(problemPaths(res.body)).toContain(path);
    for (const client of [me.modern, me.legacy]) {
      const r = await tool(client, 'submit_listing', body);
      expect(r.isError).toBe(true);
      expect(problemPaths(r.body)).toContain(path);
    }
    expect(await drafts()).toBe(before);
  });

  it('invite_cofounder: e-mail format, length and presence; submit_draft takes no body; ids are uuids', async () => {
    for (const [body, path] of [[{}, 'email'], [{ email: 'not-an-address' }, 'email'], [{ email: `${x(250)}@a.io` }, 'email'], [{ email: 'a@b.io', role: 'CTO' }, 'role']] as const) {
      const res = await rest(app, 'POST', `/drafts/${draftId}/invites`, me.auth, body);
      expect(res.status).toBe(400);
      expect(problemPaths(res.body)).toContain(path);
      const r = await tool(me.modern, 'invite_cofounder', { id: draftId, ...body });
      expect(problemPaths(r.body)).toContain(path);
    }
    const submit = await rest(app, 'POST', `/drafts/${draftId}/submit`, me.auth, { force: true });
    expect(submit.status).toBe(400);
    expect(problemPaths(submit.body)).toEqual(['force']);
    for (const [method, path] of [['GET', '/drafts/123'], ['PATCH', '/drafts/123'], ['POST', '/drafts/123/submit'], ['POST', '/drafts/123/invites']]) {
      const res = await rest(app, method, path, me.auth, method === 'GET' ? undefined : {});
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(problemPaths(res.body)).toContain('id');
    }
    expect((await rest(app, 'GET', '/drafts?per_page=101', me.auth)).status).toBe(400);
    expect((await rest(app, 'GET', `/drafts/${randomUUID()}`, me.auth)).status).toBe(404);
  });
});
