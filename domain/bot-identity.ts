// How our crawler names itself (User-Agent, robots.txt token). Here, not in crawler/safe-fetch.ts, so the site's
// crawler page and the claim checks can print it without importing the crawler.
export const BOT_TOKEN = 'LaunchDirectoryBot';
export const userAgentFor = (siteUrl: string) => `${BOT_TOKEN}/1.0 (+${siteUrl.replace(/\/+$/, '')}/bot)`;
