import type { Context, Hono } from 'hono';
import type Provider from 'oidc-provider';
import type { AppDeps } from '../../app-context';
import { createApiKey, parseScopes, signIn, signUp } from '../../auth/accounts';
import { csrfToken, csrfValid, currentUser, endSession, startSession, type SiteUser } from '../../auth/session';
import { clientIp } from '../../auth/actor';
import { LoginThrottle, type SignInThrottle } from '../../auth/login-throttle';
import { endProviderSession } from '../../auth/oidc/mount';
import { apiKeysOfUser, revokeApiKey } from '../../storage/queries/api-keys';
import { connectedApps, revokeClientGrants } from '../../storage/queries/oauth';
import { formString, safeNext, seeOther, send, staleForm as csrfFailed, tooManyAttempts } from './ui';
import { AccountPage, SignInPage, SignUpPage, type AccountView } from './views';
import { registerInteractionRoutes } from './interaction-routes';
import { callToolAs, PageNotFound } from '../call-tool';
import { setUserName } from '../../storage/queries/users';
import { sellerDetails } from '../../storage/queries/settings';
import { ReceiptNotFound, ReceiptPage, type OrderView } from './receipt';
import { registerListingEditRoutes } from './listing-edit';
import type { MyClaim, MyDraft, MyListing, MyOrder } from './lists';

export type AccountDeps = AppDeps & { loadProvider: () => Promise<Provider>; throttle?: SignInThrottle };

type Form = Record<string, string | File | (string | File)[]>;
const form = (c: Context) => c.req.parseBody({ all: true }) as Promise<Form>;
const list = (v: Form[string] | undefined): unknown[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);


