import { SCOPES } from '../../tools/scopes';
import type { ApiKeyRow } from '../../storage/queries/api-keys';
import type { ConnectedApp } from '../../storage/queries/oauth';
import { PASSWORD_MIN } from '../../auth/passwords';
import { AccountLayout, Csrf, FieldError, Notice, scopeWords } from './ui';
import { ClaimsSection, DraftsSection, ListingsSection, OrdersSection, ProfileSection, type MyClaim, type MyDraft, type MyListing, type MyOrder } from './lists';

type Base = { siteName: string; csrf: string };
type Errors = Record<string, string>;

export function SignUpPage(p: Base & { values?: { email?: string; name?: string }; errors?: Errors; next: string }) {
  const e = p.errors ?? {};
  return (
    <AccountLayout siteName={p.siteName} title="Create an account">
      <h1>Create an account</h1>
      <form method="post" action="/signup" class="form" novalidate>
        <Csrf token={p.csrf} />
        <input type="hidden" name="next" value={p.next} />
        <p>
          <label for="email">E-mail</label>
          <input id="email" name="email" type="email" autocomplete="email" required value={p.values?.email ?? ''} aria-describedby="email-error" />
          <FieldError id="email-error" message={e.email} />
        </p>
        <p>
          <label for="name">Name <span class="muted">(optional)</span></label>
          <input id="name" name="name" type="text" autocomplete="name" maxlength={100} value={p.values?.name ?? ''} aria-describedby="name-error" />
          <FieldError id="name-error" message={e.name} />
        </p>
        <p>
          <label for="password">Password</label>
          <input id="password" name="password" type="password" autocomplete="new-password" required minlength={PASSWORD_MIN} aria-describedby="password-error" />
          <span class="muted small"> At least {PASSWORD_MIN} characters.</span>
          <FieldError id="password-error" message={e.password} />
        </p>
        <p><button type="submit">Create account</button></p>
      </form>
      <p>Already have an account? <a href={`/signin?next=${encodeURIComponent(p.next)}`}>Sign in</a>.</p>
    </AccountLayout>
  );
}

export function SignInForm(p: { csrf: string; action: string; next?: string; email?: string; error?: string; submit?: string }) {
  return (
    <form method="post" action={p.action} class="form">
      <Csrf token={p.csrf} />
      {p.next ? <input type="hidden" name="next" value={p.next} /> : null}
      <Notice message={p.error} />
      <p>
        <label for="email">E-mail</label>
        <input id="email" name="email" type="email" autocomplete="username" required value={p.email ?? ''} />
      </p>
      <p>
        <label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required />
      </p>
      <p><button type="submit">{p.submit ?? 'Sign in'}</button></p>
    </form>
  );
}

export function SignInPage(p: Base & { next: string; email?: string; error?: string }) {
  return (
    <AccountLayout siteName={p.siteName} title="Sign in">
      <h1>Sign in</h1>
      <SignInForm csrf={p.csrf} action="/signin" next={p.next} email={p.email} error={p.error} />
      <p>New here? <a href={`/signup?next=${encodeURIComponent(p.next)}`}>Create an account</a>.</p>
    </AccountLayout>
  );
}

const day = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') + ' UTC' : 'never');

export type AccountView = Base & {
  user: { email: string; name: string | null };
  keys: ApiKeyRow[];
  apps: ConnectedApp[];
  newKey?: { key: string; name: string };
  errors?: Errors;
  values?: { name?: string; scopes?: string[] };
  mine: { drafts: MyDraft[]; listings: MyListing[]; orders: MyOrder[]; claims: MyClaim[] };
  profile?: { error?: string; saved?: boolean };
};

