import type { Context } from 'hono';
import type { AppDeps } from '../../app-context';
import { currentUser } from '../../auth/session';
import {
  communityStateOf, genuineReviewsOf, publicListingForCommunity, type CommunityState, type ReviewRow,
} from '../../storage/queries/community';
import { formatDate, listingPath, plural } from '../components';

// What the listing page shows of votes, follows and reviews for the visitor: forms for signed-in people
// (with their CSRF token), sign-in links for everyone else. Notices are fixed texts picked by a code in
// the query string, so nothing a visitor types is echoed back.

export const REVIEW_MAX = 2000;

export const NOTICES: Record<string, string> = {
  voted: 'Thanks, your vote counts.',
  unvoted: 'Your vote was withdrawn.',
  'vote-not-live': 'Votes open when the product launches.',
  followed: 'You follow this listing: its updates will reach you by e-mail.',
  unfollowed: 'You no longer follow this listing.',
  'review-saved': 'Thanks, your review is published.',
  'review-rating': 'Choose a rating from 1 to 5 stars.',
  'review-text': `Write a few words (up to ${REVIEW_MAX} characters) with your rating.`,
  'review-duplicate': 'You have already reviewed this listing: one review per person.',
  'review-insider': 'Owners and founders of a listing cannot review it.',
  'review-not-live': 'Reviews open when the product launches.',
};

export type CommunityView = {
  signedIn: boolean;
  csrf: string;
  state: CommunityState | null;
  reviews: ReviewRow[];
  notice: { text: string; area: 'community' | 'reviews' } | null;
  follows: number;
};

export async function communityView(c: Context, deps: AppDeps, slug: string): Promise<CommunityView | null> {
  const listing = await publicListingForCommunity(deps.db, slug);
  if (!listing) return null;
  const user = await currentUser(c, deps);
  const code = c.req.query('notice');
  return {
    signedIn: !!user,
    csrf: user?.csrf ?? '',
    state: user ? await communityStateOf(deps.db, listing.id, user.userId) : null,
    reviews: await genuineReviewsOf(deps.db, listing.id),
    notice: code && Object.hasOwn(NOTICES, code) ? { text: NOTICES[code], area: code.startsWith('review-') ? 'reviews' : 'community' } : null,
    follows: listing.follows_count,
  };
}

// Until site/styles.ts carries them: the two buttons side by side, the follow button quieter than the vote.
const signInHref = (slug: string) => `/signin?next=${encodeURIComponent(listingPath(slug))}`;
const Csrf = (props: { token: string }) => <input type="hidden" name="csrf" value={props.token} />;

export function VoteAndFollow(props: { slug: string; name: string; votes: number; live: boolean; view: CommunityView }) {
  const { slug, view } = props;
  const path = listingPath(slug);
  return (
    <div id="community" class="community">
      <p class="stat">{plural(props.votes, 'vote')}</p>
      {view.notice?.area === 'community' ? <p class="small" role="status">{view.notice.text}</p> : null}
      {view.signedIn && view.state ? (
        <div class="actions">
          {props.live ? (
            <form method="post" action={`${path}/vote`}>
              <Csrf token={view.csrf} />
              <button type="submit" aria-pressed={view.state.voted ? 'true' : 'false'}>{view.state.voted ? 'Withdraw vote' : `Vote for ${props.name}`}</button>
            </form>
          ) : null}
          <form method="post" action={`${path}/follow`}>
            <Csrf token={view.csrf} />
            <button type="submit" class="secondary" aria-pressed={view.state.following ? 'true' : 'false'}>{view.state.following ? 'Unfollow' : 'Follow'}</button>
          </form>
        </div>
      ) : (
        <p class="small"><a href={signInHref(slug)}>Sign in</a> to vote, follow or review.</p>
      )}
      <p class="small muted">{`${plural(view.follows, 'follower')}. Votes are cast by signed-in people on this site, never through the API.`}</p>
    </div>
  );
}

const stars = (n: number) => '★'.repeat(n) + '☆'.repeat(5 - n);

export function Reviews(props: { slug: string; live: boolean; view: CommunityView }) {
  const { view } = props;
  const path = listingPath(props.slug);
  const s = view.state;
  return (
    <section aria-labelledby="reviews">
      <h2 id="reviews">Reviews</h2>
      {view.notice?.area === 'reviews' ? <p class="small" role="status">{view.notice.text}</p> : null}
      {view.reviews.length ? (
        <ul class="plain">
          {view.reviews.map((r) => (
            <li class="review">
              <p><span aria-label={`${r.rating} out of 5`}>{stars(r.rating)}</span> <span class="small muted">{`${r.author ?? 'A member'} · ${formatDate(r.created_at)}`}</span></p>
              <p>{r.body}</p>
            </li>
          ))}
        </ul>
      ) : <p class="muted">No reviews yet.</p>}
      {!view.signedIn ? <p class="small"><a href={signInHref(props.slug)}>Sign in</a> to write a review.</p>
        : !props.live ? null
          : s && !s.canReview ? <p class="small muted">You own or founded this listing, so you cannot review it.</p>
            : s?.reviewed ? <p class="small muted">You have reviewed this listing.</p>
              : (
                <form method="post" action={`${path}/reviews`} class="form">
                  <Csrf token={view.csrf} />
                  <p>
                    <label for="review-rating">Rating</label>
                    <select id="review-rating" name="rating" required>
                      {[5, 4, 3, 2, 1].map((n) => <option value={String(n)}>{`${n} – ${stars(n)}`}</option>)}
                    </select>
                  </p>
                  <p>
                    <label for="review-body">Your review</label>
                    <textarea id="review-body" name="body" rows={4} maxlength={REVIEW_MAX} required></textarea>
                  </p>
                  <p><button type="submit">Publish review</button></p>
                </form>
              )}
    </section>
  );
}
