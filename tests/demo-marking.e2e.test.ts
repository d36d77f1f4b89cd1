import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, startApp, type TestApp } from './harness';
import { addListing } from './fixtures';

// The seeded demo directory is clearly marked as demo data wherever a listing appears.
let app: TestApp;
beforeAll(async () => {
  app = await startApp({ demo: true });
  await addListing(app.db, { name: 'Real Product' });
});
afterAll(async () => { await app.close(); });

describe('demo directory marking', () => {
  it('flags demo listings in summaries and profiles, and real ones not', async () => {
    const demo = await getJson(`${app.api}/listings/notion`);
    expect(demo.body.demo).toBe(true);
    const real = await getJson(`${app.api}/listings/real-product`);
    expect(real.body.demo).toBe(false);
    const search = await getJson(`${app.api}/listings?q=Real%20Product`);
    expect(search.body.items.find((i: any) => i.slug === 'real-product').demo).toBe(false);
    const browse = await getJson(`${app.api}/listings?sort=votes&per_page=5`);
    expect(browse.body.items.every((i: any) => i.demo === true)).toBe(true);
  });

  it('counts the demo listings in site info and says so on the home page and listing pages', async () => {
    const info = await getJson(`${app.api}/site`);
    expect(info.body.demo_listings).toBeGreaterThan(200);
    expect(info.body.demo_listings).toBe(info.body.live_listings - 1);
    const home = await (await fetch(`${app.url}/`)).text();
    expect(home).toContain('This directory is showing its demo data');
    const page = await (await fetch(`${app.url}/listings/notion`)).text();
    expect(page).toContain('Demo listing');
    const realPage = await (await fetch(`${app.url}/listings/real-product`)).text();
    expect(realPage).not.toContain('Demo listing');
  });
});
