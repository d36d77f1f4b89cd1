import type { BrowserContext, Page } from 'playwright-core';
import type { TestApp } from '../harness';
import type { SiteServer } from '../fixture-server';

// The pages a visitor can reach, found the way a visitor finds them: by following links from the home page.
// One page per kind of address (/listings/<slug>, /categories/<slug>/<slug>, …) is enough to check a template,
// so addresses are grouped by shape and the first of each shape is kept.

const SKIP = /^\/(api\/|mcp|oauth\/|\.well-known\/|assets\/|badges\/.+\.svg|logos\/|favicon|apple-touch|site\.webmanifest|robots\.txt|sitemap|feed|rss|v\/|health|metrics|signout)/;

export function shapeOf(path: string): string {
  const [first, ...rest] = path.split('?')[0].split('/').filter(Boolean);
  return `/${[first ?? '', ...rest.map(() => ':x')].join('/')}`;
}

export async function discoverPages(app: TestApp, limit = 80): Promise<string[]> {
  const seen = new Set<string>();
  const shapes = new Map<string, string>();
  const queue = ['/'];
  while (queue.length && shapes.size < limit) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const res = await fetch(`${app.url}${path}`, { redirect: 'manual' });
    if (res.status !== 200 || !/text\/html/.test(res.headers.get('content-type') ?? '')) continue;
    shapes.set(shapeOf(path), path);
    const html = await res.text();
    for (const m of html.matchAll(/href="([^"]+)"/g)) {
      const href = m[1].replace(/&amp;/g, '&');
      if (!href.startsWith('/') || href.startsWith('//')) continue;
      const clean = href.split('#')[0];
      if (!clean || SKIP.test(clean) || seen.has(clean) || shapes.has(shapeOf(clean))) continue;
      queue.push(clean);
    }
  }
  return [...shapes.values()];
}

// Signs a new person up through the real form, in this browser context.
export async function signUpInBrowser(context: BrowserContext, app: TestApp, who: { email: string; name: string; password: string }): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${app.url}/signup`);
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Name').fill(who.name);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/account/);
  return page;
}

// Makes a person with things of their own, through the site as they would: a draft built from one fixture website,
// submitted (its review and launch pages), and a paid launch of a second website (its checkout and order pages).
// Returns those personal addresses, /account first.
export async function preparePersonalPages(context: BrowserContext, app: TestApp, site: SiteServer, second: SiteServer): Promise<string[]> {
  const page = await signUpInBrowser(context, app, { email: 'pages@example.test', name: 'Quinn Example', password: 'a page test password' });
  const pages = ['/account'];
  const draft = async (url: string, category: string) => {
    await page.goto(`${app.url}/submit`);
    await page.getByLabel('Website address').fill(url);
    await page.getByRole('button', { name: 'Draft my listing' }).click();
    await page.getByRole('heading', { name: 'Review your draft' }).waitFor({ timeout: 30_000 });
    const review = new URL(page.url()).pathname;
    // A listing needs a category, which a website rarely states in the directory's words.
    await page.getByRole('textbox', { name: 'Categories' }).fill(category);
    await page.getByRole('button', { name: 'Save changes' }).first().click();
    await page.getByText('Saved.').waitFor();
    await page.getByRole('button', { name: 'Submit listing' }).click();
    await page.waitForURL(/\/launch/);
    return review;
  };
  const review = await draft(site.url, 'Design');
  pages.push(review, `${review}/launch`);
  await draft(second.url, 'Productivity');
  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await page.waitForURL(/\/checkout\//);
  pages.push(new URL(page.url()).pathname);
  await page.goto(`${app.url}/account`);
  await page.locator('#orders + table tbody tr a').first().click();
  await page.waitForURL(/\/account\/orders\//);
  pages.push(new URL(page.url()).pathname);
  await page.close();
  return pages;
}
