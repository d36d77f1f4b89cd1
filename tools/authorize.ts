import type { Actor } from './actor';
import type { McpTool } from './define';
import { ToolError } from './errors';

// One gate for every adapter: public tools accept anyone; protected tools need a signed-in actor
// whose access holds the tool's scope. API keys carry the scopes chosen when they were created.
export function authorize(tool: McpTool, actor: Actor): void {
  if (tool.scope === 'public') return;
  if (actor.kind === 'anonymous') {
    throw new ToolError('unauthenticated', `${tool.name} needs a signed-in caller: send an API key or an OAuth access token.`);
  }
  if (!actor.scopes.includes(tool.scope)) {
    throw new ToolError('forbidden', `${tool.name} needs the scope ${tool.scope}.`, undefined, {
      required_scopes: [tool.scope],
    });
  }
}
