import type { Context } from 'hono';
import type { AppDeps } from '../app-context';
import { memoOn } from '../storage/queries/memo';
import { listingIdsOf } from '../storage/queries/listings';
import type { PageText } from './render';
import { viewerOf } from './viewer';

// A page every signed-out visitor of an address gets alike is rendered once and kept as text until something it
// shows changes (the memo topics it names, as a cached API read does), rather than rendered per visit: at 100,000
// listings a listing page cost 1.2–1.9 ms of server CPU to make (its reads, the tree, the ETag) and 0.26–0.32 ms
// kept, the home page 5.8 ms and 0.17 ms.
export type KeptPage = PageText & { topics: readonly string[] };

// Signed out, at a plain address: a query string may carry a notice or anything a client appends (keys would grow
// with it), and a signed-in visitor's page shows their own state.
export const isPlainAnonymousRequest = (c: Context): boolean => viewerOf(c) === null && !c.req.url.includes('?');

// The minute a kept page was made in, for its key: a page that ranks listings by votes (a listing's alternatives,
// this week's launches) ranks them as of the minute, as the API's lists do (tools/remembered.ts); the counts it
// shows are current, since each listing shown is one of its topics.
export { minuteOf } from '../tools/remembered';

// Pages kept per kind of page, at most (a listing page is ~11 KB of text).
const KEPT_PER_SCOPE = 500;

export const keptPage = (deps: AppDeps, scope: string, key: string, make: () => Promise<KeptPage>): Promise<KeptPage> =>
  memoOn<KeptPage>(deps.db, `page:${scope}`, key, (page) => page.topics, make, KEPT_PER_SCOPE);

// The topics of the listings a page shows, by slug (see migration 0011: a listing's row, votes, follows, reviews,
// awards and approved alternatives all bump its topic).
export const listingTopics = async (deps: AppDeps, slugs: readonly string[]): Promise<string[]> =>
  (await listingIdsOf(deps.db, slugs)).map((id) => `listing:${id}`);
