import type { Hono } from 'hono';
import type { AppDeps } from '../../app-context';
import type { ListingSummary } from '../../tools/listing-summary';
import { callTool } from '../call-tool';
import { ListingList, formatNumber } from '../components';
import { Layout } from '../layout';
import { htmlResponse, pageResponse, pageText, sitePage } from '../render';
import { isPlainAnonymousRequest, keptPage } from '../kept-page';
import { minuteOf } from '../../tools/remembered';
import { mondayOf } from '../../domain/weeks';

type Launches = { items: ListingSummary[]; total: number };
type SiteInfo = { purpose: string; live_listings: number; demo_listings: number; categories: number };

const SECTIONS: Array<[string, string, string]> = [
  ['/launches?section=trending', 'Trending', 'Votes weighted by age: what people are voting for right now.'],
  ['/launches?section=upcoming', 'Upcoming', 'Products scheduled for the coming launch weeks.'],
  ['/leaderboards', 'Leaderboards', 'Community votes, Domain Rating, revenue and the paid billboard.'],
  ['/launches/weeks/last', 'Last week', 'Last week\'s launches and its Launch of the Week awards.'],
];

type HomeParts = { info: SiteInfo; week: Launches };

async function homeParts(deps: AppDeps): Promise<HomeParts> {
  const [info, week] = await Promise.all([
    callTool<SiteInfo>(deps, 'get_site_info', {}),
    callTool<Launches>(deps, 'list_launches', { section: 'this-week', per_page: 20 }),
  ]);
  return { info, week };
}

function HomePage(props: { name: string; parts: HomeParts }) {
  const { name, parts: { info, week } } = props;
  return (
    <Layout siteName={name} title="This week's launches" current="home"
      description={`${info.purpose}. ${info.live_listings} live products in ${info.categories} categories, ranked by community votes.`}>
      <h1>{name}</h1>
      <p class="muted">{`${info.purpose}. ${formatNumber(info.live_listings)} live products in ${info.categories} categories.`}</p>
      {info.demo_listings > 0 ? (
        <p class="card small" role="note">
          {`This directory is showing its demo data: ${formatNumber(info.demo_listings)} sample products (marked Demo) with made-up votes, founders and reviews. Start with SEED_DEMO=false for an empty directory.`}
        </p>
      ) : null}
      <nav class="tabs" aria-label="Shortcuts">
        <a href="/launches?section=trending">Trending</a>
        <a href="/launches?section=upcoming">Upcoming</a>
        <a href="/leaderboards">Leaderboards</a>
      </nav>
      <section aria-labelledby="this-week">
        <h2 id="this-week">This week's launches</h2>
        <p class="small muted">Ranked by votes. Votes come only from signed-in people on this site.</p>
        <ListingList items={week.items} ranked label="This week's launches by votes" empty="No launches yet this week. Check the upcoming launches." />
        {week.total > week.items.length ? <p><a href={'/launches?section=this-week&page=2'}>{`See all ${week.total} launches of this week`}</a></p> : null}
        <p><a href="/launches/weeks/this">This week's launch page</a></p>
      </section>
      <section aria-labelledby="explore">
        <h2 id="explore">Explore</h2>
        <ul class="grid plain-grid">
          {SECTIONS.map(([href, title, text]) => (
            <li class="card"><a href={href}><strong>{title}</strong></a><p class="small muted">{text}</p></li>
          ))}
        </ul>
      </section>
    </Layout>
  );
}

export function registerHomePage(app: Hono, deps: AppDeps): void {
  app.get('/', sitePage(deps, async (c) => {
    const name = deps.config.siteName;
    if (isPlainAnonymousRequest(c)) {
      // Kept for the week and minute: this week's launches are ranked by votes as of the minute.
      const now = deps.clock.now();
      const minute = minuteOf(now);
      // What it shows besides the listings it lists: which listings are live (the counts, this week's launches),
      // the categories' count and the site's tagline (a setting).
      return pageResponse(await keptPage(c, deps, 'home', `${mondayOf(now)}|${minute}`, ['listing_lists', 'listing_status', 'categories', 'settings'], async () => {
        const parts = await homeParts(deps);
        return { value: await pageText(c, <HomePage name={name} parts={parts} />), listingSlugs: parts.week.items.map((l) => l.slug) };
      }, minute));
    }
    return htmlResponse(c, <HomePage name={name} parts={await homeParts(deps)} />);
  }));
}
