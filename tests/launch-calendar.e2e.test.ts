import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { callOp, DRIVERS, startApp, type Driver, type TestApp, openClients, closeAll } from './harness';
import { addListing } from './fixtures';
import { raw } from './support/raw-http';

// The launch calendar starts at the first week a public listing launched or is booked in (storage/queries/launches.ts
// firstLaunchWeek, read from two indexes): weeks before it are 404, over REST, MCP and on the site, and the start moves
// as listings are added. TEST_NOW is Wednesday 2026-11-18, so this week is 2026-11-16.
let app: TestApp;
const clients: Partial<Record<Driver, Client>> = {};
const week = (d: Driver, w: string) => callOp(app, clients, d, 'get_launch_week', { week: w });

beforeAll(async () => {
  app = await startApp({ demo: false });
  await openClients(app, clients);
});
afterAll(() => closeAll(app, clients));

describe('the launch calendar\'s first week', () => {
  it('moves back with a launch without a booked week, then with a booking, never with a draft', async () => {
    // No public listing yet: the calendar starts this week.
    for (const d of DRIVERS) {
      expect((await week(d, '2026-11-16')).status, d).toBe(200);
      expect((await week(d, '2026-11-09')).status, d).toBe(404);
    }

    // Launched on a Sunday without a booked week: its week (Monday 2026-10-05) opens, and lists it.
    await addListing(app.db, { name: 'Sunday Launch', launchWeek: null, launchedAt: '2026-10-11T22:00:00.000Z' });
    for (const d of DRIVERS) {
      const opened = await week(d, '2026-10-05');
      expect(opened.status, d).toBe(200);
      expect(opened.body.items.map((i: { slug: string }) => i.slug), d).toEqual(['sunday-launch']);
      expect((await week(d, '2026-09-28')).status, d).toBe(404);
    }
    expect((await raw(app, '/launches/weeks/2026-10-05')).status).toBe(200);
    expect((await raw(app, '/launches/weeks/2026-09-28')).status).toBe(404);

    // A draft booked earlier does not move it; a scheduled listing booked earlier does.
    await addListing(app.db, { name: 'Early Draft', status: 'draft', launchWeek: '2026-01-05' });
    expect((await week('rest', '2026-01-05')).status).toBe(404);
    await addListing(app.db, { name: 'Booked Early', status: 'scheduled', launchWeek: '2026-08-03' });
    for (const d of DRIVERS) {
      expect((await week(d, '2026-08-03')).status, d).toBe(200);
      expect((await week(d, '2026-07-27')).status, d).toBe(404);
    }
  });
});
