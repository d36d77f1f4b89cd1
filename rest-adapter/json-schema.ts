import { z } from 'zod';
import type { AnyTool } from '../tools/define';

type JsonSchema = Record<string, any>;

// Converted once per tool and cached: zod's toJSONSchema is too slow to run per request.
const inputCache = new WeakMap<AnyTool, JsonSchema>();
const outputCache = new WeakMap<AnyTool, JsonSchema>();

const clean = (schema: JsonSchema): JsonSchema => {
  const { $schema: _ignored, ...rest } = schema;
  return rest;
};

export function inputJsonSchema(tool: AnyTool): JsonSchema {
  let s = inputCache.get(tool);
  if (!s) {
    s = clean(z.toJSONSchema(tool.input, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema);
    inputCache.set(tool, s);
  }
  return s;
}

export function outputJsonSchema(tool: AnyTool): JsonSchema {
  let s = outputCache.get(tool);
  if (!s) {
    s = clean(z.toJSONSchema(tool.output, { io: 'output', target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema);
    outputCache.set(tool, s);
  }
  return s;
}
