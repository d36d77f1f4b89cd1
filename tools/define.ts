import { z } from 'zod';
import type { ToolContext } from './context';
import type { ToolScope } from './scopes';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export type ToolAnnotations = {
  readOnlyHint: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
};

// One operation of the spec, written once. REST, MCP and OpenAPI are projections of this.
export type ToolDef<I extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType> = {
  name: string; // operation id = MCP tool name = OpenAPI operationId
  title: string;
  description: string; // verb first; when to use it; which tool supplies its ids
  scope: ToolScope;
  annotations: ToolAnnotations;
  http: {
    method: HttpMethod;
    path: `/${string}`; // Hono-style params (`:slug`) that are keys of `input`
    status?: 200 | 201;
    idempotencyKey?: boolean;
    // Answers 404 for a record named in the query or body (not the path), e.g. a listing slug or listing_id
    // that is unknown or another user's; declared in the OpenAPI document next to the path-addressed 404s.
    notFound?: boolean;
  };
  input: I; // flat, strict: path + query + body merged
  output: O;
  run(ctx: ToolContext, input: z.infer<I>): Promise<z.infer<O>>;
};

// Identity helper that keeps I/O inference per tool while the registry holds them uniformly.
export function defineTool<I extends z.ZodObject, O extends z.ZodType>(def: ToolDef<I, O>): ToolDef<I, O> {
  return def;
}

export type AnyTool = ToolDef<z.ZodObject, z.ZodType>;

// A tool served over MCP only: the shapes MCP connectors look for (ChatGPT's `search` and `fetch`), built on
// registry tools. It has no REST route and no place in the OpenAPI document, so it has no `http`.
export type ConnectorTool<I extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType> = Omit<ToolDef<I, O>, 'http'> & { http?: undefined };
export function defineConnectorTool<I extends z.ZodObject, O extends z.ZodType>(def: ConnectorTool<I, O>): ConnectorTool<I, O> {
  return def;
}
// Whatever the MCP endpoint serves: the registry's operations and the connector tools.
export type McpTool = AnyTool | ConnectorTool<z.ZodObject, z.ZodType>;

export const pathParams = (tool: AnyTool): string[] =>
  [...tool.http.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);
