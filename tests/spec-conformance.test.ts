import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { createApiKey } from '../auth/accounts';
import { toolByName } from '../tools/registry';
import { SOCIAL_PLATFORMS } from '../domain/draft-fields';
import { interviewQuestions, products } from '../storage/schema';
import { setSetting } from '../storage/queries/settings';
import { addCategory, addListing, addUser, insertRow } from './fixtures';
import { readyDraft } from './drafts-helpers';
import { callOp, closeAll, DRIVERS, openClients, startApp, type Driver, type TestApp } from './harness';

// The bounds of spec/directory-api.md, table by table: a value at the bound passes validation and one past it
// is a 400 whose errors[] names the field, over REST and MCP in both eras, and a refused call writes nothing.

let app: TestApp;
const clients: Partial<Record<Driver, Client>> = {};
const x = (n: number, c = 'x') => c.repeat(n);
const padUrl = (base: string, n: number) => base + x(n - base.length, 'a');
const mail = (domain: string, n: number) => `${x(n - domain.length - 1, 'm')}@${domain}`;
const SLUG = x(220, 'a'); // a listing and a category whose slugs are exactly at the bound
const CAT = x(220, 'c');
const PRODUCT = x(60, 'p'); // a product code at the bound, with 20 options
const CAT_NAME = x(200, 'N'); // a category name at the draft list-item bound
const w = { mine: 0, submitted: 0, questions: [] as number[], week: '', extra: [] as string[] };
let restAuth: Record<string, string> = {};

beforeAll(async () => {
  app = await startApp({ demo: false });
  const me = await addUser(app.db, 'conformance@example.test');
  const other = await addUser(app.db, 'someone-else@example.test');
  const made = await createApiKey({ db: app.db, clock: app.clock }, me, 'conformance') as { key: string };
  await addCategory(app.db, CAT, { name: CAT_NAME });
  for (let i = 0; i < 10; i++) w.extra.push(`extra-${i}`), await addCategory(app.db, `extra-${i}`);
  await addListing(app.db, { name: 'Bound Slug', slug: SLUG, url: 'https://claims.example.com', category: CAT, ownerUserId: other });
  w.mine = await addListing(app.db, { name: 'Mine', ownerUserId: me, status: 'live', plan: 'paid', category: CAT });
  w.submitted = await addListing(app.db, { name: 'Mine Submitted', ownerUserId: me, status: 'submitted', category: CAT });
  for (let i = 0; i < 30; i++) {
    w.questions.push(await insertRow(app.db, interviewQuestions, { question: `Question ${i}?`, position: 100 + i }));
  }
  const options = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`o${i}`, { type: 'string', description: `Option ${i}` }]));
  await insertRow(app.db, products, {
    code: PRODUCT, name: 'Sixty', description: 'A product whose code is at the bound', priceCents: 100, needsListing: false,
    weekRule: 'none', options: { description: 'Twenty options', properties: options }, active: true, position: 99,
  });
  await setSetting(app.db, 'billboard_min_cents', '1');
  await setSetting(app.db, 'paid_week_capacity', '1000');
  await openClients(app, clients, { authorization: `Bearer ${made.key}` });
  const list = await callOp(app, clients, 'rest', 'list_products', {});
  w.week = list.body.items.find((p: any) => p.code === 'launch').weeks[0].week;
  await callOp(app, clients, 'rest', 'get_account', {}, { authorization: `Bearer ${made.key}` });
  restAuth = { authorization: `Bearer ${made.key}` };
}, 60_000);
afterAll(async () => { await closeAll(app, clients); });

// [operation, field path named by the 400, arguments at the bound (null: none that can pass), past the bound,
//  and for an at-bound value a service rule may still refuse: 'rule' (only the schema's own message must not come back)]
type Args = () => Record<string, unknown> | Promise<Record<string, unknown>>;
type Case = { op: string; path: string; good: Args | null; bad: Args; rule?: boolean; okStatus?: number };
const cases: Case[] = [];
const add = (op: string, path: string, good: Args | null, bad: Args, extra: Partial<Case> = {}) => cases.push({ op, path, good, bad, ...extra });
const paging = (op: string, base: () => Record<string, unknown> = () => ({})) => {
  add(op, 'page', () => ({ ...base(), page: 1000 }), () => ({ ...base(), page: 1001 }));
  add(op, 'page', () => ({ ...base(), page: 1 }), () => ({ ...base(), page: 0 }));
  add(op, 'per_page', () => ({ ...base(), per_page: 100 }), () => ({ ...base(), per_page: 101 }));
  add(op, 'per_page', () => ({ ...base(), per_page: 1 }), () => ({ ...base(), per_page: 0 }));
};
const draft = async () => await readyDraft(app, await userIdOf(), 'https://bounds.example/', { name: { value: 'Bounds', evidence: [] } });
const userIdOf = async () => (await app.db.engine.prepare("SELECT id FROM users WHERE email = 'conformance@example.test'").get() as { id: number }).id;

