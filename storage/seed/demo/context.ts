import type { Db } from '../../db';
import type { Clock } from '../../../domain/clock';
import { mondayOf } from '../../../domain/weeks';
import { createRng, type Rng } from '../random';
import type { SubcategorySeed } from '../base/categories';
import type { Subject } from './copy';

export const DAY = 86_400_000;
export const WEEK = 7 * DAY;

// Shared state of one demo seeding run. Each part draws from its own named random stream, so changing
// how one part uses randomness does not reshuffle every other part.
export type DemoContext = {
  db: Db;
  now: number; // ms
  nowIso: string;
  currentMonday: string;
  rng(part: string): Rng;
};

export function demoContext(db: Db, clock: Clock): DemoContext {
  const now = clock.now().getTime();
  return {
    db, now, nowIso: new Date(now).toISOString(), currentMonday: mondayOf(new Date(now)),
    rng: (part) => createRng(hash(`launch-directory-demo:${part}`)),
  };
}

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

export const iso = (ms: number) => new Date(ms).toISOString();
export const mondayMs = (monday: string) => Date.parse(`${monday}T00:00:00Z`);
export const slugify = (s: string) => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

export type DemoCategory = SubcategorySeed & { id: number; parentSlug: string; parentName: string };

// One generated listing, with what later parts need (ids, timing, counts decided up front).
export type DemoListing = {
  id: number;
  slug: string;
  name: string;
  domain: string;
  status: 'live' | 'scheduled';
  plan: 'free' | 'paid';
  launchWeek: string;
  launchedAt: number | null; // ms, live only
  createdAt: number;
  category: DemoCategory;
  votes: number;
  follows: number;
  subject: Subject;
  foundedYear: number | null;
  country: string | null;
  famous: boolean;
  missing: string[]; // facts not found on the website (not_found_on_website)
};