export function AccountPage(p: AccountView) {
  const e = p.errors ?? {};
  const chosen = new Set(p.values?.scopes ?? SCOPES);
  return (
    <AccountLayout siteName={p.siteName} title="Your account">
      <h1>Your account</h1>
      <p>Signed in as <strong>{p.user.email}</strong>{p.user.name ? ` (${p.user.name})` : ''}.</p>
      <form method="post" action="/signout" class="inline"><Csrf token={p.csrf} /><button type="submit" class="secondary">Sign out</button></form>
      <nav class="tabs" aria-label="Account sections">
        {[['drafts', 'Drafts'], ['listings', 'Listings'], ['orders', 'Orders'], ['claims', 'Claims'], ['api-keys', 'API keys'], ['connected-apps', 'Connected apps'], ['profile', 'Profile']]
          .map(([id, text]) => <a href={`#${id}`}>{text}</a>)}
      </nav>
      <DraftsSection drafts={p.mine.drafts} />
      <ListingsSection listings={p.mine.listings} claims={p.mine.claims} draftOf={new Map(p.mine.drafts.flatMap((d) => (d.listing_id === null ? [] : [[d.listing_id, d.id] as [number, string]])))} />
      <OrdersSection orders={p.mine.orders} />
      <ClaimsSection claims={p.mine.claims} />

      <h2 id="api-keys">API keys</h2>
      <p class="muted">Send a key as <code>Authorization: Bearer &lt;key&gt;</code> to the REST API or the MCP server. A key can do what its scopes allow, as you.</p>
      {p.newKey ? (
        <div class="card" role="status">
          <p><strong>Your new key “{p.newKey.name}”.</strong> Copy it now: it is shown only once and we keep only a fingerprint of it.</p>
          <p><code class="once" id="new-key">{p.newKey.key}</code></p>
        </div>
      ) : null}
      <form method="post" action="/account/api-keys" class="form">
        <Csrf token={p.csrf} />
        <p>
          <label for="key-name">Name</label>
          <input id="key-name" name="name" type="text" required maxlength={100} placeholder="e.g. CI deploy script" value={p.values?.name ?? ''} aria-describedby="key-name-error" />
          <FieldError id="key-name-error" message={e.name} />
        </p>
        <fieldset>
          <legend>What the key may do</legend>
          {SCOPES.map((s) => (
            <p><label><input type="checkbox" name="scopes" value={s} checked={chosen.has(s)} /> <code>{s}</code>: {scopeWords(s)}</label></p>
          ))}
          <FieldError id="scopes-error" message={e.scopes} />
        </fieldset>
        <p><button type="submit">Create key</button></p>
      </form>
      {p.keys.length ? (
        <table class="stack">
          <thead><tr><th>Name</th><th>Key</th><th>Scopes</th><th>Created</th><th>Last used</th><th></th></tr></thead>
          <tbody>
            {p.keys.map((k) => (
              <tr data-key-id={String(k.id)}>
                <td data-label="Name">{k.name}</td>
                <td data-label="Key"><code>{k.prefix}…</code></td>
                <td data-label="Scopes">{k.scopes.join(', ')}</td>
                <td data-label="Created" class="nowrap">{day(k.createdAt)}</td>
                <td data-label="Last used" class="nowrap">{day(k.lastUsedAt)}</td>
                <td>
                  {k.revokedAt ? <span class="muted">revoked {day(k.revokedAt)}</span> : (
                    <form method="post" action={`/account/api-keys/${k.id}/revoke`}>
                      <Csrf token={p.csrf} /><button type="submit" class="secondary" aria-label={`Revoke key ${k.name}`}>Revoke</button>
                    </form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : <p class="muted">No keys yet.</p>}

      <h2 id="connected-apps">Connected apps</h2>
      <p class="muted">Apps and AI assistants you allowed to act for you through OAuth. Revoking ends their access at once; they must ask again.</p>
      {p.apps.length ? (
        <table class="stack">
          <thead><tr><th>App</th><th>Sends you back to</th><th>Allowed</th><th>Since</th><th></th></tr></thead>
          <tbody>
            {p.apps.map((a) => (
              <tr>
                <td data-label="App">{a.clientName}</td>
                <td data-label="Sends you back to">{a.redirectHost ?? '—'}</td>
                <td data-label="Allowed">{a.scopes.map((s) => scopeWords(s)).join('; ')}</td>
                <td data-label="Since" class="nowrap">{day(a.createdAt)}</td>
                <td>
                  <form method="post" action="/account/apps/revoke">
                    <Csrf token={p.csrf} /><input type="hidden" name="client_id" value={a.clientId} />
                    <button type="submit" class="secondary" aria-label={`Revoke access of ${a.clientName}`}>Revoke</button>
                  </form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : <p class="muted">No connected apps.</p>}
      <ProfileSection csrf={p.csrf} email={p.user.email} name={p.user.name} error={p.profile?.error} saved={p.profile?.saved} />
    </AccountLayout>
  );
}
