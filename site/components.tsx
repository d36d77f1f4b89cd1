import type { Child } from 'hono/jsx';
import type { ListingSummary } from '../tools/listing-summary';
import { externalHref } from './safe-url';
import { monogramPath } from './logos/monogram';

// Building blocks shared by the pages. Everything user-written is passed as a value, so hono/jsx escapes it.

// Formatters are built once: toLocale*String() builds a new Intl formatter on every call.
const NUMBER = new Intl.NumberFormat('en-US');
const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

export const formatNumber = (n: number) => NUMBER.format(n);
export const plural = (n: number, one: string, many = `${one}s`) => `${NUMBER.format(n)} ${n === 1 ? one : many}`;

export const listingPath = (slug: string) => `/listings/${encodeURIComponent(slug)}`;

// A product's logo, or its monogram (initials on its own colour) when it has none. The name stands next to the logo
// wherever one is shown, so the image is decorative (alt=""), unless the caller names it.
export function Logo(props: { url: string | null | undefined; slug: string; name: string; size?: number; alt?: string }) {
  const size = props.size ?? 40;
  const src = externalHref(props.url) ?? monogramPath(props.slug, props.name);
  return <img class={size < 40 ? 'logo sm' : 'logo'} src={src} alt={props.alt ?? ''} width={size} height={size} loading="lazy" decoding="async" />;
}

// One ranked or listed product: logo, name (a link to its page), tagline, category and its metric.
export function ListingRow(props: { item: ListingSummary; rank?: number; metric?: Child; note?: Child }) {
  const it = props.item;
  return (
    <li>
      {props.rank !== undefined ? <span class="rank-no">{`#${props.rank}`}</span> : null}
      <Logo url={it.logo_url} slug={it.slug} name={it.name} />
      <div class="grow">
        <a href={listingPath(it.slug)}><strong>{it.name}</strong></a>
        {it.tagline ? <div class="muted small">{it.tagline}</div> : null}
        <div class="small">
          {it.primary_category ? <a class="pill" href={`/categories/${encodeURIComponent(it.primary_category.slug)}`}>{it.primary_category.name}</a> : null}
          {it.featured ? <> <span class="pill paid">Featured · paid</span></> : null}
          {it.verified ? <> <span class="pill">Verified</span></> : null}
          {it.demo ? <> <span class="pill" title="A sample of the demo directory, not a real product">Demo</span></> : null}
          {props.note ? <> {props.note}</> : null}
        </div>
      </div>
      <span class="votes nowrap">{props.metric ?? plural(it.votes, 'vote')}</span>
    </li>
  );
}

export function ListingList(props: { items: ListingSummary[]; ranked?: boolean; offset?: number; empty: string; label?: string }) {
  if (props.items.length === 0) return <p class="muted">{props.empty}</p>;
  const offset = props.offset ?? 0;
  return props.ranked
    ? <ol class="rank" aria-label={props.label}>{props.items.map((item, i) => <ListingRow item={item} rank={offset + i + 1} />)}</ol>
    : <ul class="plain" aria-label={props.label}>{props.items.map((item) => <ListingRow item={item} />)}</ul>;
}

// Previous / next links for a paged list. `href(n)` builds the address of page n.
export function Pager(props: { page: number; perPage: number; total: number; href: (page: number) => string }) {
  const pages = Math.max(1, Math.ceil(props.total / props.perPage));
  if (pages <= 1 && props.page <= 1) return null;
  return (
    <nav class="pager" aria-label="Pagination">
      {props.page > 1 ? <a href={props.href(Math.min(props.page - 1, pages))} rel="prev">← Previous</a> : <span></span>}
      <span class="muted">{`Page ${props.page} of ${pages}`}</span>
      {props.page < pages ? <a href={props.href(props.page + 1)} rel="next">Next →</a> : <span></span>}
    </nav>
  );
}

export function Tabs(props: { label: string; items: Array<{ href: string; text: string; current: boolean }> }) {
  return (
    <nav class="tabs" aria-label={props.label}>
      {props.items.map((t) => <a href={t.href} aria-current={t.current ? 'page' : undefined}>{t.text}</a>)}
    </nav>
  );
}

export function Faqs(props: { faqs: Array<{ question: string; answer: string }>; headingLevel?: 2 | 3 }) {
  if (!props.faqs.length) return null;
  return (
    <section aria-labelledby="faqs">
      {props.headingLevel === 3 ? <h3 id="faqs">Frequently asked questions</h3> : <h2 id="faqs">Frequently asked questions</h2>}
      {props.faqs.map((f) => (
        <details>
          <summary>{f.question}</summary>
          <Paragraphs text={f.answer} />
        </details>
      ))}
    </section>
  );
}

// Plain user text as paragraphs: blank lines split paragraphs; nothing in it is ever treated as HTML.
export function Paragraphs(props: { text: string | null | undefined }) {
  const parts = (props.text ?? '').replace(/\r\n?/g, '\n').split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  return <>{parts.map((p) => <p>{p}</p>)}</>;
}

// Builds a query string from the values that differ from their defaults.
export function withQuery(path: string, params: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

export const formatDate = (iso: string | null | undefined) => {
  if (!iso) return '';
  const d = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  return Number.isNaN(d.getTime()) ? iso : DATE.format(d);
};
