import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDeepStrictEqual } from 'node:util';
import { startApp, type TestApp } from './harness';
import { addListing, addUser } from './fixtures';
import { Browser, mcpToolCall, rpcBody, signUp, submitForm, type McpEra } from './auth-helpers';
import { ownerAuthorization, secondConnection } from './support/second-writer';
import { createApp } from '../transport/app';
import { listen } from '../transport/node-front';
import type { Db } from '../storage/db';
import { flushListingViews } from '../storage/queries/views';
import { addReview, markReviewNotGenuine, toggleFollow, toggleVote } from '../storage/queries/community';
import { importDomainRatings, importRevenue } from '../storage/queries/imports';
import { awardWeek } from '../storage/queries/awards-compute';
import { unpublishBlogPost } from '../storage/queries/blog-authoring';
import { setPrice, setSettingValue } from '../storage/queries/admin';
import { isoDay, mondayOf } from '../domain/weeks';
import { BOARDS } from '../domain/ranking';
import { createRng } from '../storage/seed/random';
import { goLiveDue } from '../jobs/go-live';
import { LAUNCH_SECTIONS } from '../tools/launches/list_launches';

// A remembered answer must never outlive what it read. The freshness tests (read-freshness.e2e.test.ts) name the
// writes we thought of; this one writes at random over the demo directory, the way people, owners, operators and
// other nodes do — through this app's own routes and through a second connection running the storage code another
// process would run, or plain SQL as an operator would — and after every write compares what this app answers (its
// remembered answers warm) with what a process started after the write answers from the same database, for every
// public read of the API, MCP tools/call in both protocol eras and the site's signed-out pages, each GET also as a
// returning visitor revalidates it. They must be the same, byte for byte once what differs by design per process or
// per request (nonces, request ids) is taken out.
//
// One thing is kept apart: lists ranked by votes, views or follows are ranked as of the minute (tools/remembered.ts),
// so within the minute of a vote, a follow or a view a list may keep its old order and members. After such a write
// those lists are compared as they must be within the minute — every listing both show, with the same figures — and
// every answer again in full once the clock has moved on a minute. After any other write, all of it must agree at once.

const SEED = Number(process.env.CACHE_DIFFERENTIAL_SEED ?? 20261129);
// Each kind of write once, in turn, then as many chosen at random.
const RANDOM_STEPS = Number(process.env.CACHE_DIFFERENTIAL_STEPS ?? 10);

// The demo directory's seeded generator: a failing sequence is replayed with its seed.
const rng = createRng(SEED);

// Words a listing may be edited to say: English, German, Spanish and French, some near others (typo searches).
const WORDS = ['invoicing', 'rostering', 'Zeiterfassung', 'facturación', 'planificateur', 'bakery', 'bakeries', 'ledger', 'florist', 'kanban', 'payroll', 'analytics', 'newsletter', 'scheduling', 'Buchhaltung', 'inventario'];
const sentence = () => Array.from({ length: rng.int(3, 7) }, () => rng.pick(WORDS)).join(' ');

let app: TestApp;
let other: Db; // another node's connection to the same database
type Row = Record<string, any>;
const sql = async (text: string, ...params: unknown[]): Promise<Row[]> => await other.engine.prepare(text).all(...params) as Row[];
const run = async (text: string, ...params: unknown[]) => { await other.engine.prepare(text).run(...params); };
let owned: { id: number; slug: string; authorization: string }[] = [];
let voter: Browser;
let users: number[] = [];
const now = () => app.clock.now().toISOString();

// The writes touch a focus of the directory, and every round reads all of it, so each answer a write could change
// was remembered before the write: ten listings (the six an owner edits, two others, a scheduled one and one with
// few votes), their founders and three others, their categories and three others, and every blog post.
const focus = { listings: [] as number[], founders: [] as number[], categories: [] as number[] };
const ids = (rows: Row[]) => rows.map((r) => Number(r.id));

