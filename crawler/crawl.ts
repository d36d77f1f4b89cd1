import { CheerioCrawler, Configuration, Log, LogLevel } from '@crawlee/cheerio';
import { MemoryStorage } from '@crawlee/memory-storage';
import { BuildFailure } from './failure';
import { SafeHttpClient, SafeFetchRefusal, TRUNCATED_HEADER } from './http-client';
import { chooseLinks, type LinkCandidate } from './links';
import { RobotsCache } from './robots';
import { BOT_TOKEN, FetchError, safeFetch, type SafeFetchOptions } from './safe-fetch';
import { sitemapLocs } from '../domain/sitemap-xml';

export type CrawledPage = { url: string; finalUrl: string; status: number; html: string; title: string | null; topic: string | null; truncated: boolean };
export type SkippedPage = { url: string; reason: string };
export type CrawlProgress = { step: 'robots' | 'crawling'; pages_fetched: number; pages_planned: number; current_url: string | null };

export type CrawlOptions = {
  url: string;
  fetch: Omit<SafeFetchOptions, 'beforeRequest' | 'accept'>;
  maxPages?: number; // pages besides the homepage (default 15)
  concurrency?: number; // default 3
  requestTimeoutMs?: number; // per page (default 10 s)
  totalTimeoutMs?: number; // whole crawl (default 45 s); pages not fetched by then are skipped
  onProgress?: (p: CrawlProgress) => void;
};

// `robots`: the robots.txt answers read during the crawl, for later requests of the same build (its logo).
export type CrawlResult = { home: CrawledPage; pages: CrawledPage[]; skipped: SkippedPage[]; planned: number; robots: RobotsCache };