// ---- public reads ----
add('search_listings', 'q', () => ({ q: x(200) }), () => ({ q: x(201) }));
add('search_listings', 'domain', () => ({ domain: `${x(63, 'a')}.${x(63, 'b')}.${x(63, 'c')}.${x(61, 'd')}` }), () => ({ domain: `${x(63, 'a')}.${x(63, 'b')}.${x(63, 'c')}.${x(62, 'd')}` }));
add('search_listings', 'pricing_model', () => ({ pricing_model: x(40) }), () => ({ pricing_model: x(41) }));
add('search_listings', 'category', () => ({ category: CAT }), () => ({ category: `${CAT}c` }));
add('search_listings', 'category', null, () => ({ category: 'Not-A-Slug' }));
add('search_listings', 'stage', () => ({ stage: x(220, 's') }), () => ({ stage: x(221, 's') }));
add('search_listings', 'country', () => ({ country: 'pt' }), () => ({ country: 'PRT' }));
add('search_listings', 'country', null, () => ({ country: 'P1' }));
add('search_listings', 'status', () => ({ status: 'upcoming' }), () => ({ status: 'scheduled' }));
add('search_listings', 'sort', () => ({ sort: 'most_followed' }), () => ({ sort: 'popular' }));
add('search_listings', 'unknown', null, () => ({ unknown: 'x' }));
paging('search_listings');
add('get_listing', 'slug', () => ({ slug: SLUG }), () => ({ slug: `${SLUG}a` }));
add('get_listing', 'slug', null, () => ({ slug: 'Upper-Case' }));
add('get_alternatives', 'slug', () => ({ slug: SLUG }), () => ({ slug: `${SLUG}a` }));
add('compare_listings', 'a', () => ({ a: SLUG, b: SLUG }), () => ({ a: `${SLUG}a`, b: SLUG }));
add('compare_listings', 'b', () => ({ a: SLUG, b: SLUG }), () => ({ a: SLUG, b: `${SLUG}a` }));
add('compare_listings', 'b', null, () => ({ a: SLUG }));
add('list_categories', 'include_empty', () => ({ include_empty: false }), () => ({ include_empty: 'perhaps' }));
add('get_category', 'slug', () => ({ slug: CAT }), () => ({ slug: `${CAT}c` }));
paging('get_category', () => ({ slug: CAT }));
add('get_launch_week', 'week', () => ({ week: '2026-11-18' }), () => ({ week: '2026-11-18x' }));
add('get_launch_week', 'week', () => ({ week: 'next' }), () => ({ week: 'tomorrow' }));
add('list_launches', 'section', () => ({ section: 'most-followed' }), () => ({ section: 'popular' }));
paging('list_launches');
add('get_leaderboard', 'week', () => ({ board: 'community-weekly', week: '2026-11-11' }), () => ({ board: 'community-weekly', week: '2026-11-11x' }));
add('get_leaderboard', 'week', () => ({ board: 'community-weekly', week: 'last' }), () => ({ board: 'community-weekly', week: 'next' }));
paging('get_leaderboard', () => ({ board: 'billboard' }));
add('list_founders', 'q', () => ({ q: x(120) }), () => ({ q: x(121) }));
add('list_founders', 'country', () => ({ country: 'de' }), () => ({ country: 'deu' }));
paging('list_founders');
add('get_founder', 'slug', null, () => ({ slug: `${SLUG}a` }));
add('list_blog_posts', 'q', () => ({ q: x(200) }), () => ({ q: x(201) }));
paging('list_blog_posts');
add('get_blog_post', 'slug', null, () => ({ slug: `${SLUG}a` }));
add('list_awards', 'listing', () => ({ listing: SLUG }), () => ({ listing: `${SLUG}a` }));
paging('list_awards');
add('get_badges', 'slug', () => ({ slug: SLUG }), () => ({ slug: `${SLUG}a` }));
add('get_badges', 'shape', () => ({ slug: SLUG, shape: 'square' }), () => ({ slug: SLUG, shape: 'circle' }));
add('get_badges', 'mode', () => ({ slug: SLUG, mode: 'dark' }), () => ({ slug: SLUG, mode: 'dim' }));
add('get_badges', 'size', () => ({ slug: SLUG, size: 'l' }), () => ({ slug: SLUG, size: 'xl' }));

