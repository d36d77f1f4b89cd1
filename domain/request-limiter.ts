import type { Actor } from './actor';

// The rate limit's contract, in domain/ because the site's pages (through app-context) and the API's adapters both
// charge callers against it, and neither imports the other; rest-adapter/rate-limit.ts implements it.

export type RateDecision = { allowed: boolean; limit: number; remaining: number; resetSeconds: number; retryAfterSeconds: number };

// One request's charge against its caller's allowance: null when that caller has no limit. Synchronous in memory
// (rest-adapter/rate-limit.ts RateLimiter), a promise when the counts are shared between processes
// (rest-adapter/rate-limit-shared.ts).
export type RequestLimiter = { take(actor: Actor): RateDecision | null | Promise<RateDecision | null> };
