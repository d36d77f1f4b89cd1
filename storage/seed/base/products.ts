import type { products } from '../../schema';

type ProductSeed = Omit<typeof products.$inferInsert, 'active'>;

// Starting prices only (USD cents, excluding VAT). The operator changes them with `npm run admin -- set-price`;
// nothing else in the code reads these numbers. billboard_min's price is the minimum contribution and is kept
// equal to the billboard_min_cents setting.
const TONE = {
  description: 'How the copy we write for you should sound, and anything we should know.',
  properties: {
    tone: { type: 'string', description: 'Voice of the written copy', enum: ['professional', 'friendly', 'playful', 'technical'] },
    notes: { type: 'string', description: 'Free-text notes for the writer (audience, words to avoid, links)' },
  },
};

export const PRODUCT_SEEDS: ProductSeed[] = [
  { code: 'launch', name: 'Paid launch', position: 1, priceCents: 4900, weekRule: 'optional', needsListing: true, options: null,
    description: 'Publish a submitted listing now or in a launch week you choose, skipping the free queue and the badge requirement.' },
  { code: 'skip_queue', name: 'Skip the queue', position: 2, priceCents: 1900, weekRule: 'required', needsListing: true, options: null,
    description: 'Move a free listing to an earlier launch week of your choice instead of waiting in the free queue.' },
  { code: 'featured', name: 'Featured placement', position: 3, priceCents: 9900, weekRule: 'none', needsListing: true, options: null,
    description: 'Show the listing in featured spots on the home and category pages, marked as featured.' },
  { code: 'done_for_you', name: 'Done-for-you listing', position: 4, priceCents: 14900, weekRule: 'none', needsListing: true, options: TONE,
    description: 'Our editors rewrite the listing copy, FAQs and founder story from your website and a short brief.' },
  { code: 'launch_bundle', name: 'Launch bundle', position: 5, priceCents: 19900, weekRule: 'none', needsListing: true, options: TONE,
    description: 'Paid launch, featured placement and a done-for-you listing together at a lower total price.' },
  { code: 'extra_categories', name: 'Extra categories', position: 6, priceCents: 2900, weekRule: 'none', needsListing: true, options: null,
    description: 'List the product in up to 3 more categories besides its primary one.' },
  { code: 'relaunch', name: 'Relaunch', position: 7, priceCents: 3900, weekRule: 'required', needsListing: true, options: null,
    description: 'Launch a live listing again in a chosen week, for a major new version.' },
  { code: 'ai_review', name: 'AI listing review', position: 8, priceCents: 1900, weekRule: 'none', needsListing: true, options: null,
    description: 'A written review of the listing and website with concrete suggestions for positioning, copy and SEO.' },
  { code: 'billboard_min', name: 'Billboard contribution', position: 9, priceCents: 1000, weekRule: 'none', needsListing: true, options: null,
    description: 'Contribute any amount from this minimum to rank the listing on the paid billboard, which is always shown as paid.' },
];
