import type { Actor } from '../tools/actor';
import { jsonQuoted, jsonText, keptBeside, ownBytes } from '../tools/invoke';
import type { McpTool } from '../tools/define';
import { callToolOutcome, idempotencyKeyOf, LIST_CACHE, SERVER_INFO, type McpDeps, type ToolListEntry } from './mcp';
import { bodyBytes } from './node-front';

// The SDK handler costs several times the tool itself per request (a server instance, a transport, abort
// signals, error objects). For the two hot methods of the stateless 2026-07-28 protocol, sent exactly as the
// spec wants them, we answer directly with the same result the SDK would produce (tests/mcp-fast-path.test.ts
// compares the two). Anything else — another method, the 2025 era, a header/body mismatch, an unknown tool,
// multi-round-trip fields — returns null and goes to the SDK, which owns every error path.
// The 2025 era's stateless tools/call (what most clients speak today) gets the same treatment: the SDK
// answers it as a one-event SSE stream, and so do we.
const VERSION = '2026-07-28';
const LEGACY_VERSIONS = new Set(['2025-03-26', '2025-06-18', '2025-11-25']);
const VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';
const CAPS_KEY = 'io.modelcontextprotocol/clientCapabilities';
const RESULT_META = { 'io.modelcontextprotocol/serverInfo': SERVER_INFO };
const RESULT_META_JSON = JSON.stringify(RESULT_META);

type Rpc = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: Record<string, unknown> };
// A request header by lower-case name: from a fetch Headers object or straight from Node's request.
export type HeaderOf = (name: string) => string | undefined;

// What the fast path will answer, decided from the message and headers alone (no side effects), so that a caller
// can decide before charging a rate limit whether the fast path takes the request.
export type FastPlan =
  | { kind: 'list'; id: string | number }
  | { kind: 'call'; id: string | number; tool: McpTool; args: Record<string, unknown> | undefined; legacy: boolean; idempotencyKey?: string };

// The body is `shared` then `own`. For a successful call, `shared` is everything before the request's JSON-RPC id:
// the same bytes for every answer made from one result object, kept beside it (`key`), so a cached result is
// serialised and encoded once rather than per call; `own` is the id's part. Other answers are whole in `shared`.
// `key` is also what gzip splicing keys the shared part's compression by (transport/gzip-splice.ts).
export type FastAnswer = { status: 200; headers: Record<string, string>; shared: string | Uint8Array; own: string; key?: object };

// The answer's body in one buffer (a fetch Response, or to compress whole).
export const answerBytes = (a: FastAnswer): Buffer => bodyBytes([a.shared, a.own]);

