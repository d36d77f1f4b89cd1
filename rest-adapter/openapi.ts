import type { AppConfig } from '../tools/context';
import { apiBase } from '../tools/context';
import type { AnyTool } from '../tools/define';
import { pathParams } from '../tools/define';
import { SCOPES, SCOPE_DESCRIPTIONS } from '../tools/scopes';
import { inputJsonSchema, outputJsonSchema } from './json-schema';
import { OAUTH_ROUTES } from '../auth/oidc/routes-table';

type Obj = Record<string, any>;

const PROBLEM_SCHEMA: Obj = {
  type: 'object',
  description: 'RFC 9457 problem details',
  required: ['type', 'title', 'status', 'detail', 'code', 'request_id'],
  properties: {
    type: { type: 'string', format: 'uri' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    code: { type: 'string', enum: ['invalid_input', 'unauthenticated', 'forbidden', 'not_found', 'conflict', 'unprocessable', 'rate_limited', 'unavailable', 'internal'] },
    errors: {
      type: 'array',
      description: 'One entry per invalid field',
      items: { type: 'object', required: ['path', 'message'], properties: { path: { type: 'string' }, message: { type: 'string' } } },
    },
    request_id: { type: 'string' },
  },
};

const problemRef = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});

// 404 is declared on operations that address one record by a path identifier, and on those that look up a
// record named in the query or body (compare_listings, claim_listing, the order operations' listing_id).
const mayAnswerNotFound = (tool: AnyTool) => pathParams(tool).length > 0 || tool.http.notFound === true;

// Schemas shared by reference inside a tool's schema ($defs, from zod `.meta({ id })`) become components:
// in an OpenAPI document `#/$defs/…` would resolve against the document root, not the embedded schema.
function hoistDefs(schema: Obj, components: Obj): Obj {
  if (!schema.$defs) return schema;
  const { $defs, ...rest } = schema;
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!node || typeof node !== 'object') return node;
    const out: Obj = {};
    for (const [k, v] of Object.entries(node as Obj)) {
      out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/') ? `#/components/schemas/${v.slice(8)}` : rewrite(v);
    }
    return out;
  };
  for (const [name, def] of Object.entries($defs as Obj)) components[name] ??= rewrite(def);
  return rewrite(rest) as Obj;
}

function operationFor(tool: AnyTool, components: Obj): Obj {
  const schema = inputJsonSchema(tool);
  const props: Obj = schema.properties ?? {};
  const required = new Set<string>(schema.required ?? []);
  const inPath = new Set(pathParams(tool));
  const hasBody = !['GET', 'DELETE'].includes(tool.http.method);
  const parameters: Obj[] = [];
  const bodyProps: Obj = {};
  const bodyRequired: string[] = [];
  for (const [name, prop] of Object.entries(props)) {
    const { description, ...propSchema } = prop as Obj;
    if (inPath.has(name)) parameters.push({ name, in: 'path', required: true, description, schema: propSchema });
    else if (!hasBody) parameters.push({ name, in: 'query', required: required.has(name), description, schema: propSchema });
    else {
      bodyProps[name] = prop;
      if (required.has(name)) bodyRequired.push(name);
    }
  }
  if (tool.http.idempotencyKey) {
    parameters.push({
      name: 'Idempotency-Key', in: 'header', required: false,
      description: 'Makes retries safe: the same key with the same body within 24 hours replays the first response.',
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    });
  }
  const status = String(tool.http.status ?? 200);
  const responses: Obj = {
    [status]: { description: 'Success', content: { 'application/json': { schema: hoistDefs(outputJsonSchema(tool), components) } } },
    '400': problemRef('Invalid input: the errors array names each field'),
  };
  if (tool.scope !== 'public') {
    responses['401'] = problemRef('No valid API key or access token');
    responses['403'] = problemRef(`The access lacks the ${tool.scope} scope`);
  }
  if (mayAnswerNotFound(tool)) responses['404'] = problemRef('No such record (or not yours)');
  // Beyond the spec's table, what these writes really answer: a duplicate still running or a state that does not
  // allow the change (409), and an Idempotency-Key reused with another body (422). Every tool that raises a
  // conflict takes an Idempotency-Key (tests/spec-openapi.test.ts holds that).
  if (tool.http.idempotencyKey) {
    responses['409'] = problemRef('Conflict: the record\'s state does not allow this now, or a request with this Idempotency-Key is still running');
    responses['422'] = problemRef('This Idempotency-Key was already used with a different request');
  }
  responses['429'] = problemRef('Rate limited: see Retry-After');
  const op: Obj = {
    operationId: tool.name,
    summary: tool.title,
    description: tool.description,
    tags: [tool.http.path.split('/')[1]],
    parameters,
    responses,
    security: tool.scope === 'public' ? [{}, { bearerAuth: [] }, { oauth2: [] }] : [{ bearerAuth: [] }, { oauth2: [tool.scope] }],
    'x-mcp-tool': tool.name,
    'x-scope': tool.scope,
  };
  if (hasBody) {
    const bodySchema: Obj = { type: 'object', properties: bodyProps, additionalProperties: false };
    if (bodyRequired.length) bodySchema.required = bodyRequired;
    op.requestBody = { required: bodyRequired.length > 0, content: { 'application/json': { schema: bodySchema } } };
  }
  return op;
}

export function buildOpenApi(tools: AnyTool[], config: AppConfig): Obj {
  const paths: Obj = {};
  const shared: Obj = {};
  for (const tool of tools) {
    const path = tool.http.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
    paths[path] ??= {};
    paths[path][tool.http.method.toLowerCase()] = operationFor(tool, shared);
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: `${config.siteName} API`,
      version: '1.0.0',
      description:
        'Public directory of software products. Every operation is also an MCP tool of the same name at ' +
        `${config.siteUrl}/mcp. Reference edition 2026.40.`,
      'x-reference-edition': '2026.40',
    },
    servers: [{ url: apiBase(config) }],
    paths,
    components: {
      schemas: { Problem: PROBLEM_SCHEMA, ...shared },
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key from your account page, or an OAuth access token' },
        oauth2: {
          type: 'oauth2',
          flows: {
            authorizationCode: {
              authorizationUrl: `${config.siteUrl}${OAUTH_ROUTES.authorization}`,
              tokenUrl: `${config.siteUrl}${OAUTH_ROUTES.token}`,
              refreshUrl: `${config.siteUrl}${OAUTH_ROUTES.token}`,
              scopes: Object.fromEntries(SCOPES.map((s) => [s, SCOPE_DESCRIPTIONS[s]])),
            },
          },
        },
      },
    },
  };
}
