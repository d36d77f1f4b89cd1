// Turns the OpenAPI document into what the human reference shows: operations grouped by tag, each
// field with its bounds in words, and a runnable curl example. Reads only the generated document,
// so the page can never disagree with /api/v1/openapi.json.

type Obj = Record<string, any>;

export type FieldRow = { name: string; where: 'path' | 'query' | 'header' | 'body'; required: boolean; type: string; rules: string[]; description: string };
export type OperationDoc = {
  id: string; method: string; path: string; tag: string; summary: string; description: string; scope: string;
  status: string; fields: FieldRow[]; responses: Array<{ status: string; description: string }>; curl: string;
};
export type TagDoc = { tag: string; title: string; operations: OperationDoc[] };

const HTTP_ORDER = ['get', 'post', 'put', 'patch', 'delete'];

// nullable unions (anyOf [X, null]) read as X plus "or null".
function unwrap(schema: Obj): { s: Obj; nullable: boolean } {
  const alts: Obj[] | undefined = schema?.anyOf ?? schema?.oneOf;
  if (alts) {
    const nonNull = alts.filter((a) => a.type !== 'null');
    if (nonNull.length === 1) return { s: { ...nonNull[0], description: schema.description ?? nonNull[0].description }, nullable: nonNull.length < alts.length };
  }
  if (Array.isArray(schema?.type) && schema.type.includes('null')) {
    return { s: { ...schema, type: schema.type.find((t: string) => t !== 'null') }, nullable: true };
  }
  return { s: schema ?? {}, nullable: false };
}

export function typeOf(schema: Obj): string {
  const { s, nullable } = unwrap(schema);
  let t: string = s.type ?? (s.anyOf ? s.anyOf.map((a: Obj) => typeOf(a)).join(' or ') : s.enum ? 'string' : 'any');
  if (t === 'array') t = `array of ${typeOf(s.items ?? {})}`;
  return nullable ? `${t} or null` : t;
}

export function rulesOf(schema: Obj): string[] {
  const { s } = unwrap(schema);
  const r: string[] = [];
  if (s.enum) r.push(`one of ${s.enum.map((v: unknown) => JSON.stringify(v)).join(', ')}`);
  if (s.const !== undefined) r.push(`exactly ${JSON.stringify(s.const)}`);
  if (s.minimum !== undefined || s.maximum !== undefined) r.push(`${s.minimum ?? '…'}..${s.maximum ?? '…'}`);
  if (s.exclusiveMinimum !== undefined) r.push(`> ${s.exclusiveMinimum}`);
  if (s.exclusiveMaximum !== undefined) r.push(`< ${s.exclusiveMaximum}`);
  if (s.minLength !== undefined && s.minLength > 0) r.push(`min length ${s.minLength}`);
  if (s.maxLength !== undefined) r.push(`max length ${s.maxLength}`);
  if (s.pattern) r.push(`pattern ${s.pattern}`);
  if (s.format) r.push(`format ${s.format}`);
  if (s.minItems !== undefined && s.minItems > 0) r.push(`min ${s.minItems} items`);
  if (s.maxItems !== undefined) r.push(`max ${s.maxItems} items`);
  if (s.maxProperties !== undefined) r.push(`max ${s.maxProperties} properties`);
  if (s.type === 'array' && s.items) for (const rule of rulesOf(s.items)) r.push(`each item: ${rule}`);
  if (s.type === 'object' && s.additionalProperties === false) r.push('no other properties');
  if (s.default !== undefined) r.push(`default ${JSON.stringify(s.default)}`);
  return r;
}

// Body fields, with one level of nested object / array-of-object properties as dotted names.
function bodyRows(props: Obj, required: string[], prefix = '', depth = 0): FieldRow[] {
  const rows: FieldRow[] = [];
  for (const [name, prop] of Object.entries(props)) {
    const { s } = unwrap(prop as Obj);
    rows.push({ name: prefix + name, where: 'body', required: required.includes(name), type: typeOf(prop as Obj), rules: rulesOf(prop as Obj), description: (prop as Obj).description ?? s.description ?? '' });
    if (depth >= 2) continue;
    const nested = s.type === 'object' ? s : s.type === 'array' && s.items?.type === 'object' ? s.items : null;
    if (nested?.properties) rows.push(...bodyRows(nested.properties, nested.required ?? [], `${prefix}${name}${s.type === 'array' ? '[]' : ''}.`, depth + 1));
  }
  return rows;
}

