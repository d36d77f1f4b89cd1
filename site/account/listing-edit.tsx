import type { Context, Hono } from 'hono';
import type { AppDeps } from '../../app-context';
import { clientIp } from '../../auth/actor';
import { csrfValid, currentUser } from '../../auth/session';
import { ToolError } from '../../tools/errors';
import type { OwnedListingView } from '../../tools/my-listings/owner-view';
import { callToolAs, PageNotFound } from '../call-tool';
import { listingPath } from '../components';
import { AccountLayout, Csrf, FieldError, send, seeOther, staleForm } from './ui';
import { cleanText } from '../forms';

// Editing a listing you own that did not come from one of your drafts (a claimed one): update_my_listing as a
// form. Only what changed is sent, so an untouched field keeps its evidence; errors come back next to fields.

type Kind = 'text' | 'long' | 'list' | 'year';
const FIELDS: Array<[string, string, Kind, (l: OwnedListingView) => string]> = [
  ['tagline', 'Tagline', 'text', (l) => l.tagline ?? ''],
  ['short_description', 'Short description', 'long', (l) => l.short_description ?? ''],
  ['description', 'Description', 'long', (l) => l.description ?? ''],
  ['headline', 'Headline', 'text', (l) => l.headline ?? ''],
  ['pricing_model', 'Pricing model', 'text', (l) => l.pricing.model ?? ''],
  ['pricing_summary', 'Plans and prices', 'long', (l) => l.pricing.summary ?? ''],
  ['country', 'Country (two-letter code)', 'text', (l) => l.country ?? ''],
  ['city', 'City', 'text', (l) => l.city ?? ''],
  ['founded_year', 'Year founded', 'year', (l) => (l.founded_year === null ? '' : String(l.founded_year))],
  ['contact_email', 'Contact e-mail', 'text', (l) => l.contact_email ?? ''],
  ['demo_video_url', 'Demo video URL', 'text', (l) => l.demo_video_url ?? ''],
  ['features', 'Features (one per line)', 'list', (l) => l.features.join('\n')],
  ['usps', 'What sets it apart (one per line)', 'list', (l) => l.usps.join('\n')],
  ['keywords', 'Search keywords (one per line)', 'list', (l) => l.keywords.join('\n')],
  ['seo_title', 'Title for search engines', 'text', (l) => l.seo_title ?? ''],
  ['seo_description', 'Description for search engines', 'long', (l) => l.seo_description ?? ''],
];

const clean = cleanText;

// The update_my_listing `fields` body: only the fields whose text differs from what the listing holds.
export function listingEditPatch(form: Record<string, unknown>, listing: OwnedListingView): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, , kind, current] of FIELDS) {
    if (!(key in form)) continue;
    const next = clean(form[key]);
    if (next === current(listing).trim()) continue;
    if (kind === 'list') out[key] = next.split('\n').map((s) => s.trim()).filter(Boolean);
    else if (kind === 'year') out[key] = next === '' ? null : /^\d+$/.test(next) ? Number(next) : next; // a non-number is the tool's to refuse
    else out[key] = next;
  }
  return out;
}

function EditPage(p: { siteName: string; csrf: string; listing: OwnedListingView; values?: Record<string, unknown>; errors?: Record<string, string>; notice?: string }) {
  const l = p.listing;
  return (
    <AccountLayout siteName={p.siteName} title={`Edit ${l.name}`}>
      <p class="muted small"><a href="/account#listings">Your listings</a> ›</p>
      <h1>Edit {l.name}</h1>
      {l.is_public ? <p><a href={listingPath(l.slug)}>See the listing page</a></p> : null}
      {p.notice ? <p class="notice" role="status">{p.notice}</p> : null}
      {p.errors && Object.keys(p.errors).length ? <p class="error" role="alert">Nothing was saved: check the fields marked below.</p> : null}
      <form method="post" action={`/account/listings/${l.listing_id}/edit`} class="form">
        <Csrf token={p.csrf} />
        {FIELDS.map(([key, label, kind, current]) => {
          const value = p.values && key in p.values ? clean(p.values[key]) : current(l);
          const id = `edit-${key}`;
          const error = p.errors?.[key];
          return (
            <p class="field">
              <label for={id}>{label}</label>
              {kind === 'long' || kind === 'list'
                ? <textarea id={id} name={key} rows={key === 'description' ? 8 : 3} aria-describedby={error ? `${id}-error` : undefined}>{value}</textarea>
                : <input id={id} name={key} value={value} inputmode={kind === 'year' ? 'numeric' : undefined} aria-describedby={error ? `${id}-error` : undefined} />}
              <FieldError id={`${id}-error`} message={error} />
            </p>
          );
        })}
        <p><button type="submit">Save changes</button></p>
      </form>
    </AccountLayout>
  );
}

export function registerListingEditRoutes(app: Hono, deps: AppDeps): void {
  const siteName = deps.config.siteName;
  const listingOf = (c: Context, userId: number, id: number) =>
    callToolAs<OwnedListingView>(deps, 'get_my_listing', { listing_id: id }, userId, clientIp(c, deps.config));
  const idOf = (c: Context) => {
    const id = Number(c.req.param('id'));
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  };
  const notFound = (c: Context) =>
    send(c, <AccountLayout siteName={siteName} title="Listing not found"><h1>Listing not found</h1><p>You own no listing at this address. <a href="/account#listings">Your listings</a></p></AccountLayout>, 404);

  app.get('/account/listings/:id/edit', async (c) => {
    const user = await currentUser(c, deps);
    if (!user) return seeOther(c, `/signin?next=${encodeURIComponent(c.req.path)}`);
    const id = idOf(c);
    if (id === null) return notFound(c);
    try {
      return send(c, EditPage({ siteName, csrf: user.csrf, listing: await listingOf(c, user.userId, id), notice: c.req.query('saved') ? 'Saved.' : undefined }));
    } catch (err) {
      if (err instanceof PageNotFound) return notFound(c);
      throw err;
    }
  });

  app.post('/account/listings/:id/edit', async (c) => {
    const user = await currentUser(c, deps);
    if (!user) return seeOther(c, `/signin?next=${encodeURIComponent(c.req.path)}`);
    const id = idOf(c);
    if (id === null) return notFound(c);
    const form = await c.req.parseBody();
    if (!csrfValid(c, deps, user, form.csrf)) return staleForm(c);
    let listing: OwnedListingView;
    try {
      listing = await listingOf(c, user.userId, id);
    } catch (err) {
      if (err instanceof PageNotFound) return notFound(c);
      throw err;
    }
    const fields = listingEditPatch(form, listing);
    if (!Object.keys(fields).length) return seeOther(c, `/account/listings/${id}/edit`);
    try {
      await callToolAs(deps, 'update_my_listing', { listing_id: id, fields }, user.userId, clientIp(c, deps.config));
    } catch (err) {
      if (!(err instanceof ToolError) || !['invalid_input', 'conflict'].includes(err.kind)) throw err;
      const errors = Object.fromEntries((err.errors ?? [{ path: 'fields', message: err.message }]).map((e) => [e.path.replace(/^fields\./, '').split('.')[0], e.message]));
      return send(c, EditPage({ siteName, csrf: user.csrf, listing, values: form, errors }), 400);
    }
    return seeOther(c, `/account/listings/${id}/edit?saved=1`);
  });
}
