import type { Actor } from '../tools/actor';
import type { Clock } from '../tools/clock';
import { rateLimitKey } from '../domain/client-address';

// Token buckets in memory, one per signed-in user or per IP for anonymous callers, shared by REST and MCP.
// A bucket holds `perMinute` requests and refills continuously; 0 turns the limit off.
export type RateLimits = { anonymousPerMinute: number; userPerMinute: number };
export type RateDecision = { allowed: boolean; limit: number; remaining: number; resetSeconds: number; retryAfterSeconds: number };

type Bucket = { tokens: number; at: number; limit: number };
const MAX_BUCKETS = 100_000;
const SWEEP_EVERY_MS = 60_000;

export class RateLimiter {
  private buckets = new Map<string, Bucket>();
  private lastSweep = 0;
  constructor(private limits: RateLimits, private clock: Clock) {}

  private limitFor(actor: Actor): { key: string; limit: number } {
    return actor.kind === 'anonymous'
      ? { key: `ip:${rateLimitKey(actor.ip)}`, limit: this.limits.anonymousPerMinute }
      : { key: `user:${actor.userId}`, limit: this.limits.userPerMinute };
  }

  take(actor: Actor): RateDecision | null {
    const { key, limit } = this.limitFor(actor);
    if (limit <= 0) return null;
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
