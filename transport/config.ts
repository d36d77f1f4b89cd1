import type { AppConfig } from '../tools/context';
import { parseDnsServers } from '../crawler/dns-txt';
import { parseCidrList } from '../domain/client-address';

const bool = (v: string | undefined, dflt: boolean) => (v === undefined || v === '' ? dflt : /^(1|true|yes|on)$/i.test(v));

// Every setting comes from the environment and is optional; README lists them.
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 8787);
  const host = env.HOST ?? '127.0.0.1';
  const siteUrl = (env.SITE_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const trustProxy = parseCidrList(env.TRUST_PROXY);
  if (trustProxy.invalid.length) throw new Error(`TRUST_PROXY: not an address or CIDR range: ${trustProxy.invalid.join(', ')}`);
  return {
    siteName: env.SITE_NAME ?? 'Launch Directory',
    siteUrl,
    port,
    host,
    databasePath: env.DATABASE_PATH ?? './data/directory.db',
    seedDemo: bool(env.SEED_DEMO, true),
    crawlerAllowPrivate: bool(env.CRAWLER_ALLOW_PRIVATE, false),
    rateLimits: {
      anonymousPerMinute: Number(env.RATE_LIMIT_ANON_PER_MIN ?? 120),
      userPerMinute: Number(env.RATE_LIMIT_USER_PER_MIN ?? 600),
    },
    claimsDnsServers: parseDnsServers(env.CLAIMS_DNS_SERVERS),
    trustProxy: trustProxy.cidrs,
    metricsToken: env.METRICS_TOKEN || undefined,
    mcpAllowedOrigins: (env.MCP_ALLOWED_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
  };
}