// Sign-up, sign-in, sign-out, the account page (API keys, connected apps), and the OAuth interaction pages.
export function registerAccountRoutes(app: Hono, deps: AccountDeps): void {
  const siteName = deps.config.siteName;
  // One count of failed sign-ins for the site form and the OAuth sign-in page alike.
  const throttle = deps.throttle ?? new LoginThrottle(deps.clock);

  // My things, read through the same tools an API client uses (the first 100 of each: a person has a handful).
  const mine = async (c: Context, user: SiteUser): Promise<AccountView['mine']> => {
    const list = async <T,>(name: string) =>
      (await callToolAs<{ items: T[] }>(deps, name, { page: 1, per_page: 100 }, user.userId, clientIp(c, deps.config))).items;
    const [drafts, listings, orders, claims] = await Promise.all([
      list<MyDraft>('list_my_drafts'), list<MyListing>('list_my_listings'), list<MyOrder>('list_my_orders'), list<MyClaim>('list_my_claims'),
    ]);
    return { drafts, listings, orders, claims };
  };
  const accountPage = async (c: Context, user: SiteUser, extra: Partial<AccountView> = {}, status: 200 | 201 | 400 = 200) =>
    send(c, AccountPage({
      siteName, csrf: user.csrf, user, keys: await apiKeysOfUser(deps.db, user.userId), apps: await connectedApps(deps.db, user.userId), mine: await mine(c, user), ...extra,
    }), status);

  app.get('/signup', async (c) => {
    const user = await currentUser(c, deps);
    const next = safeNext(c.req.query('next'));
    if (user) return seeOther(c, next);
    return send(c, SignUpPage({ siteName, csrf: csrfToken(c, deps, undefined), next }));
  });

  app.post('/signup', async (c) => {
    const f = await form(c);
    if (!csrfValid(c, deps, undefined, f.csrf)) return csrfFailed(c);
    const values = { email: formString(f.email, 300), name: formString(f.name, 300) };
    const next = safeNext(f.next);
    const result = await signUp(deps, { ...values, password: formString(f.password, 1000) });
    if ('errors' in result) return send(c, SignUpPage({ siteName, csrf: csrfToken(c, deps, undefined), next, values, errors: result.errors }), 400);
    await startSession(c, deps, result.userId);
    return seeOther(c, next);
  });

  app.get('/signin', async (c) => {
    const next = safeNext(c.req.query('next'));
    if (await currentUser(c, deps)) return seeOther(c, next);
    return send(c, SignInPage({ siteName, csrf: csrfToken(c, deps, undefined), next }));
  });

  app.post('/signin', async (c) => {
    const f = await form(c);
    if (!csrfValid(c, deps, undefined, f.csrf)) return csrfFailed(c);
    const next = safeNext(f.next);
    const email = formString(f.email, 300);
    const ip = clientIp(c, deps.config);
    const wait = await throttle.retryAfter(email, ip);
    if (wait) {
      c.header('retry-after', String(wait));
      return send(c, SignInPage({ siteName, csrf: csrfToken(c, deps, undefined), next, email, error: tooManyAttempts(wait) }), 429);
    }
    const userId = await signIn(deps, email, formString(f.password, 1000));
    if (userId === null) {
      await throttle.failed(email, ip);
      return send(c, SignInPage({ siteName, csrf: csrfToken(c, deps, undefined), next, email, error: 'The e-mail or the password is not right.' }), 401);
    }
    await throttle.succeeded(email, ip);
    await startSession(c, deps, userId);
    return seeOther(c, next);
  });

  app.post('/signout', async (c) => {
    const user = await currentUser(c, deps);
    const f = await form(c);
    if (user && !csrfValid(c, deps, user, f.csrf)) return csrfFailed(c);
    await endSession(c, deps);
    await endProviderSession(await deps.loadProvider(), c);
    return seeOther(c, '/');
  });

  app.get('/account', async (c) => {
    const user = await currentUser(c, deps);
    if (!user) return seeOther(c, '/signin?next=%2Faccount');
    return accountPage(c, user);
  });

  app.post('/account/api-keys', async (c) => {
    const user = await currentUser(c, deps);
    if (!user) return seeOther(c, '/signin?next=%2Faccount');
    const f = await form(c);
    if (!csrfValid(c, deps, user, f.csrf)) return csrfFailed(c);
    const name = formString(f.name, 300);
    const scopes = parseScopes(list(f.scopes));
    const created = await createApiKey(deps, user.userId, name, scopes);
    if ('errors' in created) return accountPage(c, user, { errors: created.errors, values: { name, scopes } }, 400);
    return accountPage(c, user, { newKey: { key: created.key, name: name.trim() } }, 201);
  });

  app.post('/account/api-keys/:id/revoke', async (c) => {
    const user = await currentUser(c, deps);
    if (!user) return seeOther(c, '/signin?next=%2Faccount');
    const f = await form(c);
    if (!csrfValid(c, deps, user, f.csrf)) return csrfFailed(c);
    const id = Number(c.req.param('id'));
    if (Number.isSafeInteger(id)) await revokeApiKey(deps.db, user.userId, id, deps.clock.now().toISOString());
    return seeOther(c, '/account#api-keys');
  });

  app.post('/account/apps/revoke', async (c) => {
    const user = await currentUser(c, deps);
    if (!user) return seeOther(c, '/signin?next=%2Faccount');
    const f = await form(c);
    if (!csrfValid(c, deps, user, f.csrf)) return csrfFailed(c);
    const clientId = formString(f.client_id, 2000);
    if (clientId) await revokeClientGrants(deps.db, user.userId, clientId);
    return seeOther(c, '/account#connected-apps');
  });

  app.post('/account/profile', async (c) => {
    const user = await currentUser(c, deps);
    if (!user) return seeOther(c, '/signin?next=%2Faccount');
    const f = await form(c);
    if (!csrfValid(c, deps, user, f.csrf)) return csrfFailed(c);
    const name = formString(f.name, 1000).trim();
    if (name.length > 100) return accountPage(c, { ...user }, { profile: { error: 'Use at most 100 characters.' } }, 400);
    await setUserName(deps.db, user.userId, name || null);
    return accountPage(c, { ...user, name: name || null }, { profile: { saved: true } });
  });

  app.get('/account/orders/:number', async (c) => {
    const user = await currentUser(c, deps);
    if (!user) return seeOther(c, `/signin?next=${encodeURIComponent(c.req.path)}`);
    try {
      const order = await callToolAs<OrderView>(deps, 'get_order', { number: c.req.param('number').slice(0, 32) }, user.userId, clientIp(c, deps.config));
      const seller = await sellerDetails(deps.db);
      return send(c, ReceiptPage({ siteName, order, seller: [seller.legalName || siteName, ...seller.address.split('\n').map((l) => l.trim()).filter(Boolean), ...(seller.vatId ? [`VAT ID ${seller.vatId}`] : [])] }));
    } catch (err) {
      if (err instanceof PageNotFound) return send(c, ReceiptNotFound(siteName), 404);
      throw err;
    }
  });

  registerListingEditRoutes(app, deps);
  registerInteractionRoutes(app, { ...deps, throttle });
}
