// The only failures a tool may raise (and auth, refusing a credential before a tool runs). Each adapter maps the kind once (REST → status, MCP → isError).
export type ToolErrorKind =
  | 'invalid_input'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'unprocessable'
  | 'rate_limited'
  | 'unavailable';

export type FieldProblem = { path: string; message: string };

export const STATUS_OF_KIND: Record<ToolErrorKind, number> = {
  invalid_input: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  rate_limited: 429,
  unavailable: 503,
};

export const TITLE_OF_KIND: Record<ToolErrorKind, string> = {
  invalid_input: 'Invalid input',
  unauthenticated: 'Authentication required',
  forbidden: 'Forbidden',
  not_found: 'Not found',
  conflict: 'Conflict',
  unprocessable: 'Unprocessable request',
  rate_limited: 'Too many requests',
  unavailable: 'Service unavailable',
};

export class ToolError extends Error {
  constructor(
    readonly kind: ToolErrorKind,
    message: string,
    readonly errors?: FieldProblem[],
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ToolError';
  }
}

export const notFound = (what: string) => new ToolError('not_found', `${what} was not found.`);
export const invalid = (path: string, message: string) =>
  new ToolError('invalid_input', `${path}: ${message}`, [{ path, message }]);