// ---- account reads ----
for (const op of ['list_my_drafts', 'list_my_listings', 'list_my_claims', 'list_my_orders']) paging(op);
add('get_draft', 'id', null, () => ({ id: 'not-a-uuid' }));
add('get_my_listing', 'listing_id', () => ({ listing_id: w.mine }), () => ({ listing_id: 0 }));
add('get_my_listing', 'listing_id', null, () => ({ listing_id: 1.5 }));
add('get_my_listing', 'listing_id', null, () => ({ listing_id: 'abc' }));
add('get_order', 'number', () => ({ number: x(32, '9') }), () => ({ number: x(33, '9') }), { okStatus: 404 });

// ---- submit flow ----
add('submit_listing', 'url', () => ({ url: padUrl('https://submit.example/', 2048) }), () => ({ url: padUrl('https://submit.example/', 2049) }));
add('submit_listing', 'url', null, () => ({}));
add('submit_listing', 'name', null, () => ({ url: 'https://submit.example/', name: 'Other property' }));
const patch = (body: Record<string, unknown>): Args => async () => ({ id: await draft(), ...body });
for (const f of ['name', 'tagline', 'short_description', 'stage', 'pricing_model', 'pricing_summary', 'city']) {
  add('update_draft', `fields.${f}`, patch({ fields: { [f]: x(500) } }), patch({ fields: { [f]: x(501) } }));
}
add('update_draft', 'fields.contact_email', patch({ fields: { contact_email: mail('example.com', 500) } }), patch({ fields: { contact_email: mail('example.com', 501) } }));
add('update_draft', 'fields.demo_video_url', patch({ fields: { demo_video_url: padUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&p=', 500) } }), patch({ fields: { demo_video_url: padUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&p=', 501) } }));
add('update_draft', 'fields.logo_url', patch({ fields: { logo_url: padUrl('https://bounds.example/', 500) } }), patch({ fields: { logo_url: padUrl('https://bounds.example/', 501) } }));
add('update_draft', 'fields.country', patch({ fields: { country: null } }), patch({ fields: { country: 'Portugal' } }));
add('update_draft', 'fields.founded_year', patch({ fields: { founded_year: '2019' } }), patch({ fields: { founded_year: 2019 } }));
add('update_draft', 'fields.description', patch({ fields: { description: x(20000) } }), patch({ fields: { description: x(20001) } }));
for (const f of ['tags', 'features', 'usps', 'keywords']) {
  add('update_draft', `fields.${f}`, patch({ fields: { [f]: Array.from({ length: 20 }, (_, i) => `${i}`) } }), patch({ fields: { [f]: Array.from({ length: 21 }, (_, i) => `${i}`) } }));
  add('update_draft', `fields.${f}.0`, patch({ fields: { [f]: [x(200)] } }), patch({ fields: { [f]: [x(201)] } }));
  add('update_draft', `fields.${f}`, patch({ fields: { [f]: null } }), patch({ fields: { [f]: 'not a list' } }));
}
add('update_draft', 'fields.categories.0', patch({ fields: { categories: [CAT_NAME] } }), patch({ fields: { categories: [`${CAT_NAME}N`] } }));
add('update_draft', 'fields.categories', patch({ fields: { categories: Array(20).fill(CAT_NAME) } }), patch({ fields: { categories: Array(21).fill(CAT_NAME) } }));
add('update_draft', 'fields.slug', null, patch({ fields: { slug: 'other-key' } }));
const FIELDS = ['name', 'tagline', 'short_description', 'description', 'stage', 'pricing_model', 'pricing_summary', 'country', 'city', 'founded_year'];
add('update_draft', 'lock_fields', patch({ lock_fields: [...FIELDS, ...FIELDS] }), patch({ lock_fields: [...FIELDS, ...FIELDS, 'name'] }));
add('update_draft', 'restore', patch({ restore: [...FIELDS, ...FIELDS] }), patch({ restore: [...FIELDS, ...FIELDS, 'name'] }));
add('update_draft', 'regenerate', patch({ regenerate: FIELDS.slice(0, 5) }), patch({ regenerate: FIELDS.slice(0, 6) }));
add('update_draft', 'lock_fields.0', null, patch({ lock_fields: ['colour'] }));
const faq = { question: 'Q?', answer: 'A.' };
add('update_draft', 'faqs', patch({ faqs: Array(10).fill(faq) }), patch({ faqs: Array(11).fill(faq) }));
add('update_draft', 'faqs.0.question', patch({ faqs: [{ question: x(300), answer: 'A.' }] }), patch({ faqs: [{ question: x(301), answer: 'A.' }] }));
add('update_draft', 'faqs.0.answer', patch({ faqs: [{ question: 'Q?', answer: x(1500) }] }), patch({ faqs: [{ question: 'Q?', answer: x(1501) }] }));
add('update_draft', 'faqs.0.answer', null, patch({ faqs: [{ question: 'Q?' }] }));
add('update_draft', 'faqs.0.question', null, patch({ faqs: [{ answer: 'A.' }] }));
add('update_draft', 'faqs.0.votes', null, patch({ faqs: [{ ...faq, votes: 1 }] }));
for (const key of ['company_socials', 'founder_socials']) {
  add('update_draft', `${key}.github`, patch({ [key]: { github: padUrl('https://github.com/', 500) } }), patch({ [key]: { github: padUrl('https://github.com/', 501) } }));
  add('update_draft', `${key}.myspace`, patch({ [key]: Object.fromEntries(SOCIAL_PLATFORMS.map((p) => [p, `https://${p}.example/me`])) }), patch({ [key]: { myspace: 'https://myspace.com/me' } }));
}
const founder = { name: 'Ada' };
add('update_draft', 'founders', patch({ founders: Array(6).fill(founder) }), patch({ founders: Array(7).fill(founder) }));
add('update_draft', 'founders.0.name', patch({ founders: [{ name: x(160) }] }), patch({ founders: [{ name: x(161) }] }));
add('update_draft', 'founders.0.title', patch({ founders: [{ ...founder, title: x(160) }] }), patch({ founders: [{ ...founder, title: x(161) }] }));
add('update_draft', 'founders.0.bio', patch({ founders: [{ ...founder, bio: x(3000) }] }), patch({ founders: [{ ...founder, bio: x(3001) }] }));
add('update_draft', 'founders.0.name', null, patch({ founders: [{ title: 'CEO' }] }));
add('update_draft', 'founders.0.email', null, patch({ founders: [{ ...founder, email: 'ada@example.com' }] }));
for (const s of ['title', 'story', 'why_started', 'problem', 'journey', 'challenges', 'achievements', 'lessons', 'whats_next']) {
  add('update_draft', `story.${s}`, patch({ story: { [s]: x(8000) } }), patch({ story: { [s]: x(8001) } }));
}
add('update_draft', 'story.intro', null, patch({ story: { intro: 'x' } }));
const ms = { date: '2026-01-05', title: 'Launch' };
add('update_draft', 'milestones', patch({ milestones: Array(50).fill(ms) }), patch({ milestones: Array(51).fill(ms) }));
add('update_draft', 'milestones.0.title', patch({ milestones: [{ ...ms, title: x(200) }] }), patch({ milestones: [{ ...ms, title: x(201) }] }));
add('update_draft', 'milestones.0.description', patch({ milestones: [{ ...ms, description: x(2000) }] }), patch({ milestones: [{ ...ms, description: x(2001) }] }));
add('update_draft', 'milestones.0.url', patch({ milestones: [{ ...ms, url: padUrl('https://m.example/', 500) }] }), patch({ milestones: [{ ...ms, url: padUrl('https://m.example/', 501) }] }));
add('update_draft', 'milestones.0.url', null, patch({ milestones: [{ ...ms, url: 'http://m.example/launch' }] }));
add('update_draft', 'milestones.0.date', patch({ milestones: [{ ...ms, date: '2024-02-29' }] }), patch({ milestones: [{ ...ms, date: '2026-1-5' }] }));
add('update_draft', 'milestones.0.date', null, patch({ milestones: [{ title: 'Launch' }] }));
add('update_draft', 'milestones.0.title', null, patch({ milestones: [{ date: '2026-01-05' }] }));
add('update_draft', 'competitor_url', patch({ competitor_url: padUrl('https://c.example/', 2048) }), patch({ competitor_url: padUrl('https://c.example/', 2049) }));
add('update_draft', 'competitor_url', patch({ competitor_url: '' }), patch({ competitor_url: 42 }));
add('update_draft', 'seo.title', patch({ seo: { title: x(70) } }), patch({ seo: { title: x(71) } }));
add('update_draft', 'seo.meta', patch({ seo: { meta: x(170) } }), patch({ seo: { meta: x(171) } }));
add('update_draft', 'seo.keywords', null, patch({ seo: { keywords: 'a' } }));
add('update_draft', 'listing_id', null, patch({ listing_id: 5 }));
add('invite_cofounder', 'email', async () => ({ id: await draft(), email: mail('invite.example.com', 254) }), async () => ({ id: await draft(), email: mail('invite.example.com', 255) }));
add('invite_cofounder', 'email', null, async () => ({ id: await draft(), email: 'not an address' }));
add('invite_cofounder', 'email', null, async () => ({ id: await draft() }));
add('submit_draft', 'id', null, () => ({ id: '123' }));

