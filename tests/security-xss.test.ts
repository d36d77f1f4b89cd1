import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load } from 'cheerio';
import * as oauth from 'oauth4webapi';
import { startApp, type TestApp } from './harness';
import { addCategory, addListing, addUser, addVotes, insertRow } from './fixtures';
import { Browser, runAuthorization, signUp, submitForm } from './auth-helpers';
import { readyDraft } from './drafts-helpers';
import { seedOrderWorld, rest } from './orders-helpers';
import { createApiKey } from '../auth/accounts';
import { sha256Hex } from '../auth/api-keys';
import {
  awards, billboardContributions, blogPosts, claims, domainRatings, draftInvites, founders, listingAlternatives,
  listingFounders, listingUpdates, milestones, revenueReports, reviews, users,
} from '../storage/schema';

// Everything user-written that reaches HTML or SVG is escaped, and user-written URLs never become
// javascript:/data: links. Hostile values go into every kind of record a page shows, then every page kind
// is fetched and parsed: no <script>, no event-handler attribute, no scriptable URL, no raw markup.

const SCRIPT = '<script>alert(1)</script>';
const IMG = '"><img src=x onerror=alert(1)>';
const STYLE = '</style><script>alert(2)</script>';
const ATTR = `' onmouseover='alert(3)`;
const H = (label: string) => `${label} ${SCRIPT} ${IMG} ${STYLE} ${ATTR}`;
const SHORT = (label: string) => `${label} ${SCRIPT}${IMG}`; // for fields of at most 100 characters
const JS = 'javascript:alert(1)';
const DATA = 'data:text/html,<script>alert(1)</script>';
const ESCAPED_SCRIPT = '&lt;script&gt;alert(1)&lt;/script&gt;';

const URL_ATTRS = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'poster', 'data', 'srcset', 'background', 'cite']);

// Parses the document and fails on anything that could run script.
function expectInert(markup: string, where: string, xml = false): void {
  expect(markup, `${where}: a raw <script`).not.toMatch(/<script/i);
  expect(markup, `${where}: a raw injected <img`).not.toMatch(/<img src=x/i);
  const $ = load(markup, xml ? { xml: true } : {});
  expect($('script').length, `${where}: script element`).toBe(0);
  $('*').each((_, el) => {
    const attribs = (el as unknown as { attribs?: Record<string, string> }).attribs ?? {};
    for (const [name, value] of Object.entries(attribs)) {
      expect(/^on/i.test(name), `${where}: event handler attribute ${name}="${value}" on <${(el as { tagName?: string }).tagName}>`).toBe(false);
      if (URL_ATTRS.has(name.toLowerCase())) {
        expect(/^\s*(javascript|data|vbscript):/i.test(value), `${where}: scriptable URL ${name}="${value}"`).toBe(false);
      }
    }
  });
}

async function page(path: string, init?: RequestInit): Promise<string> {
  const res = await fetch(`${app.url}${path}`, init);
  return res.text();
}

let app: TestApp;
let evilId: number;
let claimToken: string;
let inviteToken: string;
let checkoutPath: string;
let owner: Browser;
let account: string;
let consent: string | undefined;

