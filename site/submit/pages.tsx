import type { DraftView } from '../../tools/drafts/draft-view';
import type { OwnedListingView } from '../../tools/my-listings/owner-view';
import { Layout } from '../layout';
import { FieldNote } from '../forms';
import { formatDate, listingPath } from '../components';
import { externalHref } from '../safe-url';
import { formatUsd } from '../../domain/money';

// The submit journey's other screens: paste a URL, watch the build, and choose how to launch.

type Base = { siteName: string; csrf: string };

export function SubmitPage(p: Base & { url?: string; error?: string }) {
  return (
    <Layout siteName={p.siteName} title="Submit a product" noindex>
      <h1>Submit a product</h1>
      <p>Paste the product's website. We read its pages (honouring robots.txt) and draft a profile in about a minute: every value comes with
        the words on the website it is taken from, and what the website does not say is left blank. You review everything before anything is published.</p>
      <form method="post" action="/submit" class="form submit-form" novalidate>
        <input type="hidden" name="csrf" value={p.csrf} />
        <p class="field">
          <label for="url">Website address</label>
          <input id="url" name="url" type="url" inputmode="url" autocomplete="url" required maxlength={2048} placeholder="https://example.com" value={p.url ?? ''}
            aria-describedby={p.error ? 'url-error' : 'url-hint'} aria-invalid={p.error ? 'true' : undefined} />
          <FieldNote id={p.error ? 'url-error' : 'url-hint'} error={p.error} hint="The public homepage of the product, http or https." />
        </p>
        <p><button type="submit">Draft my listing</button></p>
      </form>
      <p class="muted small">Free to submit. Launching is free too (a week 6 to 8 weeks ahead, with a link back to us on your homepage), or paid for an earlier week.</p>
    </Layout>
  );
}

export const STEP_WORDS: Record<string, string> = {
  queued: 'Waiting for your other draft to finish', robots: 'Reading robots.txt', crawling: 'Reading the website', extracting: 'Collecting what the pages say',
  drafting: 'Drafting the profile', saving: 'Saving', done: 'Done', failed: 'Stopped',
};

export function ProgressPage(p: Base & { draft: DraftView }) {
  const d = p.draft;
  const pr = d.progress;
  return (
    <Layout siteName={p.siteName} title="Drafting your listing" noindex refreshSeconds={3} scripts={['/assets/draft-progress.js']}>
      <h1>Drafting your listing</h1>
      <p>From <strong>{d.url}</strong>. This page updates by itself; you can also leave and come back from <a href="/account#drafts">your account</a>.</p>
      <div class="progress-box card" id="draft-progress" data-draft={d.id} aria-live="polite">
        <p><strong id="progress-step">{STEP_WORDS[pr.step] ?? pr.step}</strong></p>
        <progress id="progress-bar" max={100} value={pr.percent} aria-label="Progress of the draft">{`${pr.percent} %`}</progress>
        <p class="small"><span id="progress-percent">{pr.percent}</span> % · <span id="progress-pages">{pr.pages_fetched}</span> of <span id="progress-planned">{pr.pages_planned}</span> pages read</p>
      </div>
      <noscript><p class="small muted">Without JavaScript this page reloads every few seconds.</p></noscript>
      <p><a href={`/drafts/${d.id}`}>Refresh</a></p>
    </Layout>
  );
}

export function FailedPage(p: Base & { draft: DraftView }) {
  return (
    <Layout siteName={p.siteName} title="The draft could not be built" noindex>
      <h1>The draft could not be built</h1>
      <p role="alert">{p.draft.failure_reason}</p>
      <p><a class="button" href={`/submit?url=${encodeURIComponent(p.draft.url)}`}>Try again</a></p>
    </Layout>
  );
}

type Week = { week: string; remaining: number };
export type LaunchProps = Base & {
  draftId: string;
  listing: OwnedListingView;
  launchPriceCents: number | null;
  weeks: Week[];
  freeWeeksAhead: string;
  error?: string;
  notice?: string;
};


