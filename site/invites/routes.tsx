import type { Context, Hono } from 'hono';
import type { Child } from 'hono/jsx';
import type { AppDeps } from '../../app-context';
import { csrfToken, csrfValid, currentUser, type SiteUser } from '../../auth/session';
import { sha256Hex } from '../../auth/api-keys';
import { getDraft, inviteByTokenHash, type DraftInviteRow, type DraftRow } from '../../storage/queries/drafts';
import { acceptInviteWithProfile, ownFounderProfile } from '../../storage/queries/draft-founders';
import { userById } from '../../storage/queries/users';
import { AccountLayout, Csrf, FieldError, Notice, send, seeOther } from '../account/ui';
import { checkProfile, PROFILE_SOCIALS, type ProfileForm } from './profile-form';

// The page the co-founder invite e-mail links to (invite_cofounder). The visitor signs in or signs up
// (those pages bring them back here), then writes their own founder profile; saving it adds them to the
// draft's founders (and to the listing once it is submitted) and uses the invite up. The token is the
// proof of the invite; only its hash is stored. Pages are no-store and send no Referer.

const TOKEN = /^[A-Za-z0-9_-]{40,60}$/;

function Page(props: { siteName: string; title: string; children?: Child }) {
  return <AccountLayout siteName={props.siteName} title={props.title}><h1>{props.title}</h1>{props.children}</AccountLayout>;
}

const productOf = (d: DraftRow) => (typeof d.fields.name?.value === 'string' && d.fields.name.value) || new URL(d.url).hostname;

