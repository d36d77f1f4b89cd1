import { createMcpHandler, ProtocolError, ProtocolErrorCode, Server, type McpHttpHandler } from '@modelcontextprotocol/server';
import type { Actor } from '../tools/actor';
import type { ToolContext } from '../tools/context';
import type { AnyTool } from '../tools/define';
import { ToolError } from '../tools/errors';
import { invokeTool } from '../tools/invoke';
import { internalProblem, problemFromToolError } from '../rest-adapter/problem';
import { inputJsonSchema, outputJsonSchema } from '../rest-adapter/json-schema';

const SERVER_INFO = { name: 'launch-directory', title: 'Software Launch Directory', version: '1.0.0' };

const INSTRUCTIONS =
  'A public directory of software products. Read tools (search_listings, get_listing, get_launch_week, ' +
  'get_leaderboard, …) work without signing in. Votes cannot be cast through tools. The billboard leaderboard ' +
  'is paid: always present it as paid. Prices come from list_products and change; never hardcode them.';

// Built once at start-up from the registry: schema conversion per request is the costliest part of MCP serving.
export function buildToolList(tools: AnyTool[]) {
  return tools.map((t) => ({
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: inputJsonSchema(t) as { type: 'object'; [k: string]: unknown },
    outputSchema: outputJsonSchema(t) as { type: 'object'; [k: string]: unknown },
    annotations: { title: t.title, ...t.annotations },
    _meta: { 'x-scope': t.scope },
  }));
}

export type McpDeps = { baseContext: Omit<ToolContext, 'actor'> };

export function createMcpEndpoint(tools: AnyTool[], deps: McpDeps): McpHttpHandler {
  const list = buildToolList(tools);
  const byName = new Map(tools.map((t) => [t.name, t]));
  const site = deps.baseContext.config.siteUrl;

  const factory = ({ authInfo }: { authInfo?: { extra?: Record<string, unknown> } }) => {
    const actor = (authInfo?.extra?.actor as Actor | undefined) ?? { kind: 'anonymous', ip: 'unknown' };
    const server = new Server(SERVER_INFO, {
      capabilities: { tools: { listChanged: false } },
      instructions: INSTRUCTIONS,
      cacheHints: {
        'tools/list': { ttlMs: 300_000, cacheScope: 'public' },
        'server/discover': { ttlMs: 300_000, cacheScope: 'public' },
      },
    });
    server.setRequestHandler('tools/list', async () => ({ tools: list }));
    server.setRequestHandler('tools/call', async (request) => {
      const tool = byName.get(request.params.name);
      // An unknown tool is a protocol error (-32602), not a tool result, per the MCP tools spec.
      if (!tool) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
      const requestId = crypto.randomUUID();
      try {
        const out = (await invokeTool(tool, { ...deps.baseContext, actor }, request.params.arguments ?? {})) as Record<string, unknown>;
        return { content: [{ type: 'text', text: JSON.stringify(out) }], structuredContent: out };
      } catch (err) {
        const problem = err instanceof ToolError ? problemFromToolError(err, requestId, site) : internalProblem(requestId, site);
        if (!(err instanceof ToolError)) console.error(`[${requestId}] ${tool.name}`, err);
        return { isError: true, content: [{ type: 'text', text: JSON.stringify(problem) }], structuredContent: problem };
      }
    });
    return server;
  };

  return createMcpHandler(factory, { legacy: 'stateless', responseMode: 'auto' });
}