export function LaunchPage(p: LaunchProps) {
  const l = p.listing;
  const badge = l.badge;
  return (
    <Layout siteName={p.siteName} title={`Launch ${l.name}`} noindex>
      <p class="muted small"><a href="/account#listings">Your listings</a> › <a href={`/drafts/${p.draftId}`}>Draft</a> ›</p>
      <h1>Launch {l.name}</h1>
      {p.notice ? <p class="notice" role="status">{p.notice}</p> : null}
      {p.error ? <p class="error" role="alert">{p.error}</p> : null}
      {l.status === 'submitted' ? (
        <div class="grid launch-choices">
          <section class="card" aria-labelledby="free-plan">
            <h2 id="free-plan">Free launch</h2>
            <p>Your listing joins the first launch week with room, {p.freeWeeksAhead}. It goes ahead once your homepage links to your listing page:
              paste our badge (we show you the HTML next) or any link to <code class="wrap">{badge.page_url}</code> on <strong>{l.url}</strong>.</p>
            <p class="small muted">We check the homepage now and every hour; you can ask for a check at any time.</p>
            <form method="post" action={`/drafts/${p.draftId}/launch/free`}>
              <input type="hidden" name="csrf" value={p.csrf} />
              <button type="submit">Choose the free launch</button>
            </form>
          </section>
          <section class="card" aria-labelledby="paid-plan">
            <h2 id="paid-plan">Paid launch{p.launchPriceCents !== null ? ` · ${formatUsd(p.launchPriceCents)}` : ''}</h2>
            <p>Launch now or in a week you choose, with no badge needed. Prices exclude VAT; the checkout page shows it for your country.</p>
            <form method="post" action={`/drafts/${p.draftId}/launch/paid`} class="form">
              <input type="hidden" name="csrf" value={p.csrf} />
              <p class="field">
                <label for="week">Launch week</label>
                <select id="week" name="week">
                  <option value="">As soon as paid</option>
                  {p.weeks.map((w) => <option value={w.week}>{`Week of ${formatDate(w.week)} (${w.remaining} left)`}</option>)}
                </select>
              </p>
              <button type="submit">Continue to checkout</button>
            </form>
          </section>
        </div>
      ) : l.status === 'awaiting_badge' ? (
        <section aria-labelledby="badge-step">
          <h2 id="badge-step">Put the badge on your homepage</h2>
          <p>Your free launch is booked for the week of <strong>{formatDate(l.launch_week)}</strong>. It is confirmed once <strong>{l.url}</strong> links to your listing page.</p>
          <div class="embed">
            <label for="embed">Paste this HTML on your homepage</label>
            <textarea id="embed" readonly rows={4}>{badge.embed_html}</textarea>
          </div>
          <h3 class="h3">Last check</h3>
          {badge.last_check ? (
            <p class={badge.last_check.found ? 'ok' : ''}>
              {formatDate(badge.last_check.checked_at)}: {badge.last_check.found ? 'found — you are all set.' : 'not found yet.'} <span class="muted">{badge.last_check.detail}</span>
            </p>
          ) : <p class="muted">Not checked yet: the first check runs in a moment.</p>}
          <form method="post" action={`/drafts/${p.draftId}/launch/check`}>
            <input type="hidden" name="csrf" value={p.csrf} />
            <button type="submit">Check my homepage now</button>
          </form>
        </section>
      ) : (
        <section>
          <p>Status: <strong>{l.status}</strong>{l.launch_week ? <>, launch week of {formatDate(l.launch_week)}</> : null}{l.plan ? ` (${l.plan} plan)` : ''}.</p>
          {l.is_public ? <p><a href={listingPath(l.slug)}>See the listing page</a></p> : null}
        </section>
      )}
      <p class="small"><a href={externalHref(l.url) ?? '#'} rel="nofollow noopener">{l.url}</a></p>
    </Layout>
  );
}
