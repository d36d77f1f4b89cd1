import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { startApp, type TestApp } from './harness';
import { testEngine } from './support/pg-test-db';
import { serveSite, type SiteServer } from './fixture-server';
import { horizontalOverflow, launchChromium, NO_BROWSER, PHONE, seriousAxeFindings, smallestTextPx } from './browser/chromium';
import { discoverPages, preparePersonalPages } from './browser/site-pages';

// Every page, signed out and signed in, in Chromium at phone width (390×844): no horizontal scrolling, text no
// smaller than 12 px, and no serious or critical axe-core finding (WCAG 2.2 AA, tap targets included), in the
// light colour scheme signed out and the dark one signed in.
// The pages are found by following links from the home page, plus the personal pages a signed-in person has.

let app: TestApp;
let site: SiteServer;
let second: SiteServer;
let browser: Browser | undefined;
let publicPages: string[] = [];
const personalPages: string[] = [];
let signedIn: BrowserContext | undefined;

beforeAll(async () => {
  app = await startApp({ jobs: true, env: { CRAWLER_ALLOW_PRIVATE: 'true', PAYMENTS_TEST_MODE: 'true' } });
  site = await serveSite('kiln');
  second = await serveSite('lanternly', '127.0.0.2');
  browser = await launchChromium();
  publicPages = [...await discoverPages(app), '/search?q=invoice', '/search?q=qqqxxyzzy', '/submit', '/signin', '/signup', '/no-such-page'];
  if (!browser) return;
  // Dark mode for the signed-in pass, so contrast is checked in both colour schemes.
  signedIn = await browser.newContext({ viewport: PHONE, colorScheme: 'dark' });
  personalPages.push(...await preparePersonalPages(signedIn, app, site, second));
}, testEngine() === 'postgres' ? 180_000 : 90_000); // on PostgreSQL the run's first app also seeds the demo template

afterAll(async () => {
  await signedIn?.close();
  await browser?.close();
  await site?.close();
  await second?.close();
  await app?.close();
});

type Problem = { page: string; who: string; problem: string };

async function check(context: BrowserContext, who: string, pages: string[]): Promise<Problem[]> {
  const problems: Problem[] = [];
  const page = await context.newPage();
  for (const path of pages) {
    await page.goto(`${app.url}${path}`);
    const overflow = await horizontalOverflow(page);
    if (overflow.by > 0) problems.push({ page: path, who, problem: `scrolls sideways by ${overflow.by}px: ${overflow.culprits.join(', ')}` });
    const text = await smallestTextPx(page);
    if (text.px < 12) problems.push({ page: path, who, problem: `text of ${text.px}px (${text.where})` });
    for (const f of await seriousAxeFindings(page)) problems.push({ page: path, who, problem: `axe ${f.impact} ${f.id}: ${f.help} at ${f.targets.join(' | ')}` });
  }
  await page.close();
  return problems;
}

describe('every page at phone width, in a real browser', () => {
  it('finds the pages by following links (a template per kind of address)', () => {
    // The demo directory links to listings, launches, categories, leaderboards, founders and the blog.
    for (const shape of ['/listings/', '/categories', '/launches', '/leaderboards', '/founders', '/blog']) {
      expect(publicPages.some((p) => p.startsWith(shape)), shape).toBe(true);
    }
  });

  it('signed out: no sideways scrolling, readable text, no serious accessibility findings', { timeout: 240_000 }, async (ctx) => {
    ctx.skip(!browser, NO_BROWSER);
    const context = await browser!.newContext({ viewport: PHONE });
    const problems = await check(context, 'signed out', publicPages);
    await context.close();
    expect(problems).toEqual([]);
  });

  it('signed in: the same, on every page plus my account, my draft\'s review screen and its launch page', { timeout: 240_000 }, async (ctx) => {
    ctx.skip(!browser, NO_BROWSER);
    expect(personalPages.length).toBe(5);
    const problems = await check(signedIn!, 'signed in', [...personalPages, ...publicPages.filter((p) => !/^\/(signin|signup)/.test(p))]);
    expect(problems).toEqual([]);
  });
});
