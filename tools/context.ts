import type { Db } from '../storage/db';
import type { Actor } from './actor';
import type { Clock } from './clock';

import type { Cidr } from '../domain/client-address';

export type AppConfig = {
  siteName: string;
  siteUrl: string; // no trailing slash
  port: number;
  host: string;
  databasePath: string;
  seedDemo: boolean;
  crawlerAllowPrivate: boolean;
  rateLimits: { anonymousPerMinute: number; userPerMinute: number };
  claimsDnsServers: string[]; // resolvers for DNS claim checks; empty = the system's
  mcpAllowedOrigins?: string[]; // browser origins besides the site's own that may call /mcp (MCP_ALLOWED_ORIGINS)
  trustProxy?: Cidr[]; // proxies whose X-Forwarded-For names the client (TRUST_PROXY)
  metricsToken?: string; // when set, /metrics wants it as a bearer token (METRICS_TOKEN)
  role?: 'web' | 'worker' | 'all'; // what this process runs (ROLE); default all
  limitsStore?: 'memory' | 'sqlite'; // where rate limits and failed sign-ins are counted (LIMITS_STORE); default memory
};

// A long-running call's progress, for adapters that can show it (MCP notifications/progress when the client sent
// a progressToken); absent elsewhere.
export type ProgressReport = { progress: number; total?: number; message?: string };

// Everything a tool may touch. Tools never import better-sqlite3, Hono or the MCP SDK.
export type ToolContext = {
  db: Db;
  actor: Actor;
  clock: Clock;
  config: AppConfig;
  progress?: (report: ProgressReport) => Promise<void>;
  signal?: AbortSignal; // the caller went away: stop waiting
};

export const apiBase = (config: AppConfig) => `${config.siteUrl}/api/v1`;
