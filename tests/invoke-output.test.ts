import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, type AnyTool } from '../tools/define';
import { invokeTool } from '../tools/invoke';
import type { ToolContext } from '../tools/context';

// tools/invoke.ts checks every result against the tool's output schema. zod's parse hands back a deep copy; the result
// itself goes on when the copy equals it (a remembered answer is then held once, not twice), and the copy when the
// schema changed something (an unknown key stripped, a default filled): what a client gets is always what the schema
// says.
const output = z.object({ name: z.string(), tags: z.array(z.object({ label: z.string() })), note: z.string().default('none') });
const toolReturning = (result: unknown) => defineTool({
  name: 'output_check', title: 'Output check', description: 'Test tool.', scope: 'public',
  annotations: { readOnlyHint: true }, http: { method: 'GET', path: '/output-check' },
  input: z.object({}).strict(), output, run: async () => result as z.infer<typeof output>,
}) as unknown as AnyTool;
const ctx = { actor: { kind: 'anonymous', ip: 'test' } } as unknown as ToolContext;

describe('invokeTool output', () => {
  it.each([
    ['matches its schema as it is', { name: 'a', tags: [{ label: 'x' }], note: 'n' }, true, { name: 'a', tags: [{ label: 'x' }], note: 'n' }],
    ['carries a key the schema does not name', { name: 'a', tags: [{ label: 'x', secret: 1 }], note: 'n' }, false, { name: 'a', tags: [{ label: 'x' }], note: 'n' }],
    ['leaves out a field the schema defaults', { name: 'a', tags: [] }, false, { name: 'a', tags: [], note: 'none' }],
  ])('a result that %s', async (_label, result, same, expected) => {
    const tool = toolReturning(result);
    const out = await invokeTool(tool, ctx, {});
    expect(out).toEqual(expected);
    expect(out === result).toBe(same);
    // The same result again (a remembered answer) gets the same checked object.
    expect(await invokeTool(tool, ctx, {})).toBe(out);
  });

  it('refuses a result that does not match its schema', async () => {
    await expect(invokeTool(toolReturning({ name: 1, tags: [] }), ctx, {})).rejects.toThrow(/does not match its schema/);
  });
});
