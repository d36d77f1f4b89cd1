import type { Context, Hono } from 'hono';
import { signIn } from '../../auth/accounts';
import { csrfToken, csrfValid, currentUser, startSession } from '../../auth/session';
import { clientIp } from '../../auth/actor';
import { LoginThrottle } from '../../auth/login-throttle';
import { nodeBindings } from '../../auth/oidc/mount';
import { approveConsent } from '../../auth/oidc/grants';
import { userById } from '../../storage/queries/users';
import { formString, seeOther, send, tooManyAttempts } from './ui';
import { ConsentPage, InteractionGonePage, InteractionLoginPage, type ClientView } from './interaction-views';
import type { AccountDeps } from './routes';

type Provider = Awaited<ReturnType<AccountDeps['loadProvider']>>;
type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

const hostOf = (uri: unknown) => {
  try {
    return typeof uri === 'string' ? new URL(uri).host : null;
  } catch {
    return null;
  }
};

// Sign-in and consent for oidc-provider (design: the routes switch on prompt.name). The interaction id in the
// URL must match the one the provider's cookie names; every response is no-store (see ui.send / seeOther).
export function registerInteractionRoutes(app: Hono, deps: AccountDeps): void {
  const { loadProvider, config } = deps;
  const siteName = config.siteName;
  const throttle = deps.throttle ?? new LoginThrottle(deps.clock);

  // A missing interaction, or one whose cookie names another id, is the same answer: the link is gone.
  async function load(c: Context): Promise<Interaction | Response> {
    const { incoming, outgoing } = nodeBindings(c);
    try {
      const details = await (await loadProvider()).interactionDetails(incoming, outgoing);
      if (details.uid === c.req.param('uid')) return details;
    } catch (err) {
      if (!(err instanceof (await import('oidc-provider')).errors.SessionNotFound)) throw err;
    }
    return send(c, InteractionGonePage({ siteName, message: 'This sign-in link has expired or was opened in another browser.' }), 400);
  }

  async function clientView(details: Interaction): Promise<ClientView> {
    const id = String(details.params.client_id);
    const client = await (await loadProvider()).Client.find(id);
    const cimd = /^https:\/\//.test(id);
    return {
      id,
      name: client?.clientName ?? (cimd ? hostOf(id) ?? id : 'An unnamed app'),
      redirectHost: hostOf(details.params.redirect_uri),
      verifiedHost: cimd ? hostOf(id) : null,
    };
  }

  const finish = async (c: Context, result: Parameters<Provider['interactionResult']>[2], merge = true) => {
    const { incoming, outgoing } = nodeBindings(c);
    const to = await (await loadProvider()).interactionResult(incoming, outgoing, result, { mergeWithLastSubmission: merge });
    return seeOther(c, to);
  };

  async function loginPage(c: Context, details: Interaction, extra: { error?: string; email?: string } = {}, status: 200 | 401 | 429 = 200) {
    const user = await currentUser(c, deps);
    return send(c, InteractionLoginPage({
      siteName, uid: details.uid, csrf: csrfToken(c, deps, user), client: await clientView(details), signedInAs: user?.email, ...extra,
    }), status);
  }

  app.get('/oauth/interaction/:uid', async (c) => {
    const details = await load(c);
    if (details instanceof Response) return details;
    if (details.prompt.name === 'login') return loginPage(c, details);
    if (details.prompt.name !== 'consent') return finish(c, { error: 'interaction_required', error_description: `Unsupported prompt ${details.prompt.name}` }, false);
    const user = await userById(deps.db, Number(details.session?.accountId));
    if (!user) return finish(c, { error: 'login_required', error_description: 'The account no longer exists.' }, false);
    const d = details.prompt.details as { missingOIDCScope?: string[]; missingResourceScopes?: Record<string, string[]> };
    const requested = [...new Set([...(d.missingOIDCScope ?? []), ...Object.values(d.missingResourceScopes ?? {}).flat()])];
    const asked = String(details.params.scope ?? '').split(' ').filter(Boolean);
    return send(c, ConsentPage({
      siteName, uid: details.uid, csrf: csrfToken(c, deps, await currentUser(c, deps)), client: await clientView(details), email: user.email,
      requested, alreadyAllowed: asked.filter((s) => !requested.includes(s)),
      resources: Object.keys(d.missingResourceScopes ?? {}),
    }));
  });

  app.post('/oauth/interaction/:uid/login', async (c) => {
    const details = await load(c);
    if (details instanceof Response) return details;
    const f = await c.req.parseBody();
    if (!csrfValid(c, deps, await currentUser(c, deps), f.csrf)) return loginPage(c, details, { error: 'The form expired. Please sign in again.' }, 401);
    const email = formString(f.email, 300);
    const ip = clientIp(c, deps.config);
    const wait = await throttle.retryAfter(email, ip);
    if (wait) {
      c.header('retry-after', String(wait));
      return loginPage(c, details, { email, error: tooManyAttempts(wait) }, 429);
    }
    const userId = await signIn(deps, email, formString(f.password, 1000));
    if (userId === null) {
      await throttle.failed(email, ip);
      return loginPage(c, details, { email, error: 'The e-mail or the password is not right.' }, 401);
    }
    await throttle.succeeded(email, ip);
    await startSession(c, deps, userId); // signed in on the site too, so the account page works right after
    return finish(c, { login: { accountId: String(userId) } });
  });

  app.post('/oauth/interaction/:uid/continue', async (c) => {
    const details = await load(c);
    if (details instanceof Response) return details;
    const user = await currentUser(c, deps);
    const f = await c.req.parseBody();
    if (!user || !csrfValid(c, deps, user, f.csrf)) return loginPage(c, details, { error: 'Please sign in.' }, 401);
    return finish(c, { login: { accountId: String(user.userId) } });
  });

  app.post('/oauth/interaction/:uid/confirm', async (c) => {
    const details = await load(c);
    if (details instanceof Response) return details;
    const f = await c.req.parseBody();
    if (!csrfValid(c, deps, await currentUser(c, deps), f.csrf)) return seeOther(c, `/oauth/interaction/${details.uid}`);
    if (details.prompt.name !== 'consent' || !details.session) return seeOther(c, `/oauth/interaction/${details.uid}`);
    const client = await clientView(details);
    const grantId = await approveConsent(await loadProvider(), deps, details, { clientId: client.id, clientName: client.name, redirectHost: client.redirectHost });
    return finish(c, { consent: { grantId } });
  });

  app.post('/oauth/interaction/:uid/abort', async (c) => {
    const details = await load(c);
    if (details instanceof Response) return details;
    const f = await c.req.parseBody();
    if (!csrfValid(c, deps, await currentUser(c, deps), f.csrf)) return seeOther(c, `/oauth/interaction/${details.uid}`);
    return finish(c, { error: 'access_denied', error_description: 'The user did not allow access.' }, false);
  });
}
