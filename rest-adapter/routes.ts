import type { Context, Hono } from 'hono';
import type { Actor } from '../tools/actor';
import type { ToolContext } from '../tools/context';
import type { AnyTool, McpTool } from '../tools/define';
import { STATUS_OF_KIND, ToolError } from '../tools/errors';
import { invokeTool, jsonBytes, jsonEtag } from '../tools/invoke';
import { collectInput, planInput } from './input';
import { withIdempotency, type Outcome } from './idempotency';
import { internalProblem, problemFromToolError, problemResponse, type Problem } from './problem';
import { rateLimitHeaders, type RateDecision, type RequestLimiter } from './rate-limit';

export const API_PREFIX = '/api/v1';

export type RestDeps = {
  baseContext: Omit<ToolContext, 'actor'>;
  authenticate(c: Context): Promise<Actor>;
  limiter?: RequestLimiter;
  // Headers an error response needs beyond the body (e.g. WWW-Authenticate on 401/403).
  challengeHeaders?(problem: Problem, tool: AnyTool): Record<string, string>;
  // Told of every anonymous call of a public read answered 200 (GET, no Idempotency-Key), with the input it was made
  // from: transport/prepared-reads.ts answers the same URL again without the middleware.
  answeredPublicRead?(c: Context, tool: AnyTool, raw: unknown): void;
};

// A rate-limit decision already taken for this request (by the prepared-read lane or the MCP front, which then
// handed the request on): the request is charged once.
const TAKEN_DECISION = 'rateDecision';
export function noteRateDecision(c: Context, decision: RateDecision): void {
  c.set(TAKEN_DECISION as never, decision as never);
}
export const takenRateDecision = (c: Context) => c.get(TAKEN_DECISION as never) as RateDecision | undefined;

export function requestIdOf(c: Context): string {
  let id = c.get('requestId' as never) as string | undefined;
  if (!id) {
    id = crypto.randomUUID();
    c.set('requestId' as never, id as never);
  }
  return id;
}

export function errorResponse(err: unknown, c: Context, deps: RestDeps, tool?: AnyTool, headers: Record<string, string> = {}): Response {
  const requestId = requestIdOf(c);
  const site = deps.baseContext.config.siteUrl;
  if (err instanceof ToolError) {
    const problem = problemFromToolError(err, requestId, site);
    const extra = tool && deps.challengeHeaders ? deps.challengeHeaders(problem, tool) : {};
    return problemResponse(problem, { 'x-request-id': requestId, ...headers, ...extra });
  }
  console.error(`[${requestId}]`, err);
  return problemResponse(internalProblem(requestId, site), { 'x-request-id': requestId, ...headers });
}

// Runs the tool and turns a ToolError into an outcome, so idempotency can keep failures as well as successes.
export async function runForOutcome(tool: McpTool, ctx: ToolContext, raw: unknown, requestId: string): Promise<Outcome> {
  try {
    return { status: tool.http?.status ?? 200, body: await invokeTool(tool, ctx, raw) };
  } catch (err) {
    if (err instanceof ToolError) return { status: STATUS_OF_KIND[err.kind], body: problemFromToolError(err, requestId, ctx.config.siteUrl) };
    throw err;
  }
}

export function rateLimited(decision: RateDecision): ToolError {
  return new ToolError('rate_limited', `Too many requests: the limit is ${decision.limit} a minute. Retry after ${decision.retryAfterSeconds} s.`);
}

// Every registry tool becomes one route. No per-operation code lives here.
export function registerRestRoutes(app: Hono, tools: AnyTool[], deps: RestDeps): void {
  const { db, clock } = deps.baseContext;
  for (const tool of tools) {
    const plan = planInput(tool);
    app.on(tool.http.method, API_PREFIX + tool.http.path, async (c) => {
      let headers: Record<string, string> = {};
      try {
        const actor = await deps.authenticate(c);
        const decision = takenRateDecision(c) ?? await deps.limiter?.take(actor);
        if (decision) headers = rateLimitHeaders(decision);
        if (decision && !decision.allowed) throw rateLimited(decision);
        const raw = await collectInput(c, plan);
        const requestId = requestIdOf(c);
        const ctx = { ...deps.baseContext, actor };
        const outcome = await withIdempotency(
          { db, now: clock.now(), actor, tool, key: c.req.header('idempotency-key'), input: raw },
          () => runForOutcome(tool, ctx, raw, requestId),
        );
        headers['x-request-id'] = requestId;
        if (outcome.replayed) headers['idempotent-replayed'] = 'true';
        if (outcome.status >= 400) {
          const problem = outcome.body as Problem;
          return problemResponse(problem, { ...headers, ...(deps.challengeHeaders?.(problem, tool) ?? {}) });
        }
        if (outcome.status === 200 && actor.kind === 'anonymous' && tool.scope === 'public' && c.req.method === 'GET' && !c.req.header('idempotency-key')) {
          deps.answeredPublicRead?.(c, tool, raw);
        }
        // The ETag comes with the text (both kept per result object); transport/http-cache.ts decides whether to use it.
        return c.body(jsonBytes(outcome.body), outcome.status as 200, { 'content-type': 'application/json', etag: jsonEtag(outcome.body), ...headers });
      } catch (err) {
        return errorResponse(err, c, deps, tool, headers);
      }
    });
  }
}