beforeAll(async () => {
  app = await startApp({ demo: false });
  const db = app.db;
  const now = app.clock.now().toISOString();
  await addCategory(db, 'evil-cat', { name: `Cat ${STYLE} ${IMG}`, description: H('category description') });
  await db.engine.prepare('UPDATE categories SET faqs = ? WHERE slug = ?').run(JSON.stringify([{ question: H('cat q'), answer: H('cat a') }]), 'evil-cat');

  // The signed-in person whose name, keys and apps appear on account, claim and invite pages.
  owner = new Browser(app.url);
  await signUp(owner, 'evil-owner@example.test', 'correct horse battery', SHORT('Owner'));
  const ownerId = await db.engine.prepare('SELECT id FROM users WHERE email = ?').pluck().get('evil-owner@example.test') as number;
  expect(ownerId).toBeTypeOf('number');

  evilId = await addListing(db, {
    name: `Evil ${IMG} ${STYLE}`, slug: 'evil', url: 'https://evil.example.com', category: 'evil-cat', status: 'live',
    launchWeek: '2026-11-16', launchedAt: now, plan: 'paid', featured: true, verified: true,
    tagline: H('tagline'), shortDescription: H('short'), description: H('description'), headline: H('headline'), summary: H('summary'),
    logoUrl: JS, demoVideoUrl: DATA, contactEmail: `x@evil.example.com${IMG}`, stage: H('stage'), pricingModel: H('pm'),
    pricingSummary: H('pricing summary'), pricingPlans: [{ name: H('plan'), price: H('price'), period: H('period'), features: [H('pf')] }],
    country: 'DE', city: H('city'), foundedYear: 2020, features: [H('feature')], usps: [H('usp')], keywords: [H('kw')], tags: [H('tag')],
    faqs: [{ question: H('q'), answer: H('a') }], socials: { x: JS, github: DATA, linkedin: `https://linkedin.example/${IMG}`, mastodon: ` ${JS}` },
    notFoundOnWebsite: [H('nf')],
    story: { title: H('story title'), story: H('story'), why_started: H('why'), lessons: H('lessons') },
    media: [
      { kind: 'image', url: JS, caption: H('caption js') },
      { kind: 'video', url: DATA, caption: H('caption data') },
      { kind: 'image', url: `https://img.example/x.png"onerror="alert(1)`, caption: H('caption ok') },
    ],
    unlockedSections: ['story', 'milestones', 'media'], seoTitle: H('seo'), seoDescription: H('seo desc'), ownerUserId: ownerId,
  });
  // A second listing that names the hostile one as its alternative.
  const other = await addListing(db, { name: 'Plain Product', slug: 'plain', url: 'https://plain.example.com', category: 'evil-cat', status: 'live', launchWeek: '2026-11-16', launchedAt: now });
  await insertRow(db, listingAlternatives, { listingId: other, alternativeId: evilId });
  await addVotes(db, evilId, 3);

  const founderId = await insertRow(db, founders, {
    slug: 'evil-founder', name: `Founder ${IMG} ${STYLE}`, headline: H('founder headline'), bio: H('bio'), country: 'DE', avatarUrl: JS,
    socials: { x: JS, github: DATA, website: `https://me.example/${IMG}` }, createdAt: now,
  });
  await insertRow(db, listingFounders, { listingId: evilId, founderId, title: H('title') });

  await insertRow(db, listingUpdates, { listingId: evilId, title: H('update title'), body: H('update body'), createdAt: now });
  await insertRow(db, milestones, { listingId: evilId, date: '2026-01-01', title: H('milestone'), description: H('milestone desc'), url: JS });
  const reviewer = await insertRow(db, users, { email: 'reviewer@example.test', name: H('Reviewer'), createdAt: now });
  await insertRow(db, reviews, { listingId: evilId, userId: reviewer, rating: 4, body: H('review'), genuine: true, createdAt: now });
  await insertRow(db, awards, { week: '2026-11-09', rank: 1, listingId: evilId, votes: 3 });
  await insertRow(db, billboardContributions, { listingId: evilId, amountCents: 5000, source: 'manual', createdAt: now });
  await insertRow(db, domainRatings, { listingId: evilId, rating: 50, recordedOn: '2026-11-01' });
  await insertRow(db, revenueReports, { listingId: evilId, mrrCents: 100000, period: '2026-10-01', verifiedBy: H('verifier'), recordedOn: '2026-11-01' });
  await insertRow(db, blogPosts, {
    slug: 'evil-post', title: H('post title'), excerpt: H('excerpt'), author: H('author'), tags: [H('tag')],
    faqs: [{ question: H('post q'), answer: H('post a') }], publishedAt: '2026-11-01T00:00:00.000Z',
    bodyMarkdown: [
      `# Heading ${SCRIPT}`, '', `A [js link](${JS}) and [data link](${DATA}) and [vb](vbscript:msgbox(1)) and [ent](javascript&#58;alert(1)).`,
      `Raw <img src=x onerror=alert(1)> and ${STYLE} and *em ${IMG}* and \`code ${SCRIPT}\`.`, '',
      '```js" onload="alert(1)', `fenced ${SCRIPT}`, '```', '', `> quote ${IMG}`, '', `- item ${SCRIPT}`, `1. [x](  ${JS})`,
    ].join('\n'),
  });

  // Account page: a key with a hostile name and an app with a hostile name connected through OAuth.
  const key = await createApiKey({ db, clock: app.clock }, ownerId, SHORT('key'));
  if ('errors' in key) throw new Error('no key');
  const insecure = { [oauth.allowInsecureRequests]: true } as const;
  const as = await oauth.processDiscoveryResponse(new URL(app.url), await oauth.discoveryRequest(new URL(app.url), { algorithm: 'oauth2', ...insecure }));
  const client = await oauth.processDynamicClientRegistrationResponse(await oauth.dynamicClientRegistrationRequest(as, {
    client_name: H('App'), redirect_uris: ['http://127.0.0.1:9/cb'], token_endpoint_auth_method: 'none', grant_types: ['authorization_code'],
  }, insecure));
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: client.client_id, redirect_uri: 'http://127.0.0.1:9/cb', response_type: 'code', scope: 'account:read', resource: `${app.url}/mcp`,
    code_challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()), code_challenge_method: 'S256', state: 's',
  }).toString();
  consent = (await runAuthorization(owner, url.href, { continueAs: true })).consent;
  account = await (await owner.get('/account')).text();

  // An e-mail claim of the hostile listing by the hostile-named owner… of another listing (claims need a non-owner).
  const claimant = await addUser(db, 'claimant@example.test');
  await db.engine.prepare('UPDATE users SET name = ? WHERE id = ?').run(H('Claimant'), claimant);
  claimToken = 'claimtokenclaimtokenclaimtoken12';
  await insertRow(db, claims, {
    listingId: evilId, userId: claimant, method: 'email', email: `x${encodeURIComponent(IMG)}@evil.example.com`, token: claimToken, status: 'pending',
    expiresAt: '2026-11-25T12:00:00.000Z', createdAt: now,
  });

  // A co-founder invite to a draft whose product name is hostile, seen by a signed-in invitee.
  const draftId = await readyDraft(app, ownerId, 'https://evil.example.com', { name: { value: H('Draft name'), evidence: [] } });
  inviteToken = 'i'.repeat(48);
  await insertRow(db, draftInvites, {
    draftId, email: `invitee${encodeURIComponent(IMG)}@example.test`, tokenHash: sha256Hex(inviteToken), invitedByUserId: ownerId, createdAt: now, expiresAt: '2026-11-25T12:00:00.000Z',
  });

  // An order for the hostile listing with hostile options; its checkout page shows them.
  const w = await seedOrderWorld(app, 'x');
  await db.engine.prepare('UPDATE listings SET name = ? WHERE id = ?').run(H('Order listing'), w.listings.fresh.id);
  const order = await rest(app, w.alice.key).post('/orders/checkout', {
    items: [{ product: 'launch', listing_id: w.listings.fresh.id }, { product: 'done_for_you', listing_id: w.listings.fresh.id, options: { tone: 'friendly', notes: H('notes') } }],
    billing_country: 'US',
  });
  expect(order.status).toBe(201);
  checkoutPath = new URL(order.body.checkout_url).pathname;
});
afterAll(async () => { await app?.close(); });

