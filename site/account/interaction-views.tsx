import { AccountLayout, Csrf, scopeWords } from './ui';
import { SignInForm } from './views';

// The OAuth sign-in and consent pages. The consent page names the app, where it sends you back to,
// and each scope in plain words, so people can tell what they are allowing.
export type ClientView = {
  id: string;
  name: string;
  redirectHost: string | null;
  // Client ID metadata documents prove the app's web address; self-registered names prove nothing.
  verifiedHost: string | null;
};

function ClientIntro(p: { client: ClientView }) {
  return (
    <>
      <p>
        <strong>{p.client.name}</strong>{' '}
        {p.client.verifiedHost ? <>(published by <strong>{p.client.verifiedHost}</strong>)</> : <span class="muted">(name given by the app itself, not verified)</span>}{' '}
        wants to connect to your account.
      </p>
      {p.client.redirectHost ? <p>After you decide, you will be sent back to <strong>{p.client.redirectHost}</strong>.</p> : null}
    </>
  );
}

export function InteractionLoginPage(p: {
  siteName: string; uid: string; csrf: string; client: ClientView; error?: string; email?: string; signedInAs?: string;
}) {
  return (
    <AccountLayout siteName={p.siteName} title={`Sign in to connect ${p.client.name}`}>
      <h1>Sign in to continue</h1>
      <ClientIntro client={p.client} />
      {p.signedInAs ? (
        <form method="post" action={`/oauth/interaction/${p.uid}/continue`} class="form">
          <Csrf token={p.csrf} />
          <p><button type="submit">Continue as {p.signedInAs}</button></p>
          <p class="muted">Or sign in with another account below.</p>
        </form>
      ) : null}
      <SignInForm csrf={p.csrf} action={`/oauth/interaction/${p.uid}/login`} email={p.email} error={p.error} />
      <p class="muted small">No account yet? <a href="/signup" target="_blank" rel="noopener">Create one</a>, then come back to this page and sign in.</p>
      <form method="post" action={`/oauth/interaction/${p.uid}/abort`}>
        <Csrf token={p.csrf} /><button type="submit" class="secondary">Cancel</button>
      </form>
    </AccountLayout>
  );
}

export function ConsentPage(p: {
  siteName: string; uid: string; csrf: string; client: ClientView; email: string;
  requested: string[]; alreadyAllowed: string[]; resources: string[];
}) {
  return (
    <AccountLayout siteName={p.siteName} title={`Allow ${p.client.name}?`}>
      <h1>Allow {p.client.name} to use your account?</h1>
      <p class="muted">Signed in as {p.email}.</p>
      <ClientIntro client={p.client} />
      <h2>It asks to</h2>
      <ul id="requested-scopes">
        {p.requested.map((s) => <li data-scope={s}>{scopeWords(s)} <span class="muted small">({s})</span></li>)}
      </ul>
      {p.alreadyAllowed.length ? (
        <>
          <p>You already allowed it to:</p>
          <ul>{p.alreadyAllowed.map((s) => <li>{scopeWords(s)}</li>)}</ul>
        </>
      ) : null}
      {p.resources.length ? <p class="muted small">Access is for: {p.resources.join(', ')}.</p> : null}
      <p class="muted small">It acts as you within these limits. You can revoke it any time under Connected apps in your account.</p>
      <div class="actions">
        <form method="post" action={`/oauth/interaction/${p.uid}/confirm`}>
          <Csrf token={p.csrf} /><button type="submit">Allow</button>
        </form>
        <form method="post" action={`/oauth/interaction/${p.uid}/abort`}>
          <Csrf token={p.csrf} /><button type="submit" class="secondary">Deny</button>
        </form>
      </div>
    </AccountLayout>
  );
}

export function InteractionGonePage(p: { siteName: string; message: string }) {
  return (
    <AccountLayout siteName={p.siteName} title="Sign-in expired">
      <h1>This sign-in can no longer continue</h1>
      <p>{p.message}</p>
      <p>Go back to the app and connect again.</p>
    </AccountLayout>
  );
}
