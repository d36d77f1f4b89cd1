import type { ListingProfile } from '../../tools/listings/listing-profile';
import { BarChart, LineChart } from '../charts';
import { CodeBlock } from '../code-block';
import { Paragraphs, formatDate, plural } from '../components';
import { externalHref, hostOf } from '../safe-url';
import { founderPath } from './founders';

// The sections of a listing page. Each renders nothing when the profile has nothing for it.

export type Badges = {
  listing: { slug: string; name: string; page_url: string };
  badges: Array<{ kind: string; label: string; week: string | null; svg_url: string; width: number; height: number; embed_html: string }>;
};

const STORY_HEADINGS: Array<[string, string]> = [
  ['story', 'The story'], ['why_started', 'Why we started'], ['problem', 'The problem'], ['journey', 'The journey'],
  ['challenges', 'Challenges'], ['achievements', 'Achievements'], ['lessons', 'Lessons learned'], ['whats_next', 'What\'s next'],
];

export function Pricing(props: { pricing: ListingProfile['pricing'] }) {
  const p = props.pricing;
  if (!p.model && !p.summary && !p.plans.length) return null;
  return (
    <section aria-labelledby="pricing">
      <h2 id="pricing">Pricing</h2>
      {p.model ? <p><strong>Model:</strong> {p.model}</p> : null}
      {p.summary ? <p>{p.summary}</p> : null}
      {p.plans.length ? (
        <ul class="grid plain-grid">
          {p.plans.map((plan) => (
            <li class="card">
              <h3 class="h3">{plan.name}</h3>
              <p class="stat">{plan.price}{plan.period ? <span class="small muted">{` / ${plan.period}`}</span> : null}</p>
              {plan.features.length ? <ul class="small">{plan.features.map((f) => <li>{f}</li>)}</ul> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

// Present only when the tool returned it, i.e. when the story section is unlocked for this listing.
export function Story(props: { story: ListingProfile['story'] }) {
  const s = props.story;
  if (!s || !STORY_HEADINGS.some(([k]) => (s as Record<string, string | undefined>)[k])) return null;
  return (
    <section aria-labelledby="story">
      <h2 id="story">{s.title || 'Founder story'}</h2>
      {STORY_HEADINGS.map(([key, heading]) => {
        const text = (s as Record<string, string | undefined>)[key];
        return text ? <><h3>{heading}</h3><Paragraphs text={text} /></> : null;
      })}
    </section>
  );
}

export function Milestones(props: { milestones: ListingProfile['milestones'] }) {
  if (!props.milestones?.length) return null;
  return (
    <section aria-labelledby="milestones">
      <h2 id="milestones">Milestones</h2>
      <ol class="plain timeline">
        {props.milestones.map((m) => {
          const href = externalHref(m.url);
          return (
            <li>
              <time class="nowrap small muted" datetime={m.date}>{formatDate(m.date)}</time>
              <div class="grow">
                {href ? <a href={href} rel="nofollow noopener ugc"><strong>{m.title}</strong></a> : <strong>{m.title}</strong>}
                {m.description ? <div class="small">{m.description}</div> : null}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

export function Media(props: { media: ListingProfile['media'] }) {
  const items = (props.media ?? []).flatMap((m) => {
    const href = externalHref(m.url);
    return href ? [{ ...m, href }] : [];
  });
  if (!items.length) return null;
  return (
    <section aria-labelledby="media">
      <h2 id="media">Media</h2>
      <ul class="grid plain-grid">
        {items.map((m) => (
          <li>
            {m.kind === 'image'
              ? <figure><img src={m.href} alt={m.caption ?? ''} class="media-img" loading="lazy" decoding="async" />{m.caption ? <figcaption class="small">{m.caption}</figcaption> : null}</figure>
              : <a href={m.href} rel="nofollow noopener ugc">{m.caption ?? `Video on ${hostOf(m.href)}`}</a>}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Updates(props: { updates: ListingProfile['latest_updates'] }) {
  if (!props.updates.length) return null;
  return (
    <section aria-labelledby="updates">
      <h2 id="updates">Latest updates</h2>
      {props.updates.map((u) => (
        <article class="card">
          <h3 class="h3">{u.title}</h3>
          <p class="small muted"><time datetime={u.created_at}>{formatDate(u.created_at)}</time></p>
          <Paragraphs text={u.body} />
        </article>
      ))}
    </section>
  );
}

export function VotesChart(props: { name: string; weeks: ListingProfile['votes_by_week'] }) {
  if (!props.weeks.length) return null;
  return (
    <section aria-labelledby="votes-per-week">
      <h2 id="votes-per-week">Votes per week</h2>
      <BarChart id="votes-chart" title={`Votes for ${props.name} per launch week`} labelName="Week of" valueName="Votes"
        points={props.weeks.map((w) => ({ label: w.week, value: w.votes }))} />
    </section>
  );
}

export function DomainRating(props: { name: string; dr: ListingProfile['domain_rating'] }) {
  const dr = props.dr;
  if (!dr) return null;
  const trend = dr.trend === null ? 'first reading' : dr.trend === 0 ? 'no change' : `${dr.trend > 0 ? 'up' : 'down'} ${Math.abs(dr.trend)} since the previous reading`;
  return (
    <section aria-labelledby="domain-rating">
      <h2 id="domain-rating">Domain Rating</h2>
      <p><span class="stat">{dr.value}</span> <span class="small muted">{`/ 100 · ${trend} · ${formatDate(dr.recorded_on)}`}</span></p>
      <p class="small muted">A third-party rating of the website, separate from community votes.</p>
      <LineChart id="dr-chart" title={`Domain Rating of ${props.name} over time`} labelName="Date" valueName="Domain Rating" max={100}
        points={dr.history.map((h) => ({ label: h.date, value: h.rating }))} />
    </section>
  );
}

export function Founders(props: { founders: ListingProfile['founders'] }) {
  if (!props.founders.length) return null;
  return (
    <section aria-labelledby="founders">
      <h2 id="founders">Founders</h2>
      <ul class="plain">
        {props.founders.map((f) => (
          <li><div class="grow"><a href={founderPath(f.slug)}>{f.name}</a>{f.title ? <div class="small muted">{f.title}</div> : null}</div></li>
        ))}
      </ul>
    </section>
  );
}

export function Rating(props: { rating: ListingProfile['community_rating'] }) {
  const r = props.rating;
  return (
    <section aria-labelledby="rating">
      <h2 id="rating">Community rating</h2>
      {r.average === null
        ? <p class="muted">No reviews yet.</p>
        : <p><span class="stat">{`${r.average.toFixed(1)} / 5`}</span> <span class="small muted">{`from ${plural(r.count, 'genuine review')}`}</span></p>}
    </section>
  );
}

export function BadgesSection(props: { badges: Badges | null }) {
  const b = props.badges;
  if (!b || !b.badges.length) return null;
  return (
    <section aria-labelledby="badges">
      <h2 id="badges">Badges</h2>
      <p class="small muted">Makers can show these on their website. Copy the embed code; the image links back to this page.</p>
      {b.badges.map((badge, i) => (
        <div class="embed">
          <h3 class="h3" id={`badge-${i}`}>{badge.label}</h3>
          <a href={badge.svg_url}><img src={badge.svg_url} alt={`${b.listing.name}: ${badge.label}`} width={badge.width} height={badge.height} loading="lazy" /></a>
          <CodeBlock label={`Embed code: ${badge.label}`}>{badge.embed_html}</CodeBlock>
        </div>
      ))}
    </section>
  );
}
