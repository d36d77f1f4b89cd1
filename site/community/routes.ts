import type { Context, Hono } from 'hono';
import type { AppDeps } from '../../app-context';
import { csrfValid, currentUser, type SiteUser } from '../../auth/session';
import { addReview, publicListingForCommunity, toggleFollow, toggleVote, type CommunityListing } from '../../storage/queries/community';
import { listingPath } from '../components';
import { notFoundPage } from '../render';
import { staleForm } from '../account/ui';
import { REVIEW_MAX } from './view';

// Voting, following and reviewing: the only way these rows are written (there is no API or MCP path).
// Signed-in people only; every form carries the session's CSRF token; each answer is a 303 back to the
// listing page with a notice code it turns into a fixed message.

type Action = (listing: CommunityListing, user: SiteUser, form: Record<string, unknown>, at: string) => Promise<string> | string;

const seeOther = (c: Context, location: string) => {
  c.header('cache-control', 'no-store');
  return c.redirect(location, 303);
};
const back = (slug: string, notice: string) => `${listingPath(slug)}?notice=${notice}#community`;
const backToReviews = (slug: string, notice: string) => `${listingPath(slug)}?notice=${notice}#reviews`;

export function registerCommunityRoutes(app: Hono, deps: AppDeps): void {
  const handle = (action: Action) => async (c: Context) => {
    const slug = c.req.param('slug') ?? '';
    const user = await currentUser(c, deps);
    if (!user) return seeOther(c, `/signin?next=${encodeURIComponent(listingPath(slug))}`);
    const form = await c.req.parseBody();
    if (!csrfValid(c, deps, user, form.csrf)) return staleForm(c);
    const listing = await publicListingForCommunity(deps.db, slug);
    if (!listing) return notFoundPage(c, deps);
    return seeOther(c, await action(listing, user, form, deps.clock.now().toISOString()));
  };

  // Votes rank launches, so only launched (live) products take them; a second press withdraws the vote.
  app.post('/listings/:slug/vote', handle(async (listing, user, _form, at) => {
    if (listing.status !== 'live') return back(listing.slug, 'vote-not-live');
    return back(listing.slug, (await toggleVote(deps.db, listing.id, user.userId, at)).voted ? 'voted' : 'unvoted');
  }));

  // Upcoming (scheduled) listings can be followed too: followers hear about the launch.
  app.post('/listings/:slug/follow', handle(async (listing, user, _form, at) =>
    back(listing.slug, (await toggleFollow(deps.db, listing.id, user.userId, at)).following ? 'followed' : 'unfollowed')));

  app.post('/listings/:slug/reviews', handle(async (listing, user, form, at) => {
    if (listing.status !== 'live') return backToReviews(listing.slug, 'review-not-live');
    const rating = typeof form.rating === 'string' && /^[1-5]$/.test(form.rating.trim()) ? Number(form.rating.trim()) : null;
    if (rating === null) return backToReviews(listing.slug, 'review-rating');
    const body = typeof form.body === 'string' ? form.body.replace(/\r\n/g, '\n').trim() : '';
    if (!body || body.length > REVIEW_MAX) return backToReviews(listing.slug, 'review-text');
    const outcome = await addReview(deps.db, { listingId: listing.id, userId: user.userId, rating, body, at });
    return backToReviews(listing.slug, outcome === 'created' ? 'review-saved' : outcome === 'duplicate' ? 'review-duplicate' : 'review-insider');
  }));
}
