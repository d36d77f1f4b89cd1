import type { KoaContextWithOIDC } from 'oidc-provider';
import { AccountLayout } from './ui';
import { PAGE_HEADERS } from '../security-headers';

// oidc-provider's error page (bad client, bad redirect_uri, …) in the site's look. Values are escaped by hono/jsx.
export async function renderOAuthError(ctx: KoaContextWithOIDC, out: Record<string, unknown>, siteName: string): Promise<void> {
  const page = (
    <AccountLayout siteName={siteName} title="Sign-in problem">
      <h1>The app's sign-in request could not be completed</h1>
      <p><strong>{String(out.error ?? 'error')}</strong>{out.error_description ? `: ${String(out.error_description)}` : ''}</p>
      <p>Go back to the app and try connecting again. If it keeps happening, the app's developer needs to fix its request.</p>
    </AccountLayout>
  );
  ctx.type = 'html';
  ctx.set('cache-control', 'no-store');
  for (const [k, v] of Object.entries(PAGE_HEADERS)) ctx.set(k, v);
  ctx.body = `<!doctype html>${await (page as unknown as { toString(): string | Promise<string> }).toString()}`;
}
