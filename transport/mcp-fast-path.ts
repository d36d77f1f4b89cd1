import type { Actor } from '../tools/actor';
import { jsonQuoted, jsonText } from '../tools/invoke';
import type { McpTool } from '../tools/define';
import { callToolResult, idempotencyKeyOf, LIST_CACHE, SERVER_INFO, type McpDeps, type ToolListEntry } from './mcp';

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

export function createFastPath(tools: McpTool[], list: ToolListEntry[], deps: McpDeps) {
  const byName = new Map(tools.map((t) => [t.name, t]));
  const listResult = JSON.stringify({ tools: list, ...LIST_CACHE, resultType: 'complete', _meta: RESULT_META });

  // `extra`: headers the caller wants on the answer, given here so that it stays @hono/node-server's light response
  // (adding headers afterwards turns it into a full one, which costs more than the call). JSON answers say Vary:
  // Accept-Encoding themselves, as transport/compress.ts would add to any JSON answer.
  const json = (id: string | number, resultJson: string, extra: Record<string, string>) =>
    new Response(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${resultJson}}`, {
      status: 200,
      headers: { 'content-type': 'application/json', vary: 'Accept-Encoding', ...extra },
    });

  const sse = (id: string | number, resultJson: string, extra: Record<string, string>) =>
    new Response(`event: message\ndata: {"result":${resultJson},"jsonrpc":"2.0","id":${JSON.stringify(id)}}\n\n`, {
      status: 200,
      headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no', ...extra },
    });

  // A legacy stateless tools/call: no session, a 2025 version header, a plain call with no progress token.
  async function legacy(msg: Rpc, headers: Headers, actor: Actor, extra: Record<string, string>): Promise<Response | null> {
    if (!LEGACY_VERSIONS.has(headers.get('mcp-protocol-version') ?? '') || headers.has('mcp-session-id')) return null;
    const params = msg.params;
    if (msg.method !== 'tools/call' || !params || typeof params.name !== 'string') return null;
    if (Object.keys(params).some((k) => k !== 'name' && k !== 'arguments' && k !== '_meta')) return null;
    const meta = params._meta;
    if (meta !== undefined && (typeof meta !== 'object' || meta === null || Object.keys(meta).length > 0)) return null;
    const args = params.arguments;
    if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args))) return null;
    const tool = byName.get(params.name);
    if (!tool) return null;
    const result = await callToolResult(tool, actor, args, deps);
    if (result.isError) return sse(msg.id as string | number, JSON.stringify(result), extra);
    const out = result.structuredContent;
    return sse(msg.id as string | number, `{"content":[{"type":"text","text":${jsonQuoted(out)}}],"structuredContent":${jsonText(out)}}`, extra);
  }

  return async function fastPath(body: unknown, headers: Headers, actor: Actor, extra: Record<string, string> = {}): Promise<Response | null> {
    if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
    const msg = body as Rpc;
    if (msg.jsonrpc !== '2.0' || (typeof msg.id !== 'string' && typeof msg.id !== 'number')) return null;
    const accept = headers.get('accept') ?? '';
    if (!accept.includes('application/json') || !accept.includes('text/event-stream')) return null;
    if (!(headers.get('content-type') ?? '').toLowerCase().startsWith('application/json')) return null;
    const params = msg.params;
    const meta = params?._meta as Record<string, unknown> | undefined;
    if (!meta?.[VERSION_KEY]) return legacy(msg, headers, actor, extra);
    if (!meta || meta[VERSION_KEY] !== VERSION || typeof meta[CAPS_KEY] !== 'object' || meta[CAPS_KEY] === null) return null;
    if (meta.progressToken !== undefined) return null; // progress notifications are the SDK's to stream
    if (headers.get('mcp-protocol-version') !== VERSION || headers.get('mcp-method') !== msg.method) return null;

    if (msg.method === 'tools/list') {
      if (Object.keys(params!).some((k) => k !== '_meta')) return null; // cursors etc. go to the SDK
      return json(msg.id, listResult, extra);
    }
    if (msg.method !== 'tools/call') return null;
    const name = params!.name;
    if (typeof name !== 'string' || headers.get('mcp-name') !== name) return null;
    if (Object.keys(params!).some((k) => k !== 'name' && k !== 'arguments' && k !== '_meta')) return null;
    const args = params!.arguments;
    if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args))) return null;
    const tool = byName.get(name);
    if (!tool) return null;
    const result = await callToolResult(tool, actor, args, deps, idempotencyKeyOf(meta));
    if (result.isError) return json(msg.id, JSON.stringify({ ...result, resultType: 'complete', _meta: RESULT_META }), extra);
    // Successful results are often cached objects: reuse their serialised and quoted text.
    const out = result.structuredContent;
    return json(msg.id, `{"content":[{"type":"text","text":${jsonQuoted(out)}}],"structuredContent":${jsonText(out)},"resultType":"complete","_meta":${RESULT_META_JSON}}`, extra);
  };
}
