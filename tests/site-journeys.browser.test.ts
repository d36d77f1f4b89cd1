import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startApp, type TestApp } from './harness';
import { serveSite, type SiteServer } from './fixture-server';
import { launchChromium, NO_BROWSER, PHONE } from './browser/chromium';

// What a person does on the website, in Chromium with JavaScript on, against a product website served on
// 127.0.0.1 the tests have not tuned the drafter to: find the way in from the header, submit a URL, watch the
// build move, review every value beside its quote, fix, lock, delete, restore and add things, be told next to
// the field when something is wrong, submit, and launch (free with the badge, or paid through checkout).

let app: TestApp;
let site: SiteServer;
let second: SiteServer;
let browser: Browser | undefined;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  app = await startApp({ jobs: true, env: { CRAWLER_ALLOW_PRIVATE: 'true', PAYMENTS_TEST_MODE: 'true' } });
  site = await serveSite('lanternly');
  second = await serveSite('kiln', '127.0.0.2');
  browser = await launchChromium();
  if (!browser) return;
  context = await browser.newContext({ viewport: PHONE });
  page = await context.newPage();
}); // the configured hook timeout: on PostgreSQL the run's first app also seeds the demo template

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await site?.close();
  await second?.close();
  await app?.close();
});

const card = (field: string) => page.locator(`#card-${field}`);
const stateOf = async (field: string) => (await page.locator(`#f-${field}-state`).textContent())?.trim();

