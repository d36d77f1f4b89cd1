import { createRequire } from 'node:module';
import type { AppConfig } from '../tools/context';
import type { Clock } from '../tools/clock';
import { RateLimiter, type RequestLimiter } from '../rest-adapter/rate-limit';
import { SharedRateLimiter } from '../rest-adapter/rate-limit-shared';
import type { PointsLimiterFactory } from '../domain/points-limiter';
import { LoginThrottle, type SignInThrottle } from '../auth/login-throttle';
import { SharedLoginThrottle } from '../auth/login-throttle-shared';
import { LIMITS_TABLE, limitsPathFor, openLimitsDb, sharedViewDedupe, sweepExpiredLimits } from '../storage/limits-db';
import type { ViewDedupe } from '../domain/page-views';
import { memoryViewDedupe } from '../site/views/memory-dedupe';
import { createPgPool, endPgPool } from '../storage/pg/pool';
import { PG_LIMITS_TABLE, pgViewDedupe, sweepExpiredPgLimits } from '../storage/pg/limits';

const SWEEP_EVERY_MS = 5 * 60_000;

// Protocol messages answered from memory (initialize, tools/list, ping, discovery) get this many times the
// per-minute allowance of tool calls, in a bucket of their own.
export const PROTOCOL_BURST_FACTOR = 10;

export type Limits = {
  api: RequestLimiter; // REST calls and MCP tool calls
  protocol: RequestLimiter; // MCP protocol-only messages
  signIns: SignInThrottle; // failed sign-ins, site form and OAuth sign-in page alike
  views: ViewDedupe; // which page views count (once per visitor, listing and day)
  close(): void;
};

// Where the counts live (LIMITS_STORE): memory, per process (the default: one process, nothing written per
// request); sqlite, shared by every process on the database through its own file (storage/limits-db.ts); or
// postgres, shared by every node through the PostgreSQL database (storage/pg/limits.ts).
export function createLimits(config: AppConfig, clock: Clock): Limits {
  const protocolLimits = {
    anonymousPerMinute: config.rateLimits.anonymousPerMinute * PROTOCOL_BURST_FACTOR,
    userPerMinute: config.rateLimits.userPerMinute * PROTOCOL_BURST_FACTOR,
  };
  if ((config.limitsStore ?? 'memory') === 'memory') {
    return { api: new RateLimiter(config.rateLimits, clock), protocol: new RateLimiter(protocolLimits, clock), signIns: new LoginThrottle(clock), views: memoryViewDedupe(), close() {} };
  }
  // Loaded only here: a single process with counts in memory never needs the library (it costs ~30 ms to load).
  const { RateLimiterMemory, RateLimiterSQLite, RateLimiterPostgres } = createRequire(import.meta.url)('rate-limiter-flexible') as typeof import('rate-limiter-flexible');
  const shared = (make: PointsLimiterFactory, views: ViewDedupe, sweep: () => void, close: () => void): Limits => {
    // Expired counts are swept here rather than by the library's own timer, which cannot be stopped before the
    // store is closed.
    const timer = setInterval(sweep, SWEEP_EVERY_MS);
    timer.unref();
    return {
      api: new SharedRateLimiter(config.rateLimits, make, 'api'),
      protocol: new SharedRateLimiter(protocolLimits, make, 'protocol'),
      signIns: new SharedLoginThrottle(make),
      views,
      close() {
        clearInterval(timer);
        close();
      },
    };
  };
  if (config.limitsStore === 'postgres') {
    if (!config.databaseUrl) throw new Error('LIMITS_STORE=postgres needs DATABASE_URL');
    // A small pool of its own: a counter written on every request must not wait behind the repository's queries.
    const pool = createPgPool(config.databaseUrl, { max: 4 });
    const make: PointsLimiterFactory = (name, points, duration) => new RateLimiterPostgres({
      storeClient: pool, storeType: 'pool', tableName: PG_LIMITS_TABLE, tableCreated: true, clearExpiredByTimeout: false,
      keyPrefix: name, points, duration,
      // Should the database not answer, this node counts alone for a moment rather than failing the request.
      insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points, duration }),
    });
    return shared(make, pgViewDedupe(pool), () => void sweepExpiredPgLimits(pool, Date.now()), () => void endPgPool(pool));
  }
  const sqlite = openLimitsDb(limitsPathFor(config.databasePath));
  const make: PointsLimiterFactory = (name, points, duration) => new RateLimiterSQLite({
    storeClient: sqlite, storeType: 'better-sqlite3', tableName: LIMITS_TABLE, tableCreated: true, keyPrefix: name, points, duration,
    // Should the file stay locked past the busy timeout, this process counts alone for a moment rather than
    // failing the request.
    insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points, duration }),
  });
  return shared(make, sharedViewDedupe(sqlite), () => sweepExpiredLimits(sqlite, Date.now()), () => sqlite.close());
}
