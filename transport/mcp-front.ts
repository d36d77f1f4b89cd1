import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Actor } from '../tools/actor';
import type { McpTool } from '../tools/define';
import type { AppConfig } from '../tools/context';
import { hostAllowed } from '../domain/origins';
import { rateLimitHeaders, type RateDecision, type RequestLimiter } from '../rest-adapter/rate-limit';
import { encodedBody, encodedParts } from './compress';
import { answerBytes, type FastAnswer, type FastPlan, type HeaderOf } from './mcp-fast-path';
import { mcpAuthGate } from './mcp-auth-gate';
import { precheck, protocolOnly } from './mcp-protocol';
import { sendAnswer, type Body, type NodeFront } from './node-front';
import { incomingClientIp, type HeaderBag } from './node-request';
import { requestIdFrom, type RecordRequest } from './ops/routes';
import { readIncomingBody } from './read-body';

// The MCP front: the MCP lane (transport/mcp-lane.ts) on Node's own request and response, for the calls the fast
// path answers (transport/mcp-fast-path.ts: tools/call and tools/list, sent plainly, in either era).
//
// Why: with the app's REST reads answered on Node's request (transport/prepared-reads.ts), a tools/call cost about
// twice the same REST read, and a quarter of that was @hono/node-server's fetch Request and Response and Hono's way
// through the app to the lane. This does what the lane and the endpoint do (transport/mcp-route.ts `answer`) in the
// same order, with the same functions: the Host check, the body read under the same cap, the JSON parse and the
// protocol precheck, the fast path's plan, the credential, the scope gate, the rate limit, then the call, br/gzip,
// the request id, the log line and the metrics. Whatever it cannot answer that way it hands on to the app before
// anything is charged or written, with the body it read (transport/read-body.ts keeps it); a refused rate limit is
// handed on with its decision, so the app answers the 429 and the request is charged once.
// tests/mcp-lane.e2e.test.ts proves the answers alike with and without Origin (the full path takes the former).

export type McpFrontDeps = {
  siteUrl: string;
  config: Pick<AppConfig, 'trustProxy'>;
  maxBody: number;
  authenticate: (header: string | undefined, ip: string, resource: 'mcp') => Promise<Actor>;
  limiter: RequestLimiter;
  protocolLimiter: RequestLimiter;
  fast: { plan(body: unknown, header: HeaderOf): FastPlan | null; run(plan: FastPlan, actor: Actor, extra: Record<string, string>): Promise<FastAnswer> };
  toolByName: Map<string, McpTool>;
  record: RecordRequest;
  // Counts its answers (metrics: the MCP lane's, and the front's).
  served?: () => void;
};

export function mcpFront(deps: McpFrontDeps): NodeFront {
  // True once answered; otherwise handed on, with the refused rate decision when it was charged.
  async function serve(req: IncomingMessage, res: ServerResponse, headers: HeaderBag): Promise<true | { decision?: RateDecision }> {
    const declined = {};
    const start = performance.now();
    const bytes = await readIncomingBody(req, deps.maxBody);
    if (bytes === null) return declined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(bytes.toString('utf8'));
    } catch {
      return declined;
    }
    const checked = precheck(parsed, headers['mcp-protocol-version'] ?? null);
    if ('refuse' in checked) return declined;
    const body = checked.body;
    const plan = deps.fast.plan(body, (name) => headers[name]);
    if (!plan) return declined;
    let actor: Actor;
    try {
      actor = await deps.authenticate(headers.authorization, incomingClientIp(req, headers, deps.config), 'mcp');
    } catch {
      return declined; // the endpoint words the 401
    }
    if (mcpAuthGate(body, actor, deps.toolByName)) return declined;
    const decision = await (protocolOnly(body) ? deps.protocolLimiter : deps.limiter).take(actor);
    if (decision && !decision.allowed) return { decision };
    const requestId = requestIdFrom(headers['x-request-id']);
    const answer = await deps.fast.run(plan, actor, { ...(decision ? rateLimitHeaders(decision) : {}), 'x-request-id': requestId });
    const out: Record<string, string> = answer.headers;
    let sent: Body = answer.own === '' ? answer.shared : [answer.shared, answer.own];
    if (headers['accept-encoding']) {
      const encoded = answer.key
        ? await encodedParts({ key: answer.key, shared: answer.shared, own: answer.own }, out['content-type'], headers['accept-encoding'])
        : await encodedBody(answerBytes(answer), out['content-type'], headers['accept-encoding']);
      if (encoded) {
        out['content-encoding'] = encoded.encoding;
        sent = encoded.body;
      }
    }
    sendAnswer(res, answer.status, out, sent);
    const userId = actor.kind !== 'anonymous' && actor.userId ? actor.userId : undefined;
    deps.record({ route: '/mcp', method: 'POST', status: answer.status, seconds: (performance.now() - start) / 1000, requestId, userId });
    deps.served?.();
    return true;
  }

  return (req, res, handOver) => {
    if (req.method !== 'POST' || req.url !== '/mcp') return false;
    const headers = req.headers as HeaderBag;
    // As the lane: browsers (Origin) take the full path, and a rebound Host is refused there.
    if (headers.origin !== undefined || !hostAllowed(headers.host, deps.siteUrl)) return false;
    serve(req, res, headers).then((done) => {
      if (done !== true) handOver(done.decision);
    }, (err) => {
      // Nothing written yet: the app answers (and words the error). Once writing, the connection is all that is left.
      if (!res.headersSent) handOver();
      else res.destroy(err as Error);
    });
    return true;
  };
}
