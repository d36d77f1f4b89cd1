import type { Hono } from 'hono';
import type { AppDeps } from '../../app-context';
import type { ListingSummary } from '../../tools/listing-summary';
import { addWeeks } from '../../domain/weeks';
import { callTool, pageParam } from '../call-tool';
import { ListingList, ListingRow, Pager, Tabs, formatDate, listingPath, plural, withQuery } from '../components';
import { Layout } from '../layout';
import { sitePage } from '../render';
import { pageFromAnswers } from '../kept-page';

type SectionPage = { section: string; items: ListingSummary[]; page: number; per_page: number; total: number };
type Award = { week: string; rank: number; kind: string; listing: ListingSummary; votes: number };
type Week = {
  week: string; week_end: string; is_current: boolean; is_future: boolean;
  items: ListingSummary[]; page: number; per_page: number; total: number;
  scheduled: ListingSummary[]; scheduled_total: number; awards: Award[];
};

// Section ids are the API's (list_launches `section`); the words are the site's.
const SECTIONS: Record<string, { tab: string; heading: string; about: string; ranked: boolean }> = {
  'today': { tab: 'Today', heading: 'Launched today', about: 'Products that went live today (UTC).', ranked: false },
  'this-week': { tab: 'This week', heading: 'This week\'s launches', about: 'This launch week, most votes first.', ranked: true },
  'trending': { tab: 'Trending', heading: 'Trending', about: 'Votes weighted by age: a vote counts half after each half-life.', ranked: true },
  'most-voted': { tab: 'Most voted', heading: 'Most voted of all time', about: 'All-time community votes.', ranked: true },
  'recent': { tab: 'Recent', heading: 'Recently launched', about: 'Newest launches first.', ranked: false },
  'most-viewed': { tab: 'Most viewed', heading: 'Most viewed', about: 'Listing page views on this site.', ranked: true },
  'most-followed': { tab: 'Most followed', heading: 'Most followed', about: 'People following a product for its updates.', ranked: true },
  'upcoming': { tab: 'Upcoming', heading: 'Upcoming launches', about: 'Scheduled products by launch week.', ranked: false },
};

const weekPath = (week: string) => `/launches/weeks/${week}`;
// A week's page shows as many launches as a section's page does not: its ranks run on from page to page.
const WEEK_PAGE_SIZE = 50;

export function registerLaunchPages(app: Hono, deps: AppDeps): void {
  const siteName = deps.config.siteName;

  app.get('/launches', sitePage(deps, async (c) => {
    const section = c.req.query('section') || 'this-week';
    const page = pageParam(c.req.query('page'));
    const res = await callTool<SectionPage>(deps, 'list_launches', { section, page, per_page: 20 });
    const meta = SECTIONS[res.section] ?? { tab: res.section, heading: res.section, about: '', ranked: false };
    const href = (p: number) => withQuery('/launches', { section: res.section === 'this-week' ? undefined : res.section, page: p > 1 ? p : undefined });
    return pageFromAnswers(c, deps, 'launches', [res], () =>
      <Layout siteName={siteName} title={`${meta.heading}${page > 1 ? ` (page ${page})` : ''}`} current="launches"
        description={`${meta.heading} on ${siteName}. ${meta.about}`}>
        <h1>Launches</h1>
        <Tabs label="Launch sections" items={Object.entries(SECTIONS).map(([id, s]) => ({
          href: withQuery('/launches', { section: id === 'this-week' ? undefined : id }), text: s.tab, current: id === res.section,
        }))} />
        <h2>{meta.heading}</h2>
        <p class="small muted">{`${meta.about} ${plural(res.total, 'product')}.`}</p>
        {res.section === 'upcoming'
          ? <UpcomingList items={res.items} />
          : <ListingList items={res.items} ranked={meta.ranked} offset={(res.page - 1) * res.per_page} label={meta.heading} empty="Nothing here yet." />}
        <Pager page={res.page} perPage={res.per_page} total={res.total} href={href} />
        <p><a href={weekPath('this')}>Browse launch weeks</a></p>
      </Layout>,
    );
  }));

  app.get('/launches/weeks/:week', sitePage(deps, async (c) => {
    const page = pageParam(c.req.query('page'));
    const w = await callTool<Week>(deps, 'get_launch_week', { week: c.req.param('week'), page, per_page: WEEK_PAGE_SIZE });
    const label = `Week of ${formatDate(w.week)}`;
    const when = w.is_current ? 'this week' : w.is_future ? 'an upcoming week' : 'a past week';
    const paged = page > 1 ? ` (page ${page})` : '';
    // Both lists are paged together: the pager runs as far as the longer one.
    const href = (p: number) => withQuery(weekPath(w.week), { page: p > 1 ? p : undefined });
    return pageFromAnswers(c, deps, 'launch-week', [w], () =>
      <Layout siteName={siteName} title={`Launches: ${label}${paged}`} current="launches" canonical={`${deps.config.siteUrl}${href(page)}`}
        description={`Launches of the week ${w.week} to ${w.week_end} on ${siteName} (${when}): ${plural(w.total, 'live launch', 'live launches')}, ranked by votes.`}>
        <h1>{`Launches · ${label}`}</h1>
        <p class="muted">{`${formatDate(w.week)} – ${formatDate(w.week_end)} (Monday to Sunday, UTC) · ${when}`}</p>
        <nav class="pager" aria-label="Launch weeks">
          <a href={weekPath(addWeeks(w.week, -1))} rel="prev">← Previous week</a>
          {w.is_current ? <span></span> : <a href={weekPath('this')}>This week</a>}
          <a href={weekPath(addWeeks(w.week, 1))} rel="next">Next week →</a>
        </nav>
        {w.awards.length ? (
          <section aria-labelledby="awards">
            <h2 id="awards">Launch of the Week</h2>
            <ol class="rank">
              {w.awards.map((a) => <ListingRow item={a.listing} rank={a.rank} note={<span class="pill">{a.kind}</span>} metric={`${plural(a.votes, 'vote')} when awarded`} />)}
            </ol>
          </section>
        ) : null}
        <section aria-labelledby="launched">
          <h2 id="launched">Launches, most votes first</h2>
          <ListingList items={w.items} ranked offset={(w.page - 1) * w.per_page} label="Launches by votes"
            empty={w.is_future ? 'This week has not started yet.' : w.total ? 'No more launches: this page is past the last.' : 'No launches this week.'} />
        </section>
        {w.is_current || w.is_future ? (
          <section aria-labelledby="scheduled">
            <h2 id="scheduled">Scheduled for this week</h2>
            <ListingList items={w.scheduled} label="Scheduled launches"
              empty={w.scheduled_total ? 'No more scheduled launches: this page is past the last.' : 'Nothing is scheduled for this week yet.'} />
          </section>
        ) : null}
        <Pager page={w.page} perPage={w.per_page} total={Math.max(w.total, w.scheduled_total)} href={href} />
      </Layout>);
  }));
}

// Upcoming launches grouped under their launch week, linking to that week's page.
function UpcomingList(props: { items: ListingSummary[] }) {
  if (!props.items.length) return <p class="muted">Nothing is scheduled yet.</p>;
  return (
    <ul class="plain">
      {props.items.map((it) => (
        <li>
          <div class="grow">
            <a href={listingPath(it.slug)}><strong>{it.name}</strong></a>
            {it.tagline ? <div class="muted small">{it.tagline}</div> : null}
          </div>
          {it.launch_week ? <a class="nowrap small" href={weekPath(it.launch_week)}>{`Week of ${formatDate(it.launch_week)}`}</a> : null}
        </li>
      ))}
    </ul>
  );
}
