import { addWeeks, isoDay } from '../../../domain/weeks';
import { inserter } from '../sql';
import { DAY, iso, type DemoContext, type DemoListing } from './context';

// Paid billboard money for ~15 listings; amounts are at least the seeded minimum.
export async function seedBillboard(ctx: DemoContext, listings: DemoListing[], minCents: number): Promise<void> {
  const rng = ctx.rng('billboard');
  const insert = inserter(ctx.db, 'billboard_contributions', ['listing_id', 'amount_cents', 'source', 'created_at']);
  for (const l of rng.sample(listings.filter((x) => x.status === 'live'), 15)) {
    for (let k = rng.int(1, 3); k > 0; k--) {
      const amount = minCents * rng.pick([1, 2, 5, 10, 25, 50]);
      await insert({ listing_id: l.id, amount_cents: amount, source: 'demo', created_at: iso(ctx.now - rng.int(1, 56) * DAY - rng.int(0, DAY)) });
    }
  }
}

// Weekly Domain Rating points over 12 weeks for ~200 listings, each with its own trend.
export async function seedDomainRatings(ctx: DemoContext, listings: DemoListing[]): Promise<void> {
  const rng = ctx.rng('domain-ratings');
  const insert = inserter(ctx.db, 'domain_ratings', ['listing_id', 'rating', 'recorded_on', 'source']);
  const live = listings.filter((l) => l.status === 'live');
  const chosen = [...live.filter((l) => l.famous), ...rng.sample(live.filter((l) => !l.famous), 197)];
  for (const l of chosen) {
    const base = l.famous ? rng.int(88, 93) : rng.int(3, 70);
    const slope = l.famous ? 0 : rng.weighted([[-1, 2], [0, 3], [1, 4], [2, 2], [3, 1]] as const) * 0.5;
    for (let k = 0; k < 12; k++) {
      const rating = Math.max(0, Math.min(100, Math.round(base + slope * k + rng.int(-1, 1))));
      await insert({ listing_id: l.id, rating, recorded_on: addWeeks(ctx.currentMonday, k - 11), source: 'demo' });
    }
  }
}

// Verified monthly recurring revenue for the last 6 complete months of ~40 listings.
export async function seedRevenue(ctx: DemoContext, listings: DemoListing[]): Promise<void> {
  const rng = ctx.rng('revenue');
  const insert = inserter(ctx.db, 'revenue_reports', ['listing_id', 'mrr_cents', 'period', 'verified_by', 'recorded_on']);
  const now = new Date(ctx.now);
  const firstOfMonth = (back: number) => isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)));
  for (const l of rng.sample(listings.filter((x) => x.status === 'live' && !x.famous), 40)) {
    const verifiedBy = rng.pick(['stripe', 'paddle']);
    let mrr = rng.int(200, 40_000) * 100;
    const growth = 1 + rng.int(-2, 15) / 100;
    for (let back = 6; back >= 1; back--) {
      await insert({ listing_id: l.id, mrr_cents: Math.round(mrr), period: firstOfMonth(back), verified_by: verifiedBy, recorded_on: firstOfMonth(back - 1) });
      mrr *= growth;
    }
  }
}
