import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness';
import { addCategory, addFounder, addListing, addReview, addVotes, insertRow } from './fixtures';
import { awards, billboardContributions, blogPosts, domainRatings, listingUpdates, milestones } from '../storage/schema';
import { renderMarkdown, safeHref } from '../site/markdown';
import { flushListingViews } from '../storage/queries/views';
import { BarChart, LineChart, describeSeries } from '../site/charts';

// The public pages, driven over real HTTP against exact fixture rows (TEST_NOW = Wednesday 2026-11-18).
const XSS = '<img src=x onerror=alert(1)>';
const XSS_ESCAPED = '&lt;img src=x onerror=alert(1)&gt;';
const THIS_WEEK = '2026-11-16';
const LAST_WEEK = '2026-11-09';

let app: TestApp;
let founderSlug = '';

const viewsOf = async (slug: string) => await app.db.engine.prepare('SELECT views_count FROM listings WHERE slug = ?').pluck().get(slug) as number;

async function page(path: string): Promise<{ status: number; html: string; type: string | null }> {
  const res = await fetch(app.url + path);
  return { status: res.status, html: await res.text(), type: res.headers.get('content-type') };
}

// One h1, and headings never skip a level on the way down.
function headingLevels(html: string): number[] {
  return [...html.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
}
function expectWellFormedPage(html: string) {
  expect(html.startsWith('<!doctype html>')).toBe(true);
  expect(html).toMatch(/<title>[^<]+<\/title>/);
  expect(html).toMatch(/<meta name="description" content="[^"]+"/);
  expect(html).toContain('<main id="main">');
  expect(html).toContain('<nav aria-label="Main">');
  const levels = headingLevels(html);
  expect(levels.filter((l) => l === 1)).toHaveLength(1);
  expect(levels[0]).toBe(1);
  for (let i = 1; i < levels.length; i++) expect(levels[i] - levels[i - 1]).toBeLessThanOrEqual(1);
}
function expectNoRawXss(html: string) {
  expect(html).not.toContain(XSS);
  expect(html).not.toContain('<script>');
  expect(html).not.toMatch(/href="\s*javascript:/i);
}

beforeAll(async () => {
  app = await startApp({ demo: false });
  const db = app.db;
  await addCategory(db, 'sitetest-tools', { name: 'Sitetest Tools', description: 'Tools for developers' });
  await addCategory(db, 'sitetest-testing', { parent: 'sitetest-tools', name: 'Sitetest Testing' });
  const xss = await addListing(db, {
    name: XSS, slug: 'xss-tool', category: 'sitetest-testing', launchWeek: THIS_WEEK,
    tagline: `Quotes " and ' and <b>bold</b>`,
    description: 'First paragraph <script>alert(1)</script>\n\nSecond paragraph',
    features: ['Fast <i>really</i>'],
    socials: { x: 'javascript:alert(1)', github: 'https://github.com/acme' },
    notFoundOnWebsite: ['founded_year'],
    faqs: [{ question: 'Is it <script>safe</script>?', answer: 'Yes' }],
    story: { title: 'Locked story', story: 'These hidden words stay hidden' },
  });
  await addVotes(db, xss, 3, '2026-11-17T10:00:00.000Z');
  await addReview(db, xss, 4);
  const rival = await addListing(db, { name: 'Rival App', slug: 'rival-app', category: 'sitetest-tools', launchWeek: THIS_WEEK, tagline: 'The other one' });
  await addVotes(db, rival, 1, '2026-11-17T11:00:00.000Z');
  const old = await addListing(db, { name: 'Old Timer', slug: 'old-timer', category: 'sitetest-tools', launchWeek: LAST_WEEK, launchedAt: '2026-11-10T09:00:00.000Z' });
  await addListing(db, { name: 'Future Thing', slug: 'future-thing', category: 'sitetest-tools', status: 'scheduled', launchWeek: '2026-11-30' });
  const storyful = await addListing(db, {
    name: 'Storyful', slug: 'storyful', category: 'sitetest-tools', plan: 'paid', unlockedSections: ['story', 'milestones'],
    story: { title: 'How Storyful began', story: 'An unlocked story for everyone' },
  });
  await insertRow(db, milestones, { listingId: storyful, date: '2026-05-01', title: 'First customer', url: 'javascript:alert(2)' });
  for (const r of [
    { listingId: xss, rating: 20, recordedOn: '2026-09-01' },
    { listingId: xss, rating: 25, recordedOn: '2026-10-01' },
    { listingId: xss, rating: 31, recordedOn: '2026-11-01' },
  ]) await insertRow(db, domainRatings, r);
  for (const c of [
    { listingId: rival, amountCents: 5000, createdAt: '2026-11-17T00:00:00.000Z' },
    { listingId: xss, amountCents: 2500, createdAt: '2026-11-17T00:00:00.000Z' },
  ]) await insertRow(db, billboardContributions, c);
  await insertRow(db, awards, { week: LAST_WEEK, rank: 1, listingId: old, votes: 9 });
  for (const u of [
    { listingId: xss, title: '<b>Big</b> news', body: 'We shipped <script>alert(1)</script>\n\nMore soon.', createdAt: '2026-11-17T08:00:00.000Z' },
    { listingId: rival, title: 'Rival update', body: 'Older news', createdAt: '2026-11-10T08:00:00.000Z' },
  ]) await insertRow(db, listingUpdates, u);
  const fid = await addFounder(db, `Eve ${XSS}`, { listingId: xss, title: 'CEO', country: 'DE', bio: 'Builds <script>things</script>' });
  founderSlug = await db.engine.prepare('SELECT slug FROM founders WHERE id = ?').pluck().get(fid) as string;
  await insertRow(db, blogPosts, {
    slug: 'hello-world', title: 'Hello <em>world</em>', excerpt: 'A first post', author: 'Team',
    bodyMarkdown: '## Section one\n\nText with **bold** and <script>alert(1)</script>\n\n[bad](javascript:alert(1)) [good](https://example.com/a)\n\n- one\n- two',
    faqs: [{ question: 'Why blog?', answer: 'To share.' }], publishedAt: '2026-11-01T00:00:00.000Z',
  });
});

afterAll(async () => {
  await app?.close();
});

describe('site pages', () => {
  it('home ranks this week\'s launches with votes and links onward', async () => {
    const { status, html, type } = await page('/');
    expect(status).toBe(200);
    expect(type).toBe('text/html; charset=utf-8');
    expectWellFormedPage(html);
    expectNoRawXss(html);
    expect(html).toContain(XSS_ESCAPED);
    expect(html).toContain('3 votes');
    expect(html.indexOf(XSS_ESCAPED)).toBeLessThan(html.indexOf('Rival App'));
    for (const href of ['/launches?section=trending', '/launches?section=upcoming', '/leaderboards']) expect(html).toContain(`href="${href}"`);
  });

  it('launches: section tabs, paging, upcoming and week pages with awards and neighbours', async () => {
    const list = await page('/launches?section=most-voted');
    expect(list.status).toBe(200);
    expectWellFormedPage(list.html);
    expect(list.html).toMatch(/aria-current="page"[^>]*>Most voted|href="\/launches\?section=most-voted" aria-current="page"/);
    const upcoming = await page('/launches?section=upcoming');
    expect(upcoming.html).toContain('Future Thing');
    expect(upcoming.html).toContain('href="/launches/weeks/2026-11-30"');
    const paged = await page('/launches?section=recent&page=2');
    expect(paged.status).toBe(200);
    expect((await page('/launches?section=bogus')).status).toBe(400);

    const week = await page(`/launches/weeks/${THIS_WEEK}`);
    expect(week.status).toBe(200);
    expectWellFormedPage(week.html);
    expectNoRawXss(week.html);
    expect(week.html).toContain(XSS_ESCAPED);
    expect(week.html).toContain('href="/launches/weeks/2026-11-09"');
    expect(week.html).toContain('href="/launches/weeks/2026-11-23"');
    const last = await page(`/launches/weeks/${LAST_WEEK}`);
    expect(last.html).toContain('Launch of the Week #1');
    expect(last.html).toContain('Old Timer');
    const future = await page('/launches/weeks/2026-11-30');
    expect(future.status).toBe(200);
    expect(future.html).toContain('Scheduled for this week');
    expect(future.html).toContain('Future Thing');
    expect((await page('/launches/weeks/1999-01-04')).status).toBe(404);
  });

  it('page views are written shortly after without an explicit flush', async () => {
    const read = () => viewsOf('rival-app');
    const before = await read();
    // Two visitors load the page and its view beacon.
    const visit = async (ua: string) => {
      await page('/listings/rival-app');
      await fetch(`${app.url}/v/rival-app.gif`, { headers: { 'user-agent': ua } });
    };
    await Promise.all([visit('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'), visit('Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15')]);
    await expect.poll(read, { timeout: 5000, interval: 100 }).toBe(before + 2);
  });

  it('listing page shows the profile escaped, votes text, charts, badges, and counts a view', async () => {
    const before = await viewsOf('xss-tool');
    const { status, html } = await page('/listings/xss-tool');
    expect(status).toBe(200);
    expectWellFormedPage(html);
    expectNoRawXss(html);
    expect(html).toContain(`<h1>${XSS_ESCAPED}</h1>`);
    expect(html).toContain('Quotes &quot; and &#39; and &lt;b&gt;bold&lt;/b&gt;');
    expect(html).toContain('<p>First paragraph &lt;script&gt;alert(1)&lt;/script&gt;</p><p>Second paragraph</p>');
    expect(html).toContain('Fast &lt;i&gt;really&lt;/i&gt;');
    expect(html).toContain('href="https://github.com/acme"');
    expect(html).toContain('3 votes');
    expect(html).toContain('Votes are cast by signed-in people on this site');
    expect(html).not.toMatch(/<button[^>]*>[^<]*vote/i);
    expect(html).toContain(`href="/founders/${founderSlug}"`);
    expect(html).toContain('href="/categories/sitetest-testing"');
    expect(html).toContain('Founded year'); // not_found_on_website
    expect(html).toContain('4.0 / 5');
    expect(html).toContain('&lt;b&gt;Big&lt;/b&gt; news');
    // Story exists in the row but is not unlocked: the tool leaves it out, and so does the page.
    expect(html).not.toContain('These hidden words stay hidden');
    expect(html).not.toContain('Locked story');
    // Domain Rating trend and votes per week: SVG with title/desc and the numbers as text.
    expect(html).toContain('<svg class="chart"');
    expect(html).toContain('id="dr-chart-title"');
    expect(html).toMatch(/<th scope="row">2026-11-01<\/th><td>31<\/td>/);
    expect(html).toContain('id="votes-chart-title"');
    expect(html).toMatch(/<th scope="row">2026-11-16<\/th><td>3<\/td>/);
    expect(html).toContain('up 6 since the previous reading');
    // Badges: image and embed code (escaped inside <pre>).
    expect(html).toContain('<h2 id="badges">Badges</h2>');
    expect(html).toMatch(/<img src="http:\/\/127\.0\.0\.1:\d+\/badges\/xss-tool\/listed\.svg/);
    expect(html).toMatch(/<pre[^>]*><code>&lt;a href=/);

    // The page counts its view through its beacon image, as a browser loads it.
    expect(html).toContain('<img class="beacon" src="/v/xss-tool.gif"');
    await fetch(`${app.url}/v/xss-tool.gif`, { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' } });
    await flushListingViews(app.db);
    const after = await viewsOf('xss-tool');
    expect(after).toBe(before + 1);
    await fetch(`${app.api}/listings/xss-tool`);
    await flushListingViews(app.db);
    expect(await viewsOf('xss-tool')).toBe(after);
  });

  it('listing page shows the story and milestones only when unlocked, with unsafe links as text', async () => {
    const { status, html } = await page('/listings/storyful');
    expect(status).toBe(200);
    expect(html).toContain('How Storyful began');
    expect(html).toContain('An unlocked story for everyone');
    expect(html).toContain('First customer');
    expectNoRawXss(html);
  });

  it('unknown records and paths get the friendly 404 page; API paths keep their own errors', async () => {
    for (const path of ['/listings/no-such-thing', '/categories/nope', '/founders/nope', '/blog/nope', '/leaderboards/nope', '/no/such/page']) {
      const res = await page(path);
      expect(res.status, path).toBe(404);
      expect(res.type).toBe('text/html; charset=utf-8');
      expect(res.html).toContain('<h1>Page not found</h1>');
      expect(res.html).toContain('href="/"');
    }
    expect((await page('/listings/draft-or-missing')).status).toBe(404);
    const api = await fetch(`${app.api}/no-such-operation`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('application/problem+json');
    const mcp = await fetch(`${app.url}/mcp`);
    expect(mcp.headers.get('content-type') ?? '').not.toContain('text/html');
  });

  it('categories: tree with counts, category page with products and breadcrumb', async () => {
    const tree = await page('/categories');
    expect(tree.status).toBe(200);
    expectWellFormedPage(tree.html);
    expect(tree.html).toContain('href="/categories/sitetest-tools"');
    expect(tree.html).toContain('href="/categories/sitetest-testing"');
    const cat = await page('/categories/sitetest-tools');
    expect(cat.status).toBe(200);
    expectWellFormedPage(cat.html);
    expectNoRawXss(cat.html);
    expect(cat.html).toContain(XSS_ESCAPED); // from the subcategory
    expect(cat.html).toContain('Subcategories');
    const sub = await page('/categories/sitetest-testing?page=1');
    expect(sub.html).toContain('href="/categories/sitetest-tools"');
  });

  it('leaderboards: the billboard and every billboard row are labelled as paid', async () => {
    const index = await page('/leaderboards');
    expect(index.status).toBe(200);
    expectWellFormedPage(index.html);
    expectNoRawXss(index.html);
    expect(index.html).toContain('Paid ranking');
    const board = await page('/leaderboards/billboard');
    expect(board.status).toBe(200);
    expectWellFormedPage(board.html);
    expect(board.html).toMatch(/<h1>[^<]*<span class="pill paid">Paid ranking<\/span><\/h1>/);
    const rows = [...board.html.matchAll(/<li>.*?<\/li>/gs)].map((m) => m[0]).filter((li) => li.includes('rank-no'));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toContain('Paid ranking');
    expect(rows[0]).toContain('Rival App');
    expect(rows[0]).toContain('$50 paid');
    const weekly = await page('/leaderboards/community-weekly?week=last');
    expect(weekly.status).toBe(200);
    expect(weekly.html).toContain('week of 9 Nov 2026');
    expect(weekly.html).toContain('name="week"');
    const community = await page('/leaderboards/community-all-time');
    expect(community.html).not.toContain('Paid ranking</span>');
  });

  it('updates: newest first across live listings, bodies as plain text', async () => {
    const { status, html } = await page('/updates');
    expect(status).toBe(200);
    expectWellFormedPage(html);
    expectNoRawXss(html);
    expect(html).toContain('&lt;b&gt;Big&lt;/b&gt; news');
    expect(html.indexOf('Big&lt;/b&gt; news')).toBeLessThan(html.indexOf('Rival update'));
    expect(html).toContain('<p>We shipped &lt;script&gt;alert(1)&lt;/script&gt;</p><p>More soon.</p>');
  });

  it('founders: list with filters, profile with companies', async () => {
    const list = await page('/founders?q=eve&country=DE');
    expect(list.status).toBe(200);
    expectWellFormedPage(list.html);
    expectNoRawXss(list.html);
    expect(list.html).toContain(`href="/founders/${founderSlug}"`);
    expect((await page('/founders?q=nobody-like-this')).html).toContain('No founders match');
    const profile = await page(`/founders/${founderSlug}`);
    expect(profile.status).toBe(200);
    expectWellFormedPage(profile.html);
    expectNoRawXss(profile.html);
    expect(profile.html).toContain(`Eve ${XSS_ESCAPED}`);
    expect(profile.html).toContain('href="/listings/xss-tool"');
  });

  it('blog: list and post rendered by the safe Markdown renderer, with FAQs', async () => {
    const list = await page('/blog');
    expect(list.status).toBe(200);
    expectWellFormedPage(list.html);
    expect(list.html).toContain('href="/blog/hello-world"');
    const post = await page('/blog/hello-world');
    expect(post.status).toBe(200);
    expectWellFormedPage(post.html);
    expectNoRawXss(post.html);
    expect(post.html).toContain('<h1 id="post-title">Hello &lt;em&gt;world&lt;/em&gt;</h1>');
    expect(post.html).toContain('<h2 id="section-one">Section one</h2>');
    expect(post.html).toContain('<strong>bold</strong>');
    expect(post.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(post.html).toContain('<a href="https://example.com/a"');
    expect(post.html).toContain('Why blog?');
  });
});

describe('safe Markdown renderer', () => {
  it.each([
    ['<script>alert(1)</script>', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'],
    ['[x](javascript:alert(1))', '<p>x</p>'],
    ['[x](JaVaScRiPt:alert(1))', '<p>x</p>'],
    ['[x](data:text/html,hi)', '<p>x</p>'],
    ['[x](//evil.example)', '<p>x</p>'],
    ['[x](https://a.example/" onmouseover="alert(1))', '<p>[x](https://a.example/" onmouseover="alert(1))</p>'],
    ['[x](https://a.example/?q="a")', '<p><a href="https://a.example/?q=%22a%22" rel="nofollow ugc noopener">x</a></p>'],
    ['[rel](/blog/other#top)', '<p><a href="/blog/other#top">rel</a></p>'],
    ['`<b>` and **"q"**', '<p><code>&lt;b&gt;</code> and <strong>"q"</strong></p>'],
    ['```html\n<img src=x onerror=alert(1)>\n```', '<pre tabindex="0" role="region" aria-label="Code sample 1"><code class="language-html">&lt;img src=x onerror=alert(1)&gt;\n</code></pre>'],
    ['# T <i>', '<h2 id="t-i">T &lt;i&gt;</h2>'],
    ['- a\n- *b*\n\n3. c', '<ul>\n<li>a</li>\n<li><em>b</em></li>\n</ul>\n<ol start="3">\n<li>c</li>\n</ol>'],
    ['> quoted "x"', '<blockquote>\n<p>quoted "x"</p>\n</blockquote>'],
    ['![a](https://x.example/a.png) ![b](http://x.example/b.png) ![c](javascript:x)', '<p><img src="https://x.example/a.png" alt="a" loading="lazy" /> b c</p>'],
    ['| a | b |\n|:-|-:|\n| 1 | 2 |', '<table>\n<thead>\n<tr>\n<th style="text-align:left">a</th>\n<th style="text-align:right">b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td style="text-align:left">1</td>\n<td style="text-align:right">2</td>\n</tr>\n</tbody>\n</table>'],
    ['## Deep\n\n#### Deeper', '<h2 id="deep">Deep</h2>\n<h4 id="deeper">Deeper</h4>'],
  ])('%s', (md, html) => {
    expect(renderMarkdown(md)).toBe(html);
  });

  it('renders hostile inputs in linear time (no quadratic backtracking)', () => {
    // 50,000 '[' took 6 s with the old renderer; the output must still be the text it is.
    for (const evil of ['['.repeat(50_000), '*a'.repeat(50_000), '[a]('.repeat(20_000), '> '.repeat(50_000)]) {
      const html = renderMarkdown(evil);
      expect(html.length).toBeGreaterThan(0);
      expect(html).not.toContain('<a ');
    }
  });

  it('accepts only http(s) and scheme-less relative hrefs', () => {
    expect(safeHref('https://x.example')).toBe('https://x.example');
    expect(safeHref('page?x=1')).toBe('page?x=1');
    for (const bad of ['javascript:alert(1)', 'vbscript:x', 'java\tscript:alert(1)', ' data:x', 'mailto:a@b.c', '\\\\evil']) {
      expect(safeHref(bad)).toBeNull();
    }
  });
});

describe('SVG charts', () => {
  const points = [{ label: '2026-09-01', value: 20 }, { label: '2026-10-01', value: 25 }, { label: '2026-11-01', value: 31 }];

  it('line chart names itself and carries every number as text', () => {
    const svg = String(LineChart({ id: 'c1', title: 'DR of <x>', labelName: 'Date', valueName: 'Domain Rating', points, max: 100 }));
    expect(svg).toContain('role="img"');
    expect(svg).toContain('aria-labelledby="c1-title c1-desc"');
    expect(svg).toContain('<title id="c1-title">DR of &lt;x&gt;</title>');
    expect(svg).toContain('<desc id="c1-desc">Domain Rating from 20 (2026-09-01) to 31 (2026-11-01)');
    expect(svg).toContain('<polyline');
    expect(svg).toMatch(/<th scope="row">2026-10-01<\/th><td>25<\/td>/);
    expect(svg).not.toContain('<x>');
  });

  it('bar chart draws one bar per period, zero bars included', () => {
    const svg = String(BarChart({ id: 'c2', title: 'Votes', labelName: 'Week', valueName: 'Votes', points: [{ label: 'w1', value: 0 }, { label: 'w2', value: 4 }] }));
    expect(svg.match(/<rect /g)).toHaveLength(2);
    expect(svg).toMatch(/<th scope="row">w2<\/th><td>4<\/td>/);
  });

  it('describes empty and single-point series', () => {
    expect(describeSeries([], 'Votes')).toBe('No Votes data yet.');
    expect(describeSeries([{ label: 'd', value: 3 }], 'Votes')).toBe('Votes 3 on d.');
  });
});
