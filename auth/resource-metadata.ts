import type { Hono } from 'hono';
import type { AppConfig } from '../domain/app-config';
import { SCOPES } from '../domain/scopes';

// The two protected resources. An access token is valid at exactly one of them (its audience).
export type ResourceKey = 'mcp' | 'api';
export const RESOURCE_PATH: Record<ResourceKey, string> = { mcp: '/mcp', api: '/api/v1' };
export const resourceUrl = (config: Pick<AppConfig, 'siteUrl'>, key: ResourceKey) => config.siteUrl + RESOURCE_PATH[key];

// RFC 9728 §3.1: the well-known segment goes between the host and the resource's path.
export function metadataUrl(resource: string): string {
  const u = new URL(resource);
  return `${u.origin}/.well-known/oauth-protected-resource${u.pathname === '/' ? '' : u.pathname}`;
}

export function protectedResourceMetadata(config: AppConfig, key: ResourceKey) {
  return {
    resource: resourceUrl(config, key),
    authorization_servers: [config.siteUrl],
    scopes_supported: [...SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: key === 'mcp' ? `${config.siteName} MCP server` : `${config.siteName} REST API`,
    resource_documentation: `${config.siteUrl}/docs/api`,
  };
}

const quote = (s: string) => `"${s.replace(/["\\]/g, '\\$&')}"`;

// 401: only where to find the metadata (no scope, so clients ask for every scope the metadata lists at once).
// 403: insufficient_scope naming every scope the operation needs.
export type ChallengeError = 'invalid_request' | 'invalid_token' | 'insufficient_scope';
export function wwwAuthenticate(resource: string, opts: { error?: ChallengeError; scopes?: string[]; description?: string } = {}): string {
  const parts: string[] = [];
  if (opts.error) parts.push(`error=${quote(opts.error)}`);
  if (opts.description) parts.push(`error_description=${quote(opts.description.replace(/[^\x20-\x7e]/g, ' '))}`);
  if (opts.error === 'insufficient_scope' && opts.scopes?.length) parts.push(`scope=${quote(opts.scopes.join(' '))}`);
  parts.push(`resource_metadata=${quote(metadataUrl(resource))}`);
  return `Bearer ${parts.join(', ')}`;
}

// Plugs into RestDeps.challengeHeaders (and the MCP endpoint's 401/403): problem → WWW-Authenticate.
export function challengeHeaders(resource: string) {
  return (problem: { status: number; required_scopes?: unknown; error?: unknown; detail?: unknown }): Record<string, string> => {
    if (problem.status === 401) {
      // No credential: only where to sign in. A credential that failed: say so, so the client refreshes.
      const error = problem.error === 'invalid_token' || problem.error === 'invalid_request' ? problem.error : undefined;
      return { 'www-authenticate': wwwAuthenticate(resource, error ? { error, description: String(problem.detail ?? '') } : {}) };
    }
    if (problem.status === 403 && Array.isArray(problem.required_scopes)) {
      return { 'www-authenticate': wwwAuthenticate(resource, { error: 'insufficient_scope', scopes: problem.required_scopes as string[] }) };
    }
    return {};
  };
}

export function registerResourceMetadata(app: Hono, config: AppConfig): void {
  const headers = { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600', 'access-control-allow-origin': '*' };
  // Browser-based MCP clients send MCP-Protocol-Version with discovery requests, which triggers a preflight.
  const preflight = () => new Response(null, {
    status: 204,
    headers: { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET, OPTIONS', 'access-control-allow-headers': '*', 'access-control-max-age': '86400' },
  });
  const docs: Array<[string, string]> = [
    ['/.well-known/oauth-protected-resource/mcp', JSON.stringify(protectedResourceMetadata(config, 'mcp'))],
    ['/.well-known/oauth-protected-resource/api/v1', JSON.stringify(protectedResourceMetadata(config, 'api'))],
    // Clients that skip the path-suffixed form land here; almost all of them are MCP clients.
    ['/.well-known/oauth-protected-resource', JSON.stringify(protectedResourceMetadata(config, 'mcp'))],
  ];
  for (const [path, body] of docs) {
    app.get(path, () => new Response(body, { headers }));
    app.options(path, preflight);
  }
}
