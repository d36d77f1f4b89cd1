import { z } from 'zod';
import { defineTool } from '../define';
import { countryCode, offsetOf, pageOf, paging } from '../schemas';
import { listFounders, publicCompaniesOfFounders } from '../../storage/queries/founders';
import { rememberShowing } from '../remembered';

const founderItem = z.object({
  slug: z.string().describe('Founder slug; pass it to get_founder'),
  name: z.string().describe('Founder name'),
  headline: z.string().nullable().describe('Short headline'),
  country: z.string().nullable().describe('Two-letter country code'),
  avatar_url: z.string().nullable().describe('Avatar image URL'),
  companies: z.array(z.object({
    slug: z.string().describe('Listing slug; pass it to get_listing'),
    name: z.string().describe('Product name'),
  })).describe('Public listings (live or scheduled) the founder is behind'),
});

export const list_founders = defineTool({
  name: 'list_founders',
  title: 'Founders',
  description:
    'List founders of public listings, alphabetically, optionally filtered by name (q) or country. Use it to find a founder slug for get_founder.',
  scope: 'public',
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  http: { method: 'GET', path: '/founders' },
  input: z.object({
    q: z.string().max(120).optional().describe('Part of the founder name, case-insensitive (max 120); empty means all'),
    country: countryCode().optional().describe('Two-letter ISO 3166 country code of the founder'),
    ...paging(),
  }).strict(),
  output: pageOf(founderItem),
  // Remembered until a founder, who founded what, or which listings are public changes, or a company shown is edited.
  async run(ctx, input) {
    const q = input.q?.trim() ? input.q.trim() : null;
    const key = JSON.stringify([q, input.country ?? null, input.page, input.per_page]);
    return rememberShowing(ctx, 'list_founders', key, ['founders', 'listing_founders', 'listing_status'], async () => {
      const { rows, total } = await listFounders(ctx.db, {
        q, country: input.country ?? null, limit: input.per_page, offset: offsetOf(input),
      });
      const companies = await publicCompaniesOfFounders(ctx.db, rows.map((r) => r.id));
      const items = rows.map((r) => ({
        slug: r.slug, name: r.name, headline: r.headline, country: r.country?.toUpperCase() ?? null, avatar_url: r.avatar_url,
        companies: (companies.get(r.id) ?? []).map((c) => ({ slug: c.slug, name: c.name })),
      }));
      return {
        value: { items, page: input.page, per_page: input.per_page, total },
        listingSlugs: items.flatMap((i) => i.companies.map((c) => c.slug)),
      };
    });
  },
});
