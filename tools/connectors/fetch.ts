import { z } from 'zod';
import { defineConnectorTool } from '../define';
import { invokeTool } from '../invoke';
import { ToolError } from '../errors';
import { get_listing } from '../listings/get_listing';
import type { listingProfile } from '../listings/listing-profile';

type Profile = z.infer<typeof listingProfile>;

// ChatGPT connectors and deep research read a result of `search` with a read-only `fetch` tool: an id in, the whole
// document out as `{id, title, text, url, metadata}` in a JSON text block. It is get_listing, written out as text.
const line = (label: string, value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? null : `${label}: ${value}`);
const list = (label: string, values: string[]) => (values.length ? `${label}:\n${values.map((v) => `- ${v}`).join('\n')}` : null);

export function profileText(p: Profile): string {
  const parts = [
    p.tagline ? `${p.name} — ${p.tagline}` : p.name,
    p.demo ? 'Note: a sample listing of the demo directory, not a real product.' : null,
    p.description ?? p.short_description,
    line('Website', p.url),
    line('Categories', p.categories.map((c) => c.name).join(', ')),
    line('Stage', p.stage),
    line('Pricing model', p.pricing.model),
    list('Pricing plans', p.pricing.plans.map((pl) => `${pl.name}: ${pl.price}${pl.period ? ` per ${pl.period}` : ''}`)),
    line('Country', p.country),
    line('City', p.city),
    line('Founded', p.founded_year),
    list('Features', p.features),
    list('Unique selling points', p.usps),
    list('Founders', p.founders.map((f) => (f.title ? `${f.name}, ${f.title}` : f.name))),
    list('FAQ', p.faqs.map((f) => `${f.question} ${f.answer}`)),
    line('Community votes', p.votes),
    p.community_rating.average === null ? null : line('Community rating', `${p.community_rating.average} from ${p.community_rating.count} reviews`),
    p.not_found_on_website.length ? line('Not stated on the company website', p.not_found_on_website.join(', ')) : null,
  ];
  return parts.filter((x): x is string => !!x).join('\n\n');
}

export const connectorFetch = defineConnectorTool({
  name: 'fetch',
  title: 'Fetch a listing',
  description:
    'Fetch the full profile of one product in the directory as a document (text, URL, metadata), by the id that search ' +
    'returned (the listing slug). For the structured profile with every field, use get_listing.',
  scope: 'public',
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  input: z.object({ id: z.string().min(1).max(200).describe('The id of a search result (a listing slug)') }).strict(),
  output: z.object({
    id: z.string().describe('Listing slug'),
    title: z.string().describe('Product name'),
    text: z.string().describe('The profile as plain text: description, pricing, features, founders, FAQs'),
    url: z.string().describe('The listing page on this site, for citation'),
    metadata: z.record(z.string(), z.string()).describe('Website, categories, pricing model, country, launch week, demo flag'),
  }),
  async run(ctx, input) {
    const p = await invokeTool(get_listing, ctx, { slug: input.id }).catch((err: unknown) => {
      // get_listing names its parameter slug; this tool calls it id.
      if (err instanceof ToolError && err.kind === 'invalid_input') throw new ToolError('invalid_input', `id: ${err.errors?.[0]?.message ?? err.message}`, [{ path: 'id', message: err.errors?.[0]?.message ?? 'not a listing id' }]);
      throw err;
    }) as Profile;
    const metadata: Record<string, string> = { website: p.url, status: p.status, demo: String(p.demo) };
    if (p.categories.length) metadata.categories = p.categories.map((c) => c.slug).join(',');
    if (p.pricing.model) metadata.pricing_model = p.pricing.model;
    if (p.country) metadata.country = p.country;
    if (p.launch_week) metadata.launch_week = p.launch_week;
    return { id: p.slug, title: p.name, text: profileText(p), url: p.links.page_url, metadata };
  },
});
