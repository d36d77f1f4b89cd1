import type { Context, Hono } from 'hono';
import type { AppDeps } from '../../app-context';
import { clientIp } from '../../auth/actor';
import { csrfValid, currentUser, type SiteUser } from '../../auth/session';
import { claimableListing } from '../../storage/queries/claims';
import { isListingOwner } from '../../storage/queries/ownership';
import { SLUG_PATTERN } from '../../tools/schemas';
import { ToolError } from '../../tools/errors';
import type { ClaimRecord } from '../../tools/claims/claim-record';
import type { Paged } from '../../tools/schemas';
import { formString, seeOther, send, staleForm } from '../account/ui';
import { PageNotFound } from '../call-tool';
import { ErrorPage } from '../render';
import { callToolAs } from '../call-tool';
import { ClaimFormPage, ClaimPage, ClaimsListPage, claimFormPath, claimPath, type ClaimFormErrors } from './journey-views';

// Claiming a listing on the site, without script: GET/POST /listings/:slug/claim (choose a method, start the
// claim), GET /claims/:id (what to publish, or the outcome), POST /claims/:id/verify, GET /claims. Every step
// runs the API's own tools (claim_listing, verify_claim, list_my_claims) for the signed-in person, so the site
// and the API cannot disagree; a tool's refusal is shown next to the field it names. Signed-out visitors are
// sent to sign in and come back. Every answer is personal: no-store, and forms carry the session's CSRF token.

const CLAIM_ID = /^[1-9][0-9]{0,9}$/;
const PER_PAGE = 100; // list_my_claims' largest page


