import { z } from 'zod';
import type { ListingSummary as SummaryRow } from '../storage/queries/summaries';

// The one summary shape every list of listings returns (search, categories, launches, boards, alternatives).
export const listingSummary = z.object({
  slug: z.string().describe('Listing slug; pass it to get_listing'),
  name: z.string().describe('Product name'),
  url: z.string().describe('Product website'),
  tagline: z.string().nullable().describe('One-line pitch'),
  logo_url: z.string().nullable().describe('Logo image URL'),
  votes: z.number().int().describe('Community votes (people on the site)'),
  status: z.string().describe('Listing status: live, scheduled, …'),
  launch_week: z.string().nullable().describe('Launch week Monday (YYYY-MM-DD)'),
  launched_at: z.string().nullable().describe('When it went live (ISO 8601)'),
  primary_category: z.object({ slug: z.string(), name: z.string() }).nullable().describe('Primary category'),
  pricing_model: z.string().nullable().describe('Pricing model as the product states it'),
  country: z.string().nullable().describe('Two-letter country code'),
  featured: z.boolean().describe('Featured placement (paid)'),
  verified: z.boolean().describe('Claimed and verified by the company (not the same as paid)'),
  demo: z.boolean().describe('Sample listing of the seeded demo directory, not a real product'),
  page_url: z.string().describe('The listing page on this site'),
});
export type ListingSummary = z.infer<typeof listingSummary>;

// storage/queries/summaries.ts builds the rows; this fails to compile if the published schema and the row drift apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShape: Same<ListingSummary, SummaryRow> = true;
void sameShape;
