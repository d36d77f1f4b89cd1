import { createHash } from 'node:crypto';

// Honest page-view counting: people, not programs, and each visitor once a day per listing.

// User agents of crawlers, link previewers, monitors, HTTP libraries and headless browsers. A missing or empty
// User-Agent is a program too.
const BOT = /bot|crawl|spider|slurp|scrape|fetch|preview|monitor|uptime|pingdom|lighthouse|headless|phantom|python|curl|wget|httpclient|okhttp|go-http|java\/|node-fetch|undici|axios|ruby|perl|libwww|facebookexternalhit|embedly|whatsapp|telegram|discord|slack|bingpreview|quora|pinterest|ahrefs|semrush|mj12|dotbot|petalbot|yandex|baidu|duckduck|applebot|gptbot|chatgpt|claude|anthropic|perplexity|ccbot|bytespider/i;

export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || userAgent.trim().length < 8 || BOT.test(userAgent);
}

// The UTC day a view belongs to.
export const viewDay = (now: Date) => now.toISOString().slice(0, 10);

// Who viewed what today, as an opaque digest: the address and user agent are mixed with a secret salt that
// changes every day and are never kept, so yesterday's digests cannot be linked to today's or reversed.
export function visitorDigest(salt: string, day: string, address: string, userAgent: string, slug: string): string {
  return createHash('sha256').update(`${salt}\n${day}\n${address}\n${userAgent}\n${slug}`).digest('base64url').slice(0, 22);
}

// Whether this is the visitor's first view of the listing today. One process keeps the day's salt and digests in
// memory; processes sharing a database share them through the limits file (storage/limits-db.ts), so a visitor
// counts once however many nodes serve them.
export type ViewDedupe = { firstView(day: string, address: string, userAgent: string, slug: string): boolean | Promise<boolean> };
