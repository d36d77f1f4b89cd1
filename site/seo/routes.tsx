import type { Hono } from 'hono';
import type { AppDeps } from '../../app-context';
import { sitemapEntriesBetween, sitemapSections, type SitemapEntry, type SitemapSection } from '../../storage/queries/sitemap';
import { publishedPostCount } from '../../storage/queries/blog';
import { BOT_TOKEN, userAgentFor } from '../../domain/bot-identity';
import { htmlResponse, keptText, type PageText } from '../render';
import { minuteOf, remember } from '../../tools/remembered';
import { Layout } from '../layout';
import { CodeBlock } from '../code-block';
import { ICON_SVG, iconIco, iconPng } from './icon';

// What search engines and browsers ask every site for: robots.txt, sitemaps, icons; and /bot, the page our
// crawler's User-Agent points to.
export const SITEMAP_MAX_URLS = 50_000; // the sitemaps.org limit per file
const SITEMAP_MAX_AGE = 'public, max-age=3600';
const ICON_CACHE = 'public, max-age=86400';

const xmlEscape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
// A sitemap file as the bytes it is sent as, with its validator (render.tsx keptText): a part holds up to 50,000
// addresses (~4 MB), which transport/http-cache.ts would otherwise read back and hash on every request.
type XmlFile = PageText;
const xml = (file: XmlFile) => new Response(file.body, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': SITEMAP_MAX_AGE, etag: file.etag } });
const xmlDocument = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;

// The sitemaps name every public page. The index is made from counts alone; a numbered part, or the one urlset while
// every page fits in one, is read and written from its own entries (~0.2 s for 50,000 at 100,000 listings). Each
// file is kept until a page is added or removed (a listing, category, founder or post; a listing's slug, status or
// launch week), a scheduled post's time comes (as of the minute, as on the blog), or the hour turns. A listing's
// lastmod (the day of its last edit) is therefore as of the hour, as the answer's own Cache-Control (max-age=3600)
// already allows anyone to keep it: made again on every edit of a listing, with an owner editing twice a second,
// signed-out page readers got 0.8 % of the bare route.
const hourOf = (now: Date) => Math.floor(now.getTime() / 3_600_000);
const SITEMAP_TOPICS = ['listing_status', 'listing_lists', 'categories', 'founders', 'listing_founders', 'blog_posts'];
// The index and a few parts (at 100,000 listings there are three).
const SITEMAP_FILES_KEPT = 4;

const urlLines = (site: string, entries: SitemapEntry[]): string =>
  entries.map((e) => `<url><loc>${xmlEscape(site + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`).join('\n');
// Written a batch of entries at a time: each batch's lines are joined as it comes (storage/queries/sitemap.ts).
async function urlset(site: string, batches: AsyncIterable<SitemapEntry[]>): Promise<string> {
  const lines: string[] = [];
  for await (const batch of batches) lines.push(urlLines(site, batch));
  return xmlDocument(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</urlset>\n`);
}
const sitemapIndex = (site: string, parts: number) => {
  const items = Array.from({ length: parts }, (_, i) => `<sitemap><loc>${xmlEscape(`${site}/sitemaps/${i + 1}.xml`)}</loc></sitemap>`);
  return xmlDocument(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`);
};

// The section pages that always exist, then every record page.
const FIXED = ['/', '/launches', '/categories', '/leaderboards', '/updates', '/founders', '/blog', '/docs/api'];
const fixedSection: SitemapSection = {
  count: async () => FIXED.length,
  async *entries(skip, take) {
    yield FIXED.slice(skip, skip + take).map((path) => ({ path, lastmod: null }));
  },
};

// `sitemap`: URLs per file and rows read at a time (the tests make both small; the files come out the same whatever the
// batch).
export function registerSeoRoutes(app: Hono, deps: AppDeps, sitemap: { maxUrls?: number; batch?: number } = {}): void {
  const site = deps.config.siteUrl;
  const maxUrls = sitemap.maxUrls ?? SITEMAP_MAX_URLS;

  // File 0 is /sitemap.xml: the one urlset while every page fits in it, else an index of numbered parts of at most
  // maxUrls each; it says how many parts there are, so a part that does not exist costs nothing. Undefined for such a
  // part. Counts and entries are read in one snapshot (the memo's).
  const sitemapFile = async (file: number): Promise<XmlFile | undefined> => {
    const now = deps.clock.now();
    const hour = hourOf(now);
    // How many posts are published, as of the minute (as the blog's own pages are): a statement per request
    // otherwise, which on PostgreSQL is a round trip for every sitemap read.
    const minute = minuteOf(now);
    const posts = await remember(deps.db, 'published_posts', String(minute), ['blog_posts'],
      async () => ({ value: await publishedPostCount(deps.db, now.toISOString()) }), { kept: 1, period: minute });
    const made = (n: number) => remember<{ file: XmlFile; parts: number }>(deps.db, 'sitemaps', `${site}|${maxUrls}|${hour}|${posts}|${n}`, SITEMAP_TOPICS, async () => {
      const sections = [fixedSection, ...sitemapSections(deps.db, now.toISOString(), sitemap.batch)];
      const counts: number[] = [];
      for (const section of sections) counts.push(await section.count());
      const total = counts.reduce((a, b) => a + b, 0);
      const parts = total <= maxUrls ? 0 : Math.ceil(total / maxUrls);
      const between = (from: number, to: number) => sitemapEntriesBetween(sections, counts, from, to);
      if (n === 0) return { value: { file: keptText(parts ? sitemapIndex(site, parts) : await urlset(site, between(0, total))), parts } };
      return { value: { file: keptText(await urlset(site, between((n - 1) * maxUrls, n * maxUrls))), parts } };
    }, { kept: SITEMAP_FILES_KEPT, period: hour });
    const index = await made(0);
    if (file === 0) return index.file;
    return file <= index.parts ? (await made(file)).file : undefined;
  };

  app.get('/robots.txt', (c) => c.text([
    'User-agent: *',
    // Personal, transactional and machine endpoints: nothing to index there.
    ...['/account', '/signin', '/signup', '/signout', '/checkout', '/orders', '/drafts', '/invites', '/claims', '/oauth/', '/mcp', '/api/', '/v/']
      .map((p) => `Disallow: ${p}`),
    'Allow: /api/v1/openapi.json',
    '',
    `Sitemap: ${site}/sitemap.xml`,
    '',
  ].join('\n'), 200, { 'cache-control': 'public, max-age=86400' }));

  app.get('/sitemap.xml', async () => xml((await sitemapFile(0))!));
  app.get('/sitemaps/:part{[0-9]{1,4}\\.xml}', async (c) => {
    const n = Number(c.req.param('part').replace('.xml', ''));
    const file = n >= 1 ? await sitemapFile(n) : undefined;
    return file === undefined ? c.text('No such sitemap part.\n', 404) : xml(file);
  });

  const svg = ICON_SVG;
  const png180 = iconPng(180);
  const png512 = iconPng(512);
  const ico = iconIco(32);
  app.get('/favicon.svg', () => new Response(svg, { headers: { 'content-type': 'image/svg+xml', 'cache-control': ICON_CACHE } }));
  app.get('/favicon.ico', () => new Response(new Uint8Array(ico), { headers: { 'content-type': 'image/x-icon', 'cache-control': ICON_CACHE } }));
  app.get('/apple-touch-icon.png', () => new Response(new Uint8Array(png180), { headers: { 'content-type': 'image/png', 'cache-control': ICON_CACHE } }));
  app.get('/icon-512.png', () => new Response(new Uint8Array(png512), { headers: { 'content-type': 'image/png', 'cache-control': ICON_CACHE } }));
  app.get('/site.webmanifest', (c) => c.json({
    name: deps.config.siteName, short_name: deps.config.siteName, start_url: '/', display: 'browser', theme_color: '#4f46e5', background_color: '#ffffff',
    icons: [{ src: '/apple-touch-icon.png', sizes: '180x180', type: 'image/png' }, { src: '/icon-512.png', sizes: '512x512', type: 'image/png' }, { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' }],
  }, 200, { 'cache-control': ICON_CACHE }));

  app.get('/bot', (c) => htmlResponse(c, <BotPage siteName={deps.config.siteName} siteUrl={site} />, 200, { 'cache-control': 'public, max-age=3600' }));
}

function BotPage(props: { siteName: string; siteUrl: string }) {
  return (
    <Layout siteName={props.siteName} title="Our crawler" description={`${BOT_TOKEN}: who crawls, why, and how to opt out.`}>
      <h1>{BOT_TOKEN}, our crawler</h1>
      <p>
        If you found <code>{userAgentFor(props.siteUrl)}</code> in your server logs, that was us: {props.siteName}, a
        public directory of software products.
      </p>
      <h2>Why it visits</h2>
      <ul>
        <li>
          <strong>Drafting a listing.</strong> When someone submits a product's website, we read a few of its public pages
          (the home page and pages such as about, pricing, team, FAQ, contact) once, to draft the product's profile. Every
          drafted fact keeps a quote from your page as evidence, and the person who submitted it reviews it.
        </li>
        <li>
          <strong>Checking a badge or a claim.</strong> A listed product's owner may ask us to check that a badge link,
          a meta tag or a verification file is on their site.
        </li>
      </ul>
      <h2>How it behaves</h2>
      <ul>
        <li>It obeys <code>robots.txt</code> (RFC 9309), including <code>Crawl-delay</code>; when your robots.txt cannot be read
          because your server errs or is unreachable, it does not crawl.</li>
        <li>It reads a small number of pages per submission, a few at a time, with short time-outs and size limits.</li>
        <li>It never submits forms, never logs in, and only connects to public internet addresses.</li>
      </ul>
      <h2>How to opt out</h2>
      <p>Add this to your site's <code>robots.txt</code>; we stop at the next request:</p>
      <CodeBlock label="robots.txt lines that keep the crawler out">{`User-agent: ${BOT_TOKEN}\nDisallow: /`}</CodeBlock>
      <p>To keep out only some pages, list them with <code>Disallow:</code> lines instead. The directory's own robots.txt is at{' '}
        <a href="/robots.txt">/robots.txt</a>.</p>
    </Layout>
  );
}
