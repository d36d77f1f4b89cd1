import type { Context, Hono } from 'hono';
import type { AppDeps } from '../../app-context';
import { clientIp } from '../../auth/actor';
import { csrfValid } from '../../auth/session';
import { freeQueueSettings } from '../../storage/queries/free-plan';
import { ToolError } from '../../tools/errors';
import type { DraftView } from '../../tools/drafts/draft-view';
import type { OwnedListingView } from '../../tools/my-listings/owner-view';
import { callToolAs, PageNotFound } from '../call-tool';
import { send, seeOther, staleForm } from '../account/ui';
import { notFoundPage } from '../render';
import { viewerOf, type Viewer } from '../viewer';
import { FailedPage, LaunchPage, ProgressPage, STEP_WORDS, SubmitPage, type LaunchProps } from './pages';
import { ReviewPage, type ReviewProps } from './review-view';
import { inputIdFor, reviewPatch, type Form } from './review-form';

// The submit journey on the website: paste a URL → watch the build → review every value beside its evidence →
// submit → choose a free week or a paid launch. Every step is the same tool the API and MCP run (submit_listing,
// get_draft, update_draft, submit_draft, get_my_listing, choose_free_listing, create_checkout) called as the
// signed-in person; nothing here decides what a draft may hold. Pages are personal: no-store, CSRF on every form.

type CategoryNode = { name: string; children: CategoryNode[] };
const names = (nodes: CategoryNode[]): string[] => nodes.flatMap((n) => [n.name, ...names(n.children ?? [])]);
const DRAFT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const NOTICES: Record<string, string> = {
  saved: 'Saved.', unchanged: 'Nothing had changed.', submitted: 'Submitted: your draft is saved as a listing. Choose how to launch it.',
  regenerating: 'Redrafting from the website: reload in a few seconds.', free: 'Free launch chosen. Now put the badge on your homepage.',
  check: 'Checking your homepage now: reload this page in a few seconds.',
};

const formOf = async (c: Context): Promise<Form> => {
  const body = await c.req.parseBody();
  return Object.fromEntries(Object.entries(body).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])));
};

const fieldErrors = (err: ToolError): Record<string, string> =>
  Object.fromEntries((err.errors?.length ? err.errors : [{ path: 'action', message: err.message }]).map((e) => [inputIdFor(e.path), e.message]));

