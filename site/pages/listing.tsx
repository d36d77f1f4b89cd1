import type { Context, Hono } from 'hono';
import type { AppDeps } from '../../app-context';
import type { ListingProfile } from '../../tools/listings/listing-profile';
import type { ListingSummary } from '../../tools/listing-summary';
import { clientIp } from '../../auth/actor';
import { PageNotFound, callTool } from '../call-tool';
import { Faqs, ListingRow, Logo, Paragraphs, formatDate } from '../components';
import { Layout } from '../layout';
import { htmlResponse, pageResponse, pageText, sitePage } from '../render';
import { isPlainAnonymousRequest, keptPage } from '../kept-page';
import { minuteOf } from '../../tools/remembered';
import { mondayOf } from '../../domain/weeks';
import { externalHref, hostOf } from '../safe-url';
import { Socials } from './socials';
import { communityView, Reviews, VoteAndFollow, type CommunityView } from '../community/view';
import { ClaimLink } from '../claims/journey-views';
import {
  BadgesSection, DomainRating, Founders, Media, Milestones, Pricing, Rating, Story, Updates, VotesChart, type Badges,
} from './listing-sections';

type Alternatives = { items: Array<ListingSummary & { approved: boolean }>; total: number };

// Field names such as founded_year read as "Founded year".
const humanField = (f: string) => { const t = f.replace(/_/g, ' ').trim(); return t.charAt(0).toUpperCase() + t.slice(1); };

const EMAIL = /^[^\s@<>"']+@[^\s@<>"']+\.[^\s@<>"']+$/;

// A missing optional part (no badges earned yet, no alternatives) leaves its section out instead of failing the page.
const optional = <T,>(p: Promise<T>): Promise<T | null> => p.catch((err) => (err instanceof PageNotFound ? null : Promise.reject(err)));

function Facts(props: { l: ListingProfile }) {
  const l = props.l;
  const video = externalHref(l.demo_video_url);
  const rows: Array<[string, unknown]> = [
    ['Stage', l.stage], ['Country', l.country?.toUpperCase()], ['City', l.city], ['Founded', l.founded_year],
    ['Contact', l.contact_email && EMAIL.test(l.contact_email) ? <a href={`mailto:${l.contact_email}`}>{l.contact_email}</a> : null],
    ['Demo video', video ? <a href={video} rel="nofollow noopener ugc">{hostOf(video)}</a> : null],
  ];
  const shown = rows.filter(([, v]) => v !== null && v !== undefined && v !== '');
  if (!shown.length) return null;
  return (
    <section aria-labelledby="details">
      <h2 id="details">Details</h2>
      <dl class="facts">{shown.map(([k, v]) => <><dt>{k}</dt><dd>{v as string}</dd></>)}</dl>
    </section>
  );
}

