import type { Context } from 'hono';
import type { Child } from 'hono/jsx';
import { Layout } from '../layout';
import { SCOPE_DESCRIPTIONS, type Scope } from '../../tools/scopes';
import { PAGE_HEADERS } from '../security-headers';
import { renderPage } from '../viewer';

// Shared bits of the account and OAuth pages. Every response here is personal: never cached anywhere.
export async function send(c: Context, node: Child, status: 200 | 201 | 400 | 401 | 403 | 404 | 409 | 429 = 200): Promise<Response> {
  const html = await renderPage(c, node);
  // The OAuth interaction pages are routed before the site's header middleware, so they set the headers here.
  for (const [k, v] of Object.entries(PAGE_HEADERS)) c.header(k, v); // consent and key pages must not be framed
  c.header('cache-control', 'no-store');
  c.header('referrer-policy', 'no-referrer');
  return c.html(`<!doctype html>${html}`, status);
}

// A stale or forged form gets a plain 403 page rather than a silent redirect; every site form answers the same.
export const staleForm = (c: Context) =>
  c.text('This form has expired or did not come from this site. Go back, reload the page and try again.', 403, { 'cache-control': 'no-store' });

export function seeOther(c: Context, location: string): Response {
  c.header('cache-control', 'no-store');
  return c.redirect(location, 303);
}

export function AccountLayout(props: { siteName: string; title: string; children?: Child }) {
  return (
    <Layout siteName={props.siteName} title={props.title} noindex>
      <style>{'.form p{margin:.75rem 0}.form label{display:block;font-weight:600;margin-bottom:.25rem}.form input[type=email],.form input[type=password],.form input[type=text]{width:100%;max-width:28rem}.error{color:#b42318}.once{word-break:break-all;font-size:1rem}.actions{display:flex;gap:.5rem;flex-wrap:wrap}button.secondary{background:transparent;color:var(--fg);border-color:var(--line)}'}</style>
      {props.children}
    </Layout>
  );
}

export const Csrf = (props: { token: string }) => <input type="hidden" name="csrf" value={props.token} />;

export const FieldError = (props: { message?: string; id: string }) =>
  props.message ? <span class="error" id={props.id} role="alert">{props.message}</span> : null;

export const Notice = (props: { message?: string }) => (props.message ? <p class="error" role="alert">{props.message}</p> : null);

// Scopes in plain words, as people see them on the consent page and when creating a key.
export const OTHER_SCOPE_WORDS: Record<string, string> = {
  openid: 'Know which account you signed in with',
  offline_access: 'Stay connected when you are not using it (renew its access on its own)',
};
export const scopeWords = (s: string) => SCOPE_DESCRIPTIONS[s as Scope] ?? OTHER_SCOPE_WORDS[s] ?? s;

// The sign-in refusal while too many attempts have failed (auth/login-throttle.ts).
export const tooManyAttempts = (seconds: number) =>
  `Too many failed sign-ins. Wait ${Math.ceil(seconds / 60)} minute${seconds > 60 ? 's' : ''} and try again.`;

export const formString = (v: unknown, max = 1000) => (typeof v === 'string' ? v.slice(0, max) : '');

// Only same-site paths may follow sign-in, so the form cannot be used to bounce people elsewhere.
export const safeNext = (v: unknown) => (typeof v === 'string' && /^\/(?![/\\])[\x21-\x7e]*$/.test(v) ? v : '/account');
