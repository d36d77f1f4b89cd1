import { createRequire } from 'node:module';
import { FetchError, safeFetch, type SafeFetchOptions } from './safe-fetch';
import { trimTrailing } from '../domain/strings';

// Checks later features run against a product's own site: the free plan's badge on the homepage,
// and a claim's meta tag or uploaded file. Every fetch goes through safeFetch. These are single
// fetches the site owner asked for, not crawling, so robots.txt does not apply to them.

// cheerio (~12 MB resident) is required on the first check rather than imported: tools that start checks are
// loaded by every node, most of which never run one.
const require = createRequire(import.meta.url);
const load = (html: string): ReturnType<typeof import('cheerio').load> => (require('cheerio') as typeof import('cheerio')).load(html);

export type CheckFetchOptions = Omit<SafeFetchOptions, 'accept' | 'beforeRequest'>;
// A malformed %-escape in someone's link is their problem, not a failed check.
const safeDecode = (s: string) => { try { return decodeURIComponent(s); } catch { return s; } };
const hostKey = (u: URL) => u.host.toLowerCase().replace(/^www\./, '');

// A real <a href> to our listing page (or one of its badge images) counts; a URL in a comment, a
// script string or plain text does not. The host must be ours, with or without www.
export function findBadgeLink(html: string, siteUrl: string, listingSlug: string): { found: boolean; href: string | null } {
  const $ = load(html);
  const site = new URL(siteUrl);
  const sitePath = trimTrailing(site.pathname, '/');
  const slug = listingSlug.toLowerCase();
  for (const a of $('a[href]').toArray()) {
    const href = $(a).attr('href')!.trim();
    let u: URL;
    try {
      u = new URL(href);
    } catch {
      continue; // relative links point at the product's own site, never at ours
    }
    if (!/^https?:$/.test(u.protocol) || hostKey(u) !== hostKey(site)) continue;
    const path = trimTrailing(safeDecode(u.pathname).toLowerCase(), '/');
    if (path === `${sitePath}/listings/${slug}` || path.startsWith(`${sitePath}/badges/${slug}/`)) return { found: true, href };
  }
  return { found: false, href: null };
}

// <meta name="{name}" content="{token}"> in the page's markup (not in a comment or script).
export function findMetaTag(html: string, name: string, token: string): boolean {
  const $ = load(html);
  return $('meta[name][content]').toArray().some((el) =>
    ($(el).attr('name') ?? '').trim().toLowerCase() === name.toLowerCase() && ($(el).attr('content') ?? '').trim() === token);
}

export type PageCheck = { ok: true; url: string; html: string } | { ok: false; reason: string };

// The homepage's HTML, or why it could not be read.
export async function fetchPage(url: string, opts: CheckFetchOptions): Promise<PageCheck> {
  try {
    const res = await safeFetch(url, { timeoutMs: 15_000, ...opts, accept: 'html' });
    if (res.status < 200 || res.status > 299) return { ok: false, reason: `${res.url} answered HTTP ${res.status}` };
    return { ok: true, url: res.url, html: res.text };
  } catch (e) {
    return { ok: false, reason: e instanceof FetchError ? e.message : String(e) };
  }
}

export async function checkBadge(homepage: string, siteUrl: string, listingSlug: string, opts: CheckFetchOptions): Promise<{ found: boolean; href: string | null; reason: string | null }> {
  const page = await fetchPage(homepage, opts);
  if (!page.ok) return { found: false, href: null, reason: page.reason };
  const hit = findBadgeLink(page.html, siteUrl, listingSlug);
  return { ...hit, reason: hit.found ? null : `No link to ${siteUrl.replace(/\/+$/, '')}/listings/${listingSlug} was found on ${page.url}` };
}

export async function checkMetaTag(homepage: string, name: string, token: string, opts: CheckFetchOptions): Promise<{ found: boolean; reason: string | null }> {
  const page = await fetchPage(homepage, opts);
  if (!page.ok) return { found: false, reason: page.reason };
  return findMetaTag(page.html, name, token) ? { found: true, reason: null } : { found: false, reason: `No <meta name="${name}"> with the expected value on ${page.url}` };
}

// A file at a fixed path of the site (e.g. /.well-known/launch-directory.txt) containing the token.
export async function checkWellKnownFile(siteOrigin: string, path: string, token: string, opts: CheckFetchOptions): Promise<{ found: boolean; reason: string | null }> {
  const url = new URL(path, siteOrigin).href;
  try {
    const res = await safeFetch(url, { timeoutMs: 15_000, ...opts, accept: 'any', maxBytes: 64 * 1024 });
    if (res.status < 200 || res.status > 299) return { found: false, reason: `${url} answered HTTP ${res.status}` };
    return res.text.split(/\s+/).includes(token) ? { found: true, reason: null } : { found: false, reason: `${url} does not contain the expected token` };
  } catch (e) {
    return { found: false, reason: e instanceof FetchError ? e.message : String(e) };
  }
}
