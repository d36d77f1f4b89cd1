import type { Child } from 'hono/jsx';

export type LayoutProps = { title: string; description?: string; siteName: string; children?: Child; canonical?: string };

// The page shell every site page uses. hono/jsx escapes every interpolated value.
export function Layout(props: LayoutProps) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${props.title} · ${props.siteName}`}</title>
        {props.description ? <meta name="description" content={props.description} /> : null}
        {props.canonical ? <link rel="canonical" href={props.canonical} /> : null}
        <meta name="color-scheme" content="light dark" />
        <link rel="stylesheet" href="/assets/site.css" />
      </head>
      <body>
        <a class="skip" href="#main">Skip to content</a>
        <header class="site">
          <nav aria-label="Main">
            <a class="brand" href="/">{props.siteName}</a>
            <a href="/launches">Launches</a>
            <a href="/categories">Categories</a>
            <a href="/leaderboards">Leaderboards</a>
            <a href="/updates">Updates</a>
            <a href="/blog">Blog</a>
            <a href="/docs/api">API</a>
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
