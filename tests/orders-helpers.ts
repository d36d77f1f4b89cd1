import type { Client } from '@modelcontextprotocol/client';
import { getJson, mcpClient, type Era, type TestApp } from './harness';
import { addCategory, addListing, addUser, insertRow, type ListingInput } from './fixtures';
import { createApiKey } from '../auth/accounts';
import { products } from '../storage/schema';
import { setSetting } from '../storage/queries/settings';
import { runAdmin } from '../cli/admin';

// Shared set-up of the orders tests: products at prices the test owns, two users with API keys, and listings
// of the first user in each state the order rules care about.

export const PRICES = {
  launch: 4900, skip_queue: 1900, featured: 9900, done_for_you: 14900, launch_bundle: 19900,
  extra_categories: 2900, relaunch: 3900, ai_review: 1900, billboard_min: 1000,
} as const;
export type Code = keyof typeof PRICES;

const TONE = {
  description: 'How the copy should sound.',
  properties: { tone: { type: 'string', description: 'Voice', enum: ['professional', 'friendly'] }, notes: { type: 'string', description: 'Notes' } },
};
const WEEK_RULE: Record<Code, 'optional' | 'required' | 'none'> = {
  launch: 'optional', skip_queue: 'required', relaunch: 'required', featured: 'none', done_for_you: 'none', launch_bundle: 'none',
  extra_categories: 'none', ai_review: 'none', billboard_min: 'none',
};

export type OrderWorld = {
  alice: { id: number; key: string }; bob: { id: number; key: string };
  listings: Record<'fresh' | 'fresh2' | 'fresh3' | 'queued' | 'live' | 'bobs', { id: number; slug: string }>;
};

const key = async (app: TestApp, userId: number, scopes?: Parameters<typeof createApiKey>[3]) => {
  const k = await createApiKey({ db: app.db, clock: app.clock }, userId, 'orders test', scopes);
  if ('errors' in k) throw new Error('key not created');
  return k.key;
};

export async function seedOrderWorld(app: TestApp, tag: string): Promise<OrderWorld> {
  for (const [i, code] of (Object.keys(PRICES) as Code[]).entries()) {
    const p = {
      code, name: `Test ${code}`, description: `Test product ${code}`, priceCents: PRICES[code], weekRule: WEEK_RULE[code],
      needsListing: true, options: code === 'done_for_you' || code === 'launch_bundle' ? TONE : null, position: i + 1, active: true,
    };
    // The seed may already have the product (orders refer to it by code): update it in place, else add it.
    const updated = await app.db.engine.prepare('UPDATE products SET name = ?, description = ?, price_cents = ?, week_rule = ?, needs_listing = 1, options = ?, position = ?, active = 1 WHERE code = ?')
      .run(p.name, p.description, p.priceCents, p.weekRule, p.options === null ? null : JSON.stringify(p.options), p.position, code);
    if (updated.changes === 0) await insertRow(app.db, products, p);
  }
  await setSetting(app.db, 'billboard_min_cents', String(PRICES.billboard_min));
  await setSetting(app.db, 'bookable_weeks', '12');
  await setSetting(app.db, 'paid_week_capacity', '20');
  for (const c of ['primary', 'ai', 'design', 'sales', 'marketing']) await addCategory(app.db, `${tag}-${c}`);
  const alice = await addUser(app.db, `alice-${tag}@example.test`);
  const bob = await addUser(app.db, `bob-${tag}@example.test`);
  const listing = async (name: string, over: Partial<ListingInput>) => {
    const slug = `${tag}-${name}`;
    return { id: await addListing(app.db, { name: `${tag} ${name}`, slug, category: `${tag}-primary`, ownerUserId: alice, ...over }), slug };
  };
  return {
    alice: { id: alice, key: await key(app, alice) },
    bob: { id: bob, key: await key(app, bob) },
    listings: {
      fresh: await listing('fresh', { status: 'submitted' }),
      fresh2: await listing('fresh2', { status: 'submitted' }),
      fresh3: await listing('fresh3', { status: 'submitted' }),
      queued: await listing('queued', { status: 'scheduled', plan: 'free', launchWeek: '2027-01-04' }),
      live: await listing('live', { status: 'live', plan: 'paid', launchWeek: '2026-10-05', extraCategories: [`${tag}-ai`] }),
      bobs: await listing('bobs', { status: 'submitted', ownerUserId: bob }),
    },
  };
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

export function rest(app: TestApp, key: string) {
  return {
    get: (path: string) => getJson(`${app.api}${path}`, { headers: bearer(key) }),
    post: (path: string, body: unknown, headers: Record<string, string> = {}) =>
      getJson(`${app.api}${path}`, { method: 'POST', headers: { ...bearer(key), 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }),
  };
}

export const mcpAs = (app: TestApp, era: Era, key: string): Promise<Client> => mcpClient(app, era, bearer(key));

export const errorPaths = (body: any): string[] => (body?.errors ?? []).map((e: any) => e.path);

// The operator CLI against the running app's database, on the app's clock.
export async function admin(app: TestApp, ...args: string[]): Promise<number> {
  const env: Record<string, string> = { DATABASE_PATH: app.config.databasePath };
  if (app.config.databaseUrl) env.DATABASE_URL = app.config.databaseUrl;
  return runAdmin(args, env as NodeJS.ProcessEnv, app.clock);
}