// A plausible value for an example call, from the field's own schema.
function exampleOf(name: string, schema: Obj): unknown {
  const { s } = unwrap(schema);
  if (s.default !== undefined) return s.default;
  if (s.enum) return s.enum[0];
  if (s.type === 'integer' || s.type === 'number') return s.minimum ?? 1;
  if (s.type === 'boolean') return true;
  if (s.type === 'array') return [exampleOf(name, s.items ?? {})];
  if (s.type === 'object') {
    const o: Obj = {};
    for (const k of s.required ?? []) o[k] = exampleOf(k, s.properties?.[k] ?? {});
    return o;
  }
  if (s.format === 'email' || /email/.test(name)) return 'you@example.com';
  if (s.format === 'uuid' || name === 'id') return '3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c';
  if (/url/.test(name)) return 'https://example.com';
  if (name === 'week') return 'this';
  if (/date/.test(name) || s.pattern === '^\\d{4}-\\d{2}-\\d{2}$') return '2026-12-07';
  if (/country/.test(name)) return 'DE';
  if (s.pattern?.includes('a-z0-9')) return 'acme';
  return 'example';
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

function curlFor(base: string, method: string, path: string, op: Obj, scope: string): string {
  let url = base + path;
  const query: string[] = [];
  for (const p of op.parameters ?? []) {
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(String(exampleOf(p.name, p.schema))));
    if (p.in === 'query' && p.required) query.push(`${p.name}=${encodeURIComponent(String(exampleOf(p.name, p.schema)))}`);
  }
  if (query.length) url += `?${query.join('&')}`;
  const parts = [`curl${method === 'get' ? '' : ` -X ${method.toUpperCase()}`} ${shellQuote(url)}`];
  if (scope !== 'public') parts.push(`-H 'Authorization: Bearer $API_KEY'`);
  const body = op.requestBody?.content?.['application/json']?.schema;
  if (body) {
    parts.push(`-H 'Content-Type: application/json'`);
    if ((op.parameters ?? []).some((p: Obj) => p.in === 'header' && p.name === 'Idempotency-Key')) parts.push(`-H "Idempotency-Key: $(uuidgen)"`);
    const example = exampleOf('body', { ...body, required: body.required ?? [] }) as Obj;
    if (Object.keys(example).length) parts.push(`-d ${shellQuote(JSON.stringify(example))}`);
  }
  return parts.join(' \\\n  ');
}

const titleOfTag = (tag: string) => tag.split('-').map((w) => w[0].toUpperCase() + w.slice(1)).join(' ');

export function operationsByTag(openapi: Obj): TagDoc[] {
  const base: string = openapi.servers?.[0]?.url ?? '';
  const tags = new Map<string, TagDoc>();
  for (const [path, item] of Object.entries<Obj>(openapi.paths ?? {})) {
    for (const method of HTTP_ORDER) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'other';
      if (!tags.has(tag)) tags.set(tag, { tag, title: titleOfTag(tag), operations: [] });
      const fields: FieldRow[] = (op.parameters ?? []).map((p: Obj) => ({
        name: p.name, where: p.in, required: !!p.required, type: typeOf(p.schema ?? {}), rules: rulesOf(p.schema ?? {}), description: p.description ?? '',
      }));
      const body = op.requestBody?.content?.['application/json']?.schema;
      if (body?.properties) fields.push(...bodyRows(body.properties, body.required ?? []));
      const scope = op['x-scope'] ?? 'public';
      const status = Object.keys(op.responses ?? {}).find((s) => s.startsWith('2')) ?? '200';
      tags.get(tag)!.operations.push({
        id: op.operationId, method: method.toUpperCase(), path, tag, summary: op.summary ?? op.operationId,
        description: op.description ?? '', scope, status, fields,
        responses: Object.entries<Obj>(op.responses ?? {}).map(([s, r]) => ({ status: s, description: r.description ?? '' })),
        curl: curlFor(base, method, path, op, scope),
      });
    }
  }
  return [...tags.values()];
}
