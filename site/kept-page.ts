import type { Context } from 'hono';
import type { AppDeps } from '../app-context';
import { remember, type Showing } from '../tools/remembered';
import type { PageText } from './render';
import { viewerOf } from './viewer';

// A page every signed-out visitor of an address gets alike is rendered once and kept as text until something it
// shows changes (tools/remembered.ts: the change topics a remembered API read follows, and each listing shown),
// rather than rendered per visit: at 100,000 listings a listing page cost 1.2–1.9 ms of server CPU to make (its
// reads, the tree, the ETag) and 0.26–0.32 ms kept, the home page 5.8 ms and 0.17 ms.

// Signed out, at a plain address: a query string may carry a notice or anything a client appends (keys would grow
// with it), and a signed-in visitor's page shows their own state.
export const isPlainAnonymousRequest = (c: Context): boolean => viewerOf(c) === null && !c.req.url.includes('?');

// Pages kept per kind of page, at most (a listing page is ~11 KB of text).
const KEPT_PER_SCOPE = 500;

// `topics`: what decides what the page shows besides the listings it names (`make` gives their slugs).
export const keptPage = (deps: AppDeps, scope: string, key: string, topics: readonly string[], make: () => Promise<Showing<PageText>>): Promise<PageText> =>
  remember(deps.db, `page:${scope}`, key, topics, make, KEPT_PER_SCOPE);
