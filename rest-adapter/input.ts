import type { Context } from 'hono';
import type { AnyTool } from '../tools/define';
import { pathParams } from '../tools/define';
import { ToolError } from '../tools/errors';
import { inputJsonSchema } from './json-schema';

type Coerce = (raw: string) => unknown;

// A query string is text; the tool's schema says which fields are numbers or booleans.
function coercerFor(prop: Record<string, any> | undefined): Coerce {
  const type = prop?.type ?? prop?.anyOf?.find((s: any) => s.type && s.type !== 'null')?.type;
  // Plain decimal notation only: Number() would also read "0x10", "1e3", " 7", "0b1" and "Infinity". Anything else
  // stays a string, which the schema refuses with a 400 naming the field.
  if (type === 'integer') return (v) => (/^-?\d{1,15}$/.test(v) ? Number(v) : v);
  if (type === 'number') return (v) => (/^-?\d{1,15}(\.\d{1,15})?$/.test(v) ? Number(v) : v);
  if (type === 'boolean') return (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v);
  return (v) => v;
}

export type InputPlan = { params: string[]; coerce: Map<string, Coerce>; arrays: Set<string>; hasBody: boolean };

export function planInput(tool: AnyTool): InputPlan {
  const props: Record<string, any> = inputJsonSchema(tool).properties ?? {};
  const coerce = new Map<string, Coerce>();
  const arrays = new Set<string>();
  for (const [key, prop] of Object.entries(props)) {
    if (prop?.type === 'array') {
      arrays.add(key);
      coerce.set(key, coercerFor(prop.items));
    } else {
      coerce.set(key, coercerFor(prop));
    }
  }
  const params = pathParams(tool);
  for (const p of params) if (!coerce.has(p)) coerce.set(p, (v) => v);
  return { params, coerce, arrays, hasBody: !['GET', 'DELETE'].includes(tool.http.method) };
}

// Path + query + body merged into the tool's flat input; the tool's strict schema then judges it.
export async function collectInput(c: Context, plan: InputPlan): Promise<Record<string, unknown>> {
  const input: Record<string, unknown> = {};
  if (plan.hasBody) {
    const text = await c.req.text();
    if (text.trim() !== '') {
      const type = c.req.header('content-type') ?? '';
      if (!/^application\/([a-z.+-]*\+)?json/i.test(type)) {
        throw new ToolError('invalid_input', 'The request body must be JSON (Content-Type: application/json).', [{ path: '(body)', message: 'must be JSON' }]);
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new ToolError('invalid_input', 'The request body is not valid JSON.', [{ path: '(body)', message: 'is not valid JSON' }]);
      }
      if (body === null || typeof body !== 'object' || Array.isArray(body)) {
        throw new ToolError('invalid_input', 'The request body must be a JSON object.', [{ path: '(body)', message: 'must be a JSON object' }]);
      }
      Object.assign(input, body);
    }
  }
  return urlInput(plan, queryOf(c.req.url), (p) => c.req.param(p) ?? '', input);
}

// A URL's query string, without the fragment; null when it has none.
export function queryOf(url: string): string | null {
  const q = url.indexOf('?');
  if (q < 0) return null;
  const hash = url.indexOf('#', q);
  return url.slice(q + 1, hash < 0 ? undefined : hash);
}

// The part of a tool's input a URL carries: the query string (text after `?`, or null) and the path parameters
// (`param`, decoded as the router gives them), merged into `input` (the body's fields, if any). The REST route and
// the prepared-read lane (transport/prepared-reads.ts) both build a GET's input here, so they read a URL alike.
export function urlInput(plan: InputPlan, query: string | null, param: (name: string) => string, input: Record<string, unknown> = {}): Record<string, unknown> {
  // Most reads carry no query string: parsing it is then work for nothing.
  const search = query ? new URLSearchParams(query) : null;
  for (const key of new Set(search?.keys() ?? [])) {
    // An empty value (as HTML forms send for blank fields) means the parameter was not given.
    const values = search!.getAll(key).filter((v) => v !== '');
    if (values.length === 0) continue;
    const conv = plan.coerce.get(key) ?? ((v: string) => v);
    input[key] = plan.arrays.has(key) ? values.flatMap((v) => v.split(',')).map(conv) : conv(values[values.length - 1]);
  }
  // A path parameter belongs in the path only: the body and query string of such an operation allow no other
  // property, so the same name there is an unknown property, not something the path silently overrides.
  const doubled = plan.params.filter((p) => Object.hasOwn(input, p));
  if (doubled.length) {
    throw new ToolError('invalid_input', `Invalid input. ${doubled.map((p) => `${p}: is given in the path; it is not allowed in the body or query string`).join('; ')}`,
      doubled.map((p) => ({ path: p, message: 'unknown property (not allowed): it is given in the path, not in the body or query string' })));
  }
  for (const p of plan.params) input[p] = plan.coerce.get(p)!(param(p));
  return input;
}
