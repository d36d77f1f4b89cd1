import type { z } from 'zod';
import { authorize } from './authorize';
import type { ToolContext } from './context';
import type { McpTool } from './define';
import { ToolError, type FieldProblem } from './errors';
import { etagOf } from '../domain/etag';
import { sameJson } from '../domain/same-json';

// zod issues → one problem per field, with the field's dotted path (unknown keys named one by one).
export function fieldProblems(error: z.ZodError): FieldProblem[] {
  const out: FieldProblem[] = [];
  for (const issue of error.issues) {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push({ path: base ? `${base}.${key}` : key, message: 'unknown property (not allowed)' });
    } else {
      out.push({ path: base || '(body)', message: issue.message });
    }
  }
  return out;
}

export function parseInput(tool: McpTool, raw: unknown): Record<string, unknown> {
  const parsed = tool.input.safeParse(raw);
  if (parsed.success) return parsed.data as Record<string, unknown>;
  const errors = fieldProblems(parsed.error);
  const detail = errors.map((e) => `${e.path}: ${e.message}`).join('; ');
  throw new ToolError('invalid_input', `Invalid input for ${tool.name}. ${detail}`, errors);
}

// Tools that cache their results hand back the same object again; it was checked the first time, so the
// checked copy is reused (results are treated as immutable once returned). zod's parse returns a deep copy; when it
// equals the result (nothing stripped, defaulted or transformed: the usual case) the result itself is what goes on,
// and the copy is dropped: a remembered answer would otherwise be held twice, once in the cache and once here.
const checkedOutputs = new WeakMap<object, unknown>();

function checkOutput(tool: McpTool, result: unknown): unknown {
  if (result !== null && typeof result === 'object') {
    const seen = checkedOutputs.get(result);
    if (seen !== undefined) return seen;
  }
  const checked = tool.output.safeParse(result);
  if (!checked.success) {
    throw new Error(`${tool.name} produced output that does not match its schema: ${checked.error.message}`);
  }
  if (result === null || typeof result !== 'object') return checked.data;
  const out = sameJson(checked.data, result) ? result : checked.data;
  checkedOutputs.set(result, out);
  return out;
}

// The one path every adapter takes: authorize, validate, run, and check the result against the declared output.
export async function invokeTool(tool: McpTool, ctx: ToolContext, raw: unknown): Promise<unknown> {
  authorize(tool, ctx.actor);
  const input = parseInput(tool, raw);
  return checkOutput(tool, await tool.run(ctx, input));
}

// What is made from a checked result once and kept beside it: tools that cache their results hand back the same
// object again, so a cached result is serialised, hashed and encoded once, not per response. Held weakly: it goes
// when the cache lets the result go.
export function keptBeside<T>(make: (value: unknown) => T): (value: unknown) => T {
  const kept = new WeakMap<object, T>();
  return (value) => {
    if (value === null || typeof value !== 'object') return make(value);
    let made = kept.get(value);
    if (made === undefined) kept.set(value, (made = make(value)));
    return made;
  };
}

// A result's JSON as UTF-8 bytes (what an answer sends), in a buffer of their own: Buffer.from would cut a short text
// from Node's shared 8 KB pool, and one kept slice holds the whole slab. Kept beside the result with its weak ETag
// (the same as the text's: the hash of its UTF-8). The text itself is not kept: it held every remembered answer a
// second time, and what is sent per request is the bytes (or what is made from them once and kept: the compressed
// answers, MCP's answer heads). jsonText and jsonQuoted (the text as a JSON string literal: MCP carries the result
// again as a text block) are made per call.
const utf8 = new TextEncoder();
export const ownBytes = (text: string): Uint8Array<ArrayBuffer> => utf8.encode(text);
export const jsonBytes = keptBeside((value) => ownBytes(JSON.stringify(value)));
export const jsonEtag = keptBeside((value) => etagOf(jsonBytes(value)));
export const jsonText = (value: unknown): string => JSON.stringify(value);
export const jsonQuoted = (value: unknown): string => JSON.stringify(JSON.stringify(value));
