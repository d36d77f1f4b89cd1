import type { PointsLimiter, PointsLimiterFactory } from '../domain/points-limiter';
import { DEFAULT_LOGIN_LIMITS, throttleKeys, type SignInThrottle, type ThrottleLimits } from './login-throttle';

// Failed sign-ins counted in a store every process shares (LIMITS_STORE=sqlite), with the limits and keys of the
// in-memory LoginThrottle: per (e-mail, address) and per address. rate-limiter-flexible counts in fixed windows:
// a key's window starts at its first failure and its count ends with the window, where the in-memory throttle
// forgets each failure windowMs after it happened. Over a limit, sign-in is refused until the window ends.
export class SharedLoginThrottle implements SignInThrottle {
  private readonly account: PointsLimiter;
  private readonly address: PointsLimiter;

  constructor(make: PointsLimiterFactory, private readonly limits: ThrottleLimits = DEFAULT_LOGIN_LIMITS) {
    const seconds = Math.ceil(limits.windowMs / 1000);
    this.account = make('signin-account', limits.perAccountAndAddress, seconds);
    this.address = make('signin-address', limits.perAddress, seconds);
  }

  async retryAfter(email: string, ip: string): Promise<number> {
    const [accountKey, addressKey] = throttleKeys(email, ip);
    const [account, address] = await Promise.all([this.account.get(accountKey), this.address.get(addressKey)]);
    let ms = 0;
    if (account && account.consumedPoints >= this.limits.perAccountAndAddress) ms = Math.max(ms, account.msBeforeNext);
    if (address && address.consumedPoints >= this.limits.perAddress) ms = Math.max(ms, address.msBeforeNext);
    return ms > 0 ? Math.max(1, Math.ceil(ms / 1000)) : 0;
  }

  async failed(email: string, ip: string): Promise<void> {
    const [accountKey, addressKey] = throttleKeys(email, ip);
    await Promise.all([this.account.penalty(accountKey, 1), this.address.penalty(addressKey, 1)]);
  }

  async succeeded(email: string, ip: string): Promise<void> {
    await this.account.delete(throttleKeys(email, ip)[0]);
  }
}
