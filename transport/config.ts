import type { AppConfig } from '../tools/context';
import { parseDnsServers } from '../crawler/dns-txt';
import { parseCidrList } from '../domain/client-address';

const bool = (v: string | undefined, dflt: boolean) => (v === undefined || v === '' ? dflt : /^(1|true|yes|on)$/i.test(v));

function oneOf<T extends string>(name: string, v: string | undefined, allowed: readonly T[], dflt: T): T {
  if (v === undefined || v === '') return dflt;
  if (!(allowed as readonly string[]).includes(v)) throw new Error(`${name}: expected one of ${allowed.join(', ')}, got ${JSON.stringify(v)}`);
  return v as T;
}

// Every setting comes from the environment and is optional; README lists them.
// Several processes may share one database (README, "Run on several processes"):
//   ROLE=web|worker|all   web serves HTTP only; worker runs the job queue and the recurring jobs, and serves only
//                         /health and /metrics; all (default) does both. Any number of each.
//   DATABASE_URL=postgres://…   PostgreSQL instead of the SQLite file at DATABASE_PATH (machines sharing one database).
//   LIMITS_STORE=memory|sqlite|postgres   where API rate limits and failed sign-ins are counted. memory is
//                         per process (the default on SQLite; with DATABASE_URL the default is postgres, since nodes
//                         on one PostgreSQL are usually several machines, and per-node limits multiply); sqlite
//                         shares the counts between processes through <DATABASE_PATH>-limits, a file of its own (a
//                         write per request to the main database would make every cached read cold:
//                         storage/queries/memo.ts); postgres shares them through DATABASE_URL's database.
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 8787);
  const host = env.HOST ?? '127.0.0.1';
  const siteUrl = (env.SITE_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const trustProxy = parseCidrList(env.TRUST_PROXY);
  if (trustProxy.invalid.length) throw new Error(`TRUST_PROXY: not an address or CIDR range: ${trustProxy.invalid.join(', ')}`);
  const databaseUrl = databaseUrlFrom(env.DATABASE_URL);
  return {
    siteName: env.SITE_NAME ?? 'Launch Directory',
    siteUrl,
    port,
    host,
    databasePath: env.DATABASE_PATH ?? './data/directory.db',
    databaseUrl,
    databasePoolSize: Number(env.DATABASE_POOL_SIZE ?? 10),
    pgNamedStatements: bool(env.PG_NAMED_STATEMENTS, true),
    seedDemo: bool(env.SEED_DEMO, true),
    crawlerAllowPrivate: bool(env.CRAWLER_ALLOW_PRIVATE, false),
    rateLimits: {
      anonymousPerMinute: Number(env.RATE_LIMIT_ANON_PER_MIN ?? 120),
      userPerMinute: Number(env.RATE_LIMIT_USER_PER_MIN ?? 600),
    },
    claimsDnsServers: parseDnsServers(env.CLAIMS_DNS_SERVERS),
    trustProxy: trustProxy.cidrs,
    metricsToken: env.METRICS_TOKEN || undefined,
    role: oneOf('ROLE', env.ROLE, ['web', 'worker', 'all'] as const, 'all'),
    limitsStore: oneOf('LIMITS_STORE', env.LIMITS_STORE, ['memory', 'sqlite', 'postgres'] as const, databaseUrl ? 'postgres' : 'memory'),
    cacheMb: cacheMbFrom(env.CACHE_MB),
    mcpAllowedOrigins: (env.MCP_ALLOWED_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
  };
}

// CACHE_MB: what remembered answers and kept pages may weigh together (storage/queries/memo.ts keptBudget); unset
// leaves the default.
function cacheMbFrom(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 65_536) throw new Error(`CACHE_MB: expected a whole number of megabytes from 1 to 65536, got ${JSON.stringify(value)}`);
  return n;
}

// DATABASE_URL: a postgres:// or postgresql:// URL; anything else is refused at start rather than misread.
function databaseUrlFrom(value: string | undefined): string | null {
  if (!value) return null;
  if (!/^postgres(ql)?:\/\//.test(value)) throw new Error('DATABASE_URL: must be a postgres:// URL (leave it unset for SQLite at DATABASE_PATH)');
  return value;
}
