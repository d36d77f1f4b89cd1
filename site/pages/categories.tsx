import type { Hono } from 'hono';
import type { AppDeps } from '../../app-context';
import type { ListingSummary } from '../../tools/listing-summary';
import { callTool, pageParam } from '../call-tool';
import { Faqs, ListingList, Pager, plural, withQuery } from '../components';
import { Layout } from '../layout';
import { htmlResponse, pageResponse, pageText, sitePage } from '../render';
import { isPlainAnonymousRequest, keptPage } from '../kept-page';
import { minuteOf } from '../../tools/remembered';

type Node = { slug: string; name: string; description: string; live_listings: number; children: unknown[] };
type Ref = { slug: string; name: string };
type Category = {
  slug: string; name: string; description: string; faqs: Array<{ question: string; answer: string }>;
  parent: Ref | null; subcategories: Array<Ref & { live_listings: number }>; live_listings: number;
  listings: { items: ListingSummary[]; page: number; per_page: number; total: number };
};

// What a category's counts and lists depend on, besides the listings shown: the categories (names, tree, texts),
// which listings are in which, and which of them are live.
const COUNT_TOPICS = ['categories', 'listing_categories', 'listing_lists', 'listing_status'];

const categoryPath = (slug: string) => `/categories/${encodeURIComponent(slug)}`;

function Tree(props: { nodes: Node[]; top?: boolean }) {
  if (!props.nodes.length) return null;
  return (
    <ul class={props.top ? 'tree grid' : 'tree'}>
      {props.nodes.map((n) => (
        <li class={props.top ? 'card' : undefined}>
          <a href={categoryPath(n.slug)}>{props.top ? <strong>{n.name}</strong> : n.name}</a>{' '}
          <span class="muted small">{`(${n.live_listings})`}</span>
          {props.top && n.description ? <p class="small muted">{n.description}</p> : null}
          <Tree nodes={(n.children ?? []) as Node[]} />
        </li>
      ))}
    </ul>
  );
}

export function registerCategoryPages(app: Hono, deps: AppDeps): void {
  const siteName = deps.config.siteName;

  const indexPage = (tree: { items: Node[] }) => (
    <Layout siteName={siteName} title="Categories" current="categories"
      description={`Browse every category of software products on ${siteName}, with the number of live products in each.`}>
      <h1>Categories</h1>
      <p class="muted">The number after each category counts its live products, subcategories included.</p>
      {tree.items.length ? <Tree nodes={tree.items} top /> : <p class="muted">No categories yet.</p>}
    </Layout>
  );
  app.get('/categories', sitePage(deps, async (c) => {
    const tree = () => callTool<{ items: Node[] }>(deps, 'list_categories', { include_empty: true });
    if (isPlainAnonymousRequest(c)) {
      // What it shows: the categories and how many live listings each holds.
      return pageResponse(await keptPage(c, deps, 'categories', '', COUNT_TOPICS, async () => ({ value: await pageText(c, indexPage(await tree())) })));
    }
    return htmlResponse(c, indexPage(await tree()));
  }));

  const categoryPage = (cat: Category, page: number) => {
    const l = cat.listings;
    return (
      <Layout siteName={siteName} title={`${cat.name}${page > 1 ? ` (page ${page})` : ''}`} current="categories"
        description={cat.description || `${cat.name} products on ${siteName}, most voted first.`}>
        <nav aria-label="Breadcrumb" class="small">
          <a href="/categories">Categories</a>
          {cat.parent ? <> › <a href={categoryPath(cat.parent.slug)}>{cat.parent.name}</a></> : null}
        </nav>
        <h1>{cat.name}</h1>
        {cat.description ? <p>{cat.description}</p> : null}
        <p class="small muted">{plural(cat.live_listings, 'live product')}</p>
        {cat.subcategories.length ? (
          <section aria-labelledby="subcategories">
            <h2 id="subcategories">Subcategories</h2>
            <ul class="tabs plain-tabs">
              {cat.subcategories.map((s) => <li><a href={categoryPath(s.slug)}>{s.name}</a> <span class="muted small">{`(${s.live_listings})`}</span></li>)}
            </ul>
          </section>
        ) : null}
        <section aria-labelledby="products">
          <h2 id="products">Products, most voted first</h2>
          <ListingList items={l.items} ranked offset={(l.page - 1) * l.per_page} label={`${cat.name} products`} empty="No live products in this category yet." />
          <Pager page={l.page} perPage={l.per_page} total={l.total} href={(p) => withQuery(categoryPath(cat.slug), { page: p > 1 ? p : undefined })} />
        </section>
        <Faqs faqs={cat.faqs} />
      </Layout>
    );
  };
  app.get('/categories/:slug', sitePage(deps, async (c) => {
    const category = (page: number) => callTool<Category>(deps, 'get_category', { slug: c.req.param('slug'), page, per_page: 20 });
    if (isPlainAnonymousRequest(c)) {
      // Its first page, kept per address and minute: the listings are ranked by votes as of the minute.
      const minute = minuteOf(deps.clock.now());
      const key = `${new URL(c.req.url).pathname}|${minute}`;
      return pageResponse(await keptPage(c, deps, 'category', key, COUNT_TOPICS, async () => {
        const cat = await category(1);
        return { value: await pageText(c, categoryPage(cat, 1)), listingSlugs: cat.listings.items.map((i) => i.slug) };
      }, minute));
    }
    const page = pageParam(c.req.query('page'));
    return htmlResponse(c, categoryPage(await category(page), page));
  }));
}
