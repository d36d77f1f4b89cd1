import type { Context, Hono } from 'hono';
import type { Child } from 'hono/jsx';
import type { AppDeps } from '../../app-context';
import { csrfToken, csrfValid, currentUser } from '../../auth/session';
import { completeClaim, emailClaimByToken, expireClaim, type ClaimRow } from '../../storage/queries/claims';
import { userById } from '../../storage/queries/users';
import { effectiveStatus } from '../../domain/claims';
import { AccountLayout, Csrf, send } from '../account/ui';
import { listingPath } from '../components';
import { registerClaimJourneyRoutes } from './journey-routes';

// The page the e-mailed claim link opens. Opening it shows what will happen and a Confirm button; the
// POST completes the claim. A bare GET does not verify: mail scanners and link previews open links on
// their own, and must not make someone an owner. The token in the link is the proof of the mailbox, so
// no sign-in is needed; the form still carries a CSRF token. Pages are no-store and send no Referer,
// so the token does not leak.

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;
const PUBLIC = new Set(['live', 'scheduled']);

function Page(props: { siteName: string; title: string; children?: Child }) {
  return <AccountLayout siteName={props.siteName} title={props.title}><h1>{props.title}</h1>{props.children}</AccountLayout>;
}

export function registerClaimRoutes(app: Hono, deps: AppDeps): void {
  registerClaimJourneyRoutes(app, deps);
  const siteName = deps.config.siteName;
  const notFound = (c: Context) => send(c, <Page siteName={siteName} title="Link not found"><p>This claim link is not valid. Check that the whole link was copied from the e-mail.</p></Page>, 404);

  // The claim behind a token and what state it is in now; null for an unknown or malformed token.
  const load = async (token: string): Promise<{ claim: ClaimRow; status: string } | null> => {
    if (!TOKEN.test(token)) return null;
    const claim = await emailClaimByToken(deps.db, token);
    if (!claim) return null;
    const status = effectiveStatus(claim.status, claim.expires_at, deps.clock.now());
    return { claim, status: status === 'pending' && !PUBLIC.has(claim.listing_status) ? 'unavailable' : status };
  };

  const stateful = async (c: Context, claim: ClaimRow, status: string) => {
    const listing = <a href={listingPath(claim.slug)}>{claim.name}</a>;
    if (status === 'verified') return send(c, <Page siteName={siteName} title="Claim confirmed"><p>The claim of {listing} is confirmed: the account that asked for it is now an owner, and the listing shows the Verified badge.</p></Page>);
    if (status === 'expired') {
      await expireClaim(deps.db, claim.id);
      return send(c, <Page siteName={siteName} title="This link has expired"><p>The claim of {listing} was not confirmed in time. Whoever asked for it can start a new claim.</p></Page>, 409);
    }
    return send(c, <Page siteName={siteName} title="This claim cannot be confirmed"><p>{claim.name} can no longer be claimed.</p></Page>, 409);
  };

  app.get('/claims/email/:token', async (c) => {
    const found = await load(c.req.param('token'));
    if (!found) return notFound(c);
    const { claim, status } = found;
    if (status !== 'pending') return await stateful(c, claim, status);
    const who = await userById(deps.db, claim.user_id);
    const csrf = csrfToken(c, deps, await currentUser(c, deps));
    return send(c, (
      <Page siteName={siteName} title={`Confirm the claim of ${claim.name}`}>
        <p>
          The account {who?.name ? `${who.name} (${who.email})` : who?.email ?? 'of a user'} asked to become an owner of
          {' '}<a href={listingPath(claim.slug)}>{claim.name}</a> ({claim.domain}), using <strong>{claim.email}</strong> as proof that it works for the company.
        </p>
        <p>Confirm only if you know about this request. Owners can edit the listing, post updates and answer for the company.</p>
        <form method="post" action={`/claims/email/${claim.token}`} class="form">
          <Csrf token={csrf} />
          <p><button type="submit">Confirm the claim</button></p>
        </form>
        <p class="small muted">{`If you did not expect this, close this page: nothing changes. The link works until ${claim.expires_at}.`}</p>
      </Page>
    ));
  });

  app.post('/claims/email/:token', async (c) => {
    const found = await load(c.req.param('token'));
    if (!found) return notFound(c);
    const form = await c.req.parseBody();
    if (!csrfValid(c, deps, await currentUser(c, deps), form.csrf)) {
      return c.text('This form has expired or did not come from this site. Open the link from the e-mail again and confirm.', 403, { 'cache-control': 'no-store' });
    }
    const { claim, status } = found;
    if (status === 'pending') {
      await completeClaim(deps.db, claim, deps.clock.now().toISOString(), `Confirmed from the link e-mailed to ${claim.email}.`);
      return await stateful(c, claim, 'verified');
    }
    return await stateful(c, claim, status);
  });
}