beforeAll(async () => {
  app = await startApp({ demo: true });
  other = await secondConnection(app);
  const some = await sql("SELECT id, slug FROM listings WHERE status = 'live' ORDER BY votes_count DESC, id LIMIT 6");
  owned = [];
  for (const l of some) owned.push({ id: l.id, slug: l.slug, authorization: await ownerAuthorization(app, l.id, `owner-${l.id}@example.test`, ['listings:write', 'account:read']) });
  const live = ids(await sql("SELECT id FROM listings WHERE status = 'live' ORDER BY id")).filter((id) => !owned.some((o) => o.id === id));
  focus.listings = [...owned.map((o) => o.id), rng.pick(live), rng.pick(live),
    ...ids(await sql("SELECT id FROM listings WHERE status = 'scheduled' ORDER BY launch_week, id LIMIT 1")),
    ...ids(await sql("SELECT id FROM listings WHERE status = 'live' ORDER BY votes_count, id LIMIT 1"))];
  const inFocus = focus.listings.join(',');
  focus.founders = [...new Set([...ids(await sql(`SELECT founder_id AS id FROM listing_founders WHERE listing_id IN (${inFocus}) ORDER BY founder_id`)),
    ...ids(await sql(`SELECT id FROM founders WHERE id NOT IN (SELECT founder_id FROM listing_founders) ORDER BY id LIMIT 3`))])];
  focus.categories = [...new Set([...ids(await sql(`SELECT category_id AS id FROM listing_categories WHERE listing_id IN (${inFocus}) ORDER BY category_id`)),
    ...ids(await sql('SELECT id FROM categories WHERE parent_id IS NOT NULL ORDER BY id LIMIT 3'))])];
  users = [];
  for (let i = 0; i < 8; i++) users.push(await addUser(app.db, `differential-${i}@example.test`));
  voter = new Browser(app.url);
  await signUp(voter, 'differential-voter@example.test', 'a long password here', 'Voter');
}, 60_000);
afterAll(async () => {
  await other?.engine.close();
  await app?.close();
});

const focusRows = async (table: 'listings' | 'founders' | 'categories', where = '1 = 1') =>
  await sql(`SELECT * FROM ${table} WHERE id IN (${focus[table].join(',')}) AND ${where} ORDER BY id`);
const someLive = async () => rng.pick(await focusRows('listings', "status = 'live'"));

