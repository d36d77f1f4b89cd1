import { z } from 'zod';
import type { McpTool } from '../tools/define';

type JsonSchema = Record<string, any>;

// Converted once per tool and cached: zod's toJSONSchema is too slow to run per request.
const inputCache = new WeakMap<McpTool, JsonSchema>();
const outputCache = new WeakMap<McpTool, JsonSchema>();

// Keywords that only constrain one JSON type: when a type union is split into anyOf branches, each goes with its type.
const KEYWORDS_OF_TYPE: Record<string, string[]> = {
  string: ['minLength', 'maxLength', 'pattern', 'format', 'contentEncoding', 'contentMediaType'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  integer: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  array: ['items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems', 'contains'],
  object: ['properties', 'required', 'additionalProperties', 'patternProperties', 'propertyNames', 'minProperties', 'maxProperties'],
};

// Many clients (MCP Inspector, some model providers) do not accept a type union (`type: ["string", "null"]`,
// zod's form for a nullable primitive) and warn or drop the schema. The same meaning as `anyOf` of one type each.
export function portable(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(portable);
  if (!schema || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(schema)) out[k] = k === 'enum' || k === 'const' || k === 'default' || k === 'examples' ? v : portable(v);
  if (!Array.isArray(out.type)) return out;
  const types = out.type as string[];
  if (types.length === 1) return { ...out, type: types[0] };
  const { type: _types, ...rest } = out;
  const moved = new Set(types.flatMap((t) => KEYWORDS_OF_TYPE[t] ?? []));
  const shared: JsonSchema = {};
  for (const [k, v] of Object.entries(rest)) if (!moved.has(k)) shared[k] = v;
  const branches = types.map((t) => {
    const branch: JsonSchema = { type: t };
    for (const k of KEYWORDS_OF_TYPE[t] ?? []) if (k in rest) branch[k] = rest[k];
    return branch;
  });
  return { ...shared, anyOf: branches };
}

const clean = (schema: JsonSchema): JsonSchema => {
  const { $schema: _ignored, ...rest } = schema;
  return portable(rest) as JsonSchema;
};

export function inputJsonSchema(tool: McpTool): JsonSchema {
  let s = inputCache.get(tool);
  if (!s) {
    s = clean(z.toJSONSchema(tool.input, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema);
    inputCache.set(tool, s);
  }
  return s;
}

export function outputJsonSchema(tool: McpTool): JsonSchema {
  let s = outputCache.get(tool);
  if (!s) {
    s = clean(z.toJSONSchema(tool.output, { io: 'output', target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema);
    outputCache.set(tool, s);
  }
  return s;
}
