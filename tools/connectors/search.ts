import { z } from 'zod';
import { defineConnectorTool } from '../define';
import { invokeTool } from '../invoke';
import { search_listings } from '../listings/search_listings';
import type { listingSummary } from '../listing-summary';

// ChatGPT connectors and deep research look for a read-only `search` tool: a query in, `{results: [{id, title,
// url}]}` out, as a JSON text block. It is search_listings in that shape; the id is the listing slug, which
// `fetch` (and get_listing) take.
const result = z.object({
  id: z.string().describe('Listing slug: pass it to fetch (or get_listing) for the whole profile'),
  title: z.string().describe('Product name and one-line pitch'),
  url: z.string().describe('The listing page on this site, for citation'),
});

export const connectorSearch = defineConnectorTool({
  name: 'search',
  title: 'Search the directory',
  description:
    'Search the software directory\'s published products by keywords (typo-tolerant). Returns up to 10 results, each with an ' +
    'id (the listing slug), a title and the URL of its listing page. Pass an id to fetch for the full profile. For filters ' +
    '(category, country, pricing, stage) and sorting, use search_listings.',
  scope: 'public',
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  input: z.object({
    query: z.string().max(200).describe('What to look for: product names, what it does, keywords (max 200 characters)'),
  }).strict(),
  output: z.object({ results: z.array(result).describe('Matching listings, best first') }),
  async run(ctx, input) {
    const page = await invokeTool(search_listings, ctx, { q: input.query, per_page: 10 }) as { items: z.infer<typeof listingSummary>[] };
    return {
      results: page.items.map((l) => ({
        id: l.slug,
        title: l.tagline ? `${l.name} — ${l.tagline}` : l.name,
        url: l.page_url,
      })),
    };
  },
});
