import type { Context } from 'hono';
import { routePath } from 'hono/route';
import type { AppDeps } from '../app-context';
import type { Child } from 'hono/jsx';
import { keptBudget, minuteOf, remember, rememberedIfCurrent, type Showing } from '../tools/remembered';
import { callAgain, callThatMade, type AnonymousCall } from './call-tool';
import { approxBytes } from '../domain/approx-size';
import { Lru } from '../domain/lru';
import { AddressMap } from '../domain/asked-before';
import { htmlResponse, pageResponse, pageText, type PageText } from './render';
import { viewerOf } from './viewer';
import { addressWithoutTracking, withoutTracking } from '../domain/tracking-params';
import { pathAndQueryOf } from '../domain/request-target';

// A page every signed-out visitor of an address gets alike is rendered once and kept as text until something it
// shows changes (tools/remembered.ts: the change topics a remembered API read follows, and each listing shown),
// rather than rendered per visit: at 100,000 listings a listing page cost 1.2–1.9 ms of server CPU to make (its
// reads, the tree, the ETag) and 0.26–0.32 ms kept, the home page 5.8 ms and 0.17 ms.

// Signed out, at a plain address: a query string may carry a notice or anything a client appends (keys would grow
// with it), and a signed-in visitor's page shows their own state. Tracking parameters (utm_*, click ids) are not part
// of the address: no page reads them (domain/tracking-params.ts).
export const isPlainAnonymousRequest = (c: Context): boolean => {
  if (viewerOf(c) !== null) return false;
  const url = c.req.url;
  const q = url.indexOf('?');
  return q < 0 || withoutTracking(url.slice(q)) === '';
};
// The path and query of a request as its page is kept under: without the tracking parameters.
const keptKeyOf = (url: string): string => addressWithoutTracking(pathAndQueryOf(url));

// Pages kept per kind of page, at most (a listing page is ~11 KB of text).
const KEPT_PER_SCOPE = 500;

// `topics`: what decides what the page shows besides the listings it names (`make` gives their slugs). `minute`: the
// minute the key names, for pages kept per minute (those of earlier minutes are then dropped).
export async function keptPage(
  c: Context, deps: AppDeps, scope: string, key: string, topics: readonly string[], make: () => Promise<Showing<PageText>>, minute?: number,
): Promise<PageText> {
  const page = await remember(deps.db, `page:${scope}`, key, topics, make, { kept: KEPT_PER_SCOPE, period: minute });
  keptAt(c, deps, () => rememberedIfCurrent<PageText>(deps.db, `page:${scope}`, key));
  return page;
}

// Pages made from tool answers alone (and their address), for a signed-out visitor: kept while each answer is the very
// object it was. Remembered reads (tools/remembered.ts, memoOn) hand back the same object until something it shows
// changes, so the page is made again exactly when one of its answers is, with no topics of its own to get wrong; an
// answer made afresh per call (a read that is not remembered) makes the page afresh too. Kept per address, path and
// query (a search's words, a section, a page number), and made again each minute besides (a page may say how long ago
// something happened). The answers are held weakly: keeping a page keeps none of them in memory. The pages count
// against the database's budget for kept answers (storage/queries/memo.ts keptBudget), weighed by their bytes.
type MadeFrom = { minute: number; answers: WeakRef<object>[]; page: PageText };
type Db = AppDeps['db'];
const madeFrom = new WeakMap<Db, Map<string, Lru<string, MadeFrom>>>();
function pagesOf(db: Db, scope: string, kept: number): Lru<string, MadeFrom> {
  let scopes = madeFrom.get(db);
  if (!scopes) madeFrom.set(db, (scopes = new Map()));
  let pages = scopes.get(scope);
  if (!pages) scopes.set(scope, (pages = new Lru(kept, keptBudget(db))));
  return pages;
}
// Pages made by pageFromAnswers per scope, for a signed-out visitor (operators' curiosity and the tests).
const made = new Map<string, number>();
export const pagesMadeFromAnswers = (scope: string): number => made.get(scope) ?? 0;

const sameAnswers = (kept: MadeFrom, answers: readonly object[]) =>
  kept.answers.length === answers.length && kept.answers.every((ref, i) => ref.deref() === answers[i]);

// `kept`: pages kept at most for the scope (a week's page is ~1 MB of text; most pages are 10–40 KB).
export async function pageFromAnswers(
  c: Context, deps: AppDeps, scope: string, answers: readonly object[], node: () => Child, kept = KEPT_PER_SCOPE,
): Promise<Response> {
  if (viewerOf(c) !== null) return htmlResponse(c, node());
  const pages = pagesOf(deps.db, scope, kept);
  const key = keptKeyOf(c.req.url);
  const minute = minuteOf(deps.clock.now());
  const hit = pages.get(key);
  let page: PageText;
  if (hit && hit.minute === minute && sameAnswers(hit, answers)) {
    page = hit.page;
  } else {
    page = await pageText(c, node());
    made.set(scope, pagesMadeFromAnswers(scope) + 1);
    pages.set(key, { minute, answers: answers.map((a) => new WeakRef(a)), page }, approxBytes(key) + approxBytes(page));
  }
  // The address, for the lane (taken in at its second ask, made or not). Checked without the handler: the same calls
  // again, and the page while they hand back the same answers.
  const calls = answers.map(callThatMade);
  if (calls.every((call): call is AnonymousCall => call !== undefined)) {
    keptAt(c, deps, async () => {
      const kept = pages.get(key);
      if (!kept) return undefined;
      const again = await Promise.all(calls.map((call) => callAgain(deps, call) as Promise<object>));
      return sameAnswers(kept, again) ? kept.page : undefined;
    });
  }
  return pageResponse(page);
}

// The addresses whose signed-out page is kept, each with how to tell whether the page kept is still the one the full
// path would send: for transport/page-front.ts, which sends it on Node's own request, ahead of the middleware and the
// router, and leaves every other request (and this one, once the page is not current) to the full path. Only pages
// of the minute they were kept in: a page may say how long ago something happened, and the keys of pages kept per
// minute name it. Kept per database (one app's pages), the most recently kept first.
export type KeptAddress = { route: string; minute: number; current: () => Promise<PageText | undefined> };
// Each holds ~370 bytes of heap (the address, the closure that checks the page); as many as the API lane keeps URLs
// (transport/prepared-reads.ts MAX_URLS), and, as there, taken in at an address's second ask: an address asked for
// once (a crawler's, a visitor's from a search engine) leaves a hash for a while (domain/asked-before.ts), not an entry.
const MAX_ADDRESSES = 10_000;
const addresses = new WeakMap<Db, AddressMap<KeptAddress>>();
function keptAt(c: Context, deps: AppDeps, current: KeptAddress['current']): void {
  let kept = addresses.get(deps.db);
  if (!kept) addresses.set(deps.db, (kept = new AddressMap(MAX_ADDRESSES)));
  kept.remember(keptKeyOf(c.req.url), { route: routePath(c), minute: minuteOf(deps.clock.now()), current });
}

// How many addresses are kept (metrics).
export const keptAddressCount = (db: Db): number => addresses.get(db)?.size ?? 0;

// What is kept for this address (path and query as requested, tracking parameters left out) in this minute, if
// anything: its `current()` then gives the page while it is the one the full path would send to a signed-out
// visitor, else undefined.
export function keptAddress(deps: Pick<AppDeps, 'db' | 'clock'>, address: string): KeptAddress | undefined {
  const kept = addresses.get(deps.db)?.get(addressWithoutTracking(address));
  return kept && kept.minute === minuteOf(deps.clock.now()) ? kept : undefined;
}
