import { z } from 'zod';

// The public listing profile returned by get_listing (the spec leaves its field names to us).
const text = (what: string) => z.string().nullable().describe(`${what}; null when the listing does not state it`);
const strings = (what: string) => z.array(z.string()).describe(what);

const STORY_SECTIONS = ['title', 'story', 'why_started', 'problem', 'journey', 'challenges', 'achievements', 'lessons', 'whats_next'] as const;
export const storySchema = z.object(
  Object.fromEntries(STORY_SECTIONS.map((k) => [k, z.string().optional().describe(`Story section "${k}" in the founders' own words`)])),
);

export const listingProfile = z.object({
  slug: z.string().describe('Listing slug (the public identifier; the internal id is not public)'),
  name: z.string().describe('Product name'),
  url: z.string().describe('Product website'),
  tagline: text('One-line pitch'),
  short_description: text('Short description (max 300 chars)'),
  description: text('Full description'),
  headline: text('Headline shown on the listing page'),
  summary: text('Longer summary written by the owner'),
  logo_url: text('Logo image URL'),
  stage: text('Product stage, e.g. idea, mvp, launched, growing'),
  pricing: z.object({
    model: text('Pricing model, e.g. free, freemium, paid, subscription'),
    summary: text('Pricing in one sentence'),
    plans: z.array(z.object({
      name: z.string().describe('Plan name'),
      price: z.string().describe('Price as the product states it'),
      period: z.string().nullable().describe('Billing period, e.g. month; null when not stated'),
      features: strings('What the plan includes'),
    })).describe('Pricing plans as the website lists them'),
  }).describe('Pricing as the product states it'),
  country: text('Two-letter ISO 3166 country code of the company'),
  city: text('City of the company'),
  founded_year: z.number().int().nullable().describe('Year the company was founded; null when not stated'),
  contact_email: text('Public contact e-mail address'),
  demo_video_url: text('Demo video (YouTube) URL'),
  features: strings('Features, as listed'),
  usps: strings('Unique selling points'),
  keywords: strings('Search keywords'),
  tags: strings('Tags'),
  categories: z.array(z.object({
    slug: z.string().describe('Category slug; pass it to get_category'),
    name: z.string().describe('Category name'),
    primary: z.boolean().describe('True for the primary category (every listing has exactly one)'),
  })).describe('Categories, primary first; paid listings may have up to 3 more'),
  founders: z.array(z.object({
    slug: z.string().describe('Founder slug; pass it to get_founder'),
    name: z.string().describe('Founder name'),
    title: z.string().nullable().describe('Role at this company'),
    headline: z.string().nullable().describe('Founder headline'),
    avatar_url: z.string().nullable().describe('Avatar image URL'),
  })).describe('Founders, primary founder first'),
  faqs: z.array(z.object({ question: z.string().describe('Question'), answer: z.string().describe('Answer') })).describe('Frequently asked questions'),
  socials: z.record(z.string(), z.string()).describe('Company social profiles: platform (linkedin, x, github, …) → link'),
  latest_updates: z.array(z.object({
    title: z.string().describe('Update title'),
    body: z.string().describe('Update text (plain text)'),
    created_at: z.string().describe('When it was posted (ISO 8601 UTC)'),
  })).describe('The 5 most recent updates posted by the owner, newest first'),
  community_rating: z.object({
    average: z.number().nullable().describe('Average star rating (1 decimal); null when there are no genuine reviews'),
    count: z.number().int().describe('Number of genuine reviews'),
  }).describe('Community rating from genuine reviews only; reviews flagged as not genuine are not counted'),
  domain_rating: z.object({
    value: z.number().int().describe('Latest third-party Domain Rating (0-100) of the website'),
    recorded_on: z.string().describe('Date of the latest reading (YYYY-MM-DD)'),
    trend: z.number().int().nullable().describe('Change since the previous reading; null when there is only one'),
    history: z.array(z.object({ date: z.string().describe('YYYY-MM-DD'), rating: z.number().int().describe('Rating on that date') }))
      .describe('Up to the last 12 readings, oldest first'),
  }).nullable().describe('Third-party Domain Rating with trend (a separate ranking system); null when none was recorded'),
  votes: z.number().int().describe('Community votes (cast by people on the site; never through the API)'),
  votes_by_week: z.array(z.object({
    week: z.string().describe('Launch week Monday (YYYY-MM-DD)'),
    votes: z.number().int().describe('Votes cast that week'),
  })).describe('Votes per week for the last 12 weeks including this one, oldest first (the chart on the listing page)'),
  links: z.object({
    website: z.string().describe('Product website'),
    page_url: z.string().describe('The listing page on this site'),
    badges_url: z.string().describe('Badge set (embed code and SVG images) for this listing: the get_badges operation'),
  }).describe('Links'),
  not_found_on_website: strings("Facts the company's own website did not state (left blank, never invented)"),
  status: z.enum(['live', 'scheduled']).describe('live, or scheduled for a coming launch week'),
  launch_week: z.string().nullable().describe('Launch week Monday (YYYY-MM-DD)'),
  launched_at: z.string().nullable().describe('When it went live (ISO 8601 UTC); null while scheduled'),
  featured: z.boolean().describe('Featured placement (paid)'),
  verified: z.boolean().describe('Claimed and verified by the company (not the same as paid)'),
  demo: z.boolean().describe('Sample listing of the seeded demo directory, not a real product'),
  story: storySchema.optional()
    .describe('Founder story. Present only when the story section is unlocked for this listing (a paid section); otherwise the key is absent'),
  milestones: z.array(z.object({
    date: z.string().describe('YYYY-MM-DD'),
    title: z.string().describe('Milestone title'),
    description: z.string().nullable().describe('Details'),
    url: z.string().nullable().describe('Link (https)'),
  })).optional()
    .describe('Milestones, oldest first. Present only on paid listings or when the milestones section is unlocked; otherwise the key is absent'),
  media: z.array(z.object({
    kind: z.enum(['image', 'video']).describe('image or video'),
    url: z.string().describe('Media URL'),
    caption: z.string().nullable().describe('Caption'),
  })).optional()
    .describe('Screenshots and videos. Present only when the media section is unlocked for this listing (a paid section); otherwise the key is absent'),
});
export type ListingProfile = z.infer<typeof listingProfile>;