// Each write says what it did, for the message of a failing comparison.
type Write = () => Promise<string>;
const patch = async (l: (typeof owned)[number], method: string, path: string, body: unknown, status: number) => {
  const res = await fetch(`${app.api}/me/listings/${l.id}${path}`, { method, headers: { authorization: l.authorization, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(status);
  return await res.json();
};
// A signed-in visitor's form on a listing page, as the browser posts it.
const siteForm = async (action: string, fields: Record<string, string> = {}) => {
  const l = await someLive();
  expect((await submitForm(voter, `/listings/${l.slug}`, `/listings/${l.slug}/${action}`, fields)).status).toBe(303);
  return `${action} on ${l.slug}`;
};
const WRITES: Record<string, Write> = {
  // Through this app's own routes: owners (REST), signed-in visitors (the site's forms) and the view beacon.
  async 'an owner edits their listing'() {
    const l = rng.pick(owned);
    const fields: Record<string, unknown> = {};
    for (const f of ['tagline', 'description', 'pricing_model', 'country', 'keywords', 'headline'] as const) {
      if (rng.next() < 0.4) fields[f] = f === 'country' ? rng.pick(['DE', 'ES', 'FR', 'US', '']) : f === 'keywords' ? [rng.pick(WORDS), rng.pick(WORDS)] : f === 'pricing_model' ? rng.pick(['free', 'freemium', 'subscription']) : sentence();
    }
    if (!Object.keys(fields).length) fields.tagline = sentence();
    await patch(l, 'PATCH', '', { fields }, 200);
    return `${l.slug} ${JSON.stringify(fields)}`;
  },
  async 'an owner posts an update'() {
    const l = rng.pick(owned);
    await patch(l, 'POST', '/updates', { title: sentence(), body: sentence() }, 201);
    return l.slug;
  },
  async 'an owner adds a milestone'() {
    const l = rng.pick(owned);
    await patch(l, 'POST', '/milestones', { date: isoDay(app.clock.now()), title: sentence() }, 201);
    return l.slug;
  },
  async 'an owner sets or clears the founder story'() {
    const l = rng.pick(owned);
    return `${l.slug}: ${JSON.stringify(await patch(l, 'PUT', '/story', rng.next() < 0.2 ? {} : { title: sentence(), story: sentence(), lessons: sentence() }, 200))}`;
  },
  'a visitor votes on the site': () => siteForm('vote'),
  'a visitor follows on the site': () => siteForm('follow'),
  'a visitor reviews on the site': () => siteForm('reviews', { rating: String(rng.int(1, 5)), body: sentence() }),
  async 'visitors view listing pages (the beacon), flushed as every half second'() {
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      const l = await someLive();
      const res = await fetch(`${app.url}/v/${l.slug}.gif`, { headers: { 'user-agent': `Mozilla/5.0 (X11; Linux x86_64) Firefox/${rng.int(120, 1119)}.0` } });
      expect(res.status).toBe(200);
      seen.push(l.slug);
    }
    await flushListingViews(app.db);
    return seen.join(', ');
  },
  // Time: hours pass (days end, weeks turn), and the go-live job promotes the listings whose week has begun.
  async 'time passes, and the go-live job runs'() {
    app.clock.advance(rng.int(1, 40) * 3_600_000);
    return `now ${now()}, live: ${JSON.stringify(await goLiveDue(other, app.clock.now()))}`;
  },
  // Another node, running the same storage code on its own connection.
  async 'another node takes a vote'() {
    const l = await someLive();
    return `${l.slug}: ${JSON.stringify(await toggleVote(other, l.id, rng.pick(users), now()))}`;
  },
  async 'another node takes a follow'() {
    const l = await someLive();
    return `${l.slug}: ${JSON.stringify(await toggleFollow(other, l.id, rng.pick(users), now()))}`;
  },
  async 'another node adds a live listing'() {
    const word = rng.pick(WORDS);
    const category = rng.pick(await focusRows('categories', 'parent_id IS NOT NULL'));
    const slug = `new-${word.toLowerCase().normalize('NFKD').replace(/[^a-z]/g, '')}-${focus.listings.length}`;
    const id = await addListing(other, {
      name: `${word} ${rng.pick(WORDS)}`, slug, tagline: sentence(), keywords: [word], category: category.slug,
      launchedAt: now(), launchWeek: mondayOf(app.clock.now()),
    });
    focus.listings.push(id);
    return `${slug} in ${category.slug}`;
  },
  async 'another node takes a review'() {
    const l = await someLive();
    return `${l.slug}: ${JSON.stringify(await addReview(other, { listingId: l.id, userId: rng.pick(users), rating: rng.int(1, 5), body: sentence(), at: now() }))}`;
  },
  async 'the operator marks a review not genuine'() {
    const r = rng.pick(await sql(`SELECT id FROM reviews WHERE genuine = 1 AND listing_id IN (${focus.listings.join(',')}) ORDER BY id`));
    return r ? `review ${r.id}: ${JSON.stringify(await markReviewNotGenuine(other, r.id))}` : 'none left';
  },
  async 'the operator imports Domain Ratings'() {
    const l = await someLive();
    return JSON.stringify(await importDomainRatings(other, `slug,rating\n${l.slug},${rng.int(0, 100)}\n`, { today: isoDay(app.clock.now()) }));
  },
  async 'the operator imports revenue'() {
    const l = await someLive();
    const today = isoDay(app.clock.now());
    return JSON.stringify(await importRevenue(other, `slug,mrr_cents,period,verified_by\n${l.slug},${rng.int(0, 4_999_999)},${today.slice(0, 7)},stripe\n`, { today }));
  },
  async 'the operator withdraws an award'() {
    const a = rng.pick(await sql(`SELECT id FROM awards WHERE listing_id IN (${focus.listings.join(',')}) ORDER BY id`));
    if (!a) return 'none left';
    await run('DELETE FROM awards WHERE id = ?', a.id);
    return `award ${a.id}`;
  },
  async 'the operator awards a week again'() {
    const week = rng.pick(await sql('SELECT DISTINCT week FROM awards ORDER BY week DESC LIMIT 4')).week;
    await run('DELETE FROM awards WHERE week = ?', week);
    return `${week}: ${JSON.stringify(await awardWeek(other, week))}`;
  },
  async 'the operator changes a price'() {
    const p = rng.pick(await sql('SELECT code FROM products WHERE active = 1 ORDER BY code'));
    return `${p.code}: ${JSON.stringify(await setPrice(other, p.code, rng.int(1000, 90_999)))}`;
  },
  async 'the operator changes the site tagline'() {
    return JSON.stringify(await setSettingValue(other, 'site_tagline', sentence()));
  },
  async 'the operator takes a blog post down or puts it back'() {
    const post = rng.pick(await sql('SELECT slug, draft FROM blog_posts ORDER BY slug'));
    if (Number(post.draft) === 1) {
      await run('UPDATE blog_posts SET draft = 0 WHERE slug = ?', post.slug);
      return `${post.slug} back`;
    }
    return `${post.slug}: ${await unpublishBlogPost(other, post.slug)}`;
  },
  // Plain SQL from another connection, as an operator at a console would write.
  async 'SQL: a category renamed'() {
    const c = rng.pick(await focusRows('categories'));
    // Category names are unique: the id keeps two renamed ones apart.
    await run('UPDATE categories SET name = ? WHERE id = ?', `${rng.pick(WORDS)} tools ${c.id}`, c.id);
    return c.slug;
  },
  async 'SQL: a founder renamed'() {
    const f = rng.pick(await focusRows('founders'));
    await run('UPDATE founders SET name = ?, headline = ? WHERE id = ?', `${rng.pick(WORDS)} Person`, sentence(), f.id);
    return f.slug;
  },
  async 'SQL: a founder linked to or unlinked from a listing'() {
    const l = await someLive();
    const f = rng.pick(await focusRows('founders'));
    const linked = (await sql('SELECT founder_id FROM listing_founders WHERE listing_id = ? AND founder_id = ?', l.id, f.id)).length > 0;
    if (linked) await run('DELETE FROM listing_founders WHERE listing_id = ? AND founder_id = ?', l.id, f.id);
    else await run('INSERT INTO listing_founders (listing_id, founder_id, title, position) VALUES (?, ?, ?, ?)', l.id, f.id, 'Co-founder', 9);
    return `${f.slug} ${linked ? 'unlinked from' : 'linked to'} ${l.slug}`;
  },
  async 'SQL: an interview question reworded'() {
    const q = rng.pick(await sql('SELECT id FROM interview_questions ORDER BY id'));
    await run('UPDATE interview_questions SET question = ? WHERE id = ?', `${sentence()}?`, q.id);
    return `question ${q.id}`;
  },
  async 'SQL: a listing taken down'() {
    const l = await someLive();
    await run("UPDATE listings SET status = 'rejected' WHERE id = ?", l.id);
    return l.slug;
  },
  async 'SQL: a listing brought back'() {
    const l = (await focusRows('listings', "status = 'rejected'"))[0];
    if (!l) return 'none taken down';
    await run("UPDATE listings SET status = 'live' WHERE id = ?", l.id);
    return l.slug;
  },
  async 'SQL: a listing moved to another category'() {
    const l = await someLive();
    const c = rng.pick(await focusRows('categories', 'parent_id IS NOT NULL'));
    await run('DELETE FROM listing_categories WHERE listing_id = ?', l.id);
    await run('INSERT INTO listing_categories (listing_id, category_id, is_primary) VALUES (?, ?, 1)', l.id, c.id);
    await run('UPDATE listings SET primary_category_id = ? WHERE id = ?', c.id, l.id);
    return `${l.slug} to ${c.slug}`;
  },
  async 'SQL: a listing renamed'() {
    const l = await someLive();
    await run('UPDATE listings SET name = ?, tagline = ? WHERE id = ?', `${rng.pick(WORDS)} ${rng.pick(WORDS)}`, sentence(), l.id);
    return l.slug;
  },
  async "SQL: a listing's alternatives approved or withdrawn"() {
    const l = await someLive();
    await run('UPDATE listing_alternatives SET approved = 1 - approved WHERE listing_id = ?', l.id);
    return l.slug;
  },
  async 'SQL: a billboard contribution'() {
    const l = await someLive();
    await run('INSERT INTO billboard_contributions (listing_id, amount_cents, source, created_at) VALUES (?, ?, ?, ?)', l.id, 1000 * rng.int(1, 50), 'test', now());
    return l.slug;
  },
};

// The public reads compared after each write: every public GET of the API and the site's signed-out pages, for all
// of the focus, the whole of the lists that show it, and searches for the words the edits write (and typos of them).
const typo = (w: string) => w.slice(0, -2) + w.at(-1) + w.at(-2); // the last two letters swapped
async function reads(): Promise<string[]> {
  const listings = (await focusRows('listings')).map((l) => l.slug as string);
  const founders = (await focusRows('founders')).map((f) => f.slug as string);
  const categories = (await focusRows('categories')).map((c) => c.slug as string);
  const posts = (await sql('SELECT slug FROM blog_posts ORDER BY slug')).map((p) => p.slug as string);
  const day = 86_400_000;
  const weeks = [-7, 0, 7, 14].map((d) => mondayOf(new Date(app.clock.now().getTime() + d * day)));
  const all = '&per_page=100';
  const api = [
    '/site', '/categories', '/blog', '/interview-questions', '/products', `/awards?page=1${all}`,
    ...[1, 2, 3].map((page) => `/founders?page=${page}${all}`),
    ...LAUNCH_SECTIONS.map((section) => `/launches?section=${section}${all}`),
    ...weeks.map((w) => `/launches/weeks/${w}?per_page=100`),
    ...Object.keys(BOARDS).map((b) => `/leaderboards/${b}?per_page=100`),
    ...['relevance', 'newest', 'votes', 'trending', 'most_viewed', 'most_followed'].map((sort) => `/listings?sort=${sort}${all}`),
    '/listings?status=upcoming&per_page=100',
    ...WORDS.flatMap((w) => [`/listings?q=${encodeURIComponent(w)}`, `/listings?q=${encodeURIComponent(typo(w))}&sort=votes`]),
    '/listings?pricing_model=free&per_page=100', '/listings?country=DE&per_page=100',
    ...categories.flatMap((c) => [`/categories/${c}?per_page=100`, `/listings?category=${c}&per_page=100`]),
    ...listings.flatMap((l) => [`/listings/${l}`, `/listings/${l}/alternatives?per_page=100`, `/listings/${l}/badges`, `/awards?listing=${l}`]),
    ...listings.slice(1).map((l) => `/compare?a=${listings[0]}&b=${l}`),
    ...founders.map((f) => `/founders/${f}`),
    ...posts.map((p) => `/blog/${p}`),
  ].map((p) => `/api/v1${p}`);
  const site = [
    '/', '/categories', '/launches', '/leaderboards', '/blog', '/founders', '/updates',
    ...WORDS.slice(0, 4).map((w) => `/search?q=${encodeURIComponent(w)}`),
    ...Object.keys(BOARDS).map((b) => `/leaderboards/${b}`),
    ...weeks.map((w) => `/launches/weeks/${w}`),
    ...listings.map((l) => `/listings/${l}`),
    ...categories.map((c) => `/categories/${c}`),
    ...founders.map((f) => `/founders/${f}`),
    ...posts.map((p) => `/blog/${p}`),
  ];
  const call = (era: McpEra, tool: string, args: Record<string, unknown>) => `mcp ${era} ${tool} ${JSON.stringify(args)}`;
  const mcp = [
    ...listings.map((slug, i) => call(i % 2 ? 'legacy' : 'modern', 'get_listing', { slug })),
    ...WORDS.slice(0, 4).map((q, i) => call(i % 2 ? 'modern' : 'legacy', 'search_listings', { q: typo(q) })),
    ...['community-weekly', 'revenue', 'domain-rating'].map((board) => call('modern', 'get_leaderboard', { board })),
    ...founders.slice(0, 3).map((slug) => call('legacy', 'get_founder', { slug })),
    ...categories.slice(0, 2).map((slug) => call('modern', 'get_category', { slug })),
    call('modern', 'list_awards', { per_page: 100 }), call('legacy', 'get_site_info', {}),
  ];
  return [...new Set([...api, ...site, ...mcp])];
}

// What may differ between two processes or two requests for the same answer: the CSP nonce, request ids.
const normalise = (text: string) => text.replace(/nonce="[^"]*"/g, 'nonce=""').replace(/"request_id":"[^"]*"/g, '"request_id":""');

type Answer = { status: number; body: unknown };
const answerOf = async (res: Response): Promise<Answer> => {
  const text = normalise(await res.text());
  return { status: res.status, body: (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text };
};

// A read is a GET of a path, or `mcp <era> <tool> <arguments as JSON>`: a tools/call as a client of that protocol era
// sends it. Of an MCP answer, what the client reads: the error flag, the structured result and the text block's JSON.
async function answerAt(origin: string, read: string): Promise<Answer> {
  if (!read.startsWith('mcp ')) return await answerOf(await fetch(origin + read));
  const [, era, tool, args] = /^mcp (\S+) (\S+) (.*)$/.exec(read)!;
  const res = await mcpToolCall(origin, era as McpEra, tool, JSON.parse(args));
  const result = (await rpcBody(res))?.result;
  const text = result?.content?.[0]?.text;
  return { status: res.status, body: { isError: result?.isError ?? false, structured: result?.structuredContent ?? null, text: text === undefined ? null : result?.isError ? text : JSON.parse(text) } };
}

// This app, through its listener, as any client reads it; and for each GET answered with an ETag, as a returning
// visitor who kept an earlier answer asks again, with If-None-Match, right after someone else's read has made the
// answer current: browsers, proxies and CDNs revalidate so. A 304 stands for what that visitor kept, and must stand
// for what the app answers now: a 304 for an answer that has changed since is found here.
const kept = new Map<string, { etag: string; answer: Answer }>();
const revalidations: string[] = [];
async function appAnswers(reads: string[]): Promise<Map<string, Answer>> {
  const out = new Map<string, Answer>();
  for (const r of reads) {
    const answer = await answerAt(app.url, r);
    out.set(r, answer);
    if (r.startsWith('mcp ')) continue;
    const before = kept.get(r);
    const res = await fetch(app.url + r, { headers: before ? { 'if-none-match': before.etag } : {} });
    const etag = res.headers.get('etag');
    let again: Answer;
    if (res.status === 304 && before) {
      await res.body?.cancel();
      again = before.answer;
    } else {
      again = await answerOf(res);
      if (etag && again.status === 200) kept.set(r, { etag, answer: again });
    }
    if (!isDeepStrictEqual(again, answer)) revalidations.push(`${r}: revalidated with ${before?.etag ?? 'nothing'}, ${res.status}${firstDifference(again.body, answer.body)}`);
  }
  return out;
}

// A process started now: a new connection and a new app over it, nothing remembered, serving on a port of its own as
// a second node of the same site would.
async function freshAnswers(reads: string[]): Promise<Map<string, Answer>> {
  const db = await secondConnection(app);
  const built = createApp({ db, config: app.config, clock: app.clock });
  const { server, port } = await listen(built.listener, 0, '127.0.0.1');
  const out = new Map<string, Answer>();
  try {
    for (const r of reads) out.set(r, await answerAt(`http://127.0.0.1:${port}`, r));
  } finally {
    await new Promise<void>((done) => server.close(() => done()));
    await built.close();
    await db.engine.close();
  }
  return out;
}

// A list ranked as of the minute, within the minute of a vote, a follow or a view: each listing both show, with the
// same figures, wherever it stands; which listings make the list and its total may lag until the minute is over.
// Items are matched by their listing's slug. Lists ranked so: the vote boards, searches in any order but newest (their
// relevance ties by votes), categories, launches and alternatives.
const RANKED = /\/leaderboards\/community|[?&]sort=(relevance|votes|trending|most_viewed|most_followed)|\/categories\/|\/launches|^\/api\/v1\/listings\?(?!.*sort=newest)|\/alternatives/;
// The site's pages that show such lists: the front page, boards, categories, launches and searches.
const RANKED_PAGE = /^\/($|\?|leaderboards|categories\/|launches|search)/;
// The same for MCP: searches, the vote boards, categories, launches and alternatives.
const RANKED_MCP = /^mcp \S+ (search_listings (?!.*"sort":"newest")|get_leaderboard .*"board":"community|get_category|list_launches|get_launch_week|get_alternatives)/;
// The writes that move those counters (a review is not one of them).
const COUNTED = /\b(votes?|follows?|view)\b/;
const slugOf = (x: unknown): string | undefined => {
  const o = x as Row | null;
  return typeof o?.slug === 'string' ? o.slug : typeof o?.listing?.slug === 'string' ? o.listing.slug : undefined;
};
function withinMinute(a: unknown, b: unknown): [unknown, unknown] {
  if (Array.isArray(a) && Array.isArray(b) && [...a, ...b].every((x) => slugOf(x) !== undefined)) {
    const of = (xs: unknown[]) => new Map(xs.map((x) => [slugOf(x)!, x]));
    const [ma, mb] = [of(a), of(b)];
    const both = [...ma.keys()].filter((k) => mb.has(k)).sort();
    const pairs = both.map((k) => withinMinute(ma.get(k), mb.get(k)));
    return [pairs.map((p) => p[0]), pairs.map((p) => p[1])];
  }
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const oa: Row = {};
    const ob: Row = {};
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (k === 'rank' || k === 'position' || k === 'total' || k === 'next_cursor' || k === 'has_more') continue;
      [oa[k], ob[k]] = withinMinute((a as Row)[k], (b as Row)[k]);
    }
    return [oa, ob];
  }
  return [a, b];
}

// The first place two JSON values part, as a path and both values.
function firstDifference(a: unknown, b: unknown, path = ''): string {
  if (isDeepStrictEqual(a, b)) return '';
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const d = firstDifference((a as Row)[k], (b as Row)[k], `${path}.${k}`);
      if (d) return d;
    }
  }
  if (typeof a === 'string' && typeof b === 'string' && a.length > 200) {
    let i = 0;
    while (a[i] === b[i]) i++;
    return `${path} at ${i}: …${a.slice(Math.max(0, i - 120), i + 120)}… against …${b.slice(Math.max(0, i - 120), i + 120)}…`;
  }
  return `${path}: ${JSON.stringify(a)?.slice(0, 300)} against ${JSON.stringify(b)?.slice(0, 300)}`;
}

