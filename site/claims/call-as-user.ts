import type { AppDeps } from '../../transport/app';
import { toolByName } from '../../tools/registry';
import { invokeTool } from '../../tools/invoke';
import { ToolError } from '../../tools/errors';
import { SCOPES } from '../../tools/scopes';
import { PageNotFound } from '../call-tool';

// A tool call on behalf of the signed-in person, through the same authorize → validate → run → output-check
// path as REST and MCP. Stand-in until site/call-tool.ts has callToolAs and tools/actor.ts a session actor:
// the person is acting on the site itself, so the actor holds every scope, as an OAuth client named "site".
// Like callTool, an unknown record becomes PageNotFound (the site's 404 page).
export async function callToolAsUser<T = any>(deps: AppDeps, name: string, input: object, userId: number, ip: string): Promise<T> {
  const tool = toolByName.get(name);
  if (!tool) throw new ToolError('unavailable', `The ${name} operation is not available yet.`);
  const actor = { kind: 'oauth' as const, userId, clientId: 'site', scopes: [...SCOPES], ip };
  try {
    return (await invokeTool(tool, { db: deps.db, config: deps.config, clock: deps.clock, actor }, input)) as T;
  } catch (err) {
    if (err instanceof ToolError && err.kind === 'not_found') throw new PageNotFound(err.message);
    throw err;
  }
}
