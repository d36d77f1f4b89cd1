import type { Context, Hono } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type Provider from 'oidc-provider';

// oidc-provider is a Koa app: it needs Node's own request and response, which @hono/node-server passes as
// c.env.incoming / c.env.outgoing. The app must be served with `fetch: (req, env) => app.fetch(req, env)`.
export function nodeBindings(c: Context): HttpBindings {
  const env = c.env as Partial<HttpBindings> | undefined;
  if (!env?.incoming || !env.outgoing) {
    throw new Error('The OAuth server needs the Node request: serve the app with @hono/node-server and pass its env to app.fetch.');
  }
  return env as HttpBindings;
}

// Hands the request to the provider and tells @hono/node-server the response is already written.
// Nothing before these routes may read the request body: the provider parses it itself.
// oidc-provider answers CORS for discovery and the token endpoint itself, but not for dynamic client registration,
// which browser-based MCP clients (Inspector's web UI) call too. Registration takes no cookies, so any origin may.
const REGISTRATION_CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'content-type, authorization, mcp-protocol-version',
  'access-control-max-age': '86400',
};

export function mountProvider(app: Hono, loadProvider: () => Promise<Provider>): void {
  let callback: ReturnType<Provider['callback']> | undefined;
  app.options('/oauth/register', () => new Response(null, { status: 204, headers: REGISTRATION_CORS }));
  const handOff = async (c: Context) => {
    const { incoming, outgoing } = nodeBindings(c);
    const handle = (callback ??= (await loadProvider()).callback());
    if (c.req.path === '/oauth/register') outgoing.setHeader('access-control-allow-origin', '*');
    await new Promise<void>((resolve) => {
      outgoing.once('finish', resolve);
      outgoing.once('close', resolve);
      void handle(incoming, outgoing);
    });
    return RESPONSE_ALREADY_SENT;
  };
  app.all('/oauth/*', handOff);
  app.all('/.well-known/oauth-authorization-server', handOff);
  app.all('/.well-known/openid-configuration', handOff);
}

// Signing out of the site also ends this browser's provider session, so the next authorization asks who you are.
export async function endProviderSession(provider: Provider, c: Context): Promise<void> {
  const { incoming, outgoing } = nodeBindings(c);
  const ctx = provider.createContext(incoming, outgoing);
  const name = (provider as unknown as { cookieName(kind: string): string }).cookieName('session');
  const id = ctx.cookies.get(name, { signed: true });
  if (!id) return;
  const session = await provider.Session.find(id);
  await session?.destroy();
}