describe('hostile values on every page kind are escaped', () => {
  const publicPages = [
    '/', '/launches', '/launches?section=this-week', '/launches/weeks/2026-11-16', '/listings/evil', '/listings/plain',
    '/listings/evil?notice=%3Cscript%3Ealert(1)%3C/script%3E', '/categories', '/categories/evil-cat', '/leaderboards',
    '/leaderboards/community-weekly', '/leaderboards/community-all-time', '/leaderboards/billboard', '/leaderboards/domain-rating',
    '/leaderboards/revenue', '/updates', '/founders', '/founders/evil-founder', `/founders?q=${encodeURIComponent(SCRIPT)}`,
    `/founders?country=${encodeURIComponent(IMG)}`, '/blog', '/blog/evil-post', `/blog?q=${encodeURIComponent(H('q'))}`, '/docs/api',
    `/signin?next=${encodeURIComponent(`/x${IMG}`)}`, `/signup?next=${encodeURIComponent(`/x${SCRIPT}`)}`,
    `/nothing-here/${encodeURIComponent(SCRIPT)}`, `/listings/${encodeURIComponent(IMG)}`, `/launches/weeks/${encodeURIComponent(SCRIPT)}`,
  ];
  for (const path of publicPages) {
    it(`GET ${path}`, async () => {
      expectInert(await page(path), path);
    });
  }

  it('the listing page shows the hostile values as text, and no user URL becomes a scriptable link', async () => {
    const html = await page('/listings/evil');
    expect(html).toContain(ESCAPED_SCRIPT);
    for (const label of ['tagline', 'description', 'update title', 'milestone', 'review', 'story', 'caption ok', 'q', 'feature']) {
      expect(html, label).toContain(`${label} ${ESCAPED_SCRIPT}`);
    }
    // The http(s) media URL with quotes in it stays one attribute value.
    const $ = load(html);
    expect($('img.media-img').attr('src')).toBe('https://img.example/x.png%22onerror=%22alert(1)');
  });

  it('the founder page, blog post and category page show their hostile values as text', async () => {
    expect(await page('/founders/evil-founder')).toContain(`bio ${ESCAPED_SCRIPT}`);
    const post = await page('/blog/evil-post');
    expect(post).toContain(`post title ${ESCAPED_SCRIPT}`);
    expect(post).toContain('js link'); // the label stays, the javascript: href does not
    expect(await page('/categories/evil-cat')).toContain(`category description ${ESCAPED_SCRIPT}`);
  });

  it('badge SVGs escape the listing name in every shape and mode', async () => {
    for (const kind of ['listed', 'launched', 'featured', 'verified', 'launch-of-the-week-1']) {
      for (const shape of ['standard', 'outline', 'pill', 'banner', 'square']) {
        const res = await fetch(`${app.url}/badges/evil/${kind}.svg?shape=${shape}&mode=auto`);
        expect(res.status, `${kind} ${shape}`).toBe(200);
        const svg = await res.text();
        expectInert(svg, `${kind}.svg ${shape}`, true);
        expect(svg.match(/<\/style>/g), 'one stylesheet, closed once').toHaveLength(1);
        expect(svg).toContain('&lt;img src=x onerror=alert(1)&gt;');
      }
    }
  });

  it('get_badges embed HTML keeps the listing name inside the alt attribute', async () => {
    const res = await fetch(`${app.api}/listings/evil/badges`);
    const body = await res.json() as { badges: Array<{ embed_html: string }> };
    expect(body.badges.length).toBeGreaterThan(0);
    for (const b of body.badges) {
      expectInert(b.embed_html, 'embed_html');
      expect(load(b.embed_html)('*').length).toBe(5); // html, head, body (added by the parser), a, img
    }
  });

  it('the account page (user name, API key name, connected app name) and the consent page', async () => {
    expectInert(account, '/account');
    expect(account).toContain(`key ${ESCAPED_SCRIPT}`);
    expect(account).toContain(`App ${ESCAPED_SCRIPT}`);
    expect(consent).toBeDefined();
    expectInert(consent!, 'consent page');
    expect(consent).toContain(`App ${ESCAPED_SCRIPT}`);
  });

  it('the e-mailed claim page', async () => {
    const html = await page(`/claims/email/${claimToken}`);
    expectInert(html, 'claim page');
    expect(html).toContain(`Claimant ${ESCAPED_SCRIPT}`);
  });

  it('the co-founder invite page, signed out and signed in', async () => {
    const signedOut = await page(`/invites/${inviteToken}`);
    expectInert(signedOut, 'invite page (signed out)');
    expect(signedOut).toContain(`Draft name ${ESCAPED_SCRIPT}`);
    const invitee = new Browser(app.url);
    await signUp(invitee, 'invitee@example.test', 'correct horse battery', SHORT('Invitee'));
    const form = await (await invitee.get(`/invites/${inviteToken}`)).text();
    expectInert(form, 'invite form');
    const res = await submitForm(invitee, `/invites/${inviteToken}`, `/invites/${inviteToken}`, { name: H('Name'), bio: H('Bio'), x: JS });
    expectInert(await res.text(), 'invite form answer');
  });

  it('the checkout page, before and after hostile billing details are posted', async () => {
    const html = await page(checkoutPath);
    expectInert(html, 'checkout');
    expect(html).toContain(`Order listing ${ESCAPED_SCRIPT}`);
    expect(html).toContain(`notes ${ESCAPED_SCRIPT}`);
    const b = new Browser(app.url);
    const res = await submitForm(b, checkoutPath, `${checkoutPath}/pay`, { name: H('Billing'), address: H('Address'), country: 'US', vat_number: IMG, expected_total: '0' });
    const answer = await res.text();
    expectInert(answer, 'checkout answer');
    expect(answer).toContain(`Billing ${ESCAPED_SCRIPT}`);
  });
});
