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
  const href = c.req.url;
  // Most reads carry no query string: parsing the URL is then work for nothing.
  const url = href.includes('?') ? new URL(href) : null;
  for (const key of new Set(url?.searchParams.keys() ?? [])) {
    // An empty value (as HTML forms send for blank fields) means the parameter was not given.
    const values = url!.searchParams.getAll(key).filter((v) => v !== '');
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
  for (const p of plan.params) input[p] = plan.coerce.get(p)!(c.req.param(p) ?? '');
  return input;
}
