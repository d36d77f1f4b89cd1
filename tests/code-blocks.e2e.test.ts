import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness';
import { addListing, insertRow } from './fixtures';
import { blogPosts } from '../storage/schema';
import { expectKeyboardReachableCode } from './code-block-checks';

// Code blocks outside the API reference: badge embed code on a listing page, the crawler opt-out lines on
// /bot, and fenced code in blog posts. Each is a named tab stop (see site/code-block.tsx).
let app: TestApp;

beforeAll(async () => {
  app = await startApp({ demo: false });
  await addListing(app.db, { name: 'Embed Co', slug: 'embed-co', status: 'live', featured: true });
  await insertRow(app.db, blogPosts, {
    slug: 'code-post', title: 'Code post', publishedAt: '2026-11-10T09:00:00.000Z', excerpt: '', author: 'Editor', tags: [],
    bodyMarkdown: 'First:\n\n```sh\ncurl -X POST https://example.com/a/very/long/path/that/does/not/fit/on/a/phone/screen/at/all\n```\n\nSecond:\n\n    indented code',
  });
});
afterAll(() => app?.close());

const page = async (path: string) => {
  const res = await fetch(`${app.url}${path}`);
  expect(res.status, path).toBe(200);
  return res.text();
};

describe('code blocks across the site', () => {
  it('names each badge\'s embed code after the badge', async () => {
    const names = expectKeyboardReachableCode(await page('/listings/embed-co'), '/listings/embed-co');
    expect(names).toEqual([
      `Embed code: Listed on ${app.config.siteName}`,
      `Embed code: Launched on ${app.config.siteName}`,
      `Embed code: Featured on ${app.config.siteName}`,
    ]);
  });

  it('names the robots.txt lines on /bot', async () => {
    expect(expectKeyboardReachableCode(await page('/bot'), '/bot')).toEqual(['robots.txt lines that keep the crawler out']);
  });

  it('numbers fenced and indented code in a blog post', async () => {
    expect(expectKeyboardReachableCode(await page('/blog/code-post'), '/blog/code-post')).toEqual(['Code sample 1', 'Code sample 2']);
  });
});
