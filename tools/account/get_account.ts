import { z } from 'zod';
import { defineTool } from '../define';
import { ToolError } from '../errors';
import { SCOPES } from '../scopes';
import { userById } from '../../storage/queries/users';
import { clientDisplayName } from '../../storage/queries/oauth';

export const get_account = defineTool({
  name: 'get_account',
  title: 'Your account',
  description:
    'Get who the caller is and what this access allows: the signed-in user, whether the call came with an API key or an OAuth connection, ' +
    'its scopes, and the key name or the connected app. Call it to check which operations you may use before calling protected tools.',
  scope: 'account:read',
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  http: { method: 'GET', path: '/me' },
  input: z.object({}).strict(),
  output: z.object({
    user: z.object({
      id: z.number().int().describe('User id'),
      email: z.string().describe('E-mail address the account signs in with'),
      name: z.string().nullable().describe('Display name, if given'),
    }).describe('The account the call acts for'),
    via: z.enum(['api_key', 'oauth', 'session']).describe('How the caller authenticated: an API key, an OAuth access token, or (on the website only) a signed-in session'),
    scopes: z.array(z.enum(SCOPES)).describe('Scopes this access holds; each protected tool names the scope it needs'),
    key_name: z.string().optional().describe('Name of the API key (only when via is api_key)'),
    client: z.object({
      id: z.string().describe('OAuth client id (a URL for apps identified by a client ID metadata document)'),
      name: z.string().describe('Name the app registered or published'),
    }).optional().describe('The connected app (only when via is oauth)'),
  }),
  async run(ctx) {
    const actor = ctx.actor;
    if (actor.kind === 'anonymous') throw new ToolError('unauthenticated', 'get_account needs a signed-in caller.');
    const user = await userById(ctx.db, actor.userId);
    if (!user) throw new ToolError('unauthenticated', 'The account of this credential no longer exists.');
    const base = { user: { id: user.id, email: user.email, name: user.name }, scopes: [...actor.scopes] };
    if (actor.kind === 'api_key') return { ...base, via: 'api_key' as const, key_name: actor.keyName };
    if (actor.kind === 'session') return { ...base, via: 'session' as const };
    return { ...base, via: 'oauth' as const, client: { id: actor.clientId, name: await clientDisplayName(ctx.db, actor.clientId) ?? actor.clientId } };
  },
});
