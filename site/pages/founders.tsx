import type { Hono } from 'hono';
import type { AppDeps } from '../../app-context';
import type { ListingSummary } from '../../tools/listing-summary';
import { callTool, pageParam } from '../call-tool';
import { ListingRow, Pager, Paragraphs, listingPath, plural, withQuery } from '../components';
import { Layout } from '../layout';
import { sitePage } from '../render';
import { pageFromAnswers } from '../kept-page';
import { externalHref } from '../safe-url';
import { Socials } from './socials';

type FounderItem = { slug: string; name: string; headline: string | null; country: string | null; avatar_url: string | null; companies: Array<{ slug: string; name: string }> };
type Founder = Omit<FounderItem, 'companies'> & {
  bio: string | null; socials: Record<string, string>;
  companies: Array<{ listing: ListingSummary; title: string | null }>;
  stories: Array<{ listing_slug: string; listing_name: string; title: string | null; sections: Record<string, string | undefined> }>;
};

export const founderPath = (slug: string) => `/founders/${encodeURIComponent(slug)}`;

const STORY_HEADINGS: Record<string, string> = {
  story: 'The story', why_started: 'Why we started', problem: 'The problem', journey: 'The journey',
  challenges: 'Challenges', achievements: 'Achievements', lessons: 'Lessons learned', whats_next: 'What\'s next',
};

function Avatar(props: { url: string | null; size: number }) {
  const src = externalHref(props.url);
  return src ? <img class="avatar" src={src} alt="" width={props.size} height={props.size} loading="lazy" decoding="async" /> : null;
}

export function registerFounderPages(app: Hono, deps: AppDeps): void {
  const siteName = deps.config.siteName;

  app.get('/founders', sitePage(deps, async (c) => {
    const q = (c.req.query('q') ?? '').trim().slice(0, 120);
    const country = (c.req.query('country') ?? '').trim();
    const page = pageParam(c.req.query('page'));
    const res = await callTool<{ items: FounderItem[]; page: number; per_page: number; total: number }>(deps, 'list_founders', {
      ...(q ? { q } : {}), ...(country ? { country } : {}), page, per_page: 30,
    });
    const filtered = q || country;
    return pageFromAnswers(c, deps, 'founders', [res], () =>
      <Layout siteName={siteName} title={filtered ? `Founders matching your search` : 'Founders'} current="founders"
        description={`The founders behind the products listed on ${siteName}.`}>
        <h1>Founders</h1>
        <form class="inline" method="get" action="/founders" role="search" aria-label="Find founders">
          <label>Name <input type="search" name="q" value={q} maxlength={120} /></label>
          <label>Country <input name="country" value={country} size={3} maxlength={2} pattern="[A-Za-z]{2}" title="Two-letter country code" /></label>
          <button type="submit">Search</button>
        </form>
        <p class="small muted">{plural(res.total, 'founder')}</p>
        {res.items.length ? (
          <ul class="plain">
            {res.items.map((f) => (
              <li>
                <Avatar url={f.avatar_url} size={40} />
                <div class="grow">
                  <a href={founderPath(f.slug)}><strong>{f.name}</strong></a>
                  {f.country ? <span class="muted small">{` · ${f.country.toUpperCase()}`}</span> : null}
                  {f.headline ? <div class="small muted">{f.headline}</div> : null}
                  {f.companies.length ? (
                    <div class="small">{f.companies.map((co, i) => <>{i ? ', ' : ''}<a href={listingPath(co.slug)}>{co.name}</a></>)}</div>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        ) : <p class="muted">No founders match.</p>}
        <Pager page={res.page} perPage={res.per_page} total={res.total} href={(p) => withQuery('/founders', { q, country, page: p > 1 ? p : undefined })} />
      </Layout>,
    );
  }));

  app.get('/founders/:slug', sitePage(deps, async (c) => {
    const f = await callTool<Founder>(deps, 'get_founder', { slug: c.req.param('slug') });
    const about = f.headline ?? (f.companies.length ? `Founder of ${f.companies.map((co) => co.listing.name).join(', ')}` : 'Founder');
    return pageFromAnswers(c, deps, 'founder', [f], () =>
      <Layout siteName={siteName} title={f.name} current="founders" description={`${f.name}: ${about}. Profile on ${siteName}.`}>
        <nav aria-label="Breadcrumb" class="small"><a href="/founders">Founders</a></nav>
        <div class="profile-head">
          <Avatar url={f.avatar_url} size={72} />
          <div>
            <h1>{f.name}</h1>
            {f.headline ? <p class="muted">{f.headline}</p> : null}
            {f.country ? <p class="small muted">{`Country: ${f.country.toUpperCase()}`}</p> : null}
          </div>
        </div>
        {f.bio ? <section aria-labelledby="bio"><h2 id="bio">About</h2><Paragraphs text={f.bio} /></section> : null}
        <Socials socials={f.socials} />
        <section aria-labelledby="companies">
          <h2 id="companies">Products</h2>
          {f.companies.length ? (
            <ul class="plain">{f.companies.map((co) => <ListingRow item={co.listing} note={co.title ? <span class="pill">{co.title}</span> : null} />)}</ul>
          ) : <p class="muted">No public products yet.</p>}
        </section>
        {f.stories.map((s, i) => (
          <section aria-labelledby={`story-${i}`}>
            <h2 id={`story-${i}`}>{s.title ?? `The story of ${s.listing_name}`}</h2>
            <p class="small">From <a href={listingPath(s.listing_slug)}>{s.listing_name}</a></p>
            {Object.entries(STORY_HEADINGS).map(([key, heading]) => s.sections[key] ? <><h3>{heading}</h3><Paragraphs text={s.sections[key]} /></> : null)}
          </section>
        ))}
      </Layout>,
    );
  }));
}
