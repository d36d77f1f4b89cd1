import type { RateLimiterAbstract } from 'rate-limiter-flexible';

// A store of points per key and window (rate-limiter-flexible: RateLimiterSQLite today, Postgres or Redis later).
// The shape the shared API rate limits (rest-adapter/) and the shared sign-in throttle (auth/) both count with.
export type PointsLimiter = Pick<RateLimiterAbstract, 'consume' | 'penalty' | 'get' | 'delete'>;
// Makes one such limiter: `name` keeps its keys apart from the others in a shared store.
export type PointsLimiterFactory = (name: string, points: number, durationSeconds: number) => PointsLimiter;
