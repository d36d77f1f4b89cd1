import type { MiddlewareHandler } from 'hono';
import { contextStorage, tryGetContext } from 'hono/context-storage';
import { currentUser, type SessionDeps } from '../auth/session';

// Who is looking at a page, for the header (Sign in, or the account menu with sign-out). Pages are rendered
// deep inside their handlers, so the request is reached through hono's context storage rather than threaded
// through every page component. Only site paths pay for it: the API, MCP and OAuth never render a page.
export type Viewer = { userId: number; email: string; name: string | null; csrf: string };

const NOT_SITE = /^\/(api\/|mcp$|oauth\/(?!interaction)|\.well-known\/|health$|metrics$)/;
type Lookup = () => Viewer | null;

export function siteViewer(deps: SessionDeps): MiddlewareHandler {
  const store = contextStorage();
  return async (c, next) => {
    if (NOT_SITE.test(c.req.path)) return next();
    let memo: Viewer | null | undefined;
    const lookup: Lookup = () => {
      if (memo !== undefined) return memo;
      const s = currentUser(c, deps);
      memo = s ? { userId: s.userId, email: s.email, name: s.name, csrf: s.csrf } : null;
      return memo;
    };
    c.set('viewer' as never, lookup as never);
    return store(c, next);
  };
}

// The signed-in person of the request being rendered; null when signed out or outside a request.
export function currentViewer(): Viewer | null {
  const lookup = tryGetContext()?.get('viewer' as never) as Lookup | undefined;
  return lookup ? lookup() : null;
}

// The path and query of the page being rendered, so "Sign in" can come back to it.
export function currentPath(): string {
  const c = tryGetContext();
  if (!c) return '/';
  const u = new URL(c.req.url);
  return `${u.pathname}${u.search}`;
}