describe('the submit journey in a real browser', () => {
  let reviewUrl = '';

  it('a signed-out visitor who presses Submit is sent to sign up and comes back to the submit form', { timeout: 60_000 }, async (ctx) => {
    ctx.skip(!browser, NO_BROWSER);
    await page.goto(app.url);
    await page.getByRole('link', { name: 'Submit', exact: true }).click();
    await page.waitForURL(/\/signin\?next=%2Fsubmit/);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('E-mail').fill('mara@example.test');
    await page.getByLabel('Name').fill('Mara');
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/submit$/);
    // The header now shows the account menu instead of "Sign in".
    await expect(page.getByRole('link', { name: 'Sign in' }).count()).resolves.toBe(0);
    await page.locator('.account-menu summary').click();
    await expect(page.getByRole('link', { name: 'My account' }).isVisible()).resolves.toBe(true);
  });

  it('refuses an address that is not a website, next to the field, keeping what was typed', { timeout: 30_000 }, async (ctx) => {
    ctx.skip(!browser, NO_BROWSER);
    await page.getByLabel('Website address').fill('ftp://files.example.test');
    await page.getByRole('button', { name: 'Draft my listing' }).click();
    await expect(page.locator('#url-error').textContent()).resolves.toMatch(/http/);
    await expect(page.getByLabel('Website address').inputValue()).resolves.toBe('ftp://files.example.test');
    await expect(page.getByLabel('Website address').getAttribute('aria-invalid')).resolves.toBe('true');
  });

  it('shows the build moving, then opens the review screen by itself', { timeout: 60_000 }, async (ctx) => {
    ctx.skip(!browser, NO_BROWSER);
    await page.getByLabel('Website address').fill(site.url);
    await page.getByRole('button', { name: 'Draft my listing' }).click();
    await page.getByRole('heading', { name: 'Drafting your listing' }).waitFor();
    // The page's script asks for the progress and updates the bar in place; nobody reloads the page by hand.
    const polls: string[] = [];
    page.on('request', (r) => { if (r.url().endsWith('/progress.json')) polls.push(r.url()); });
    expect(Number(await page.locator('#progress-bar').getAttribute('value'))).toBeLessThan(100);
    await page.getByRole('heading', { name: 'Review your draft' }).waitFor({ timeout: 30_000 });
    expect(polls.length).toBeGreaterThan(0);
    reviewUrl = page.url();
    expect(reviewUrl).toMatch(/\/drafts\/[0-9a-f-]{36}$/);
  });

  it('shows every drafted value beside the quote it comes from, linked to its page, and what the site did not state', { timeout: 30_000 }, async (ctx) => {
    ctx.skip(!browser, NO_BROWSER);
    await expect(page.locator('#f-name').inputValue()).resolves.toBe('Lanternly');
    const nameQuote = card('name').locator('ul.evidence li').first();
    await expect(nameQuote.locator('blockquote').textContent()).resolves.toContain('Lanternly');
    await expect(nameQuote.locator('a').getAttribute('href')).resolves.toContain(site.origin);
    // Every value shown from the website has at least one quote beside it.
    for (const f of await page.locator('.field-card.state-ai').evaluateAll((els) => els.map((e) => e.id.replace('card-', '')))) {
      expect(await card(f).locator('ul.evidence blockquote').count(), f).toBeGreaterThan(0);
    }
    const notStated = await page.locator('section.not-stated').textContent();
    expect(notStated).toMatch(/did not state/);
    // The customer's year in a testimonial is not the company's: the founded year comes from the About page.
    const year = await page.locator('#f-founded_year').inputValue();
    expect(year === '' || year === '2021').toBe(true);
    expect(year).not.toBe('2014');
  });

  it('edits, locks, deletes and restores values', { timeout: 60_000 }, async (ctx) => {
    ctx.skip(!browser, NO_BROWSER);
    await page.locator('#f-tagline').fill('Status pages for small SaaS teams');
    await page.getByRole('button', { name: 'Save changes' }).first().click();
    await page.getByText('Saved.').waitFor();
    await expect(page.locator('#f-tagline').inputValue()).resolves.toBe('Status pages for small SaaS teams');
    expect(await stateOf('tagline')).toMatch(/Edited by you/);

    await card('name').getByRole('button', { name: 'Lock' }).click();
    await page.getByText('Saved.').waitFor();
    expect(await stateOf('name')).toMatch(/locked/);

    await card('tagline').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Saved.').waitFor();
    expect(await stateOf('tagline')).toMatch(/Removed by you/);
    await expect(page.locator('#f-tagline').inputValue()).resolves.toBe('');

    await card('tagline').getByRole('button', { name: 'Restore' }).click();
    await page.getByText('Saved.').waitFor();
    expect(await stateOf('tagline')).toMatch(/From the website/);
    expect(await page.locator('#f-tagline').inputValue()).not.toBe('');
  });

  it('answers a bad value next to its field, keeps everything typed, and saves nothing', { timeout: 30_000 }, async (ctx) => {
    ctx.skip(!browser, NO_BROWSER);
    const cityBefore = await page.locator('#f-city').inputValue();
    await page.locator('#f-city').fill('Altona');
    await page.locator('#f-founded_year').fill('two thousand');
    await page.getByRole('button', { name: 'Save changes' }).first().click();
    await page.locator('#f-founded_year-error').waitFor();
    await expect(page.locator('#f-founded_year-error').textContent()).resolves.toMatch(/year/);
    await expect(page.locator('#f-founded_year').inputValue()).resolves.toBe('two thousand');
    await expect(page.locator('#f-city').inputValue()).resolves.toBe('Altona');
    // The summary at the top links to the field.
    await expect(page.locator('.error-summary a[href="#f-founded_year"]').count()).resolves.toBe(1);
    await page.goto(reviewUrl);
    await expect(page.locator('#f-city').inputValue()).resolves.toBe(cityBefore);
  });

  it('adds a founder, an FAQ, a social profile and a milestone', { timeout: 30_000 }, async (ctx) => {
    ctx.skip(!browser, NO_BROWSER);
    const founders = await page.locator('fieldset.row-card:has(input[name^="founder."])').count();
    const addFounder = page.locator(`#founder-${founders - 1}-name`);
    await addFounder.fill('Jo Example');
    await page.locator(`#founder-${founders - 1}-title`).fill('Head of support');
    const faqs = await page.locator('fieldset.row-card:has(input[name^="faq."])').count();
    await page.locator(`#faq-${faqs - 1}-question`).fill('Is there an API?');
    await page.locator(`#faq-${faqs - 1}-answer`).fill('Yes, a REST API on every plan.');
    await page.locator('#social-linkedin').fill('https://www.linkedin.com/company/lanternly');
    const milestones = await page.locator('fieldset.row-card:has(input[name^="milestone."])').count();
    await page.locator(`#milestone-${milestones - 1}-date`).fill('2026-01-15');
    await page.locator(`#milestone-${milestones - 1}-title`).fill('10,000 status pages');
    await page.getByRole('button', { name: 'Save changes' }).last().click();
    await page.getByText('Saved.').waitFor();
    const names = await page.locator('input[name^="founder."][name$=".name"]').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    expect(names).toContain('Jo Example');
    const questions = await page.locator('input[name^="faq."][name$=".question"]').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    expect(questions).toContain('Is there an API?');
    await expect(page.locator('#social-linkedin').inputValue()).resolves.toBe('https://www.linkedin.com/company/lanternly');
    const titles = await page.locator('input[name^="milestone."][name$=".title"]').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    expect(titles).toContain('10,000 status pages');
  });

  it('asks the website again for one value (redraft)', { timeout: 30_000 }, async (ctx) => {
    ctx.skip(!browser, NO_BROWSER);
    await card('short_description').getByRole('button', { name: /^Redraft / }).click();
    await page.getByText(/Redrafting from the website/).first().waitFor();
  });

  it('will not submit without a category, says so at the field, then submits and offers both ways to launch', { timeout: 30_000 }, async (ctx) => {
    ctx.skip(!browser, NO_BROWSER);
    if (await page.locator('#f-categories').inputValue()) {
      await page.locator('#f-categories').fill('');
      await page.getByRole('button', { name: 'Save changes' }).first().click();
      await page.getByText('Saved.').waitFor();
    }
    await page.getByRole('button', { name: 'Submit listing' }).click();
    await page.locator('.error-summary').waitFor();
    await expect(page.locator('#f-categories-error').textContent()).resolves.toMatch(/category/);
    await page.locator('#f-categories').fill('Developer Tools');
    await page.getByRole('button', { name: 'Save changes' }).first().click();
    await page.getByText('Saved.').waitFor();
    await page.getByRole('button', { name: 'Submit listing' }).click();
    await page.waitForURL(/\/launch/);
    await page.getByRole('heading', { name: 'Free launch' }).waitFor();
    await page.getByRole('heading', { name: /Paid launch/ }).waitFor();
    // The badge requirement is explained before choosing: a link to the listing page on the homepage.
    expect(await page.locator('#free-plan + p').textContent()).toMatch(/links to your listing page/);
  });

  it('chooses the free launch: the badge HTML to paste, and a check of the homepage on request', { timeout: 30_000 }, async (ctx) => {
    ctx.skip(!browser, NO_BROWSER);
    await page.getByRole('button', { name: 'Choose the free launch' }).click();
    await page.getByRole('heading', { name: 'Put the badge on your homepage' }).waitFor();
    const embed = await page.locator('#embed').inputValue();
    expect(embed).toMatch(/<a href="http:\/\/127\.0\.0\.1:\d+\/listings\/lanternly/);
    await page.getByRole('button', { name: 'Check my homepage now' }).click();
    await page.getByText(/Checking your homepage now/).waitFor();
    // The worker checks the homepage (which has no badge) and the page reports it.
    for (let i = 0; i < 50 && !(await page.getByText(/not found yet/).count()); i++) {
      await page.waitForTimeout(200);
      await page.reload();
    }
    await page.getByText(/not found yet/).waitFor();
  });

  it('a paid launch goes through the checkout page', { timeout: 60_000 }, async (ctx) => {
    ctx.skip(!browser, NO_BROWSER);
    await page.goto(`${app.url}/submit`);
    await page.getByLabel('Website address').fill(second.url);
    await page.getByRole('button', { name: 'Draft my listing' }).click();
    await page.getByRole('heading', { name: 'Review your draft' }).waitFor({ timeout: 30_000 });
    await page.locator('#f-categories').fill('Productivity');
    await page.getByRole('button', { name: 'Save changes' }).first().click();
    await page.getByText('Saved.').waitFor();
    await page.getByRole('button', { name: 'Submit listing' }).click();
    await page.waitForURL(/\/launch/);
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await page.waitForURL(/\/checkout\//);
    expect(await page.locator('h1').textContent()).toMatch(/order|checkout|pay/i);
  });
});

describe('search from the header', () => {
  it('finds a product despite a typo, keeps the query in the address, and helps when nothing matches', { timeout: 30_000 }, async (ctx) => {
    ctx.skip(!browser, NO_BROWSER);
    const anonContext = await browser!.newContext({ viewport: PHONE });
    const anon = await anonContext.newPage();
    await anon.goto(app.url);
    // A demo product's name with two letters swapped.
    const name = (await anon.locator('ol.rank a strong, ul.plain a strong').first().textContent())!.trim();
    const typo = name.length > 4 ? name.slice(0, 2) + name[3] + name[2] + name.slice(4) : name;
    await anon.getByRole('searchbox', { name: 'Search products' }).fill(typo);
    await anon.getByRole('searchbox', { name: 'Search products' }).press('Enter');
    await anon.waitForURL(/\/search\?q=/);
    expect(new URL(anon.url()).searchParams.get('q')).toBe(typo);
    expect(await anon.getByRole('list', { name: 'Search results' }).getByText(name, { exact: true }).count()).toBeGreaterThan(0);
    // The same address opened fresh shows the same results (shareable).
    const again = await anonContext.newPage();
    await again.goto(anon.url());
    expect(await again.getByRole('list', { name: 'Search results' }).getByText(name, { exact: true }).count()).toBeGreaterThan(0);
    await again.close();
    await anon.goto(`${app.url}/search?q=${encodeURIComponent('zqxj wvvk')}`);
    await anon.getByRole('heading', { name: 'No products found' }).waitFor();
    expect(await anon.getByRole('link', { name: /Submit it/ }).count()).toBe(1);
    await anonContext.close();
  });
});

describe('my account', () => {
  it('lists my drafts, listings (with status and an edit link) and orders, each leading somewhere', { timeout: 30_000 }, async (ctx) => {
    ctx.skip(!browser, NO_BROWSER);
    await page.goto(`${app.url}/account`);
    const drafts = page.locator('#drafts + table tbody tr');
    expect(await drafts.count()).toBe(2);
    const listings = page.locator('#listings + table tbody tr');
    expect(await listings.count()).toBe(2);
    expect(await page.locator('#listings + table').textContent()).toMatch(/waiting for the badge/);
    expect(await page.getByRole('link', { name: /^Edit / }).count()).toBe(2);
    const orders = page.locator('#orders + table tbody tr');
    expect(await orders.count()).toBe(1);
    expect(await orders.first().textContent()).toMatch(/Awaiting payment/);
    await orders.first().getByRole('link').first().click();
    await page.getByRole('heading', { name: /^Order / }).waitFor();
    expect(await page.getByText(/^VAT\b/).count()).toBe(1);
  });

  it('creates an API key with chosen scopes, shows it once, and revokes it', { timeout: 30_000 }, async (ctx) => {
    ctx.skip(!browser, NO_BROWSER);
    await page.goto(`${app.url}/account`);
    await page.getByLabel('Name', { exact: true }).fill('read-only script');
    for (const box of await page.locator('input[name="scopes"]').all()) await box.setChecked((await box.getAttribute('value')) === 'account:read');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.locator('#new-key').textContent())!.trim();
    const auth = { authorization: `Bearer ${key}` };
    expect((await fetch(`${app.api}/me/listings`, { headers: auth })).status).toBe(200);
    // The key may read my account but not write: submitting a URL needs listings:write.
    const write = await fetch(`${app.api}/drafts`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ url: 'https://example.com' }) });
    expect(write.status).toBe(403);
    await page.goto(`${app.url}/account`);
    expect(await page.locator('#new-key').count()).toBe(0);
    await page.getByRole('button', { name: 'Revoke key read-only script' }).click();
    await page.waitForURL(/#api-keys/);
    expect((await fetch(`${app.api}/me/listings`, { headers: auth })).status).toBe(401);
  });
});

