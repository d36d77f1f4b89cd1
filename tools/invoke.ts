import type { z } from 'zod';
import { authorize } from './authorize';
import type { ToolContext } from './context';
import type { AnyTool } from './define';
import { ToolError, type FieldProblem } from './errors';

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

export function parseInput(tool: AnyTool, raw: unknown): Record<string, unknown> {
  const parsed = tool.input.safeParse(raw);
  if (parsed.success) return parsed.data as Record<string, unknown>;
  const errors = fieldProblems(parsed.error);
  const detail = errors.map((e) => `${e.path}: ${e.message}`).join('; ');
  throw new ToolError('invalid_input', `Invalid input for ${tool.name}. ${detail}`, errors);
}

// The one path every adapter takes: authorize, validate, run, and check the result against the declared output.
export async function invokeTool(tool: AnyTool, ctx: ToolContext, raw: unknown): Promise<unknown> {
  authorize(tool, ctx.actor);
  const input = parseInput(tool, raw);
  const result = await tool.run(ctx, input);
  const checked = tool.output.safeParse(result);
  if (!checked.success) {
    throw new Error(`${tool.name} produced output that does not match its schema: ${checked.error.message}`);
  }
  return checked.data;
}
