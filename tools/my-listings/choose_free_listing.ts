import { z } from 'zod';
import { defineTool } from '../define';
import { ToolError } from '../errors';
import { listingIdParam, ownedListing } from './owned';
import { badgeEmbed } from './owner-view';
import { freePlanRefusal } from '../../domain/free-plan';
import { claimFreeLaunchWeek } from '../../storage/queries/free-plan';

export const choose_free_listing = defineTool({
  name: 'choose_free_listing',
  title: 'Choose the free plan',
  description:
    'Publish a submitted listing you own through the free plan: it is queued for the first launch week with room 6 to 8 weeks ahead (a site setting) '
    + 'and waits (status awaiting_badge) until the service\'s badge, a link to the listing page, is found on the product homepage; then it is scheduled, '
    + 'and live when its launch week starts. The answer carries the HTML to embed; the homepage is checked now and every hour, and get_my_listing '
    + 'shows the last check. Listing ids come from submit_draft or list_my_listings. To launch sooner, order the paid launch instead (list_products).',
  scope: 'listings:write',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  http: { method: 'POST', path: '/me/listings/:listing_id/free', idempotencyKey: true },
  input: z.object({ listing_id: listingIdParam() }).strict(),
  output: z.object({
    listing_id: z.number().int().describe('Your listing id'),
    status: z.literal('awaiting_badge').describe('awaiting_badge: queued, waiting for the badge on the homepage'),
    plan: z.literal('free').describe('free'),
    launch_week: z.string().describe('Launch week Monday (YYYY-MM-DD) the listing is queued for'),
    homepage: z.string().describe('The product homepage that must carry the badge'),
    page_url: z.string().describe('The listing page the badge must link to'),
    embed_html: z.string().describe('The exact HTML to paste on the homepage'),
    next_step: z.string().describe('What to do now, in words'),
  }),
  async run(ctx, input) {
    const row = await ownedListing(ctx, input.listing_id);
    const refusal = freePlanRefusal({ id: row.id, status: row.status, launchWeek: row.launch_week });
    if (refusal) throw new ToolError('conflict', refusal);
    // The first badge check is queued with the place (the first check runs now; the hourly sweep repeats it).
    const claim = await claimFreeLaunchWeek(ctx.db, row.id, ctx.clock.now(), async () => await ctx.jobs.enqueueBadgeCheck(ctx, row.id));
    if (claim.outcome === 'full') throw new ToolError('conflict', claim.reason);
    if (claim.outcome === 'status_changed') throw new ToolError('conflict', `Listing ${row.id} changed status meanwhile; read it again with get_my_listing.`);
    const week = claim.week;
    const badge = badgeEmbed(ctx, row);
    return {
      listing_id: row.id, status: 'awaiting_badge' as const, plan: 'free' as const, launch_week: week, homepage: row.url, ...badge,
      next_step: `Paste embed_html into ${row.url} (any link to ${badge.page_url} counts). Once it is found the listing is scheduled for the week of ${week} `
        + 'and goes live when that week starts. The homepage is checked now and every hour; get_my_listing shows the last check.',
    };
  },
});
