import type { AppDeps } from '../app-context';
import { toolByName } from '../tools/registry';
import { invokeTool } from '../tools/invoke';
import { ToolError } from '../tools/errors';
import { SCOPES } from '../tools/scopes';
import type { Actor } from '../tools/actor';

// Thrown when a page addresses a record the API would answer 404 for; the site renders its 404 page.
export class PageNotFound extends Error {
  constructor(readonly what: string) {
    super(what);
    this.name = 'PageNotFound';
  }
}

// Who a site visitor is to the tools and the rate limit: anonymous, or signed in with every scope.
export const visitorActor = (userId: number | null, ip: string): Actor =>
  userId === null ? { kind: 'anonymous', ip } : { kind: 'session', userId, scopes: [...SCOPES], ip };

// Pages show exactly what the API shows: they run the same registry tool, as an anonymous visitor,
// through the same authorize → validate → run → output-check path the REST and MCP adapters use.
export async function callTool<T = any>(deps: AppDeps, name: string, input: object, ip = 'site'): Promise<T> {
  const answer = await callToolAs<T>(deps, name, input, null, ip);
  if (typeof answer === 'object' && answer !== null) madeBy.set(answer, { name, input });
  return answer;
}

// Which call made an answer a signed-out page was made from, so the page can be checked without its handler: the
// same call made again hands back the very same object while the answer stands (tools/remembered.ts), and a page
// made from answers is current while each is (site/kept-page.ts pageFromAnswers). Held weakly, as the answers are.
export type AnonymousCall = { name: string; input: object };
const madeBy = new WeakMap<object, AnonymousCall>();
export const callThatMade = (answer: object): AnonymousCall | undefined => madeBy.get(answer);
// The same call again, as the signed-out visitor it was made for (no tool reads the visitor's address).
export const callAgain = (deps: AppDeps, call: AnonymousCall): Promise<unknown> => callToolAs(deps, call.name, call.input, null);

// The same, for a person signed in on the site: their session may do everything they may (all scopes), as
// they themselves could through an API key. Other people's records are not found, exactly as in the API.
export async function callToolAs<T = any>(deps: AppDeps, name: string, input: object, userId: number | null, ip = 'site'): Promise<T> {
  const tool = toolByName.get(name);
  if (!tool) throw new ToolError('unavailable', `The ${name} operation is not available yet.`);
  try {
    return (await invokeTool(tool, { db: deps.db, config: deps.config, clock: deps.clock, jobs: deps.jobs, actor: visitorActor(userId, ip) }, input)) as T;
  } catch (err) {
    if (err instanceof ToolError && err.kind === 'not_found') throw new PageNotFound(err.message);
    throw err;
  }
}

// Query-string values for paging, clamped into the spec's bounds so a hand-edited URL never 400s a page.
export function pageParam(raw: string | undefined, max = 1000): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : 1;
}
