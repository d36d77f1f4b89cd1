import type { Db } from '../../db';
import type { Clock } from '../../../domain/clock';
import { CATEGORY_TREE } from '../base/categories';
import { demoContext, type DemoCategory } from './context';
import { seedUsers, seedFounders } from './people';
import { seedListings } from './listings';
import { seedActivity } from './activity';
import { seedAwards } from './awards';
import { seedAlternatives, seedMilestones, seedUpdates } from './content';
import { seedBillboard, seedDomainRatings, seedRevenue } from './metrics';
import { seedBlog } from './blog';

// The demo directory: deterministic for a given clock (seeded PRNG, dates relative to clock.now()).
// Runs inside the caller's transaction, after the base data.
export async function seedDemo(db: Db, clock: Clock): Promise<void> {
  const ctx = demoContext(db, clock);
  const ids = new Map((await db.engine.prepare('SELECT id, slug FROM categories').all() as { id: number; slug: string }[]).map((r) => [r.slug, r.id]));
  const cats: DemoCategory[] = CATEGORY_TREE.flatMap((top) =>
    top.children.map((sub) => ({ ...sub, id: ids.get(sub.slug)!, parentSlug: top.slug, parentName: top.name })));
  const minCents = Number((await db.engine.prepare("SELECT price_cents AS p FROM products WHERE code = 'billboard_min'").get() as { p: number } | undefined)?.p ?? 1000);

  const users = await seedUsers(ctx);
  const listings = await seedListings(ctx, cats);
  await seedActivity(ctx, listings, users);
  await seedFounders(ctx, listings);
  await seedUpdates(ctx, listings);
  await seedMilestones(ctx, listings);
  await seedAlternatives(ctx, listings);
  await seedAwards(ctx);
  await seedBillboard(ctx, listings, minCents);
  await seedDomainRatings(ctx, listings);
  await seedRevenue(ctx, listings);
  await seedBlog(ctx);
}
