import type { Hono } from 'hono';
import type { AppDeps } from '../../app-context';
import { latestUpdates } from '../../storage/queries/updates';
import { pageParam } from '../call-tool';
import { Logo, Pager, Paragraphs, formatDate, listingPath, withQuery } from '../components';
import { Layout } from '../layout';
import { htmlResponse, sitePage } from '../render';

const PER_PAGE = 20;

// No API operation lists updates across listings, so this page reads its own query.
export function registerUpdatesPage(app: Hono, deps: AppDeps): void {
  const siteName = deps.config.siteName;
  app.get('/updates', sitePage(deps, async (c) => {
    const page = pageParam(c.req.query('page'));
    const { items, total } = await latestUpdates(deps.db, PER_PAGE, (page - 1) * PER_PAGE);
    return htmlResponse(c,
      <Layout siteName={siteName} title={`Latest updates${page > 1 ? ` (page ${page})` : ''}`} current="updates"
        description={`News posted by the makers of live products on ${siteName}, newest first.`}>
        <h1>Latest updates</h1>
        <p class="muted">News posted by the makers of live products, newest first.</p>
        {items.length ? (
          <ul class="plain updates">
            {items.map((u) => (
              <li>
                <article class="grow" aria-labelledby={`update-${u.id}`}>
                  <h2 id={`update-${u.id}`} class="h3">{u.title}</h2>
                  <p class="small muted">
                    <Logo url={u.listing.logo_url} slug={u.listing.slug} name={u.listing.name} size={20} /> <a href={listingPath(u.listing.slug)}>{u.listing.name}</a> ·{' '}
                    <time datetime={u.created_at}>{formatDate(u.created_at)}</time>
                  </p>
                  <Paragraphs text={u.body} />
                </article>
              </li>
            ))}
          </ul>
        ) : <p class="muted">No updates yet.</p>}
        <Pager page={page} perPage={PER_PAGE} total={total} href={(p) => withQuery('/updates', { page: p > 1 ? p : undefined })} />
      </Layout>,
    );
  }));
}
