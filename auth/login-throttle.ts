import type { Clock } from '../domain/clock';
import { OrderedMap } from '../domain/ordered-map';
import { normaliseEmail } from '../storage/queries/users';

// Online password guessing: failed sign-ins are counted in a sliding window per (e-mail, address) and per
// address. Over either limit, sign-in is refused without checking the password until the window has moved on.
// Counting per (e-mail, address) rather than per e-mail alone means nobody can lock a person out of their
// account from elsewhere; the per-address limit stops spraying one password over many accounts.
// The address is the socket's (like the API rate limits): behind a proxy every visitor shares it.
export type ThrottleLimits = { perAccountAndAddress: number; perAddress: number; windowMs: number };
export const DEFAULT_LOGIN_LIMITS: ThrottleLimits = { perAccountAndAddress: 10, perAddress: 100, windowMs: 15 * 60_000 };
const MAX_KEYS = 50_000; // memory bound: the oldest entries go first

// What the sign-in forms ask. In memory below (one process); login-throttle-shared.ts counts in a store all
// processes share (LIMITS_STORE=sqlite), so its answers are promises.
export type SignInThrottle = {
  // Seconds until another attempt is allowed, or 0 when it is allowed now.
  retryAfter(email: string, ip: string): number | Promise<number>;
  failed(email: string, ip: string): void | Promise<void>;
  // The right password clears that account's count from this address (not the address's own count).
  succeeded(email: string, ip: string): void | Promise<void>;
};

// The two counts one attempt belongs to: (e-mail, address) and address.
export const throttleKeys = (email: string, ip: string): [account: string, address: string] => [`a ${normaliseEmail(email)} ${ip}`, `i ${ip}`];

export class LoginThrottle implements SignInThrottle {
  private readonly fails = new OrderedMap<string, number[]>();

  constructor(private readonly clock: Clock, private readonly limits: ThrottleLimits = DEFAULT_LOGIN_LIMITS) {}

  private keys(email: string, ip: string): [string, string] {
    return throttleKeys(email, ip);
  }

  // Failures of one key still inside the window (older ones are dropped as they are read).
  private recent(key: string, now: number): number[] {
    const list = this.fails.get(key);
    if (!list) return [];
    const kept = list.filter((t) => t > now - this.limits.windowMs);
    if (kept.length) this.fails.set(key, kept);
    else this.fails.delete(key);
    return kept;
  }

  // Seconds until another attempt is allowed, or 0 when it is allowed now.
  retryAfter(email: string, ip: string): number {
    const now = this.clock.now().getTime();
    const [account, address] = this.keys(email, ip);
    let until = 0;
    for (const [key, max] of [[account, this.limits.perAccountAndAddress], [address, this.limits.perAddress]] as const) {
      const list = this.recent(key, now);
      if (list.length >= max) until = Math.max(until, list[list.length - max] + this.limits.windowMs);
    }
    return until ? Math.max(1, Math.ceil((until - now) / 1000)) : 0;
  }

  failed(email: string, ip: string): void {
    const now = this.clock.now().getTime();
    for (const key of this.keys(email, ip)) {
      const list = this.recent(key, now);
      list.push(now);
      this.fails.delete(key); // re-insert: Map order is then least recently failed first
      this.fails.set(key, list);
    }
    while (this.fails.size > MAX_KEYS) this.fails.shift();
  }

  // The right password clears that account's count from this address (not the address's own count).
  succeeded(email: string, ip: string): void {
    this.fails.delete(this.keys(email, ip)[0]);
  }
}