describe('claiming a listing', () => {
  it('from a listing page: choose a method, see exactly what to publish, verify, and read the outcome', { timeout: 30_000 }, async (ctx) => {
    ctx.skip(!browser, NO_BROWSER);
    await page.goto(app.url);
    await page.locator('ol.rank a strong').first().click();
    const listingName = (await page.locator('h1').textContent())!.trim();
    await page.getByRole('link', { name: 'Claim this listing' }).click();
    await page.getByRole('heading', { name: `Claim ${listingName}` }).waitFor();
    await page.locator('input[name="method"][value="meta"]').check();
    await page.getByRole('button', { name: 'Start the claim' }).click();
    await page.waitForURL(/\/claims\/\d+$/);
    const tag = (await page.getByRole('region', { name: 'Meta tag to add' }).textContent())!;
    expect(tag).toMatch(/<meta name="[^"]+" content="[^"]+">/);
    // The code block can be reached and scrolled with the keyboard.
    await page.getByRole('region', { name: 'Meta tag to add' }).focus();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Meta tag to add');
    // The demo product's homepage does not carry the tag (it is not even reachable), so the check says what it found.
    await page.getByRole('button', { name: 'Verify now' }).click();
    await page.getByRole('heading', { name: 'Not verified yet' }).waitFor();
    expect(await page.locator('#last-check').count()).toBe(1);
    await page.goto(`${app.url}/account`);
    expect(await page.locator('#claims').locator('xpath=..').textContent()).toContain(listingName);
  });
});
