import type { Child } from 'hono/jsx';

export type NavKey = 'home' | 'launches' | 'categories' | 'leaderboards' | 'updates' | 'founders' | 'blog' | 'api';

export type LayoutProps = {
  title: string;
  description?: string;
  siteName: string;
  children?: Child;
  canonical?: string;
  current?: NavKey; // marks the nav link of the section the page belongs to
  noindex?: boolean;
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
        <meta name="color-scheme" content="light dark" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/site.webmanifest" />
        <link rel="stylesheet" href="/assets/site.css" />
      </head>
      <body>
        <a class="skip" href="#main">Skip to content</a>
        <header class="site">
          <nav aria-label="Main">
            <a class="brand" href="/" aria-current={props.current === 'home' ? 'page' : undefined}>{props.siteName}</a>
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