export function registerSubmitRoutes(app: Hono, deps: AppDeps): void {
  const siteName = deps.config.siteName;
  const call = <T,>(c: Context, viewer: Viewer, name: string, input: object) => callToolAs<T>(deps, name, input, viewer.userId, clientIp(c, deps.config));

  // Signed-out visitors go to sign in (or sign up) and come back to the same address.
  const signedIn = (c: Context): Viewer | Response => {
    const here = new URL(c.req.url);
    return viewerOf(c) ?? seeOther(c, `/signin?next=${encodeURIComponent(here.pathname + here.search)}`);
  };
  const checked = async (c: Context): Promise<{ viewer: Viewer; form: Form } | Response> => {
    const viewer = viewerOf(c);
    if (!viewer) return seeOther(c, '/signin?next=%2Fsubmit');
    const form = await formOf(c);
    if (!csrfValid(c, deps, viewer, form.csrf)) return staleForm(c);
    return { viewer, form };
  };
  const draftOf = (c: Context, viewer: Viewer, id: string) => call<DraftView>(c, viewer, 'get_draft', { id });
  const guarded = (handler: (c: Context) => Promise<Response>) => async (c: Context) => {
    if (c.req.param('id') !== undefined && !DRAFT_ID.test(c.req.param('id')!)) return notFoundPage(c, deps, 'There is no draft at this address.');
    try {
      return await handler(c);
    } catch (err) {
      if (err instanceof PageNotFound) return notFoundPage(c, deps, 'There is no draft of yours at this address.');
      throw err;
    }
  };
  const review = async (c: Context, props: Omit<ReviewProps, 'siteName' | 'categories'>, status: 200 | 400 | 409 = 200) => {
    const categories = names((await callToolAs<{ items: CategoryNode[] }>(deps, 'list_categories', {}, null, 'site')).items);
    return send(c, ReviewPage({ siteName, categories, ...props }), status);
  };

  app.get('/submit', (c) => {
    const viewer = signedIn(c);
    if (viewer instanceof Response) return viewer;
    return send(c, SubmitPage({ siteName, csrf: viewer.csrf, url: c.req.query('url')?.slice(0, 2048) }));
  });

  app.post('/submit', async (c) => {
    const ok = await checked(c);
    if (ok instanceof Response) return ok;
    const url = (ok.form.url ?? '').trim();
    try {
      const draft = await call<DraftView>(c, ok.viewer, 'submit_listing', { url });
      return seeOther(c, `/drafts/${draft.id}`);
    } catch (err) {
      if (!(err instanceof ToolError) || !['invalid_input', 'conflict', 'rate_limited'].includes(err.kind)) throw err;
      const field = err.errors?.find((e) => e.path === 'url');
      return send(c, SubmitPage({ siteName, csrf: ok.viewer.csrf, url, error: field ? `The address ${field.message}.` : err.message }), 400);
    }
  });

  // One address for the whole life of a draft: the progress view while it builds, then the review screen.
  app.get('/drafts/:id', guarded(async (c) => {
    const viewer = signedIn(c);
    if (viewer instanceof Response) return viewer;
    const draft = await draftOf(c, viewer, c.req.param('id')!);
    if (draft.status === 'failed') return send(c, FailedPage({ siteName, csrf: viewer.csrf, draft }));
    if (draft.status !== 'ready') return send(c, ProgressPage({ siteName, csrf: viewer.csrf, draft }));
    return review(c, { csrf: viewer.csrf, draft, notice: NOTICES[c.req.query('notice') ?? ''] });
  }));

  // What the progress script polls: the tool's own progress object, nothing more.
  app.get('/drafts/:id/progress.json', guarded(async (c) => {
    const viewer = viewerOf(c);
    if (!viewer) return c.json({ error: 'Sign in first.' }, 401, { 'cache-control': 'no-store' });
    const draft = await draftOf(c, viewer, c.req.param('id')!);
    return c.json({ status: draft.status, progress: draft.progress, step_text: STEP_WORDS[draft.progress.step] ?? draft.progress.step }, 200, { 'cache-control': 'no-store' });
  }));

  app.post('/drafts/:id', guarded(async (c) => {
    const ok = await checked(c);
    if (ok instanceof Response) return ok;
    const id = c.req.param('id')!;
    const draft = await draftOf(c, ok.viewer, id);
    if (draft.status !== 'ready') return seeOther(c, `/drafts/${id}`);
    const patch = reviewPatch(ok.form, draft);
    if (!Object.keys(patch).length) return seeOther(c, `/drafts/${id}?notice=unchanged`);
    try {
      await call(c, ok.viewer, 'update_draft', { id, ...patch });
    } catch (err) {
      if (!(err instanceof ToolError) || !['invalid_input', 'conflict', 'unprocessable'].includes(err.kind)) throw err;
      // Nothing was saved; the page comes back with everything typed and the tool's words next to each field.
      return review(c, { csrf: ok.viewer.csrf, draft, values: ok.form, errors: fieldErrors(err) }, 400);
    }
    return seeOther(c, `/drafts/${id}?notice=${patch.regenerate ? 'regenerating' : 'saved'}#${ok.form.action?.includes(':') ? `card-${ok.form.action.split(':')[1]}` : 'main'}`);
  }));

  app.post('/drafts/:id/submit', guarded(async (c) => {
    const ok = await checked(c);
    if (ok instanceof Response) return ok;
    const id = c.req.param('id')!;
    try {
      await call(c, ok.viewer, 'submit_draft', { id });
    } catch (err) {
      if (!(err instanceof ToolError) || !['invalid_input', 'conflict', 'unprocessable'].includes(err.kind)) throw err;
      return review(c, { csrf: ok.viewer.csrf, draft: await draftOf(c, ok.viewer, id), errors: fieldErrors(err), errorTitle: 'The draft could not be submitted yet.' }, 400);
    }
    return seeOther(c, `/drafts/${id}/launch?notice=submitted`);
  }));

  // The launch step: the listing the draft became, and its free and paid ways to launch.
  const launchPage = async (c: Context, viewer: Viewer, id: string, extra: Partial<LaunchProps> = {}, status: 200 | 400 | 409 = 200) => {
    const draft = await draftOf(c, viewer, id);
    if (draft.listing_id === null) return seeOther(c, `/drafts/${id}`);
    const listing = await call<OwnedListingView>(c, viewer, 'get_my_listing', { listing_id: draft.listing_id });
    const products = await call<{ items: Array<{ code: string; price_cents: number; weeks?: Array<{ week: string; remaining: number }> }> }>(c, viewer, 'list_products', {});
    const launch = products.items.find((p) => p.code === 'launch');
    const s = await freeQueueSettings(deps.db);
    return send(c, LaunchPage({
      siteName, csrf: viewer.csrf, draftId: id, listing, launchPriceCents: launch?.price_cents ?? null, weeks: launch?.weeks ?? [],
      freeWeeksAhead: `${s.minWeeks} to ${s.maxWeeks} weeks from now`, notice: NOTICES[c.req.query('notice') ?? ''], ...extra,
    }), status);
  };

  app.get('/drafts/:id/launch', guarded(async (c) => {
    const viewer = signedIn(c);
    if (viewer instanceof Response) return viewer;
    return launchPage(c, viewer, c.req.param('id')!);
  }));

  const listingIdOf = async (c: Context, viewer: Viewer, id: string) => {
    const draft = await draftOf(c, viewer, id);
    if (draft.listing_id === null) throw new PageNotFound('This draft is not submitted yet.');
    return draft.listing_id;
  };

  app.post('/drafts/:id/launch/free', guarded(async (c) => {
    const ok = await checked(c);
    if (ok instanceof Response) return ok;
    const id = c.req.param('id')!;
    try {
      await call(c, ok.viewer, 'choose_free_listing', { listing_id: await listingIdOf(c, ok.viewer, id) });
    } catch (err) {
      if (!(err instanceof ToolError) || err.kind !== 'conflict') throw err;
      return launchPage(c, ok.viewer, id, { error: err.message }, 409);
    }
    return seeOther(c, `/drafts/${id}/launch?notice=free`);
  }));

  app.post('/drafts/:id/launch/check', guarded(async (c) => {
    const ok = await checked(c);
    if (ok instanceof Response) return ok;
    const id = c.req.param('id')!;
    const listingId = await listingIdOf(c, ok.viewer, id);
    // One pending check per listing however often the button is pressed (the job queue drops duplicates).
    await deps.jobs.enqueueBadgeCheck(deps, listingId, `badge-now:${listingId}`);
    return seeOther(c, `/drafts/${id}/launch?notice=check`);
  }));

  app.post('/drafts/:id/launch/paid', guarded(async (c) => {
    const ok = await checked(c);
    if (ok instanceof Response) return ok;
    const id = c.req.param('id')!;
    const week = (ok.form.week ?? '').trim();
    try {
      const order = await call<{ checkout_url: string }>(c, ok.viewer, 'create_checkout', {
        items: [{ product: 'launch', listing_id: await listingIdOf(c, ok.viewer, id), ...(week ? { week } : {}) }],
      });
      return seeOther(c, new URL(order.checkout_url).pathname);
    } catch (err) {
      if (!(err instanceof ToolError) || !['invalid_input', 'conflict', 'unprocessable'].includes(err.kind)) throw err;
      return launchPage(c, ok.viewer, id, { error: err.errors?.[0]?.message ? `${err.errors[0].path}: ${err.errors[0].message}` : err.message }, 400);
    }
  }));
}
