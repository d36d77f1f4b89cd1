import { createHash } from 'node:crypto';
import type { Db } from '../storage/db';
import type { Actor } from '../tools/actor';
import type { McpTool } from '../tools/define';
import { ToolError } from '../tools/errors';
import { authorize } from '../tools/authorize';
import { claimIdempotencyKey, finishIdempotencyKey, releaseIdempotencyKey } from '../storage/queries/idempotency';

// Idempotency-Key semantics, shared by REST (the header) and MCP (`_meta.idempotencyKey` of tools/call):
// the same key and the same input within 24 hours replays the first outcome; the same key with another
// input is 422; a duplicate while the first is still running is 409. Keys belong to the signed-in user.
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export type Outcome = { status: number; body: unknown };

// Canonical JSON: object keys sorted, so {a,b} and {b,a} are the same request.
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export async function withIdempotency(
  opts: { db: Db; now: Date; actor: Actor; tool: McpTool; key: string | undefined; input: unknown },
  run: () => Promise<Outcome>,
): Promise<Outcome & { replayed?: boolean }> {
  const { db, actor, tool, key } = opts;
  // Access first: a stored answer is replayed only to a caller allowed to make the request now (a key with
  // fewer scopes must not replay what a broader key stored, nor a 403 be replayed to the broader key).
  authorize(tool, actor);
  if (key === undefined || !tool.http?.idempotencyKey || actor.kind === 'anonymous') return run();
  if (!KEY_PATTERN.test(key)) {
    throw new ToolError('invalid_input', 'Idempotency-Key must be 1 to 255 visible ASCII characters.', [{ path: 'Idempotency-Key', message: 'must be 1 to 255 visible ASCII characters' }]);
  }
  const owner = `user:${actor.userId}`;
  const hash = createHash('sha256').update(canonical(opts.input)).digest('hex');
  const claim = await claimIdempotencyKey(db, owner, key, tool.name, hash, opts.now, IDEMPOTENCY_TTL_MS);
  if (claim.kind === 'mismatch') {
    throw new ToolError('unprocessable', 'This Idempotency-Key was already used with a different request. Use a new key for a new request.');
  }
  if (claim.kind === 'busy') {
    throw new ToolError('conflict', 'A request with this Idempotency-Key is still being processed. Retry in a moment.');
  }
  if (claim.kind === 'replay') return { status: claim.row.status!, body: JSON.parse(claim.row.response!), replayed: true };
  let outcome: Outcome;
  try {
    outcome = await run();
  } catch (err) {
    await releaseIdempotencyKey(db, owner, key, claim.token);
    throw err;
  }
  // Final answers are kept; answers that invite a retry (409, 429, 5xx) free the key instead. Either only while the
  // claim is still ours: a run slower than the lease may have been taken over by a retry, whose claim stays intact
  // (this caller still gets its own outcome, it is just not stored).
  if (outcome.status >= 500 || outcome.status === 409 || outcome.status === 429) await releaseIdempotencyKey(db, owner, key, claim.token);
  else await finishIdempotencyKey(db, owner, key, claim.token, outcome.status, JSON.stringify(outcome.body));
  return outcome;
}
