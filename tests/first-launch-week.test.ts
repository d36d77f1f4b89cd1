import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from './support/test-db';
import { addListing } from './fixtures';
import { firstLaunchWeek } from '../storage/queries/launches';

// The launch calendar starts at the first week a public listing (live or scheduled) launched or is booked in: its
// booked launch week, or for a listing launched without one, the Monday (UTC) of its launch time. Read from two
// indexes in order (migration 0018); each case is also checked against the one MIN over every public listing it
// replaced, on whichever engine the suite runs.
const ONE_MIN = {
  sqlite: `SELECT MIN(COALESCE(launch_week, date(launched_at, 'weekday 0', '-6 days'))) AS week FROM listings WHERE status IN ('live', 'scheduled')`,
  pg: `SELECT MIN(COALESCE(launch_week, week_of(launched_at))) AS week FROM listings WHERE status IN ('live', 'scheduled')`,
};

type Row = { status: 'live' | 'scheduled' | 'draft' | 'rejected' | 'submitted'; week?: string; launchedAt?: string | null };
const CASES: Array<[string, Row[], string | null]> = [
  ['no listings at all', [], null],
  ['only drafts and rejected listings, booked early', [{ status: 'draft', week: '2025-01-06' }, { status: 'rejected', launchedAt: '2025-02-01T10:00:00.000Z' }], null],
  ['booked weeks only: the earliest', [{ status: 'live', week: '2026-03-02' }, { status: 'live', week: '2026-01-05' }, { status: 'live', week: '2026-06-01' }], '2026-01-05'],
  ['a draft booked earlier does not count', [{ status: 'draft', week: '2025-06-02' }, { status: 'live', week: '2026-01-05' }], '2026-01-05'],
  ['a scheduled listing booked earlier counts', [{ status: 'scheduled', week: '2025-12-01', launchedAt: null }, { status: 'live', week: '2026-01-05' }], '2025-12-01'],
  ['launched without a week, on a Sunday: its Monday', [{ status: 'live', launchedAt: '2025-11-09T23:30:00.000Z' }, { status: 'live', week: '2026-01-05' }], '2025-11-03'],
  ['launched without a week, on a Monday just after midnight', [{ status: 'live', launchedAt: '2025-11-10T00:00:01.000Z' }, { status: 'live', week: '2026-01-05' }], '2025-11-10'],
  ['a booked week earlier than every unbooked launch', [{ status: 'live', launchedAt: '2026-02-11T09:00:00.000Z' }, { status: 'live', week: '2025-10-06' }], '2025-10-06'],
  ['unbooked launches only', [{ status: 'live', launchedAt: '2026-02-11T09:00:00.000Z' }, { status: 'live', launchedAt: '2026-01-21T09:00:00.000Z' }], '2026-01-19'],
  ['an earlier unbooked launch of a listing taken down does not count', [{ status: 'rejected', launchedAt: '2025-05-05T09:00:00.000Z' }, { status: 'live', launchedAt: '2026-01-21T09:00:00.000Z' }], '2026-01-19'],
  ['a live listing with neither a week nor a launch time is left out', [{ status: 'live', launchedAt: null }, { status: 'live', week: '2026-04-06' }], '2026-04-06'],
];

let t: TestDb;
beforeEach(async () => { t = await openTestDb(); });
afterEach(async () => { await t.close(); });

describe('firstLaunchWeek', () => {
  it.each(CASES)('%s', async (_, rows, expected) => {
    let i = 0;
    for (const r of rows) {
      await addListing(t.db, {
        name: `First Week ${i++}`, status: r.status, launchWeek: r.week ?? null,
        launchedAt: r.launchedAt === undefined ? (r.week ? `${r.week}T09:00:00.000Z` : null) : r.launchedAt,
      });
    }
    expect(await firstLaunchWeek(t.db)).toBe(expected);
    const oracle = await t.db.engine.prepare(ONE_MIN.sqlite, { pg: ONE_MIN.pg }).get() as { week: string | null };
    expect(oracle.week).toBe(expected);
  });
});
