import { STATUS_OF_KIND, TITLE_OF_KIND, ToolError, type FieldProblem } from '../tools/errors';

// RFC 9457 problem details, the one error body of the REST API and of MCP isError results.
export type Problem = {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  errors?: FieldProblem[];
  request_id: string;
  [extra: string]: unknown;
};

export function problemFromToolError(err: ToolError, requestId: string, siteUrl: string): Problem {
  return {
    type: `${siteUrl}/docs/api#error-${err.kind}`,
    title: TITLE_OF_KIND[err.kind],
    status: STATUS_OF_KIND[err.kind],
    detail: err.message,
    code: err.kind,
    ...(err.errors?.length ? { errors: err.errors } : {}),
    ...(err.extra ?? {}),
    request_id: requestId,
  };
}

export function internalProblem(requestId: string, siteUrl: string): Problem {
  return {
    type: `${siteUrl}/docs/api#error-internal`,
    title: 'Internal error',
    status: 500,
    detail: 'Something went wrong on our side. Retry later; quote the request_id if it keeps happening.',
    code: 'internal',
    request_id: requestId,
  };
}

export const problemResponse = (p: Problem, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(p), { status: p.status, headers: { 'content-type': 'application/problem+json', ...headers } });
