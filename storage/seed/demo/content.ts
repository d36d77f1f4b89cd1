import { isoDay } from '../../../domain/weeks';
import { inserter } from '../sql';
import { DAY, iso, type DemoContext, type DemoListing } from './context';
import { UPDATE_TITLES } from './words';
import { lower } from './copy';

const UPDATES = 150;

// Listing updates (the latest-updates page) over recent weeks, always after the listing went live.
export async function seedUpdates(ctx: DemoContext, listings: DemoListing[]): Promise<void> {
  const rng = ctx.rng('updates');
  const insert = inserter(ctx.db, 'listing_updates', ['listing_id', 'title', 'body', 'created_at']);
  const live = listings.filter((l) => l.launchedAt !== null && ctx.now - l.launchedAt > DAY);
  for (let i = 0; i < UPDATES; i++) {
    const l = rng.pick(live);
    const title = rng.pick(UPDATE_TITLES);
    const feature = lower(rng.pick(l.subject.features));
    const body = `${title}. We have been working on this since launch, and it was the most requested change from ${l.subject.audience}. `
      + `This release also improves ${feature} and fixes a handful of small bugs you reported. Thank you for the feedback, and keep it coming.`;
    const at = l.launchedAt! + Math.floor(rng.next() * (ctx.now - l.launchedAt!));
    await insert({ listing_id: l.id, title, body, created_at: iso(at) });
  }
}

// Milestones for paid listings, from founding to launch and beyond.
export async function seedMilestones(ctx: DemoContext, listings: DemoListing[]): Promise<void> {
  const rng = ctx.rng('milestones');
  const insert = inserter(ctx.db, 'milestones', ['listing_id', 'date', 'title', 'description', 'url']);
  for (const l of listings) {
    if (l.plan !== 'paid') continue;
    const founded = Date.UTC(l.foundedYear ?? new Date(l.createdAt).getUTCFullYear(), rng.int(0, 11), rng.int(1, 28));
    const start = Math.min(founded, l.createdAt - 30 * DAY);
    const end = l.launchedAt ?? l.createdAt;
    const points: [number, string, string][] = [
      [start, `${l.name} is founded`, `The first commit, and a promise to fix ${l.subject.topic} for ${l.subject.audience}.`],
      [start + Math.floor((end - start) * 0.4), 'Private beta opens', 'Twenty teams joined the beta and shaped the first release.'],
      [start + Math.floor((end - start) * 0.7), 'First paying customer', 'A small agency became our first paying customer.'],
    ];
    if (l.launchedAt !== null) points.push([l.launchedAt, 'Public launch', 'Launched publicly on this directory.']);
    if (rng.chance(0.4)) points.push([start + Math.floor((end - start) * 0.85), 'Pre-seed round closed', 'Raised a small round from angels who are also customers.']);
    for (const [at, title, description] of points) {
      const url = rng.chance(0.3) ? `https://${l.domain}/blog/${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}` : null;
      await insert({ listing_id: l.id, date: isoDay(new Date(Math.min(at, ctx.now))), title, description, url });
    }
  }
}

// Owner-approved alternatives: other listings of the same primary category.
export async function seedAlternatives(ctx: DemoContext, listings: DemoListing[]): Promise<void> {
  const rng = ctx.rng('alternatives');
  const insert = inserter(ctx.db, 'listing_alternatives', ['listing_id', 'alternative_id', 'approved', 'position']);
  const live = listings.filter((l) => l.status === 'live');
  for (const l of live) {
    if (!l.famous && !rng.chance(0.25)) continue;
    const peers = live.filter((o) => o.id !== l.id && o.category.id === l.category.id);
    for (const [position, alt] of rng.sample(peers, rng.int(1, 3)).entries()) await insert({ listing_id: l.id, alternative_id: alt.id, approved: true, position });
  }
}
