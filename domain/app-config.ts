import type { Cidr } from './client-address';

// The running app's settings (transport/config.ts reads them from the environment). A plain shape in domain/ so
// tools, auth and jobs can all read it without importing one another.
export type AppConfig = {
  siteName: string;
  siteUrl: string; // no trailing slash
  port: number;
  host: string;
  databasePath: string; // the SQLite file (DATABASE_PATH), used when databaseUrl is null
  databaseUrl?: string | null; // postgres://… (DATABASE_URL): PostgreSQL instead of SQLite
  databasePoolSize?: number; // connections this process may hold to PostgreSQL (DATABASE_POOL_SIZE, default 10)
  pgNamedStatements?: boolean; // send statements named, prepared once per connection (PG_NAMED_STATEMENTS, default true)
  seedDemo: boolean;
  crawlerAllowPrivate: boolean;
  rateLimits: { anonymousPerMinute: number; userPerMinute: number };
  claimsDnsServers: string[]; // resolvers for DNS claim checks; empty = the system's
  mcpAllowedOrigins?: string[]; // browser origins besides the site's own that may call /mcp (MCP_ALLOWED_ORIGINS)
  trustProxy?: Cidr[]; // proxies whose X-Forwarded-For names the client (TRUST_PROXY)
  metricsToken?: string; // when set, /metrics wants it as a bearer token (METRICS_TOKEN)
  role?: 'web' | 'worker' | 'all'; // what this process runs (ROLE); default all
  limitsStore?: 'memory' | 'sqlite' | 'postgres'; // where rate limits and failed sign-ins are counted (LIMITS_STORE); default memory
  cacheMb?: number; // what remembered answers and kept pages may weigh together, in MB (CACHE_MB); default 20
};