// Adds a scheme to "example.com" and checks the result is a URL we may fetch.
export function normaliseStartUrl(input: string): string {
  const s = input.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(s) ? s : `https://${s}`;
  let u: URL;
  try {
    u = new URL(withScheme);
  } catch {
    throw new BuildFailure('bad_url', `"${s.slice(0, 200)}" is not a website address`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new BuildFailure('bad_url', `Only http and https websites can be submitted, not ${u.protocol}`);
  u.hash = '';
  return u.href;
}

const reasonOf = (e: unknown) => (e instanceof SafeFetchRefusal ? e.refusal.message : e instanceof Error ? e.message : String(e));

function failureFor(e: FetchError, url: string): BuildFailure {
  if (e.code === 'blocked_address') return new BuildFailure('blocked_address', `${url} cannot be crawled: ${e.message}. Submit the public address of the website.`);
  if (e.code === 'bad_url' || e.code === 'bad_scheme') return new BuildFailure('bad_url', e.message);
  return new BuildFailure('unreachable', `${url} could not be reached: ${e.message}. Check that the site is online and try again.`);
}

const sameSiteUrl = (href: string, base: string): string | null => {
  try {
    const u = new URL(href, base);
    if (u.origin !== new URL(base).origin) return null;
    u.hash = '';
    return u.href;
  } catch {
    return null;
  }
};

// The page URLs of the site's sitemaps (robots.txt's Sitemap lines, else /sitemap.xml), one index level deep, a few
// documents at most. A missing or broken sitemap is simply no help.
async function sitemapPages(start: string, declared: string[], fetchOpts: SafeFetchOptions, signal?: AbortSignal): Promise<string[]> {
  const queue = (declared.length ? declared : [new URL('/sitemap.xml', start).href]).map((u) => sameSiteUrl(u, start)).filter((u): u is string => !!u).slice(0, 3);
  const pages: string[] = [];
  for (let fetched = 0; queue.length && fetched < 5; fetched++) {
    const url = queue.shift()!;
    try {
      const res = await safeFetch(url, { ...fetchOpts, accept: 'any', maxBytes: 2 * 1024 * 1024, signal });
      if (res.status < 200 || res.status > 299) continue;
      const found = sitemapLocs(res.text);
      pages.push(...found.pages.map((p) => sameSiteUrl(p, start)).filter((p): p is string => !!p));
      queue.push(...found.sitemaps.map((p) => sameSiteUrl(p, start)).filter((p): p is string => !!p).slice(0, 3));
    } catch { /* no sitemap help */ }
  }
  return pages.slice(0, 500);
}

// Crawls the homepage and the most fact-rich same-site pages it links to (and its sitemap lists), two hops deep at
// most, obeying robots.txt and its Crawl-delay.
export async function crawlSite(o: CrawlOptions): Promise<CrawlResult> {
  const start = normaliseStartUrl(o.url);
  const maxPages = o.maxPages ?? 15;
  const requestTimeoutMs = o.requestTimeoutMs ?? 10_000;
  const progress = { step: 'robots' as CrawlProgress['step'], pages_fetched: 0, pages_planned: 1, current_url: start as string | null };
  const report = () => o.onProgress?.({ ...progress });
  report();

  const robots = new RobotsCache({ ...o.fetch, timeoutMs: requestTimeoutMs });
  const policy = await robots.policy(start);
  if (policy.kind === 'disallow_all' && policy.error && ['blocked_address', 'bad_url', 'bad_scheme', 'dns'].includes(policy.error.code)) throw failureFor(policy.error, start);
  if (policy.kind === 'disallow_all') throw new BuildFailure('robots_unavailable', `${policy.reason}. Make robots.txt answer 200 (or 404 if you have none) and submit again.`);
  if (!policy.allows(start)) {
    throw new BuildFailure('robots_disallowed', `robots.txt on ${new URL(start).host} does not allow ${BOT_TOKEN} to read the homepage. Add "User-agent: ${BOT_TOKEN}" with "Allow: /" to robots.txt and submit again, or fill the draft in by hand.`);
  }

  // Crawl-delay is obeyed by fetching one page at a time that far apart, and by planning only as many pages as fit
  // the crawl's total time: fewer pages rather than a slower crawl.
  const totalTimeoutMs = o.totalTimeoutMs ?? 45_000;
  const delaySecs = Math.min(policy.crawlDelaySeconds ?? 0, 60);
  const pageBudget = delaySecs > 0 ? Math.max(0, Math.min(maxPages, Math.floor((totalTimeoutMs / 1000 - requestTimeoutMs / 1000) / delaySecs))) : maxPages;
  const concurrency = delaySecs > 0 ? 1 : o.concurrency ?? 3;
  let lastRequestAt = Date.now(); // robots.txt was just read
  // Pages the site lists in its sitemap are candidates like the links of its homepage.
  const sitemapUrls = await sitemapPages(start, policy.sitemaps, { ...o.fetch, timeoutMs: Math.min(requestTimeoutMs, 5_000), beforeRequest: robots.guard }, o.fetch.signal);

  const pages: CrawledPage[] = [];
  const skipped: SkippedPage[] = [];
  const known = new Set<string>([start]);
  let homeError: unknown = null;
  let budgetUsed = 0; // pages planned from links and the sitemap (meta-refresh hops replace the page they leave)
  // Adds same-site pages worth reading that robots.txt allows, within the page budget.
  const plan = async (base: string, links: LinkCandidate[], depth: number, onlyTopics: boolean) => {
    const room = pageBudget - budgetUsed;
    if (room <= 0) return;
    const chosen: Array<{ url: string; topic: string | null }> = [];
    for (const l of chooseLinks(base, links, room * 3)) {
      if (chosen.length >= room) break;
      if (known.has(l.url) || (onlyTopics && !l.topic)) continue;
      known.add(l.url);
      // Disallowed pages are never requested, not even to see what they hold.
      if (await robots.allows(l.url)) chosen.push(l);
      else skipped.push({ url: l.url, reason: 'disallowed by robots.txt' });
    }
    budgetUsed += chosen.length;
    progress.pages_planned += chosen.length;
    await crawler.addRequests(chosen.map((l) => ({ url: l.url, userData: { topic: l.topic, depth } })));
  };
  const config = new Configuration({ persistStorage: false, purgeOnStart: false, storageClient: new MemoryStorage({ persistStorage: false }) });
  const crawler: CheerioCrawler = new CheerioCrawler({
    httpClient: new SafeHttpClient({ ...o.fetch, timeoutMs: requestTimeoutMs, accept: 'html', beforeRequest: robots.guard }),
    minConcurrency: concurrency,
    maxConcurrency: concurrency,
    // One request at a time (concurrency 1 above), each at least Crawl-delay after the previous one started.
    preNavigationHooks: delaySecs > 0 ? [async () => {
      const wait = lastRequestAt + delaySecs * 1000 - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      lastRequestAt = Date.now();
    }] : [],
    maxRequestRetries: 1,
    maxSessionRotations: 0,
    maxRequestsPerCrawl: pageBudget + 3, // + the homepage and meta-refresh hops
    navigationTimeoutSecs: Math.ceil(requestTimeoutMs / 1000) + 2,
    requestHandlerTimeoutSecs: 30,
    useSessionPool: false,
    persistCookiesPerSession: false,
    log: new Log({ level: LogLevel.OFF }),
    requestHandler: async ({ request, response, body, $ }) => {
      const status = response.statusCode ?? 0;
      const finalUrl = request.loadedUrl ?? request.url;
      if (status < 200 || status > 299) {
        if (request.userData.home) homeError = new Error(`the homepage answered HTTP ${status}`);
        skipped.push({ url: request.url, reason: `HTTP ${status}` });
        return;
      }
      const html = typeof body === 'string' ? body : body.toString('utf8');
      const truncated = response.headers[TRUNCATED_HEADER] === '1';
      pages.push({ url: request.url, finalUrl, status, html, title: $('title').first().text().trim() || null, topic: request.userData.topic ?? null, truncated });
      progress.pages_fetched = pages.length;
      progress.current_url = finalUrl;
      const links: LinkCandidate[] = $('a[href]').toArray().map((a) => ({ url: $(a).attr('href') ?? '', text: $(a).text().trim() }));
      // <meta http-equiv="refresh" content="0; url=…">: the page a browser would show next.
      const refresh = $('meta[http-equiv]').toArray().find((m) => ($(m).attr('http-equiv') ?? '').toLowerCase() === 'refresh');
      const target = refresh ? /url\s*=\s*['"]?([^'"\s]+)/i.exec($(refresh).attr('content') ?? '')?.[1] : undefined;
      if (target) {
        const next = sameSiteUrl(target, finalUrl);
        if (next && !known.has(next) && (await robots.allows(next))) {
          known.add(next);
          progress.pages_planned += 1;
          await crawler.addRequests([{ url: next, userData: { ...request.userData, home: false, homeLinks: request.userData.home || request.userData.homeLinks } }]);
        }
      }
      const depth = (request.userData.depth as number | undefined) ?? 0;
      if (request.userData.home || request.userData.homeLinks) {
        await plan(finalUrl, [...links, ...sitemapUrls.map((url) => ({ url, text: '' }))], 1, false);
      } else if (depth === 1) {
        // Two hops from the homepage: fact pages linked from the pages it links to (a team page under "company").
        await plan(finalUrl, links, 2, true);
      }
      report();
    },
    failedRequestHandler: async ({ request }, error) => {
      if (request.userData.home) homeError = error;
      skipped.push({ url: request.url, reason: reasonOf(error) });
      progress.pages_planned = Math.max(1, progress.pages_planned - 1);
      report();
    },
  }, config);

  progress.step = 'crawling';
  report();
  const deadline = setTimeout(() => crawler.stop('crawl time limit reached'), totalTimeoutMs);
  try {
    await crawler.run([{ url: start, userData: { home: true } }]);
  } finally {
    clearTimeout(deadline);
    await crawler.teardown().catch(() => {});
  }

  const home = pages.find((p) => p.url === start);
  if (!home) {
    const e = homeError instanceof SafeFetchRefusal ? homeError.refusal : homeError;
    if (e instanceof FetchError) {
      if (e.code === 'not_html') throw new BuildFailure('homepage_error', `${start} is not an HTML page (${e.message}). Submit the address of the website's homepage.`);
      throw failureFor(e, start);
    }
    throw new BuildFailure('homepage_error', `The homepage could not be read: ${reasonOf(e ?? 'no answer')}. Check that ${start} opens in a browser and try again.`);
  }
  return { home, pages: [home, ...pages.filter((p) => p !== home)], skipped, planned: progress.pages_planned, robots };
}
