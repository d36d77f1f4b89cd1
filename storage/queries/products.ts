import type { Stmt } from '../engine/types';
import type { Db } from '../db';
import { products } from '../schema';
import { getNumberSetting } from './settings';
import { addWeeks, mondayOf } from '../../domain/weeks';

export type ProductRow = typeof products.$inferSelect;

type Statements = { active: Stmt; paidInWeeks: Stmt };
const cache = new WeakMap<Db, Statements>();

function statements(db: Db): Statements {
  let s = cache.get(db);
  if (s) return s;
  s = {
    active: db.engine.prepare(`SELECT code, name, description, price_cents, needs_listing, options, week_rule
      FROM products WHERE active = 1 ORDER BY position, code`),
    // Paid launches that hold a slot in a week: scheduled ones and those already live there.
    paidInWeeks: db.engine.prepare(`SELECT launch_week AS week, count(*) AS n FROM listings
      WHERE plan = 'paid' AND status IN ('live', 'scheduled') AND launch_week IN (SELECT value FROM json_each(?))
      GROUP BY launch_week`),
  };
  cache.set(db, s);
  return s;
}

export type Product = Pick<ProductRow, 'code' | 'name' | 'description' | 'priceCents' | 'needsListing' | 'options' | 'weekRule'>;

// Active products at the admin's current prices (read per call: prices change without a restart).
export async function activeProducts(db: Db): Promise<Product[]> {
  const rows = await statements(db).active.all() as Record<string, any>[];
  return rows.map((r) => ({
    code: r.code, name: r.name, description: r.description, priceCents: r.price_cents, needsListing: !!r.needs_listing,
    options: r.options ? (JSON.parse(r.options) as Product['options']) : null, weekRule: r.week_rule,
  }));
}

export type SelectableWeek = { week: string; remaining: number };

// The launch weeks a paid product may be booked into: the next `bookable_weeks` Mondays after the current week,
// minus weeks whose `paid_week_capacity` is used up. Quote and checkout validate against this same list.
export async function selectableWeeks(db: Db, now: Date): Promise<SelectableWeek[]> {
  const count = await getNumberSetting(db, 'bookable_weeks');
  const capacity = await getNumberSetting(db, 'paid_week_capacity');
  const current = mondayOf(now);
  const weeks = Array.from({ length: Math.max(0, count) }, (_, i) => addWeeks(current, i + 1));
  const used = new Map(
    (await statements(db).paidInWeeks.all(JSON.stringify(weeks)) as { week: string; n: number }[]).map((r) => [r.week, r.n]),
  );
  return weeks
    .map((week) => ({ week, remaining: Math.max(0, capacity - (used.get(week) ?? 0)) }))
    .filter((w) => w.remaining > 0);
}

export const billboardMinCents = async (db: Db): Promise<number> => await getNumberSetting(db, 'billboard_min_cents');