function compare(paths: string[], mine: Map<string, Answer>, truth: Map<string, Answer>, within: boolean): string[] {
  const problems: string[] = [];
  for (const p of paths) {
    const a = mine.get(p)!;
    const b = truth.get(p)!;
    const relax = within && (p.startsWith('mcp ') ? RANKED_MCP.test(p) : p.startsWith('/api/') ? RANKED.test(p) : RANKED_PAGE.test(p));
    // The reads are the test's own: one the API refuses would compare nothing.
    if (a.status === 400 || b.status === 400 || (p.startsWith('mcp ') && (a.body as Row).structured === null && (a.body as Row).isError && /invalid/i.test(String((a.body as Row).text)))) problems.push(`${p}: 400 ${JSON.stringify(a.body).slice(0, 300)}`);
    else if (a.status !== b.status) problems.push(`${p}: status ${a.status} against ${b.status}`);
    else if (relax && typeof a.body === 'string') continue; // a ranked page's HTML is compared once the minute has moved on
    else {
      const [x, y] = relax ? withinMinute(a.body, b.body) : [a.body, b.body];
      if (!isDeepStrictEqual(x, y)) problems.push(`${p}${firstDifference(x, y)}`);
    }
  }
  return problems;
}

describe('remembered answers against a process started after each write (random writes, seed ' + SEED + ')', () => {
  it('every public read answers what a fresh process answers, after every write', async () => {
    const names = Object.keys(WRITES);
    const done: string[] = [];
    // Warm this app's remembered answers first.
    await appAnswers(await reads());
    for (let step = 0; step < names.length + RANDOM_STEPS; step++) {
      const name = names[step < names.length ? step : rng.int(0, names.length - 1)];
      done.push(`${step}: ${name}: ${await WRITES[name]()}`);
      const paths = await reads();
      // Views counted by this app's page reads are flushed before each comparison, so both read the same counts.
      await flushListingViews(app.db);
      const within = compare(paths, await appAnswers(paths), await freshAnswers(paths), COUNTED.test(name));
      app.clock.advance(61_000);
      await flushListingViews(app.db);
      const after = compare(paths, await appAnswers(paths), await freshAnswers(paths), false);
      const problems = [...within.map((p) => `within the minute: ${p}`), ...after.map((p) => `a minute later: ${p}`), ...revalidations.splice(0)];
      if (problems.length) throw new Error(`After the writes (seed ${SEED}):\n${done.join('\n')}\n\n${problems.slice(0, 12).join('\n')}`);
    }
  }, 600_000);
});
