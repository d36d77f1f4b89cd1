import type { Hono } from 'hono';
import { raw } from 'hono/html';
import type { AppDeps } from '../../app-context';
import { callTool, pageParam } from '../call-tool';
import { Faqs, Pager, formatDate, plural, withQuery } from '../components';
import { Layout } from '../layout';
import { renderMarkdown } from '../markdown';
import { sitePage } from '../render';
import { pageFromAnswers } from '../kept-page';
import { OrderedMap } from '../../domain/ordered-map';

type PostItem = { slug: string; title: string; excerpt: string; author: string; tags: string[]; published_at: string };
type Post = PostItem & { body_markdown: string; faqs: Array<{ question: string; answer: string }> };

const postPath = (slug: string) => `/blog/${encodeURIComponent(slug)}`;

// Rendering Markdown is the costly part of a post page; posts rarely change, so keep recent results by text.
const rendered = new OrderedMap<string, string>();
function markdownHtml(md: string): string {
  let html = rendered.get(md);
  if (html === undefined) {
    html = renderMarkdown(md, { topLevel: 2 });
    if (rendered.size >= 200) rendered.shift();
    rendered.set(md, html);
  }
  return html;
}

export function registerBlogPages(app: Hono, deps: AppDeps): void {
  const siteName = deps.config.siteName;

  app.get('/blog', sitePage(deps, async (c) => {
    const q = (c.req.query('q') ?? '').trim().slice(0, 200);
    const page = pageParam(c.req.query('page'));
    const res = await callTool<{ items: PostItem[]; page: number; per_page: number; total: number }>(deps, 'list_blog_posts', {
      ...(q ? { q } : {}), page, per_page: 20,
    });
    return pageFromAnswers(c, deps, 'blog', [res], () =>
      <Layout siteName={siteName} title={q ? `Blog posts about “${q}”` : 'Blog'} current="blog"
        description={`Articles from ${siteName} about launching and growing software products.`}>
        <h1>Blog</h1>
        <form class="inline" method="get" action="/blog" role="search" aria-label="Search the blog">
          <label>Search <input type="search" name="q" value={q} maxlength={200} /></label>
          <button type="submit">Search</button>
        </form>
        {q ? <p class="small muted">{`${plural(res.total, 'post')} found`}</p> : null}
        {res.items.length ? (
          <ul class="plain posts">
            {res.items.map((p) => (
              <li>
                <article class="grow" aria-labelledby={`post-${p.slug}`}>
                  <h2 id={`post-${p.slug}`} class="h3"><a href={postPath(p.slug)}>{p.title}</a></h2>
                  <p class="small muted">{p.author} · <time datetime={p.published_at}>{formatDate(p.published_at)}</time></p>
                  {p.excerpt ? <p>{p.excerpt}</p> : null}
                </article>
              </li>
            ))}
          </ul>
        ) : <p class="muted">{q ? 'No posts match.' : 'No posts yet.'}</p>}
        <Pager page={res.page} perPage={res.per_page} total={res.total} href={(p) => withQuery('/blog', { q, page: p > 1 ? p : undefined })} />
      </Layout>,
    );
  }));

  app.get('/blog/:slug', sitePage(deps, async (c) => {
    const post = await callTool<Post>(deps, 'get_blog_post', { slug: c.req.param('slug') });
    return pageFromAnswers(c, deps, 'blog-post', [post], () =>
      <Layout siteName={siteName} title={post.title} current="blog" description={post.excerpt || post.title}
        canonical={`${deps.config.siteUrl}${postPath(post.slug)}`}>
        <nav aria-label="Breadcrumb" class="small"><a href="/blog">Blog</a></nav>
        <article aria-labelledby="post-title">
          <h1 id="post-title">{post.title}</h1>
          <p class="small muted">
            {post.author} · <time datetime={post.published_at}>{formatDate(post.published_at)}</time>
            {post.tags.length ? <> · {post.tags.map((t, i) => <>{i ? ', ' : ''}<a href={withQuery('/blog', { q: t })}>{t}</a></>)}</> : null}
          </p>
          {/* renderMarkdown escapes every piece of text and allows only http(s)/relative links. */}
          <div class="prose">{raw(markdownHtml(post.body_markdown))}</div>
        </article>
        <Faqs faqs={post.faqs} />
      </Layout>,
    );
  }));
}
