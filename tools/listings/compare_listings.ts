import { z } from 'zod';
import { defineTool } from '../define';
import { notFound } from '../errors';
import { slug } from '../schemas';
import { listingSummary } from '../listing-summary';
import { compareRows, type CompareFacts } from './compare-rows';
import type { Db } from '../../storage/db';
import { summariesByIds } from '../../storage/queries/summaries';
import { categoryById, liveListingBySlug, parseJson, type ListingRow } from '../../storage/queries/listings';
import { communityRatingOf, latestDomainRatingOf } from '../../storage/queries/listing-profile';
import { rememberShowing } from '../remembered';

async function factsOf(db: Db, row: ListingRow): Promise<CompareFacts> {
  return {
    pricing_model: row.pricing_model,
    pricing_summary: row.pricing_summary,
    stage: row.stage,
    country: row.country,
    founded_year: row.founded_year,
    primary_category: (await categoryById(db, row.primary_category_id))?.name ?? null,
    community_rating: (await communityRatingOf(db, row.id)).average,
    domain_rating: await latestDomainRatingOf(db, row.id),
    votes: row.votes_count,
    features: parseJson<string[]>(row.features, []),
  };
}

const cell = z.union([z.string(), z.number(), z.boolean()]).nullable();

export const compare_listings = defineTool({
  name: 'compare_listings',
  title: 'Compare two listings',
  description:
    'Compare two live listings side by side: pricing model and summary, stage, country, founded year, primary category, ' +
    'community rating, Domain Rating, votes and one row per feature either lists. Use it when someone weighs two products; ' +
    'get both slugs from search_listings or get_alternatives.',
  scope: 'public',
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  http: { method: 'GET', path: '/compare', notFound: true },
  input: z.object({
    a: slug('Slug of the first live listing (from search_listings)'),
    b: slug('Slug of the second live listing (from search_listings)'),
  }).strict(),
  output: z.object({
    a: listingSummary.describe('The first listing'),
    b: listingSummary.describe('The second listing'),
    rows: z.array(z.object({
      attribute: z.string().describe('Machine name: pricing_model, pricing_summary, stage, country, founded_year, primary_category, community_rating, domain_rating, votes, or feature:<feature text in lowercase>'),
      label: z.string().describe('Human label (for a feature row, the feature as the listing words it)'),
      a: cell.describe('Value for listing a; for a feature row true when a lists it; null when a does not state the fact'),
      b: cell.describe('Value for listing b; for a feature row true when b lists it; null when b does not state the fact'),
    })).describe('Side-by-side attributes. A row appears only when at least one listing states the fact, so a fact on neither listing has no row; a null cell means that listing does not state it'),
  }),
  // Remembered until either listing changes (its row, votes, reviews, Domain Rating: topic 'listing:<id>') or a
  // category is renamed; a slug that names no live listing is not remembered (the 404 is thrown, not kept).
  async run(ctx, input) {
    return rememberShowing(ctx, 'compare_listings', `${input.a}|${input.b}`, ['categories'], async () => {
      const rowA = await liveListingBySlug(ctx.db, input.a);
      if (!rowA) throw notFound(`Live listing "${input.a}" (parameter a)`);
      const rowB = await liveListingBySlug(ctx.db, input.b);
      if (!rowB) throw notFound(`Live listing "${input.b}" (parameter b)`);
      const [a, b] = await summariesByIds(ctx.db, [rowA.id, rowB.id], ctx.config.siteUrl);
      return { value: { a, b: b ?? a, rows: compareRows(await factsOf(ctx.db, rowA), await factsOf(ctx.db, rowB)) }, listingIds: [rowA.id, rowB.id] };
    });
  },
});