function ListingPage(props: { siteName: string; l: ListingProfile; badges: Badges | null; alternatives: Alternatives | null; community: CommunityView | null }) {
  const { l } = props;
  const website = externalHref(l.links.website);
  const primary = l.categories.find((c) => c.primary) ?? l.categories[0];
  const about = l.description ?? l.summary ?? l.short_description;
  return (
    <Layout siteName={props.siteName} title={l.tagline ? `${l.name}: ${l.tagline}` : l.name} canonical={l.links.page_url}
      description={l.short_description ?? l.tagline ?? `${l.name} on ${props.siteName}`}>
      {primary ? <nav aria-label="Breadcrumb" class="small"><a href="/categories">Categories</a> › <a href={`/categories/${encodeURIComponent(primary.slug)}`}>{primary.name}</a></nav> : null}
      {/* The view counter: fetched on every real page view, cached page or not (site/views/beacon.ts). */}
      <img class="beacon" src={`/v/${l.slug}.gif`} alt="" width="1" height="1" aria-hidden="true" decoding="async" />
      <div class="listing-head">
        <Logo url={l.logo_url} slug={l.slug} name={l.name} size={72} />
        <div class="grow">
          <h1>{l.name}</h1>
          {l.tagline ? <p class="muted">{l.tagline}</p> : null}
          <p class="small">
            {l.status === 'scheduled' && l.launch_week
              ? <><span class="pill">Upcoming</span> Launching in the <a href={`/launches/weeks/${l.launch_week}`}>{`week of ${formatDate(l.launch_week)}`}</a> </>
              : null}
            {l.featured ? <span class="pill paid">Featured · paid</span> : null} {l.verified ? <span class="pill" title="Claimed and verified by the company">Verified</span> : null}{' '}
            {l.demo ? <span class="pill" title="A sample of the demo directory, not a real product">Demo listing</span> : null}
          </p>
          {website ? <p><a class="button" href={website} rel="noopener">{`Visit ${hostOf(website)}`}</a></p> : null}
        </div>
        <section class="card votes-card" aria-labelledby="votes-heading">
          <h2 id="votes-heading" class="sr-only">Votes</h2>
          {props.community ? <VoteAndFollow slug={l.slug} name={l.name} votes={l.votes} live={l.status === 'live'} view={props.community} /> : null}
        </section>
      </div>
      <div class="cols">
        <div>
          {l.headline ? <p><strong>{l.headline}</strong></p> : null}
          <section aria-labelledby="about">
            <h2 id="about">About {l.name}</h2>
            {about ? <Paragraphs text={about} /> : <p class="muted">No description yet.</p>}
            {l.summary && l.summary !== about ? <Paragraphs text={l.summary} /> : null}
          </section>
          {l.features.length ? <section aria-labelledby="features"><h2 id="features">Features</h2><ul>{l.features.map((f) => <li>{f}</li>)}</ul></section> : null}
          {l.usps.length ? <section aria-labelledby="usps"><h2 id="usps">Why choose it</h2><ul>{l.usps.map((f) => <li>{f}</li>)}</ul></section> : null}
          <Pricing pricing={l.pricing} />
          <Story story={l.story} />
          <Milestones milestones={l.milestones} />
          <Media media={l.media} />
          <Updates updates={l.latest_updates} />
          <Faqs faqs={l.faqs} />
          <VotesChart name={l.name} weeks={l.votes_by_week} />
          {props.alternatives?.items.length ? (
            <section aria-labelledby="alternatives">
              <h2 id="alternatives">Alternatives</h2>
              <ul class="plain">{props.alternatives.items.map((a) => <ListingRow item={a} note={a.approved ? <span class="pill">Named by the maker</span> : null} />)}</ul>
            </section>
          ) : null}
        </div>
        <aside aria-label={`More about ${l.name}`}>
          <Rating rating={l.community_rating} />
          {props.community ? <Reviews slug={l.slug} live={l.status === 'live'} view={props.community} /> : null}
          <DomainRating name={l.name} dr={l.domain_rating} />
          {l.categories.length ? (
            <section aria-labelledby="categories">
              <h2 id="categories">Categories</h2>
              <ul class="inline-list">{l.categories.map((c) => <li><a href={`/categories/${encodeURIComponent(c.slug)}`}>{c.name}</a>{c.primary ? <span class="small muted"> (primary)</span> : null}</li>)}</ul>
            </section>
          ) : null}
          {l.status === 'live' || l.status === 'scheduled' ? <ClaimLink slug={l.slug} name={l.name} /> : null}
          <Founders founders={l.founders} />
          <Facts l={l} />
          <Socials socials={l.socials} />
          <section aria-labelledby="links">
            <h2 id="links">Links</h2>
            <ul>
              {website ? <li><a href={website} rel="noopener">Website</a></li> : null}
              {props.badges?.badges.length ? <li><a href="#badges">Badges and embed code</a></li> : null}
              <li><a href={l.links.badges_url}>Badges as JSON</a></li>
              <li><a href={`/api/v1/listings/${encodeURIComponent(l.slug)}`}>This listing as JSON</a></li>
            </ul>
          </section>
          {l.not_found_on_website.length ? (
            <section aria-labelledby="not-stated">
              <h2 id="not-stated">Not stated on the website</h2>
              <p class="small muted">The company's own website does not state these, so they are left blank rather than guessed:</p>
              <ul class="small">{l.not_found_on_website.map((f) => <li>{humanField(f)}</li>)}</ul>
            </section>
          ) : null}
        </aside>
      </div>
      <BadgesSection badges={props.badges} />
    </Layout>
  );
}

type PageParts = { listing: ListingProfile; badges: Badges | null; alternatives: Alternatives | null; community: CommunityView | null };

async function pageParts(c: Context, deps: AppDeps): Promise<PageParts> {
  const slug = c.req.param('slug')!;
  const ip = clientIp(c, deps.config);
  const [listing, badges, alternatives] = await Promise.all([
    callTool<ListingProfile>(deps, 'get_listing', { slug }, ip),
    optional(callTool<Badges>(deps, 'get_badges', { slug }, ip)),
    optional(callTool<Alternatives>(deps, 'get_alternatives', { slug, per_page: 5 }, ip)),
  ]);
  return { listing, badges, alternatives, community: await communityView(c, deps, listing.slug) };
}

const pageOf = (deps: AppDeps, p: PageParts) =>
  <ListingPage siteName={deps.config.siteName} l={p.listing} badges={p.badges} alternatives={p.alternatives} community={p.community} />;

// What a signed-out visitor's page shows besides the listing and each alternative: the names of categories and
// founders, which listings are live in which category, and (when it quotes reviews) the reviewers' names.
const PAGE_TOPICS = ['categories', 'founders', 'listing_lists', 'listing_status'];

export function registerListingPages(app: Hono, deps: AppDeps): void {
  app.get('/listings/:slug', sitePage(deps, async (c) => {
    if (isPlainAnonymousRequest(c)) {
      // Kept per address and minute: the alternatives beside the listing are ranked by votes as of the minute.
      const now = deps.clock.now();
      const minute = minuteOf(now);
      const key = `${new URL(c.req.url).pathname}|${mondayOf(now)}|${minute}`;
      return pageResponse(await keptPage(c, deps, 'listing', key, PAGE_TOPICS, async () => {
        const parts = await pageParts(c, deps);
        return {
          value: await pageText(c, pageOf(deps, parts)),
          listingSlugs: [parts.listing.slug, ...(parts.alternatives?.items.map((a) => a.slug) ?? [])],
          topics: parts.community?.reviews.length ? ['users'] : [],
        };
      }, minute));
    }
    const parts = await pageParts(c, deps);
    // Signed-in visitors see their own vote, follow and review state: such a page must not be cached or shared.
    const personal: Record<string, string> = parts.community?.signedIn ? { 'cache-control': 'private, no-store' } : {};
    return htmlResponse(c, pageOf(deps, parts), 200, personal);
  }));
}
