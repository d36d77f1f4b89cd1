import { SmartRouter } from 'hono/router/smart-router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { TrieRouter } from 'hono/router/trie-router';
import type { Router } from 'hono/router';
import type { AnyTool } from '../tools/define';
import { planInput, type InputPlan } from './input';
import { API_PREFIX } from './routes';

// Which public read answers a GET of an API path, as the app's own routing would decide it, for the prepared-read
// lane (transport/prepared-reads.ts) to answer a URL it has never seen: the long tail of a directory (a crawler's
// walk through every listing, searches nobody made before) is made of such URLs.
//
// The table holds every GET the app registers under the API prefix, in the app's order, each with what answers it,
// and uses Hono's own routers (the ones `new Hono()` uses), so a path matches here exactly what it matches in the app:
// `/listings/mine` is the caller's own list, not a listing named "mine". Only a first match that is a public tool
// answering 200 is given; anything else (a private tool, a route that is not a tool, no route at all) is the full
// path's.
export type ReadRoute = { tool: AnyTool; plan: InputPlan; param: (name: string) => string };
export type ReadRoutes = { match(path: string): ReadRoute | null };

type Answerer = { tool: AnyTool; plan: InputPlan } | null; // null: a route of the app's that is not a tool

// `before`: the API paths the app registers for GET ahead of the tools' routes (OpenAPI), as it registers them.
export function readRoutes(tools: readonly AnyTool[], before: readonly string[] = []): ReadRoutes {
  const router: Router<Answerer> = new SmartRouter<Answerer>({ routers: [new RegExpRouter(), new TrieRouter()] });
  for (const path of before) router.add('GET', path, null);
  for (const tool of tools) {
    if (tool.http.method !== 'GET') continue;
    // The lane answers 200: a read that answers with another status is left to the REST route.
    const lane = tool.scope === 'public' && (tool.http.status ?? 200) === 200;
    router.add('GET', API_PREFIX + tool.http.path, lane ? { tool, plan: planInput(tool) } : null);
  }
  return {
    match(path) {
      const result = router.match('GET', path);
      const first = result[0][0];
      if (!first || !first[0]) return null;
      const { tool, plan } = first[0];
      const stash = result[1];
      // The two shapes of Hono's router result: parameter indexes into a stash, or the parameters themselves.
      const param = stash
        ? (name: string) => stash[(first[1] as Record<string, number>)[name]] ?? ''
        : (name: string) => (first[1] as Record<string, string>)[name] ?? '';
      return { tool, plan, param };
    },
  };
}
