import type { Actor } from '../tools/actor';
import type { McpTool } from '../tools/define';
import { authorize } from '../tools/authorize';
import { ToolError } from '../tools/errors';

// MCP authorization wants HTTP 401/403 (with WWW-Authenticate) when a request needs credentials the caller
// lacks, so the client can start sign-in or step up its scopes. Public tools stay open to anonymous callers.
export function mcpAuthGate(body: unknown, actor: Actor, tools: Map<string, McpTool>): { error: ToolError; id: unknown } | null {
  const messages = Array.isArray(body) ? body : [body];
  for (const msg of messages) {
    if (!msg || typeof msg !== 'object') continue;
    const { method, params, id } = msg as { method?: unknown; params?: { name?: unknown }; id?: unknown };
    if (method !== 'tools/call' || typeof params?.name !== 'string') continue;
    const tool = tools.get(params.name);
    if (!tool) continue;
    try {
      authorize(tool, actor);
    } catch (err) {
      if (err instanceof ToolError) return { error: err, id };
      throw err;
    }
  }
  return null;
}
