import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { getJson, mcpClient, startApp, type TestApp } from './harness';
import { addListing, addVotes } from './fixtures';
import { runJobs } from './my-listings-helpers';
import { scheduleRecurringJobs } from '../jobs/index';
import { weekWinners } from '../storage/queries/awards-compute';

// The weekly job awards Launch of the Week #1–#3 when a week ends (Monday 00:00 UTC), from the votes cast that week
// for the listings launched that week; the awards show in list_awards and as badges. TEST_NOW is Wed 2026-11-18.

const WEEK = '2026-11-16';
const NEXT = '2026-11-23';
let app: TestApp;
const ids: Record<string, number> = {};
let client: Client;

beforeAll(async () => {
  app = await startApp({ demo: false });
  const db = app.db;
  const launched = async (name: string, launchedAt: string, extra: Record<string, unknown> = {}) =>
    await addListing(db, { name, status: 'live', launchWeek: WEEK, launchedAt, ...extra });
  ids.most = await launched('Most Voted', '2026-11-16T09:00:00.000Z');
  ids.tieEarly = await launched('Tie Early', '2026-11-16T08:00:00.000Z');
  ids.tieLate = await launched('Tie Late', '2026-11-17T08:00:00.000Z');
  ids.fourth = await launched('Fourth Place', '2026-11-16T07:00:00.000Z');
  ids.lastWeek = await addListing(db, { name: 'Last Week Launch', status: 'live', launchWeek: '2026-11-09', launchedAt: '2026-11-09T09:00:00.000Z' });
  ids.rejected = await addListing(db, { name: 'Taken Down', status: 'rejected', launchWeek: WEEK, launchedAt: '2026-11-16T06:00:00.000Z' });
  await addVotes(db, ids.most, 9, '2026-11-18T10:00:00.000Z');
  await addVotes(db, ids.tieEarly, 5, '2026-11-20T10:00:00.000Z');
  await addVotes(db, ids.tieLate, 5, '2026-11-22T23:59:59.000Z');
  await addVotes(db, ids.fourth, 4, '2026-11-19T10:00:00.000Z');
  await addVotes(db, ids.fourth, 20, '2026-11-23T00:00:00.000Z'); // cast after the week ended: not counted
  await addVotes(db, ids.lastWeek, 50, '2026-11-18T10:00:00.000Z'); // launched another week
  await addVotes(db, ids.rejected, 50, '2026-11-18T10:00:00.000Z'); // not live
  await scheduleRecurringJobs(db, app.clock);
  client = await mcpClient(app, 'modern');
});
afterAll(async () => {
  await client?.close();
  await app?.close();
});

const allAwards = async () => (await getJson(`${app.api}/awards`)).body.items.map((i: any) => [i.week, i.rank, i.listing.slug]);
const awardRows = async () => (await allAwards()).filter((r: [string]) => r[0] >= WEEK);

describe('weekly awards job', () => {
  it('ranks by the week\'s votes; ties go to the earlier launch', async () => {
    expect(await weekWinners(app.db, WEEK)).toEqual([
      { listing_id: ids.most, votes: 9 }, { listing_id: ids.tieEarly, votes: 5 }, { listing_id: ids.tieLate, votes: 5 },
    ]);
  });

  it('catches up on last week at once, and awards nothing while this week is still running', async () => {
    await runJobs(app);
    // Started mid-week: last week's run was missed, so it runs now (the listing launched then had no votes that week).
    expect(await allAwards()).toEqual([['2026-11-09', 1, 'last-week-launch']]);
    app.clock.set('2026-11-22T23:59:59Z');
    await runJobs(app);
    expect(await awardRows()).toEqual([]);
  });

  it('awards #1–#3 at Monday 00:00 UTC, shown in list_awards and as badges', async () => {
    app.clock.set(`${NEXT}T00:00:00Z`);
    const summary = await runJobs(app);
    expect(summary.failed).toBe(0);
    expect(await awardRows()).toEqual([[WEEK, 1, 'most-voted'], [WEEK, 2, 'tie-early'], [WEEK, 3, 'tie-late']]);
    const mcp = await client.callTool({ name: 'list_awards', arguments: { listing: 'tie-early' } });
    expect((mcp.structuredContent as any).items).toEqual([expect.objectContaining({ week: WEEK, rank: 2 })]);
    const badges = (await getJson(`${app.api}/listings/most-voted/badges`)).body.badges;
    expect(badges.map((b: any) => [b.kind, b.week])).toContainEqual(['launch-of-the-week-1', WEEK]);
  });

  it('does not award a week twice, and the next week\'s run is already scheduled', async () => {
    app.clock.advance(60_000);
    await runJobs(app);
    expect(await awardRows()).toHaveLength(3);
    const next = await addListing(app.db, { name: 'Next Week Star', status: 'live', launchWeek: NEXT, launchedAt: `${NEXT}T08:00:00.000Z` });
    await addVotes(app.db, next, 3, `${NEXT}T12:00:00.000Z`);
    app.clock.set('2026-11-30T00:00:00Z');
    await runJobs(app);
    expect((await awardRows())[0]).toEqual([NEXT, 1, 'next-week-star']);
    expect(await awardRows()).toHaveLength(4);
  });
});