export function registerInviteRoutes(app: Hono, deps: AppDeps): void {
  const siteName = deps.config.siteName;
  const page = (c: Context, title: string, body: Child, status: 200 | 400 | 404 | 409 = 200) =>
    send(c, <Page siteName={siteName} title={title}>{body}</Page>, status);

  // The invite and its draft; null for an unknown or malformed token.
  const load = async (token: string): Promise<{ invite: DraftInviteRow; draft: DraftRow } | null> => {
    if (!TOKEN.test(token)) return null;
    const invite = await inviteByTokenHash(deps.db, sha256Hex(token));
    const draft = invite && await getDraft(deps.db, invite.draftId);
    return invite && draft ? { invite, draft } : null;
  };

  // Every state but "show the form", or null when the form applies.
  const blocked = async (c: Context, invite: DraftInviteRow, draft: DraftRow, user: SiteUser | undefined, path: string) => {
    const product = productOf(draft);
    if (invite.acceptedAt) {
      const mine = user && invite.acceptedUserId === user.userId;
      return page(c, 'This invite has been used', <p>{mine ? `Your founder profile is on ${product}.` : `A founder profile was already added to ${product} with this invite. Ask for a new invite if you need one.`}</p>, mine ? 200 : 409);
    }
    if (invite.expiresAt <= deps.clock.now().toISOString()) {
      return page(c, 'This invite has expired', <p>The invite to {product} is no longer valid. Ask whoever invited you to send a new one.</p>, 409);
    }
    if (!user) {
      const next = encodeURIComponent(path);
      return page(c, `Add your founder profile to ${product}`, <>
        <p>{await inviterName(invite)} invited <strong>{invite.email}</strong> to add their founder profile to {product} ({draft.url}).</p>
        <p>Sign in or create an account first; you come back here to write your profile.</p>
        <p class="actions"><a class="button" href={`/signin?next=${next}`}>Sign in</a> <a class="button" href={`/signup?next=${next}`}>Create an account</a></p>
      </>);
    }
    if (user.userId === draft.userId) {
      return page(c, 'This invite is for your co-founder', <p>You sent this invite. Send the link to your co-founder: they add their own profile with it.</p>, 409);
    }
    return null;
  };

  const inviterName = async (invite: DraftInviteRow) => {
    const u = await userById(deps.db, invite.invitedByUserId);
    return u?.name || u?.email || 'A founder';
  };

  const form = (c: Context, token: string, draft: DraftRow, user: SiteUser, values: ProfileForm, errors: Record<string, string> = {}, status: 200 | 400 = 200) => {
    const product = productOf(draft);
    return page(c, `Add your founder profile to ${product}`, <>
      <p>Your profile shows on {product}'s listing once it is published, and on your founder page. You can edit the listing too.</p>
      <form method="post" action={`/invites/${token}`} class="form" novalidate>
        <Csrf token={csrfToken(c, deps, user)} />
        <Notice message={errors.form} />
        <Field id="name" label="Your name" value={values.name} max={160} error={errors.name} required />
        <Field id="title" label="Your role, e.g. Co-founder & CTO" value={values.title} max={160} error={errors.title} />
        <p>
          <label for="bio">Short bio</label>
          <textarea id="bio" name="bio" rows={5} maxlength={3000} style="width:100%;max-width:28rem" aria-describedby="bio-error">{values.bio}</textarea>
          <FieldError id="bio-error" message={errors.bio} />
        </p>
        {PROFILE_SOCIALS.map((p) => <Field id={p} label={`${p === 'x' ? 'X' : p[0].toUpperCase() + p.slice(1)} link`} value={values.socials[p] ?? ''} max={500} error={errors[p]} />)}
        <p><button type="submit">Add my profile</button></p>
      </form>
    </>, status);
  };

  app.get('/invites/:token', async (c) => {
    const token = c.req.param('token');
    const found = await load(token);
    if (!found) return page(c, 'Invite not found', <p>This invite link is not valid. Check that the whole link was copied from the e-mail.</p>, 404);
    const user = await currentUser(c, deps);
    const stop = await blocked(c, found.invite, found.draft, user, `/invites/${token}`);
    if (stop) return stop;
    const own = await ownFounderProfile(deps.db, user!.userId);
    return form(c, token, found.draft, user!, {
      name: own?.name ?? user!.name ?? '', title: '', bio: own?.bio ?? '', socials: own?.socials ?? {},
    });
  });

  app.post('/invites/:token', async (c) => {
    const token = c.req.param('token');
    const found = await load(token);
    if (!found) return page(c, 'Invite not found', <p>This invite link is not valid.</p>, 404);
    const user = await currentUser(c, deps);
    if (!user) return seeOther(c, `/signin?next=${encodeURIComponent(`/invites/${token}`)}`);
    const body = await c.req.parseBody();
    if (!csrfValid(c, deps, user, body.csrf)) {
      return c.text('This form has expired or did not come from this site. Open the invite link again and try once more.', 403, { 'cache-control': 'no-store' });
    }
    const stop = await blocked(c, found.invite, found.draft, user, `/invites/${token}`);
    if (stop) return stop;
    const { values, errors, profile } = checkProfile(body);
    if (!profile) return form(c, token, found.draft, user, values, errors, 400);
    const result = await acceptInviteWithProfile(deps.db, found.invite, user.userId, profile, deps.clock.now().toISOString());
    const product = productOf(found.draft);
    if (result === 'full') return form(c, token, found.draft, user, values, { form: `${product} already lists 6 founders, the most a listing shows. Ask whoever invited you to make room.` }, 400);
    if (result === 'gone') return page(c, 'This invite has been used', <p>A founder profile was already added with this invite.</p>, 409);
    return page(c, 'Your profile is added', <>
      <p>You are now among the founders of {product}{found.draft.listingId ? ' and can edit its listing' : ''}.</p>
      <p><a href="/account">Go to your account</a></p>
    </>);
  });
}

function Field(p: { id: string; label: string; value: string; max: number; error?: string; required?: boolean }) {
  return (
    <p>
      <label for={p.id}>{p.label}</label>
      <input id={p.id} name={p.id} type="text" maxlength={p.max} required={p.required} value={p.value} aria-describedby={`${p.id}-error`} />
      <FieldError id={`${p.id}-error`} message={p.error} />
    </p>
  );
}