// ---- my listings ----
const edit = (fields: Record<string, unknown>): Args => () => ({ listing_id: w.mine, fields });
for (const [f, max] of [['tagline', 200], ['short_description', 300], ['description', 20000], ['pricing_model', 40], ['pricing_summary', 300],
  ['city', 120], ['headline', 200], ['summary', 20000], ['seo_title', 200], ['seo_description', 320]] as const) {
  add('update_my_listing', `fields.${f}`, edit({ [f]: x(max) }), edit({ [f]: x(max + 1) }));
}
add('update_my_listing', 'fields.country', edit({ country: 'PT' }), edit({ country: 'PRT' }));
add('update_my_listing', 'fields.founded_year', edit({ founded_year: 1800 }), edit({ founded_year: 1799 }));
add('update_my_listing', 'fields.founded_year', edit({ founded_year: 2100 }), edit({ founded_year: 2101 }));
add('update_my_listing', 'fields.founded_year', edit({ founded_year: null }), edit({ founded_year: '2019' }));
add('update_my_listing', 'fields.founded_year', null, edit({ founded_year: 2019.5 }));
add('update_my_listing', 'fields.demo_video_url', edit({ demo_video_url: padUrl('https://video.example/', 500) }), edit({ demo_video_url: padUrl('https://video.example/', 501) }));
add('update_my_listing', 'fields.contact_email', edit({ contact_email: mail('example.com', 254) }), edit({ contact_email: mail('example.com', 255) }));
for (const f of ['features', 'usps', 'keywords']) {
  add('update_my_listing', `fields.${f}`, edit({ [f]: Array(20).fill('item') }), edit({ [f]: Array(21).fill('item') }));
  add('update_my_listing', `fields.${f}.0`, edit({ [f]: [x(200)] }), edit({ [f]: [x(201)] }));
}
add('update_my_listing', 'fields.name', null, edit({ name: 'Not editable here' }));
add('update_my_listing', 'socials.x', () => ({ listing_id: w.mine, socials: { x: padUrl('https://x.com/', 500) } }), () => ({ listing_id: w.mine, socials: { x: padUrl('https://x.com/', 501) } }));
add('update_my_listing', 'socials.myspace', null, () => ({ listing_id: w.mine, socials: { myspace: 'https://myspace.com/me' } }));
add('update_my_listing', 'faqs', () => ({ listing_id: w.mine, faqs: Array(10).fill(faq) }), () => ({ listing_id: w.mine, faqs: Array(11).fill(faq) }));
add('update_my_listing', 'faqs.0.question', () => ({ listing_id: w.mine, faqs: [{ question: x(300), answer: 'A.' }] }), () => ({ listing_id: w.mine, faqs: [{ question: x(301), answer: 'A.' }] }));
add('update_my_listing', 'faqs.0.answer', () => ({ listing_id: w.mine, faqs: [{ question: 'Q?', answer: x(1500) }] }), () => ({ listing_id: w.mine, faqs: [{ question: 'Q?', answer: x(1501) }] }));
add('update_my_listing', 'faqs.0.answer', null, () => ({ listing_id: w.mine, faqs: [{ question: 'Q?' }] }));
add('update_my_listing', 'story', null, () => ({ listing_id: w.mine, story: {} }));
add('update_my_listing', 'listing_id', null, () => ({ listing_id: 0 }));
const upd = (over: Record<string, unknown>): Args => () => ({ listing_id: w.mine, title: 'News', body: 'Text', ...over });
add('post_listing_update', 'title', upd({ title: x(200) }), upd({ title: x(201) }));
add('post_listing_update', 'body', upd({ body: x(5000) }), upd({ body: x(5001) }));
add('post_listing_update', 'title', null, () => ({ listing_id: w.mine, body: 'Text' }));
add('post_listing_update', 'body', null, () => ({ listing_id: w.mine, title: 'News' }));
add('post_listing_update', 'html', null, upd({ html: '<b>x</b>' }));
const mile = (over: Record<string, unknown>): Args => () => ({ listing_id: w.mine, date: '2026-01-05', title: 'Launch', ...over });
add('add_milestone', 'title', mile({ title: x(200) }), mile({ title: x(201) }));
add('add_milestone', 'description', mile({ description: x(2000) }), mile({ description: x(2001) }));
add('add_milestone', 'url', mile({ url: padUrl('https://m.example/', 500) }), mile({ url: padUrl('https://m.example/', 501) }));
add('add_milestone', 'date', mile({ date: '2024-02-29' }), mile({ date: '05/01/2026' }));
add('add_milestone', 'date', null, () => ({ listing_id: w.mine, title: 'Launch' }));
add('add_milestone', 'title', null, () => ({ listing_id: w.mine, date: '2026-01-05' }));
add('add_milestone', 'listing_id', null, mile({ listing_id: -1 }));
add('delete_milestone', 'milestone_id', null, () => ({ listing_id: w.mine, milestone_id: 0 }));
add('delete_milestone', 'listing_id', null, () => ({ listing_id: 0, milestone_id: 1 }));
const story = (over: Record<string, unknown>): Args => () => ({ listing_id: w.mine, ...over });
add('set_founder_story', 'title', story({ title: x(200) }), story({ title: x(201) }));
for (const s of ['story', 'why_started', 'problem', 'journey', 'challenges', 'achievements', 'lessons', 'whats_next']) {
  add('set_founder_story', s, story({ [s]: x(8000) }), story({ [s]: x(8001) }));
}
add('set_founder_story', 'intro', null, story({ intro: 'x' }));
const answers = (n: number, answer = 'Yes') => () => ({ answers: w.questions.slice(0, n).map((id) => ({ question_id: id, answer })).concat(n > 30 ? [{ question_id: w.questions[0], answer }] : []) });
add('answer_interview', 'answers', answers(30), answers(31));
add('answer_interview', 'answers.0.answer', answers(1, x(4000)), answers(1, x(4001)));
add('answer_interview', 'answers.0.question_id', null, () => ({ answers: [{ question_id: 0, answer: 'Yes' }] }));
add('answer_interview', 'answers.0.answer', null, () => ({ answers: [{ question_id: w.questions[0] }] }));
add('answer_interview', 'answers.0.question_id', null, () => ({ answers: [{ answer: 'Yes' }] }));
add('answer_interview', 'answers', null, () => ({}));
add('choose_free_listing', 'listing_id', null, () => ({ listing_id: 0 }));

