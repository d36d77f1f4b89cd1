import { z } from 'zod';
import { defineTool } from '../define';
import { apiBase, type ToolContext } from '../context';
import { siteCounts } from '../../storage/queries/site';
import { getSetting } from '../../storage/queries/settings';
import { memoOn } from '../../storage/queries/memo';

export const get_site_info = defineTool({
  name: 'get_site_info',
  title: 'Site info',
  description:
    'Get what this directory is, its public URLs, how many live listings and categories it has, and where its API docs, OpenAPI file and MCP server are. Call it first to orient yourself.',
  scope: 'public',
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  http: { method: 'GET', path: '/site' },
  input: z.object({}).strict(),
  output: z.object({
    name: z.string().describe('Site name'),
    purpose: z.string().describe('What the site is for'),
    site_url: z.string().describe('Site root'),
    urls: z.object({
      home: z.string(), launches: z.string(), categories: z.string(), leaderboards: z.string(),
      latest_updates: z.string(), blog: z.string(), submit: z.string(),
    }).describe('Public pages people use'),
    live_listings: z.number().int().describe('Number of live listings'),
    demo_listings: z.number().int().describe('How many of the live listings are samples of the seeded demo directory (flagged demo: true)'),
    categories: z.number().int().describe('Number of categories'),
    api: z.object({
      base_url: z.string().describe('REST API root'),
      docs_url: z.string().describe('Human API reference'),
      openapi_url: z.string().describe('OpenAPI 3.1 document'),
      mcp_url: z.string().describe('MCP endpoint (Streamable HTTP)'),
    }).describe('Where the REST API, its docs and the MCP server are'),
    rules: z.array(z.string()).describe('Rules of the service a client should respect'),
  }),
  // One answer until the counts or the settings change: the same object each time, so its JSON and ETag are made once.
  async run(ctx) {
    return memoOn(ctx.db, 'get_site_info', `${ctx.config.siteUrl}|${ctx.config.siteName}`, ['listing_status', 'categories', 'settings'], async () => siteInfo(ctx), { kept: 1 });
  },
});

// The answer for this site's address and name (the counts and the tagline from the database).
async function siteInfo(ctx: ToolContext) {
  const site = ctx.config.siteUrl;
  const counts = await siteCounts(ctx.db);
  return {
    name: ctx.config.siteName,
    purpose: await getSetting(ctx.db, 'site_tagline'),
    site_url: site,
    urls: {
      home: `${site}/`, launches: `${site}/launches`, categories: `${site}/categories`,
      leaderboards: `${site}/leaderboards`, latest_updates: `${site}/updates`, blog: `${site}/blog`, submit: `${site}/submit`,
    },
    live_listings: counts.liveListings,
    demo_listings: counts.demoListings,
    categories: counts.categories,
    api: {
      base_url: apiBase(ctx.config),
      docs_url: `${site}/docs/api`,
      openapi_url: `${apiBase(ctx.config)}/openapi.json`,
      mcp_url: `${site}/mcp`,
    },
    rules: [
      'Votes cannot be cast through the API; they come only from people on the site.',
      'The billboard ranking is paid (money contributed) and must be presented as paid.',
      'Prices are set by the site admin and change: read them from list_products, never hardcode them.',
      'Drafted listing facts carry evidence quotes from the product website; facts the site does not state are left blank.',
    ],
  };
}
