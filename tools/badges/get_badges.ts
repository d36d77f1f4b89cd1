import { z } from 'zod';
import { defineTool } from '../define';
import { notFound } from '../errors';
import { slug } from '../schemas';
import { rememberShowing } from '../remembered';
import { badgeListingBySlug } from '../../storage/queries/badges';
import {
  BADGE_KINDS, BADGE_MODES, BADGE_SHAPES, BADGE_SIZES, DEFAULT_STYLE, badgeDimensions, badgeEmbedHtml, badgeSvgUrl,
  earnedBadges, type BadgeMode, type BadgeShape,
} from '../../domain/badges';

const urlsByMode = z.object(Object.fromEntries(BADGE_MODES.map((m) => [m, z.string().describe(`SVG URL in ${m} mode`)])) as Record<BadgeMode, z.ZodString>);

const badge = z.object({
  kind: z.enum(BADGE_KINDS).describe('Badge kind'),
  label: z.string().describe('What the badge says, e.g. "Launched on <site>"'),
  week: z.string().nullable().describe('Award week Monday (YYYY-MM-DD) for Launch of the Week badges; null otherwise'),
  earned: z.literal(true).describe('Always true: only badges the listing has earned are returned'),
  svg_url: z.string().describe('SVG image URL in the requested shape, mode and size'),
  width: z.number().int().describe('Image width in pixels for the requested size'),
  height: z.number().int().describe('Image height in pixels for the requested size'),
  embed_html: z.string().describe('Ready HTML to paste on a website: a link to the listing page wrapping the badge image'),
  svg_urls: z.object(Object.fromEntries(BADGE_SHAPES.map((s) => [s, urlsByMode.describe(`URLs of the ${s} shape by mode`)])) as Record<BadgeShape, typeof urlsByMode>)
    .describe('SVG URLs of every shape × mode at the requested size'),
});

export const get_badges = defineTool({
  name: 'get_badges',
  title: 'Badges of a listing',
  description:
    'Get the badges a public listing has earned (Listed on, Launched on, Featured, Verified, Launch of the Week #1–#3) with ready HTML embed code and SVG image URLs per style. '
    + 'Use it when a founder wants badge code for their website (the free plan goes live once a badge is on the homepage). Slugs come from search_listings or get_listing.',
  scope: 'public',
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  http: { method: 'GET', path: '/listings/:slug/badges' },
  input: z.object({
    slug: slug('Listing slug (from search_listings or get_listing)'),
    shape: z.enum(BADGE_SHAPES).default(DEFAULT_STYLE.shape).describe('Badge shape (default standard)'),
    mode: z.enum(BADGE_MODES).default(DEFAULT_STYLE.mode).describe('Colour mode; auto follows the viewer\'s light or dark theme (default auto)'),
    size: z.enum(BADGE_SIZES).default(DEFAULT_STYLE.size).describe('Badge size: s, m or l (default m)'),
  }).strict(),
  output: z.object({
    listing: z.object({
      slug: z.string().describe('Listing slug'),
      name: z.string().describe('Product name'),
      page_url: z.string().describe('The listing page on this site'),
    }).describe('The listing the badges link to'),
    shape: z.enum(BADGE_SHAPES).describe('Shape used for svg_url and embed_html'),
    mode: z.enum(BADGE_MODES).describe('Mode used for svg_url and embed_html'),
    size: z.enum(BADGE_SIZES).describe('Size used for svg_url, svg_urls and embed_html'),
    badges: z.array(badge).describe('Earned badges, basic ones first, awards last'),
  }),
  async run(ctx, input) {
    // Everything a badge shows is the listing's (its status, featured, verified, awards: all bump its topic).
    return rememberShowing(ctx, 'get_badges', `${input.slug}|${input.shape}|${input.mode}|${input.size}`, [], async () => {
      const listing = await badgeListingBySlug(ctx.db, input.slug);
      const earned = listing ? earnedBadges(listing, ctx.config.siteName) : [];
      // Listings that are not public (drafts, submitted, rejected) do not exist to the public.
      if (!listing || earned.length === 0) throw notFound(`Listing ${input.slug}`);
      const site = ctx.config.siteUrl;
      const pageUrl = `${site}/listings/${listing.slug}`;
      const style = { shape: input.shape, mode: input.mode, size: input.size };
      const { width, height } = badgeDimensions(style.shape, style.size);
      const value = {
        listing: { slug: listing.slug, name: listing.name, page_url: pageUrl },
        ...style,
        badges: earned.map((b) => {
          const svgUrl = badgeSvgUrl(site, listing.slug, b.kind, style);
          const svgUrls = Object.fromEntries(BADGE_SHAPES.map((shape) => [shape,
            Object.fromEntries(BADGE_MODES.map((mode) => [mode, badgeSvgUrl(site, listing.slug, b.kind, { shape, mode, size: style.size })]))]));
          return {
            kind: b.kind, label: b.label, week: b.week, earned: true as const, svg_url: svgUrl, width, height,
            embed_html: badgeEmbedHtml({ pageUrl, svgUrl, alt: `${listing.name} – ${b.label}`, width, height }),
            svg_urls: svgUrls as Record<BadgeShape, Record<BadgeMode, string>>,
          };
        }),
      };
      return { value, listingIds: [listing.id] };
    });
  },
});
