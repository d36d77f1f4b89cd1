import type { Child } from 'hono/jsx';
import { currentPath, currentViewer } from './viewer';

export type NavKey = 'home' | 'launches' | 'categories' | 'leaderboards' | 'updates' | 'founders' | 'blog' | 'api' | 'search' | 'submit' | 'account';

export type LayoutProps = {
  title: string;
  description?: string;
  siteName: string;
  children?: Child;
  canonical?: string;
  current?: NavKey; // marks the nav link of the section the page belongs to
  noindex?: boolean;
  refreshSeconds?: number; // reload by itself without JavaScript (a page that shows work in progress)
  scripts?: string[]; // same-origin scripts that enhance the page; it works without them
};

const NAV: Array<[NavKey, string, string]> = [
  ['launches', '/launches', 'Launches'],
  ['categories', '/categories', 'Categories'],
  ['leaderboards', '/leaderboards', 'Leaderboards'],
  ['updates', '/updates', 'Updates'],
  ['founders', '/founders', 'Founders'],
  ['blog', '/blog', 'Blog'],
  ['api', '/docs/api', 'API'],
];

// Sign in, or the signed-in person's menu. A <details> menu opens without JavaScript; sign-out is a form
// (a POST with the session's CSRF token), never a link a crawler or prefetch could follow.
function AccountMenu(props: { current?: NavKey }) {
  const viewer = currentViewer();
  if (!viewer) {
    const path = currentPath();
    const next = /^\/(signin|signup|signout)/.test(path) ? '/account' : path;
    return <a class="signin" href={`/signin?next=${encodeURIComponent(next)}`}>Sign in</a>;
  }
  return (
    <details class="account-menu">
      <summary aria-label={`Account menu of ${viewer.name ?? viewer.email}`}>{viewer.name ?? viewer.email.split('@')[0]}</summary>
      <div class="menu">
        <a href="/account" aria-current={props.current === 'account' ? 'page' : undefined}>My account</a>
        <a href="/account#drafts">My drafts</a>
        <a href="/account#listings">My listings</a>
        <form method="post" action="/signout"><input type="hidden" name="csrf" value={viewer.csrf} /><button type="submit" class="link-button">Sign out</button></form>
      </div>
    </details>
  );
}

// The page shell every site page uses. hono/jsx escapes every interpolated value.
export function Layout(props: LayoutProps) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${props.title} · ${props.siteName}`}</title>
        {props.description ? <meta name="description" content={props.description.slice(0, 300)} /> : null}
        {props.canonical ? <link rel="canonical" href={props.canonical} /> : null}
        {props.noindex ? <meta name="robots" content="noindex" /> : null}
        {props.refreshSeconds ? <noscript><meta http-equiv="refresh" content={String(props.refreshSeconds)} /></noscript> : null}
        <meta name="color-scheme" content="light dark" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/site.webmanifest" />
        <link rel="stylesheet" href="/assets/site.css" />
        {(props.scripts ?? []).map((src) => <script src={src} defer></script>)}
      </head>
      <body>
        <a class="skip" href="#main">Skip to content</a>
        <header class="site">
          <div class="bar">
            <a class="brand" href="/" aria-current={props.current === 'home' ? 'page' : undefined}>{props.siteName}</a>
            <form class="header-search" method="get" action="/search" role="search">
              <label class="sr-only" for="header-q">Search products</label>
              <input id="header-q" type="search" name="q" placeholder="Search products" maxlength={200} />
              <button type="submit" class="secondary">Search</button>
            </form>
            <a class="button submit-link" href="/submit" aria-current={props.current === 'submit' ? 'page' : undefined}>Submit</a>
            <AccountMenu current={props.current} />
          </div>
          <nav aria-label="Main">
            {NAV.map(([key, href, label]) => (
              <a href={href} aria-current={props.current === key ? 'page' : undefined}>{label}</a>
            ))}
          </nav>
        </header>
        <main id="main">{props.children}</main>
        <footer class="site">
          <div>
            {props.siteName} · <a href="/docs/api">REST API &amp; MCP</a> · <a href="/api/v1/openapi.json">OpenAPI</a> · Votes come only from
            people on this site. The billboard is a paid ranking.
          </div>
        </footer>
      </body>
    </html>
  );
}
