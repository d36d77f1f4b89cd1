import type { Context, MiddlewareHandler } from 'hono';
import { currentUser, type SessionDeps } from '../auth/session';
import { withoutTracking } from '../domain/tracking-params';

// Who is looking at a page, for the header (Sign in, or the account menu with sign-out). The header is rendered deep
// inside every page, so the request is made known to components for the synchronous span of one render
// (renderFor, called by htmlResponse and the other page renderers) instead of being threaded through every page's
// props. Not AsyncLocalStorage (hono/context-storage): on Node 20 and 22 it turns on async hooks for every promise
// of the process, and once the first page had been rendered every API request cost ~12 % more.
export type Viewer = { userId: number; email: string; name: string | null; csrf: string };

const NOT_SITE = /^\/(api\/|mcp$|oauth\/(?!interaction)|\.well-known\/|health$|metrics$)/;
type Lookup = () => Viewer | null;


export function siteViewer(deps: SessionDeps): MiddlewareHandler {
  return async (c, next) => {
    if (NOT_SITE.test(c.req.path)) return next();
    // Read before the page runs: rendering is synchronous, and the session is in the database.
    const s = await currentUser(c, deps);
    const viewer: Viewer | null = s ? { userId: s.userId, email: s.email, name: s.name, csrf: s.csrf } : null;
    const lookup: Lookup = () => viewer;
    c.set('viewer' as never, lookup as never);
    return next();
  };
}

// The signed-in person of a site request (null when signed out, or on a path siteViewer does not serve).
export function viewerOf(c: Context): Viewer | null {
  const lookup = c.get('viewer' as never) as Lookup | undefined;
  return lookup ? lookup() : null;
}

// Runs a synchronous render with this request known to currentViewer() and currentPath(); null renders as signed
// out (pages made outside a request). hono/jsx renders a tree without async components synchronously; a tree
// with one would finish after the span and show its header signed out.
let rendering: Context | null = null;
export function renderFor<T>(c: Context | null, render: () => T): T {
  const outer = rendering;
  rendering = c;
  try {
    return render();
  } finally {
    rendering = outer;
  }
}

// A page's rendered text: the request known to the header while the tree renders.
export async function renderPage(c: Context | null, node: unknown): Promise<string> {
  return renderFor(c, () => (node as { toString(): string | Promise<string> }).toString());
}

// The signed-in person of the page being rendered; null when signed out or outside a render.
export function currentViewer(): Viewer | null {
  return rendering ? viewerOf(rendering) : null;
}

// The path and query of the page being rendered, so "Sign in" can come back to it (without tracking parameters: the
// page is the same without them, and kept as one).
export function currentPath(): string {
  if (!rendering) return '/';
  const u = new URL(rendering.req.url);
  return `${u.pathname}${withoutTracking(u.search)}`;
}
