import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { callOp, startApp, type TestApp, openClients, closeAll } from './harness';
import { addListing, addVotes } from './fixtures';
import { compareByVotes } from '../domain/ranking';

// The weekly board is read a page at a time from the ranked table's index (storage/queries/leaderboards.ts
// weeklyVotesPage). Every page, put together, must be the week's ranking by the board's rule (domain/ranking.ts
// compareByVotes: votes, then earliest launch, then id), with ties on votes spanning page edges, listings that are
// not live left out of the rows and of the total, and votes of other weeks not counted.
// TEST_NOW is Wednesday 2026-11-18: last week starts Monday 2026-11-09.
let app: TestApp;
const clients: Parameters<typeof callOp>[1] = {};
type Ranked = { id: number; slug: string; votes: number; launchedAt: string | null };
const ranked: Ranked[] = [];

beforeAll(async () => {
  app = await startApp({ demo: false });
  const db = app.db;
  // Three launch times and one to three votes each: many ties on votes, and on votes and launch (decided by id).
  const launches = ['2026-11-09T09:00:00.000Z', '2026-10-05T09:00:00.000Z', '2026-11-09T09:00:00.000Z', '2026-09-14T09:00:00.000Z'];
  for (let i = 0; i < 29; i++) {
    const slug = `weekly-${i}`;
    const launchedAt = launches[(i * 7) % launches.length];
    const votes = 1 + ((i * 5) % 3);
    const id = await addListing(app.db, { name: `Weekly ${i}`, slug, launchedAt });
    await addVotes(db, id, votes, `2026-11-${String(9 + (i % 7)).padStart(2, '0')}T12:00:00.000Z`);
    // Votes of the week before and the week after do not count.
    if (i % 4 === 0) await addVotes(db, id, 3, '2026-11-08T23:59:59.000Z');
    if (i % 5 === 0) await addVotes(db, id, 2, '2026-11-16T00:00:00.000Z');
    ranked.push({ id, slug, votes, launchedAt });
  }
  for (const status of ['scheduled', 'submitted', 'rejected'] as const) {
    const id = await addListing(db, { name: `Weekly not live ${status}`, status, launchWeek: '2026-11-30' });
    await addVotes(db, id, 5, '2026-11-10T12:00:00.000Z');
  }
  ranked.sort(compareByVotes);
  await openClients(app, clients);
});

afterAll(() => closeAll(app, clients));

describe.each(['rest', 'legacy'] as const)('the weekly board page by page over %s', (d) => {
  it.each([1, 4, 6, 29, 50])('pages of %i make the ranking, ranks counted from each page', async (perPage) => {
    const seen: Array<[number, string, number]> = [];
    for (let page = 1; page <= Math.ceil(ranked.length / perPage) + 1; page++) {
      const { status, body } = await callOp(app, clients, d, 'get_leaderboard', { board: 'community-weekly', week: '2026-11-09', per_page: perPage, page });
      expect(status).toBe(200);
      expect(body.total).toBe(ranked.length);
      seen.push(...body.items.map((i: any) => [i.rank, i.listing.slug, i.metric.value] as [number, string, number]));
    }
    expect(seen).toEqual(ranked.map((r, i) => [i + 1, r.slug, r.votes]));
  });
});
