import type { Context, Hono } from 'hono';
import type { AppDeps } from '../../app-context';
import { callTool, pageParam } from '../call-tool';
import { htmlResponse, sitePage } from '../render';
import { pageFromAnswers } from '../kept-page';
import { Layout } from '../layout';
import { ListingList, Pager, plural, withQuery } from '../components';
import { ToolError } from '../../tools/errors';
import { PRICING_MODELS, STAGES } from '../../domain/draft-fields';
import { SEARCH_SORTS } from '../../domain/search-query';
import type { ListingSummary } from '../../tools/listing-summary';
import { FieldNote } from '../forms';

// /search: the search_listings operation as a page. Every filter and sort of the tool is a form control, the
// query string is the tool's input (so results can be shared), and bad values are shown next to their control
// rather than as an error page.

type CategoryNode = { slug: string; name: string; children: CategoryNode[] };
type Page = { items: ListingSummary[]; page: number; per_page: number; total: number };

const PARAMS = ['q', 'category', 'stage', 'country', 'pricing_model', 'status', 'sort'] as const;
type Params = Partial<Record<(typeof PARAMS)[number], string>>;

const SORT_WORDS: Record<string, string> = {
  relevance: 'Best match', newest: 'Newest', votes: 'Most votes', trending: 'Trending', most_viewed: 'Most viewed', most_followed: 'Most followed',
};

function flatten(nodes: CategoryNode[], depth = 0): Array<{ slug: string; label: string }> {
  return nodes.flatMap((n) => [{ slug: n.slug, label: `${'— '.repeat(depth)}${n.name}` }, ...flatten(n.children ?? [], depth + 1)]);
}

function Select(props: { name: string; label: string; value: string | undefined; options: Array<[string, string]>; error?: string }) {
  return (
    <p class="field">
      <label for={`s-${props.name}`}>{props.label}</label>
      <select id={`s-${props.name}`} name={props.name} aria-describedby={props.error ? `s-${props.name}-error` : undefined}>
        {props.options.map(([v, text]) => <option value={v} selected={(props.value ?? '') === v}>{text}</option>)}
      </select>
      <FieldNote id={`s-${props.name}-error`} error={props.error} />
    </p>
  );
}

export function registerSearchPage(app: Hono, deps: AppDeps): void {
  app.get('/search', sitePage(deps, async (c: Context) => {
    const params: Params = {};
    for (const k of PARAMS) {
      const v = c.req.query(k)?.trim();
      if (v) params[k] = v;
    }
    const page = pageParam(c.req.query('page'));
    const tree = await callTool<{ items: CategoryNode[] }>(deps, 'list_categories', {});
    const categories = flatten(tree.items);
    let result: Page | null = null;
    const errors: Record<string, string> = {};
    try {
      result = await callTool<Page>(deps, 'search_listings', { ...params, page, per_page: 20 });
    } catch (err) {
      if (!(err instanceof ToolError) || err.kind !== 'invalid_input') throw err;
      for (const e of err.errors ?? []) errors[e.path.split('.')[0] || 'q'] = e.message;
    }
    const q = params.q ?? '';
    const title = q ? `Search: ${q}` : 'Search products';
    const filtered = PARAMS.some((k) => k !== 'q' && k !== 'sort' && params[k] && !(k === 'status' && params[k] === 'live'));
    const made = () =>
      <Layout siteName={deps.config.siteName} title={title} description="Search the directory's products by name, what they do, category, stage, country and pricing." noindex={!!q}>
        <h1>{q ? <>Results for “{q}”</> : 'Search products'}</h1>
        <form method="get" action="/search" class="search-form" role="search">
          <p class="field grow-field">
            <label for="s-q">Search</label>
            <input id="s-q" type="search" name="q" value={q} maxlength={200} placeholder="e.g. invoice app, crm for agencies" aria-describedby={errors.q ? 's-q-error' : undefined} />
            <FieldNote id="s-q-error" error={errors.q} />
          </p>
          <details class="filters" open={filtered || Object.keys(errors).some((k) => k !== 'q')}>
            <summary>Filters and sort</summary>
            <div class="filter-grid">
              <Select name="category" label="Category" value={params.category} error={errors.category}
                options={[['', 'Any category'], ...categories.map((c): [string, string] => [c.slug, c.label])]} />
              <Select name="stage" label="Stage" value={params.stage} error={errors.stage} options={[['', 'Any stage'], ...STAGES.map((s): [string, string] => [s, s])]} />
              <Select name="pricing_model" label="Pricing" value={params.pricing_model} error={errors.pricing_model}
                options={[['', 'Any pricing'], ...PRICING_MODELS.map((s): [string, string] => [s, s])]} />
              <p class="field">
                <label for="s-country">Country code</label>
                <input id="s-country" name="country" value={params.country ?? ''} maxlength={2} size={4} placeholder="DE" autocomplete="off" aria-describedby={errors.country ? 's-country-error' : undefined} />
                <FieldNote id="s-country-error" error={errors.country} />
              </p>
              <Select name="status" label="Show" value={params.status} error={errors.status} options={[['live', 'Launched'], ['upcoming', 'Upcoming']]} />
              <Select name="sort" label="Sort by" value={params.sort} error={errors.sort} options={SEARCH_SORTS.map((s): [string, string] => [s, SORT_WORDS[s] ?? s])} />
            </div>
          </details>
          <p><button type="submit">Search</button></p>
        </form>
        {result ? <Results deps={deps} result={result} params={params} filtered={filtered} /> : <p role="alert" class="error">Check the fields marked above.</p>}
      </Layout>;
    // A query the tool refused is answered with the form and its errors, made afresh.
    return result ? pageFromAnswers(c, deps, 'search', [tree, result], made) : htmlResponse(c, made(), 400);
  }, { rateLimited: true }));
}

function Results(props: { deps: AppDeps; result: Page; params: Params; filtered: boolean }) {
  const { result, params } = props;
  const q = params.q ?? '';
  if (result.total === 0) {
    return (
      <section class="empty" aria-live="polite">
        <h2>No products found</h2>
        <ul>
          {q ? <li>Check the spelling, or use fewer or more general words (one typo per word is forgiven already).</li> : null}
          {props.filtered ? <li><a href={withQuery('/search', { q })}>Search again without filters</a>.</li> : null}
          {params.status !== 'upcoming' ? <li><a href={withQuery('/search', { ...params, status: 'upcoming' })}>Look among upcoming launches</a>.</li> : null}
          <li>Browse <a href="/categories">categories</a> or <a href="/launches">this week's launches</a>.</li>
          <li>Is your product missing? <a href="/submit">Submit it</a>.</li>
        </ul>
      </section>
    );
  }
  return (
    <section aria-labelledby="results-heading">
      <h2 id="results-heading" class="muted small">{plural(result.total, 'product')}</h2>
      <ListingList items={result.items} empty="" label="Search results" />
      <Pager page={result.page} perPage={result.per_page} total={result.total} href={(n) => withQuery('/search', { ...params, page: n > 1 ? n : undefined })} />
    </section>
  );
}
