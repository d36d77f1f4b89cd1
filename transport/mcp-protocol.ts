// Protocol versions this server implements, and the checks the SDK leaves to us: it also knows 2024-11-05
// (and would agree to it) and accepts JSON-RPC batches in every era.
export const MODERN_VERSION = '2026-07-28';
export const LEGACY_VERSIONS = ['2025-03-26', '2025-06-18', '2025-11-25'] as const;
export const LATEST_LEGACY_VERSION = '2025-11-25';
export const SUPPORTED_VERSIONS: readonly string[] = [...LEGACY_VERSIONS, MODERN_VERSION];

// 2025-06-18 removed JSON-RPC batching; 2025-03-26 (which sends no version header) still has it.
export const batchesAllowed = (version: string) => version < '2025-06-18';

// Messages answered from memory: they take a token from a larger bucket than tool calls, so a client's start-up
// (initialize, tools/list, discovery) or a conformance run is not refused while tool calls stay limited.
const PROTOCOL_METHODS = new Set(['initialize', 'notifications/initialized', 'notifications/cancelled', 'ping', 'tools/list', 'server/discover']);

type Rpc = { id?: unknown; method?: unknown; params?: Record<string, unknown> };
const messages = (body: unknown): Rpc[] => (Array.isArray(body) ? body : [body]).filter((m): m is Rpc => !!m && typeof m === 'object');

export function protocolOnly(body: unknown): boolean {
  const msgs = messages(body);
  return msgs.length > 0 && msgs.every((m) => typeof m.method === 'string' && PROTOCOL_METHODS.has(m.method));
}

const rpcError = (id: unknown, status: number, code: number, message: string, data?: unknown) =>
  new Response(JSON.stringify({ jsonrpc: '2.0', id: typeof id === 'string' || typeof id === 'number' ? id : null, error: { code, message, ...(data ? { data } : {}) } }), {
    status, headers: { 'content-type': 'application/json' },
  });

// Revisions before the oldest we implement, which the SDK would still agree to; newer unknown ones it refuses itself.
const older = (version: string) => /^\d{4}-\d{2}-\d{2}$/.test(version) && version < LEGACY_VERSIONS[0];

export type Precheck = { refuse: Response } | { body: unknown };

// Before the SDK sees a POST body: refuse versions and batches we do not implement, and answer an initialize that
// asks for an older revision (2024-11-05) with the newest one we have, as the lifecycle spec wants.
export function precheck(body: unknown, headerVersion: string | null): Precheck {
  const id = Array.isArray(body) ? null : (body as Rpc | null)?.id;
  if (headerVersion !== null && older(headerVersion)) {
    return { refuse: rpcError(id, 400, -32022, `Unsupported protocol version ${headerVersion}. Supported: ${SUPPORTED_VERSIONS.join(', ')}.`, { supported: SUPPORTED_VERSIONS, requested: headerVersion }) };
  }
  let out = body;
  const init = messages(body).find((m) => m.method === 'initialize');
  const asked = init?.params?.protocolVersion;
  if (init && typeof asked === 'string' && !SUPPORTED_VERSIONS.includes(asked)) {
    const negotiated = { ...init, params: { ...init.params, protocolVersion: LATEST_LEGACY_VERSION } };
    out = Array.isArray(body) ? body.map((m) => (m === init ? negotiated : m)) : negotiated;
  }
  if (Array.isArray(out)) {
    const initVersion = messages(out).find((m) => m.method === 'initialize')?.params?.protocolVersion;
    const version = headerVersion ?? (typeof initVersion === 'string' ? initVersion : '2025-03-26');
    if (!batchesAllowed(version)) {
      return { refuse: rpcError(null, 400, -32600, `Invalid Request: JSON-RPC batches are not part of protocol ${version} (removed in 2025-06-18). Send one message per request.`) };
    }
  }
  return { body: out };
}
