import type { RateLimiterRes } from 'rate-limiter-flexible';
import type { PointsLimiter, PointsLimiterFactory } from '../domain/points-limiter';
import type { Actor } from '../tools/actor';
import { limitKeyOf, type RateDecision, type RateLimits, type RequestLimiter } from './rate-limit';

// The rate limits counted in a store every process shares (LIMITS_STORE=sqlite), so N processes together allow
// what one would. rate-limiter-flexible counts in fixed windows: `limit` requests per minute from the caller's
// first request in it, where the in-memory limiter refills a bucket continuously. The answers are the same
// (429 with Retry-After and the RateLimit-* headers); Retry-After and RateLimit-Reset name the end of the
// window, and a caller can spend up to twice the limit across one window boundary.
export class SharedRateLimiter implements RequestLimiter {
  private readonly anonymous: PointsLimiter | null;
  private readonly user: PointsLimiter | null;

  constructor(private readonly limits: RateLimits, make: PointsLimiterFactory, name: string) {
    this.anonymous = limits.anonymousPerMinute > 0 ? make(`${name}-anon`, limits.anonymousPerMinute, 60) : null;
    this.user = limits.userPerMinute > 0 ? make(`${name}-user`, limits.userPerMinute, 60) : null;
  }

  async take(actor: Actor): Promise<RateDecision | null> {
    const charged = limitKeyOf(actor, this.limits);
    const store = charged && (charged.anonymous ? this.anonymous : this.user);
    if (!charged || !store) return null;
    const { key, limit } = charged;
    try {
      return decisionOf(true, limit, await store.consume(key));
    } catch (refused) {
      if (isRefusal(refused)) return decisionOf(false, limit, refused);
      throw refused;
    }
  }
}

// rate-limiter-flexible rejects with its RateLimiterRes when the points are spent, and with an Error when the store
// failed (and no insurance limiter answered). Told apart by shape, so this module does not load the library.
const isRefusal = (e: unknown): e is RateLimiterRes => typeof e === 'object' && e !== null && !(e instanceof Error) && 'msBeforeNext' in e;

function decisionOf(allowed: boolean, limit: number, r: RateLimiterRes): RateDecision {
  const seconds = Math.max(1, Math.ceil(r.msBeforeNext / 1000));
  return { allowed, limit, remaining: Math.max(0, r.remainingPoints), resetSeconds: seconds, retryAfterSeconds: allowed ? 0 : seconds };
}
