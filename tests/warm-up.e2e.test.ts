import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness';
import { WARM_PATHS, warmUp } from '../transport/warm-up';
import { memoComputes } from '../storage/queries/memo';

// A web node reads the front pages once it listens (transport/server.ts), so its first visitors find them made.
let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

describe('warming up a node', () => {
  it('answers every front page and leaves them made: the next visitor is served from memory', async () => {
    const scopes = ['category-counts', 'sitemaps'];
    const before = scopes.map((s) => memoComputes(app.db, s));
    const warmed = await warmUp(app.db, app.hono.fetch, app.url);
    expect(warmed).toMatchObject({ read: WARM_PATHS.length, failed: [] });
    const made = scopes.map((s) => memoComputes(app.db, s));
    made.forEach((n, i) => expect(n, scopes[i]).toBeGreaterThan(before[i]));
    // What a visitor opens now over HTTP is what the warm-up made, not made again.
    for (const path of ['/categories', '/sitemap.xml', '/', '/api/v1/categories', '/api/v1/listings?sort=trending']) expect((await fetch(app.url + path)).status, path).toBe(200);
    expect(scopes.map((s) => memoComputes(app.db, s))).toEqual(made);
  });

  it('names a page it could not read instead of failing the start', async () => {
    const warmed = await warmUp(app.db, app.hono.fetch, app.url, ['/', '/no-such-page', '/listings/no-such-listing']);
    expect(warmed).toMatchObject({ read: 1, failed: ['/no-such-page (404)', '/listings/no-such-listing (404)'] });
  });

  it('lets a request that arrives meanwhile be served between two pages', async () => {
    const order: string[] = [];
    const slowly = async (req: Request) => {
      order.push(new URL(req.url).pathname);
      return app.hono.fetch(req);
    };
    const warming = warmUp(app.db, slowly, app.url, ['/launches', '/leaderboards', '/categories']);
    // Queued after the warm-up began: served before the warm-up has read every page.
    const visitor = new Promise<void>((resolve) => setImmediate(() => {
      order.push('visitor');
      resolve();
    }));
    await Promise.all([warming, visitor]);
    expect(order.indexOf('visitor')).toBeLessThan(order.indexOf('/categories'));
  });
});
