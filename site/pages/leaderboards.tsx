import type { Hono } from 'hono';
import type { AppDeps } from '../../app-context';
import type { ListingSummary } from '../../tools/listing-summary';
import { BOARD_IDS } from '../../domain/ranking';
import { addWeeks } from '../../domain/weeks';
import { callTool, pageParam } from '../call-tool';
import { ListingRow, Pager, formatDate, plural, withQuery } from '../components';
import { Layout } from '../layout';
import { sitePage } from '../render';
import { pageFromAnswers } from '../kept-page';

type Metric = { name: string; value: number; unit: string; source: string; paid?: boolean; trend?: number | null; recorded_on?: string; period?: string; verified_by?: string };
type Board = {
  board: string; title: string; description: string; paid: boolean; notice: string | null; week: string | null;
  items: Array<{ rank: number; paid: boolean; listing: ListingSummary; metric: Metric }>; page: number; per_page: number; total: number;
};

const boardPath = (board: string) => `/leaderboards/${encodeURIComponent(board)}`;
const USD = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
const usd = (cents: number) => `$${USD.format(cents / 100)}`;

// The board's number in words; every paid figure says so.
export function metricText(m: Metric): string {
  switch (m.name) {
    case 'weekly_votes':
    case 'votes': return plural(m.value, 'vote');
    case 'contributed': return `${usd(m.value)} paid`;
    case 'domain_rating': {
      const trend = m.trend === null || m.trend === undefined ? '' : m.trend === 0 ? ' (no change)' : ` (${m.trend > 0 ? '+' : '−'}${Math.abs(m.trend)})`;
      return `DR ${m.value}${trend}`;
    }
    case 'mrr': return `${usd(m.value)} MRR`;
    default: return `${m.value} ${m.unit}`;
  }
}

function metricNote(m: Metric) {
  if (m.name === 'mrr') return <span class="small muted">{`${m.period ? `${m.period.slice(0, 7)}, ` : ''}verified by ${m.verified_by ?? 'report'}`}</span>;
  if (m.name === 'domain_rating' && m.recorded_on) return <span class="small muted">{`third-party rating, ${formatDate(m.recorded_on)}`}</span>;
  return null;
}

export function PaidLabel() {
  return <span class="pill paid">Paid ranking</span>;
}

function BoardList(props: { board: Board }) {
  const b = props.board;
  if (!b.items.length) return <p class="muted">Nobody is on this board yet.</p>;
  return (
    <ol class="rank" aria-label={b.title}>
      {b.items.map((it) => (
        <ListingRow item={it.listing} rank={it.rank} metric={metricText(it.metric)}
          note={<>{it.paid ? <PaidLabel /> : null}{metricNote(it.metric)}</>} />
      ))}
    </ol>
  );
}

export function registerLeaderboardPages(app: Hono, deps: AppDeps): void {
  const siteName = deps.config.siteName;

  app.get('/leaderboards', sitePage(deps, async (c) => {
    const boards = await Promise.all(BOARD_IDS.map((board) => callTool<Board>(deps, 'get_leaderboard', { board, per_page: 3 })));
    return pageFromAnswers(c, deps, 'leaderboards', boards, () =>
      <Layout siteName={siteName} title="Leaderboards" current="leaderboards"
        description={`Leaderboards of ${siteName}: community votes (weekly and all time), Domain Rating, revenue, and the billboard, which is a paid ranking.`}>
        <h1>Leaderboards</h1>
        <p class="muted">Separate ranking systems. The community boards follow votes only; the billboard is bought and always labelled as paid.</p>
        {boards.map((b) => (
          <section aria-labelledby={`board-${b.board}`} class={b.paid ? 'card board paid-board' : 'card board'}>
            <h2 id={`board-${b.board}`}><a href={boardPath(b.board)}>{b.title}</a> {b.paid ? <PaidLabel /> : null}</h2>
            {b.notice ? <p class="paid"><strong>{b.notice}</strong></p> : null}
            <p class="small muted">{b.description}</p>
            <BoardList board={b} />
            <p><a href={boardPath(b.board)}>{`Full ${b.title} board`}</a></p>
          </section>
        ))}
      </Layout>,
    );
  }));

  app.get('/leaderboards/:board', sitePage(deps, async (c) => {
    const boardId = c.req.param('board');
    const week = boardId === 'community-weekly' ? (c.req.query('week') || undefined) : undefined;
    const page = pageParam(c.req.query('page'));
    const b = await callTool<Board>(deps, 'get_leaderboard', { board: boardId, ...(week ? { week } : {}), page, per_page: 25 });
    const title = b.week ? `${b.title}: week of ${formatDate(b.week)}` : b.title;
    return pageFromAnswers(c, deps, 'leaderboard', [b], () =>
      <Layout siteName={siteName} title={`${title}${b.paid ? ' · Paid ranking' : ''}`} current="leaderboards" description={b.description}>
        <nav aria-label="Breadcrumb" class="small"><a href="/leaderboards">Leaderboards</a></nav>
        <h1>{title} {b.paid ? <PaidLabel /> : null}</h1>
        {b.notice ? <p class="notice paid" role="note"><strong>{b.notice}.</strong> This board is bought, not earned by votes.</p> : null}
        <p class="muted">{b.description}</p>
        {b.week ? <WeekSelector week={b.week} /> : null}
        <BoardList board={b} />
        <Pager page={b.page} perPage={b.per_page} total={b.total} href={(p) => withQuery(boardPath(b.board), { week, page: p > 1 ? p : undefined })} />
      </Layout>,
    );
  }));
}

// community-weekly accepts this, last or any date (snapped to its Monday).
function WeekSelector(props: { week: string }) {
  const prev = addWeeks(props.week, -1);
  const next = addWeeks(props.week, 1);
  const base = boardPath('community-weekly');
  return (
    <div class="week-select">
      <nav class="pager" aria-label="Weeks">
        <a href={withQuery(base, { week: prev })} rel="prev">← Previous week</a>
        <a href={withQuery(base, { week: 'this' })}>This week</a>
        <a href={withQuery(base, { week: next })} rel="next">Next week →</a>
      </nav>
      <form class="inline" method="get" action={base} aria-label="Choose a week">
        <label>Week containing <input type="date" name="week" value={props.week} required /></label>
        <button type="submit">Show</button>
      </form>
    </div>
  );
}