export function registerClaimJourneyRoutes(app: Hono, deps: AppDeps): void {
  const siteName = deps.config.siteName;
  const call = <T,>(c: Context, user: SiteUser, name: string, input: object) =>
    callToolAs<T>(deps, name, input, user.userId, clientIp(c, deps.config));

  const notFound = (c: Context, message: string) =>
    send(c, <ErrorPage siteName={siteName} status={404} heading="Page not found" message={message} />, 404);

  // Signed in, or sent to sign in with the way back.
  const withUser = (handler: (c: Context, user: SiteUser) => Promise<Response>) => async (c: Context) => {
    const user = await currentUser(c, deps);
    if (!user) return seeOther(c, `/signin?next=${encodeURIComponent(c.req.method === 'GET' ? c.req.path : backTo(c))}`);
    try {
      return await handler(c, user);
    } catch (err) {
      if (err instanceof PageNotFound) return notFound(c, err.what);
      throw err;
    }
  };
  // After signing in, a form post cannot be replayed: go back to the page the form was on.
  const backTo = (c: Context) => {
    const id = c.req.param('id') ?? '';
    return id && CLAIM_ID.test(id) ? claimPath(Number(id)) : claimFormPath(c.req.param('slug') ?? '');
  };

  // The signed-in person's claims, all pages (people have a handful; the tool pages them by at most 100).
  async function myClaims(c: Context, user: SiteUser, limit = 10): Promise<{ items: ClaimRecord[]; total: number }> {
    const items: ClaimRecord[] = [];
    let total = 0;
    for (let page = 1; page <= limit; page++) {
      const res = await call<Paged<ClaimRecord>>(c, user, 'list_my_claims', { page, per_page: PER_PAGE });
      items.push(...res.items);
      total = res.total;
      if (items.length >= total || !res.items.length) break;
    }
    return { items, total };
  }

  async function claimOf(c: Context, user: SiteUser, id: number): Promise<ClaimRecord> {
    const claim = (await myClaims(c, user)).items.find((x) => x.claim_id === id);
    // Another person's claim is reported exactly like a missing one, as verify_claim does.
    if (!claim) throw new PageNotFound(`Claim ${id} was not found.`);
    return claim;
  }

  // The claim form for a listing that can be claimed (public); anything else is the 404 page, as get_listing has it.
  async function formPage(c: Context, user: SiteUser, extra: { values?: { method?: string; email?: string }; errors?: ClaimFormErrors } = {}, status: 200 | 400 | 409 = 200) {
    const slug = c.req.param('slug') ?? '';
    const listing = SLUG_PATTERN.test(slug) ? await claimableListing(deps.db, slug) : undefined;
    if (!listing) return notFound(c, 'There is no public listing at this address to claim.');
    const owner = await isListingOwner(deps.db, listing.id, user.userId);
    const pending = owner ? [] : (await myClaims(c, user)).items.filter((x) => x.listing_slug === listing.slug && x.status === 'pending');
    return send(c, <ClaimFormPage siteName={siteName} csrf={user.csrf} listing={listing} owner={owner} pending={pending} {...extra} />, status);
  }

  app.get('/listings/:slug/claim', withUser((c, user) => formPage(c, user)));

  app.post('/listings/:slug/claim', withUser(async (c, user) => {
    const form = await c.req.parseBody();
    if (!csrfValid(c, deps, user, form.csrf)) return staleForm(c);
    const method = formString(form.method, 20);
    const email = formString(form.email, 320).trim();
    const values = { method, email };
    // The e-mail box is on the form whatever the method (no script to hide it): it only counts for e-mail claims.
    const input = { slug: c.req.param('slug'), ...(method ? { method } : {}), ...(method === 'email' && email ? { email } : {}) };
    try {
      const claim = await call<ClaimRecord>(c, user, 'claim_listing', input);
      return seeOther(c, claimPath(claim.claim_id));
    } catch (err) {
      if (!(err instanceof ToolError)) throw err;
      if (err.kind === 'invalid_input') return formPage(c, user, { values, errors: fieldErrors(err) }, 400);
      if (err.kind === 'conflict') return formPage(c, user, { values, errors: { form: err.message } }, 409);
      throw err;
    }
  }));

  app.get('/claims', withUser(async (c, user) => {
    const { items, total } = await myClaims(c, user, 1);
    return send(c, <ClaimsListPage siteName={siteName} claims={items} total={total} />);
  }));

  app.get('/claims/:id', withUser(async (c, user) => {
    const id = c.req.param('id') ?? '';
    if (!CLAIM_ID.test(id)) return notFound(c, 'There is no claim at this address.');
    return send(c, <ClaimPage siteName={siteName} csrf={user.csrf} claim={await claimOf(c, user, Number(id))} />);
  }));

  // Post/redirect/get: the claim page then shows what the check found, and reloading it does not check again.
  app.post('/claims/:id/verify', withUser(async (c, user) => {
    const id = c.req.param('id') ?? '';
    if (!CLAIM_ID.test(id)) return notFound(c, 'There is no claim at this address.');
    const form = await c.req.parseBody();
    if (!csrfValid(c, deps, user, form.csrf)) return staleForm(c);
    try {
      await call<ClaimRecord>(c, user, 'verify_claim', { claim_id: Number(id) });
      return seeOther(c, claimPath(Number(id)));
    } catch (err) {
      if (!(err instanceof ToolError) || !['invalid_input', 'conflict'].includes(err.kind)) throw err;
      // Expired, or an e-mail claim: the page as it now stands, with the tool's reason by the button.
      const claim = await claimOf(c, user, Number(id));
      const problem = err.errors?.[0];
      const message = problem ? fieldSentence(problem.path, problem.message) : err.message;
      return send(c, <ClaimPage siteName={siteName} csrf={user.csrf} claim={claim} error={message} />, err.kind === 'conflict' ? 409 : 400);
    }
  }));
}

// Tools word field problems as the end of a sentence about the field ("email: is required when …"); on a form
// the field's name starts the sentence. Messages that are whole sentences already are shown as they are.
const FIELD_NAMES: Record<string, string> = { email: 'The e-mail address', method: 'The method', claim_id: 'This claim', slug: 'The listing' };
function fieldSentence(path: string, message: string): string {
  if (!/^[a-z]/.test(message)) return message;
  return `${FIELD_NAMES[path] ?? path} ${message.replace(/\.$/, '')}.`;
}

// The tool's field problems, by the form field they belong to; anything else goes above the button.
function fieldErrors(err: ToolError): ClaimFormErrors {
  const out: ClaimFormErrors = {};
  for (const e of err.errors ?? [{ path: '', message: err.message }]) {
    const key = e.path === 'method' || e.path === 'email' ? e.path : 'form';
    const text = fieldSentence(e.path, e.message);
    out[key] = out[key] ? `${out[key]} ${text}` : text;
  }
  return out;
}
