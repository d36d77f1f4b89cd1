import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness';
import { decoded, raw } from './support/raw-http';
import { Browser, signUp } from './auth-helpers';

// A search page runs search_listings for whatever a visitor writes, so the site's /search is charged against the same
// allowance as REST and MCP (site/search/page.tsx): one bucket per address for anonymous callers.
let app: TestApp;
beforeAll(async () => {
  app = await startApp({ demo: true, env: { RATE_LIMIT_ANON_PER_MIN: '3', RATE_LIMIT_USER_PER_MIN: '5' } });
});
afterAll(async () => {
  await app?.close();
});

describe('search pages and the rate limit', () => {
  it('charges each search page against the address, refuses the one over the limit with a 429 page, and shares the allowance with the API', async () => {
    const pages = [];
    for (const words of ['notes', 'invoices', 'analytics']) pages.push(await raw(app, `/search?q=${words}`));
    expect(pages.map((p) => p.status)).toEqual([200, 200, 200]);

    const refused = await raw(app, '/search?q=crm');
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(refused.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(decoded(refused)).toContain('Too many requests');
    expect(decoded(refused)).toContain(`Try again in ${refused.headers['retry-after']} seconds`);
    // The same allowance as the API's operations: it is spent there too.
    expect((await raw(app, '/api/v1/listings?q=crm')).status).toBe(429);
    // Pages with a bounded set of addresses are not limited.
    expect((await raw(app, '/categories')).status).toBe(200);
    expect((await raw(app, '/')).status).toBe(200);

    // The bucket refills with time: a minute later, searching works again.
    app.clock.advance(60_000);
    const later = await raw(app, '/search?q=crm');
    expect(later.status).toBe(200);
    expect(decoded(later)).toContain('Results for');
  });

  it('charges a signed-in person against their own allowance, not their address\'s', async () => {
    const person = new Browser(app.url);
    expect((await signUp(person, 'searcher@example.com', 'correct horse battery', 'Searcher')).status).toBe(303);
    // The address's allowance is spent (3 a minute) while the person's (5 a minute) is not.
    app.clock.advance(60_000);
    for (const words of ['a', 'b', 'c']) expect((await raw(app, `/search?q=${words}`)).status).toBe(200);
    expect((await raw(app, '/search?q=d')).status).toBe(429);
    const statuses = [];
    for (const words of ['one', 'two', 'three', 'four', 'five', 'six']) statuses.push((await person.request(`/search?q=${words}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