export function createFastPath(tools: McpTool[], list: ToolListEntry[], deps: McpDeps) {
  const byName = new Map(tools.map((t) => [t.name, t]));
  const listResult = JSON.stringify({ tools: list, ...LIST_CACHE, resultType: 'complete', _meta: RESULT_META });

  // `extra`: headers the caller wants on the answer. JSON answers say Vary: Accept-Encoding themselves, as
  // transport/compress.ts would add to any JSON answer.
  const json = (id: string | number, resultJson: string, extra: Record<string, string>): FastAnswer => ({
    status: 200,
    headers: { 'content-type': 'application/json', vary: 'Accept-Encoding', ...extra },
    shared: `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${resultJson}}`,
    own: '',
  });

  // A successful result's answer, the id last (member order means nothing in JSON), in either era's shape. Its
  // content: the result as text (for clients that read only that) and as structuredContent.
  const contentOf = (out: object) => `"content":[{"type":"text","text":${jsonQuoted(out)}}],"structuredContent":${jsonText(out)}`;
  const jsonHead = keptBeside((out) => ownBytes(`{"jsonrpc":"2.0","result":{${contentOf(out as object)},"resultType":"complete","_meta":${RESULT_META_JSON}}`));
  const eventHead = keptBeside((out) => ownBytes(`event: message\ndata: {"result":{${contentOf(out as object)}},"jsonrpc":"2.0","id":`));
  const resultAnswer = (id: string | number, out: object, extra: Record<string, string>): FastAnswer => ({
    status: 200,
    headers: { 'content-type': 'application/json', vary: 'Accept-Encoding', ...extra },
    shared: jsonHead(out),
    own: `,"id":${JSON.stringify(id)}}`,
    key: out,
  });

  const SSE_HEADERS = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' };
  const sse = (id: string | number, resultJson: string, extra: Record<string, string>): FastAnswer => ({
    status: 200,
    headers: { ...SSE_HEADERS, ...extra },
    shared: `event: message\ndata: {"result":${resultJson},"jsonrpc":"2.0","id":${JSON.stringify(id)}}\n\n`,
    own: '',
  });
  // The 2025 era's event for a successful result: the SDK's shape, whose id comes last anyway.
  const resultEvent = (id: string | number, out: object, extra: Record<string, string>): FastAnswer => ({
    status: 200,
    headers: { ...SSE_HEADERS, ...extra },
    shared: eventHead(out),
    own: `${JSON.stringify(id)}}\n\n`,
  });

  // A plain tools/call's name and arguments, or null when anything else is asked for.
  function callOf(params: Record<string, unknown> | undefined): { tool: McpTool; args: Record<string, unknown> | undefined } | null {
    if (!params || typeof params.name !== 'string') return null;
    if (Object.keys(params).some((k) => k !== 'name' && k !== 'arguments' && k !== '_meta')) return null;
    const args = params.arguments;
    if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args))) return null;
    const tool = byName.get(params.name);
    return tool ? { tool, args: args as Record<string, unknown> | undefined } : null;
  }

  // A legacy stateless tools/call: no session, a 2025 version header, a plain call with no progress token.
  function legacy(msg: Rpc, header: HeaderOf): FastPlan | null {
    if (!LEGACY_VERSIONS.has(header('mcp-protocol-version') ?? '') || header('mcp-session-id') !== undefined) return null;
    if (msg.method !== 'tools/call') return null;
    const meta = msg.params?._meta;
    if (meta !== undefined && (typeof meta !== 'object' || meta === null || Object.keys(meta).length > 0)) return null;
    const call = callOf(msg.params);
    return call ? { kind: 'call', id: msg.id as string | number, ...call, legacy: true } : null;
  }

  function plan(body: unknown, header: HeaderOf): FastPlan | null {
    if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
    const msg = body as Rpc;
    if (msg.jsonrpc !== '2.0' || (typeof msg.id !== 'string' && typeof msg.id !== 'number')) return null;
    const accept = header('accept') ?? '';
    if (!accept.includes('application/json') || !accept.includes('text/event-stream')) return null;
    if (!(header('content-type') ?? '').toLowerCase().startsWith('application/json')) return null;
    const params = msg.params;
    const meta = params?._meta as Record<string, unknown> | undefined;
    if (!meta?.[VERSION_KEY]) return legacy(msg, header);
    if (!meta || meta[VERSION_KEY] !== VERSION || typeof meta[CAPS_KEY] !== 'object' || meta[CAPS_KEY] === null) return null;
    if (meta.progressToken !== undefined) return null; // progress notifications are the SDK's to stream
    if (header('mcp-protocol-version') !== VERSION || header('mcp-method') !== msg.method) return null;

    if (msg.method === 'tools/list') {
      if (Object.keys(params!).some((k) => k !== '_meta')) return null; // cursors etc. go to the SDK
      return { kind: 'list', id: msg.id };
    }
    if (msg.method !== 'tools/call' || header('mcp-name') !== params!.name) return null;
    const call = callOf(params);
    return call ? { kind: 'call', id: msg.id, ...call, legacy: false, idempotencyKey: idempotencyKeyOf(meta) } : null;
  }

  async function run(p: FastPlan, actor: Actor, extra: Record<string, string> = {}): Promise<FastAnswer> {
    if (p.kind === 'list') return json(p.id, listResult, extra);
    const outcome = await callToolOutcome(p.tool, actor, p.args, deps, p.idempotencyKey);
    if (p.legacy) {
      if (!outcome.ok) return sse(p.id, JSON.stringify(outcome.result), extra);
      return resultEvent(p.id, outcome.value, extra);
    }
    if (!outcome.ok) return json(p.id, JSON.stringify({ ...outcome.result, resultType: 'complete', _meta: RESULT_META }), extra);
    // Successful results are often cached objects: their answers' shared bytes are made once (jsonHead, eventHead).
    return resultAnswer(p.id, outcome.value, extra);
  }

  // For a fetch Request's headers: the answer as a Response, or null when the SDK must answer.
  async function answer(body: unknown, headers: Headers, actor: Actor, extra: Record<string, string> = {}): Promise<Response | null> {
    const p = plan(body, (name) => headers.get(name) ?? undefined);
    if (!p) return null;
    const a = await run(p, actor, extra);
    return new Response(answerBytes(a) as BodyInit, { status: a.status, headers: a.headers });
  }

  return { plan, run, answer };
}
