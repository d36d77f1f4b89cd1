import type { ToolContext } from '../context';
import { apiBase } from '../context';
import type { ListingProfile } from './listing-profile';
import type { Faq, PricingPlan } from '../../storage/schema';
import { parseJson, type ListingRow } from '../../storage/queries/listings';
import { profilePartsOf } from '../../storage/queries/listing-profile';

// The columns a profile reads; the public listing row and the owner's row both have them.
export type ProfileRow = Omit<ListingRow, 'status' | 'domain' | 'primary_category_id'> & { status: string };

export type ProfileFields = Omit<ListingProfile, 'status' | 'story' | 'milestones' | 'media'>;

// Paid sections are public only when unlocked. The spec adds that milestones also show on paid listings.
export function visibleSections(row: Pick<ListingRow, 'unlocked_sections' | 'plan'>): Set<string> {
  const sections = new Set(parseJson<string[]>(row.unlocked_sections, []));
  if (row.plan === 'paid') sections.add('milestones');
  return sections;
}

// Everything the public profile shows apart from status and the paid sections: get_listing and the owner's view
// (get_my_listing) are built from this one mapping.
export async function profileFields(ctx: ToolContext, row: ProfileRow, thisMonday: string): Promise<ProfileFields> {
  const { db, config } = ctx;
  const parts = await profilePartsOf(db, row.id, thisMonday);
  return {
    slug: row.slug,
    name: row.name,
    url: row.url,
    tagline: row.tagline,
    short_description: row.short_description,
    description: row.description,
    headline: row.headline,
    summary: row.summary,
    logo_url: row.logo_url,
    stage: row.stage,
    pricing: {
      model: row.pricing_model,
      summary: row.pricing_summary,
      plans: parseJson<PricingPlan[]>(row.pricing_plans, []).map((p) => ({
        name: p.name, price: p.price, period: p.period ?? null, features: p.features ?? [],
      })),
    },
    country: row.country,
    city: row.city,
    founded_year: row.founded_year,
    contact_email: row.contact_email,
    demo_video_url: row.demo_video_url,
    features: parseJson<string[]>(row.features, []),
    usps: parseJson<string[]>(row.usps, []),
    keywords: parseJson<string[]>(row.keywords, []),
    tags: parseJson<string[]>(row.tags, []),
    categories: parts.categories,
    founders: parts.founders,
    faqs: parseJson<Faq[]>(row.faqs, []),
    socials: parseJson<Record<string, string>>(row.socials, {}),
    latest_updates: parts.latest_updates,
    community_rating: parts.community_rating,
    domain_rating: parts.domain_rating,
    votes: row.votes_count,
    votes_by_week: parts.votes_by_week,
    links: {
      website: row.url,
      page_url: `${config.siteUrl}/listings/${row.slug}`,
      badges_url: `${apiBase(config)}/listings/${row.slug}/badges`,
    },
    not_found_on_website: parseJson<string[]>(row.not_found_on_website, []),
    launch_week: row.launch_week,
    launched_at: row.launched_at,
    featured: row.featured === 1,
    verified: row.verified === 1,
    demo: row.is_demo === 1,
  };
}