// ---- claims ----
add('claim_listing', 'slug', () => ({ slug: SLUG, method: 'meta' }), () => ({ slug: `${SLUG}a`, method: 'meta' }));
add('claim_listing', 'method', () => ({ slug: SLUG, method: 'file' }), () => ({ slug: SLUG, method: 'phone' }));
add('claim_listing', 'email', () => ({ slug: SLUG, method: 'email', email: mail('claims.example.com', 254) }), () => ({ slug: SLUG, method: 'email', email: mail('claims.example.com', 255) }));
add('claim_listing', 'email', null, () => ({ slug: SLUG, method: 'email' }));
add('claim_listing', 'email', null, () => ({ slug: SLUG, method: 'email', email: 'claims.example.com' }));
add('claim_listing', 'slug', null, () => ({ method: 'dns' }));
add('verify_claim', 'claim_id', null, () => ({ claim_id: 0 }));

// ---- orders (the same body for both) ----
for (const op of ['quote_order', 'create_checkout']) {
  const item = (over: Record<string, unknown> = {}) => ({ product: PRODUCT, ...over });
  const order = (...items: Record<string, unknown>[]): Args => () => ({ items, billing_country: 'US' });
  add(op, 'items', order(item()), order());
  add(op, 'items', order(...Array(20).fill(item())), order(...Array(21).fill(item())));
  add(op, 'items', null, () => ({ billing_country: 'US' }));
  add(op, 'items.0.product', null, order({ listing_id: 1 }));
  add(op, 'items.0.product', order(item()), order(item({ product: `${PRODUCT}p` })));
  add(op, 'items.0.listing_id', () => ({ items: [{ product: 'featured', listing_id: w.mine }] }), () => ({ items: [{ product: 'featured', listing_id: 0 }] }));
  add(op, 'items.0.week', () => ({ items: [{ product: 'launch', listing_id: w.submitted, week: w.week }] }), () => ({ items: [{ product: 'launch', listing_id: w.submitted, week: `${w.week}x` }] }));
  const billboard = (amount: unknown): Args => () => ({ items: [{ product: 'billboard_min', listing_id: w.mine, amount_cents: amount }] });
  add(op, 'items.0.amount_cents', billboard(1), billboard(0));
  add(op, 'items.0.amount_cents', billboard(100_000_000), billboard(100_000_001));
  add(op, 'items.0.amount_cents', null, billboard(10.5));
  const cats = (n: number): Args => () => ({ items: [{ product: 'extra_categories', listing_id: w.mine, categories: w.extra.concat(['extra-x']).slice(0, n) }] });
  add(op, 'items.0.categories', cats(10), cats(11), { rule: true }); // at most 3 extra categories is the service's rule beyond the bound
  add(op, 'items.0.categories.0', null, () => ({ items: [{ product: 'extra_categories', listing_id: w.mine, categories: ['Not A Slug'] }] }));
  const opts = (n: number): Args => () => ({ items: [item({ options: Object.fromEntries(Array.from({ length: n }, (_, i) => [`o${i}`, 'v'])) })] });
  add(op, 'items.0.options', opts(20), opts(21));
  add(op, 'billing_country', () => ({ items: [item()], billing_country: 'de' }), () => ({ items: [item()], billing_country: 'DEU' }));
  add(op, 'vat_number', () => ({ items: [item()], billing_country: 'US', vat_number: x(32, '1') }), () => ({ items: [item()], billing_country: 'US', vat_number: x(33, '1') }));
  add(op, 'items.0.price_cents', null, order(item({ price_cents: 1 })));
  add(op, 'coupon', null, () => ({ items: [item()], coupon: 'FREE' }));
}

