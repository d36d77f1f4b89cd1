import type { z } from 'zod';
import { authorize } from './authorize';
import type { ToolContext } from './context';
import type { McpTool } from './define';
import { ToolError, type FieldProblem } from './errors';
import { etagOf } from '../domain/etag';

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
// checked copy is reused (results are treated as immutable once returned).
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
  if (result !== null && typeof result === 'object') checkedOutputs.set(result, checked.data);
  return checked.data;
}

// The one path every adapter takes: authorize, validate, run, and check the result against the declared output.
export async function invokeTool(tool: McpTool, ctx: ToolContext, raw: unknown): Promise<unknown> {
  authorize(tool, ctx.actor);
  const input = parseInput(tool, raw);
  return checkOutput(tool, await tool.run(ctx, input));
}

// JSON text of a checked result, kept beside it: a cached result is serialised once, not per response.
const jsonTexts = new WeakMap<object, string>();
export function jsonText(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  let text = jsonTexts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    jsonTexts.set(value, text);
  }
  return text;
}

// The weak ETag of that text, kept beside it the same way (cached results are hashed once).
const etags = new WeakMap<object, string>();
export function jsonEtag(value: unknown): string {
  if (value === null || typeof value !== 'object') return etagOf(jsonText(value));
  let etag = etags.get(value);
  if (etag === undefined) {
    etag = etagOf(jsonText(value));
    etags.set(value, etag);
  }
  return etag;
}

// The same text as a JSON string literal (MCP carries the result again as a text block).
const quotedTexts = new WeakMap<object, string>();
export function jsonQuoted(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(jsonText(value));
  let quoted = quotedTexts.get(value);
  if (quoted === undefined) {
    quoted = JSON.stringify(jsonText(value));
    quotedTexts.set(value, quoted);
  }
  return quoted;
}
