import { inserter } from '../sql';
import { DAY, iso, slugify, type DemoContext, type DemoListing } from './context';
import { uniqueSlug } from './names';
import { FIRST_NAMES, FOUNDER_TITLES, HOBBIES, LAST_NAMES, PAST_ROLES, PLACES } from './words';

const USERS = 400;
const FOUNDERS = 250;

// Demo voters: no password, so nobody can sign in as them. All joined before the oldest demo launch.
export async function seedUsers(ctx: DemoContext): Promise<number[]> {
  const rng = ctx.rng('users');
  const insert = inserter(ctx.db, 'users', ['email', 'name', 'password_hash', 'is_demo', 'created_at']);
  const ids: number[] = [];
  for (let i = 1; i <= USERS; i++) {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const email = `${slugify(first)}.${slugify(last)}.${i}@demo.example.com`;
    ids.push(await insert({ email, name: `${first} ${last}`, password_hash: null, is_demo: true, created_at: iso(ctx.now - rng.int(120, 720) * DAY) }));
  }
  return ids;
}

// Founders linked to listings: every listing whose website names its founders gets 1-3 (position 0 is the
// primary one); every founder has at least one company and at most three.
export async function seedFounders(ctx: DemoContext, listings: DemoListing[]): Promise<void> {
  const rng = ctx.rng('founders');
  const insert = inserter(ctx.db, 'founders', ['slug', 'name', 'headline', 'bio', 'country', 'avatar_url', 'socials', 'user_id', 'is_demo', 'created_at']);
  const link = inserter(ctx.db, 'listing_founders', ['listing_id', 'founder_id', 'title', 'position']);
  const companies = listings.filter((l) => !l.missing.includes('founders'));
  const slots = companies.flatMap((l) => Array<DemoListing>(rng.weighted([[1, 70], [2, 24], [3, 6]] as const)).fill(l));
  // Shuffled so fresh founders spread over all listings rather than the first ones.
  const seats = rng.sample(slots, Infinity).map((listing) => ({ listing, founder: -1, title: '', position: 0 }));

  // The first FOUNDERS seats get fresh founders; later seats go to founders with room for another company.
  const owned: DemoListing[][] = [];
  const positions = new Map<number, number>();
  seats.forEach((seat, i) => {
    let f = i < FOUNDERS ? i : -1;
    for (let tries = 0; tries < 50 && f < 0; tries++) {
      const c = rng.int(0, FOUNDERS - 1);
      if (owned[c] && owned[c].length < 3 && !owned[c].includes(seat.listing)) f = c;
    }
    if (f < 0) return; // rare: leave the seat empty rather than loop forever
    (owned[f] ??= []).push(seat.listing);
    seat.founder = f;
    seat.position = positions.get(seat.listing.id) ?? 0;
    positions.set(seat.listing.id, seat.position + 1);
    seat.title = seat.position === 0 ? rng.pick(['Founder & CEO', 'Founder', 'Co-founder & CEO']) : rng.pick(FOUNDER_TITLES.slice(1));
  });

  const used = new Set<string>();
  // Every random pick runs before the first insert awaits, so the demo stays the same for a seed.
  const founderIds = await Promise.all(owned.map(async (companiesOf, f) => {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const name = `${first} ${last}`;
    const slug = uniqueSlug(name, used);
    const main = companiesOf[0];
    const role = seats.find((s) => s.founder === f && s.listing === main)!.title;
    const country = main.country ?? rng.weighted(PLACES.map((p) => [p[0], p[1]] as const));
    const others = companiesOf.slice(1).map((l) => l.name);
    const bio = `${first} is ${role} at ${main.name}. Before that, ${first} ${rng.pick(PAST_ROLES)}.`
      + (others.length ? ` ${first} also builds ${others.join(' and ')}.` : '') + ` ${rng.pick(HOBBIES)}`;
    const socials: Record<string, string> = { linkedin: `https://www.linkedin.com/in/${slug}`, x: `https://x.com/${slug.replace(/-/g, '')}` };
    if (main.category.parentSlug === 'developer-tools' || rng.chance(0.3)) socials.github = `https://github.com/${slug.replace(/-/g, '')}`;
    return await insert({
      slug, name, headline: `${role} at ${main.name}`, bio, country, avatar_url: null, socials, user_id: null, is_demo: true,
      created_at: iso(main.createdAt),
    });
  }));

  for (const seat of seats) {
    if (seat.founder >= 0) await link({ listing_id: seat.listing.id, founder_id: founderIds[seat.founder], title: seat.title, position: seat.position });
  }
}
