import type { Actor } from '../tools/actor';
import type { Clock } from '../tools/clock';
import { rateLimitKey } from '../domain/client-address';
import type { RateDecision, RequestLimiter } from '../domain/request-limiter';

// The contract lives in domain/ (the site's pages charge callers too); the adapters import it from here.
export type { RateDecision, RequestLimiter };

export type RateLimits = { anonymousPerMinute: number; userPerMinute: number };

// Which allowance a caller draws on: one per signed-in user, one per IP (an IPv6 /64) for anonymous callers.
// null when that caller has no limit (0 turns a limit off), before any key is worked out.
export function limitKeyOf(actor: Actor, limits: RateLimits): { key: string; limit: number; anonymous: boolean } | null {
  const anonymous = actor.kind === 'anonymous';
  const limit = anonymous ? limits.anonymousPerMinute : limits.userPerMinute;
  if (limit <= 0) return null;
  return anonymous ? { key: `ip:${rateLimitKey(actor.ip)}`, limit, anonymous } : { key: `user:${actor.userId}`, limit, anonymous };
}

// Token buckets in memory (LIMITS_STORE=memory, the default: one process), one per caller, shared by REST and MCP.
// A bucket holds `perMinute` requests and refills continuously; 0 turns the limit off.

type Bucket = { tokens: number; at: number; limit: number };
const MAX_BUCKETS = 100_000;
const SWEEP_EVERY_MS = 60_000;

export class RateLimiter implements RequestLimiter {
  private buckets = new Map<string, Bucket>();
  private lastSweep = 0;
  constructor(private limits: RateLimits, private clock: Clock) {}

  take(actor: Actor): RateDecision | null {
    const charged = limitKeyOf(actor, this.limits);
    if (!charged) return null;
    const { key, limit } = charged;
    const now = this.clock.now().getTime();
    if (now - this.lastSweep >= SWEEP_EVERY_MS || this.buckets.size >= MAX_BUCKETS) this.sweep(now);
    const perMs = limit / 60_000;
    let b = this.buckets.get(key);
    if (!b) {
      b = { tokens: limit, at: now, limit };
      this.buckets.set(key, b);
    } else {
      b.tokens = Math.min(limit, b.tokens + (now - b.at) * perMs);
      b.at = now;
    }
    const allowed = b.tokens >= 1;
    if (allowed) b.tokens -= 1;
    return {
      allowed,
      limit,
      remaining: Math.floor(b.tokens),
      resetSeconds: Math.ceil((limit - b.tokens) / perMs / 1000),
      retryAfterSeconds: allowed ? 0 : Math.ceil((1 - b.tokens) / perMs / 1000),
    };
  }

  get size(): number {
    return this.buckets.size;
  }

  // A bucket that has refilled to its limit carries no information: dropping it changes no answer, and an idle
  // caller's bucket is full within a minute, so sweeping each minute keeps only the callers active in it. Past the
  // cap (a flood of new addresses) the oldest buckets go first.
  private sweep(now: number) {
    this.lastSweep = now;
    for (const [k, b] of this.buckets) if (b.tokens + ((now - b.at) * b.limit) / 60_000 >= b.limit) this.buckets.delete(k);
    for (const k of this.buckets.keys()) {
      if (this.buckets.size < MAX_BUCKETS) break;
      this.buckets.delete(k);
    }
  }
}

export function rateLimitHeaders(d: RateDecision): Record<string, string> {
  const h: Record<string, string> = {
    'ratelimit-limit': String(d.limit),
    'ratelimit-remaining': String(d.remaining),
    'ratelimit-reset': String(d.resetSeconds),
    'ratelimit-policy': `${d.limit};w=60`,
  };
  if (!d.allowed) h['retry-after'] = String(d.retryAfterSeconds);
  return h;
}
