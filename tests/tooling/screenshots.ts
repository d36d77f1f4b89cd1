import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startApp } from '../harness';
import { serveSite } from '../fixture-server';
import { DESKTOP, launchChromium, PHONE } from '../browser/chromium';
import { discoverPages, preparePersonalPages } from '../browser/site-pages';

// `npm run screenshots [dir]`: every kind of page of the site (found by following links from the home page, plus a
// signed-in person's account, draft review, launch, checkout and order pages) at desktop (1280) and phone (390)
// width, full length, as PNG files a reviewer can look through. Runs the real app on a temp database with the
// demo directory; the drafts are built from fixture websites served on loopback.
const out = resolve(process.argv[2] ?? 'screenshots');
mkdirSync(out, { recursive: true });

const app = await startApp({ jobs: true, env: { CRAWLER_ALLOW_PRIVATE: 'true', PAYMENTS_TEST_MODE: 'true' } });
const site = await serveSite('kiln');
const second = await serveSite('lanternly', '127.0.0.2');
const browser = await launchChromium();
if (!browser) {
  console.error('Chromium is needed for screenshots: install the Debian package "chromium".');
  process.exit(1);
}
try {
  const publicPages = [...await discoverPages(app), '/search?q=invoice', '/search?q=qqqxxyzzy', '/submit', '/no-such-page'];
  const signedIn = await browser.newContext({ viewport: DESKTOP });
  const personal = await preparePersonalPages(signedIn, app, site, second);
  const anonymous = await browser.newContext({ viewport: DESKTOP });
  const fileName = (path: string, who: string, width: string) =>
    `${who}-${path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${width}.png`.replace(/-[0-9a-f]{8}-[0-9a-f-]{27}/, '-draft');
  let count = 0;
  for (const [context, who, paths] of [[anonymous, 'visitor', publicPages], [signedIn, 'member', personal]] as const) {
    const page = await context.newPage();
    for (const path of paths) {
      for (const [width, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
        await page.setViewportSize(viewport);
        await page.goto(`${app.url}${path}`);
        const file = join(out, fileName(path, who, width));
        await page.screenshot({ path: file, fullPage: true });
        count++;
      }
    }
    await page.close();
  }
  console.log(`${count} screenshots of ${publicPages.length + personal.length} pages in ${out}`);
} finally {
  await browser.close();
  await site.close();
  await second.close();
  await app.close();
}