// Rows this process has written (SQLite's total_changes(); on PostgreSQL every changing statement and commit).
const changes = () => app.db.engine.writes();
const paths = (body: any): string[] => (body?.errors ?? []).map((e: { path: string }) => e.path);
const messagesAt = (body: any, path: string): string[] => (body?.errors ?? []).filter((e: any) => e.path === path).map((e: any) => e.message);
const label = (c: Case) => `${c.op} ${c.path}${c.good ? ' (at the bound and past it)' : ''}`;

describe.each(DRIVERS)('spec bounds over %s', (d) => {
  it.each(cases.map((c) => [label(c), c] as const))('%s', async (_label, c) => {
    const bad = await c.bad();
    const auth = d === 'rest' ? restAuth : {};
    const before = changes();
    const refused = await callOp(app, clients, d, c.op, bad, auth);
    expect(refused.status, JSON.stringify(refused.body).slice(0, 300)).toBe(400);
    expect(refused.body.code).toBe('invalid_input');
    expect(paths(refused.body)).toContain(c.path);
    expect(changes(), 'a refused call wrote to the database').toBe(before);
    if (!c.good) return;
    const passed = await callOp(app, clients, d, c.op, await c.good(), auth);
    if (c.rule) {
      // The schema's bound accepts the value; only the service's own rule may still refuse it, in other words.
      const schemaMessages = messagesAt(refused.body, c.path);
      for (const m of messagesAt(passed.body, c.path)) expect(schemaMessages).not.toContain(m);
      return;
    }
    // MCP has no status of its own for a success: callOp reports 200.
    const expected = c.okStatus ?? (d === 'rest' ? toolByName.get(c.op)!.http.status ?? 200 : 200);
    expect(passed.status, JSON.stringify(passed.body).slice(0, 300)).toBe(expected);
  });
});
