import type { Context, Hono } from 'hono';
import type { Actor } from '../tools/actor';
import type { ToolContext } from '../tools/context';
import type { AnyTool } from '../tools/define';
import { ToolError } from '../tools/errors';
import { invokeTool } from '../tools/invoke';
import { collectInput, planInput } from './input';
import { internalProblem, problemFromToolError, problemResponse, type Problem } from './problem';

export const API_PREFIX = '/api/v1';

export type RestDeps = {
  baseContext: Omit<ToolContext, 'actor'>;
  authenticate(c: Context): Promise<Actor>;
  // Headers an error response needs beyond the body (e.g. WWW-Authenticate on 401/403).
  challengeHeaders?(problem: Problem, tool: AnyTool): Record<string, string>;
};

export function requestIdOf(c: Context): string {
  let id = c.get('requestId' as never) as string | undefined;
  if (!id) {
    id = crypto.randomUUID();
    c.set('requestId' as never, id as never);
  }
  return id;
}

export function errorResponse(err: unknown, c: Context, deps: RestDeps, tool?: AnyTool): Response {
  const requestId = requestIdOf(c);
  const site = deps.baseContext.config.siteUrl;
  if (err instanceof ToolError) {
    const problem = problemFromToolError(err, requestId, site);
    const extra = tool && deps.challengeHeaders ? deps.challengeHeaders(problem, tool) : {};
    return problemResponse(problem, { 'x-request-id': requestId, ...extra });
  }
  console.error(`[${requestId}]`, err);
  return problemResponse(internalProblem(requestId, site), { 'x-request-id': requestId });
}

// Every registry tool becomes one route. No per-operation code lives here.
export function registerRestRoutes(app: Hono, tools: AnyTool[], deps: RestDeps): void {
  for (const tool of tools) {
    const plan = planInput(tool);
    const status = tool.http.status ?? 200;
    app.on(tool.http.method, API_PREFIX + tool.http.path, async (c) => {
      try {
        const actor = await deps.authenticate(c);
        const raw = await collectInput(c, plan);
        const out = await invokeTool(tool, { ...deps.baseContext, actor }, raw);
        return c.json(out as object, status, { 'x-request-id': requestIdOf(c) });
      } catch (err) {
        return errorResponse(err, c, deps, tool);
      }
    });
  }
}
