import { withTransaction, type Db } from '../storage/db';
import type { Clock } from '../domain/clock';
import type { AppConfig } from '../domain/app-config';
import { findBadgeLink } from '../crawler/checks';
import { RobotsCache } from '../crawler/robots';
import { FetchError, safeFetch, userAgentFor, type SafeFetchOptions } from '../crawler/safe-fetch';
import { addBadgeCheck, badgeSubject, listingsAwaitingBadge, markBadgeFound, type BadgeCheck } from '../storage/queries/free-plan';
import { afterBadgeFound } from '../domain/free-plan';
import { mondayOf } from '../domain/weeks';
import { enqueue, type HandlerSpec } from './queue';
import { HOUR_MS, hourKey, hourStart, scheduleHourly } from './hourly';

// The free plan's badge check: fetch the product homepage (safe fetch, honouring robots.txt) and look for a link to
// the listing page. Found → scheduled for the queued week (or live, if that week has begun). Runs when the plan is
// chosen and then every hour for every listing still awaiting its badge (the sweep).

export const BADGE_CHECK_JOB = 'listing.badge-check';
export const BADGE_SWEEP_JOB = 'listing.badge-sweep';


export type BadgeCheckDeps = { config: AppConfig };

export async function enqueueBadgeCheck(db: Db, clock: Clock, listingId: number, dedupeKey: string | null = null) {
  return await enqueue(db, clock, BADGE_CHECK_JOB, { listingId }, { maxAttempts: 2, dedupeKey });
}

// Checks one listing now and records the result; null when the listing is not awaiting its badge (nothing to do).
export async function checkListingBadge(db: Db, clock: Clock, d: BadgeCheckDeps, listingId: number, signal?: AbortSignal): Promise<BadgeCheck | null> {
  const l = await badgeSubject(db, listingId);
  if (!l || l.status !== 'awaiting_badge') return null;
  const site = d.config.siteUrl.replace(/\/+$/, '');
  const pageUrl = `${site}/listings/${l.slug}`;
  const opts: SafeFetchOptions = {
    allowPrivate: d.config.crawlerAllowPrivate, userAgent: userAgentFor(site), timeoutMs: 15_000, signal,
  };
  const robots = new RobotsCache(opts);
  let found = false;
  let snippet: string | null = null;
  let detail: string;
  try {
    const res = await safeFetch(l.url, { ...opts, accept: 'html', beforeRequest: robots.guard });
    if (res.status < 200 || res.status > 299) detail = `${res.url} answered HTTP ${res.status}; the homepage must load for the badge to be found.`;
    else {
      const hit = findBadgeLink(res.text, site, l.slug);
      found = hit.found;
      snippet = hit.href;
      detail = found ? `Found a link to ${pageUrl} on ${res.url}.`
        : `No link to ${pageUrl} was found on ${res.url}. Paste the embed snippet (get_my_listing) into the homepage; it is checked every hour.`;
    }
  } catch (e) {
    if (signal?.aborted) throw e; // the worker is stopping: retry later rather than record a failure that is ours
    detail = `${e instanceof FetchError ? e.message : String(e)}. The homepage is checked again every hour.`;
  }
  const now = clock.now();
  const at = now.toISOString();
  const check: BadgeCheck = { checked_at: at, found, detail, snippet };
  await withTransaction(db, async () => {
    await addBadgeCheck(db, listingId, { at, found, detail, snippet });
    if (found) await markBadgeFound(db, listingId, afterBadgeFound(l.launch_week, mondayOf(now)), at);
  });
  return check;
}

export function badgeCheckHandler(d: BadgeCheckDeps): HandlerSpec<{ listingId: number }> {
  return {
    concurrency: 4,
    leaseMs: 60_000,
    backoffMs: 60_000,
    run: async (p, ctx) => void (await checkListingBadge(ctx.db, ctx.clock, d, p.listingId, ctx.signal)),
  };
}

export const scheduleBadgeSweep = async (db: Db, clock: Clock, at: Date): Promise<boolean> => await scheduleHourly(db, clock, BADGE_SWEEP_JOB, at);

export const badgeSweepHandler: HandlerSpec = {
  concurrency: 1,
  run: async (_p, ctx) => {
    const now = ctx.clock.now();
    await scheduleBadgeSweep(ctx.db, ctx.clock, new Date(hourStart(now).getTime() + HOUR_MS)); // first, so a failure below never ends the chain
    for (const id of await listingsAwaitingBadge(ctx.db)) await enqueueBadgeCheck(ctx.db, ctx.clock, id, `${BADGE_CHECK_JOB}:${id}:${hourKey(now)}`);
  },
};
