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
export function mountProvider(app: Hono, provider: Provider): void {
  const callback = provider.callback();
  const handOff = async (c: Context) => {
    const { incoming, outgoing } = nodeBindings(c);
    await new Promise<void>((resolve) => {
      outgoing.once('finish', resolve);
      outgoing.once('close', resolve);
      void callback(incoming, outgoing);
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
