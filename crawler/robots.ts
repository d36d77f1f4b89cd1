import { crawlDelayFor, isAllowed, parseRobots, type RobotsFile } from '../domain/robots';
import { BOT_TOKEN, FetchError, safeFetch, type SafeFetchOptions } from './safe-fetch';

// How robots.txt answers decide what we may fetch (RFC 9309 §2.3.1): 2xx → its rules; 4xx → no
// rules (allow all); 5xx or no answer at all → disallow everything until it can be read.
export type RobotsPolicy = {
  origin: string;
  kind: 'rules' | 'allow_all' | 'disallow_all';
  reason: string; // why this policy, in words a site owner can act on
  error?: FetchError; // the fetch failure behind a disallow_all, if any
  allows(url: string | URL): boolean;
  crawlDelaySeconds: number | null; // Crawl-delay for our bot (or *), if robots.txt sets one
  sitemaps: string[]; // Sitemap: lines
};

const ROBOTS_MAX_BYTES = 500 * 1024; // RFC 9309: parse at least the first 500 KiB

export async function fetchRobots(origin: string, opts: SafeFetchOptions): Promise<RobotsPolicy> {
  const robotsUrl = new URL('/robots.txt', origin).href;
  const fixed = (kind: 'allow_all' | 'disallow_all', reason: string, error?: FetchError): RobotsPolicy =>
    ({ origin, kind, reason, error, allows: () => kind === 'allow_all', crawlDelaySeconds: null, sitemaps: [] });
  let res;
  try {
    res = await safeFetch(robotsUrl, { ...opts, accept: 'any', maxBytes: ROBOTS_MAX_BYTES, beforeRequest: undefined, timeoutMs: Math.min(opts.timeoutMs ?? 10_000, 10_000) });
  } catch (e) {
    const err = e instanceof FetchError ? e : new FetchError('network', String(e), robotsUrl);
    // More than five redirects means "unavailable", which RFC 9309 treats like a 4xx.
    if (err.code === 'too_many_redirects') return fixed('allow_all', `${robotsUrl} redirects too often; treated as absent`);
    return fixed('disallow_all', `${robotsUrl} could not be read (${err.message}); without it we do not crawl the site`, err);
  }
  if (res.status >= 200 && res.status < 300) {
    const file: RobotsFile = parseRobots(res.text);
    return {
      origin, kind: 'rules', reason: `${robotsUrl} applies`,
      allows: (url) => isAllowed(file, BOT_TOKEN, pathAndQuery(url)),
      crawlDelaySeconds: crawlDelayFor(file, BOT_TOKEN),
      sitemaps: file.sitemaps,
    };
  }
  if (res.status >= 400 && res.status < 500) return fixed('allow_all', `${robotsUrl} answered HTTP ${res.status}; no rules apply`);
  return fixed('disallow_all', `${robotsUrl} answered HTTP ${res.status}; while robots.txt is unavailable we do not crawl the site (RFC 9309)`);
}

const pathAndQuery = (url: string | URL) => {
  const u = typeof url === 'string' ? new URL(url) : url;
  return `${u.pathname}${u.search}`;
};

// One robots.txt fetch per origin per crawl, shared by every request and redirect hop of the crawl.
export class RobotsCache {
  private readonly byOrigin = new Map<string, Promise<RobotsPolicy>>();
  constructor(private readonly opts: SafeFetchOptions) {}

  policy(url: string | URL): Promise<RobotsPolicy> {
    const origin = (typeof url === 'string' ? new URL(url) : url).origin;
    let p = this.byOrigin.get(origin);
    if (!p) this.byOrigin.set(origin, (p = fetchRobots(origin, this.opts)));
    return p;
  }

  async allows(url: string | URL): Promise<boolean> {
    return (await this.policy(url)).allows(url);
  }

  // For safeFetch's beforeRequest: refuses a hop robots.txt does not allow.
  readonly guard = async (url: URL): Promise<void> => {
    const policy = await this.policy(url);
    if (!policy.allows(url)) throw new FetchError('refused', `robots.txt does not allow ${BOT_TOKEN} to fetch ${url.pathname} (${policy.reason})`, url.href);
  };
}
