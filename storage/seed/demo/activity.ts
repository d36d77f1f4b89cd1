import { inserter } from '../sql';
import type { Rng } from '../random';
import { WEEK, iso, mondayMs, type DemoContext, type DemoListing } from './context';
import { REVIEW_TEXTS } from './words';

// Votes, follows and reviews from demo users. The counts were decided with each listing (votes_count and
// follows_count are already stored); here exactly that many rows are written, each from a distinct user.
export async function seedActivity(ctx: DemoContext, listings: DemoListing[], users: number[]): Promise<void> {
  const rng = ctx.rng('activity');
  const vote = inserter(ctx.db, 'votes', ['listing_id', 'user_id', 'created_at']);
  const follow = inserter(ctx.db, 'follows', ['listing_id', 'user_id', 'created_at']);
  const review = inserter(ctx.db, 'reviews', ['listing_id', 'user_id', 'rating', 'body', 'genuine', 'created_at']);

  for (const l of listings) {
    if (l.launchedAt === null) continue;
    const launchedAt = l.launchedAt;
    const weekEnd = mondayMs(l.launchWeek) + WEEK;
    // Most votes arrive during the launch week; the rest trickle in afterwards.
    const voteTime = () => {
      if (weekEnd < ctx.now && rng.chance(0.25)) return between(rng, weekEnd, ctx.now);
      return between(rng, launchedAt, Math.min(weekEnd, ctx.now));
    };
    for (const userId of rng.sample(users, l.votes)) await vote({ listing_id: l.id, user_id: userId, created_at: iso(voteTime()) });
    for (const userId of rng.sample(users, l.follows)) await follow({ listing_id: l.id, user_id: userId, created_at: iso(between(rng, launchedAt, ctx.now)) });

    if (!rng.chance(0.45)) continue;
    for (const userId of rng.sample(users, rng.int(1, 6))) {
      const [rating, body] = rng.weighted(REVIEW_TEXTS.map((r) => [r, r[0] >= 4 ? 3 : 1] as const));
      // A few reviews are flagged as not genuine (e.g. written by the team); the community rating ignores them.
      await review({ listing_id: l.id, user_id: userId, rating, body, genuine: !rng.chance(0.06), created_at: iso(between(rng, launchedAt, ctx.now)) });
    }
  }
}

const between = (rng: Rng, from: number, to: number) => from + Math.floor(rng.next() * Math.max(1, to - from));
