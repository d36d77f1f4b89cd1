import type { KoaContextWithOIDC } from 'oidc-provider';
import type Provider from 'oidc-provider';
import type { AuthDeps } from '../actor';
import { SCOPES } from '../../domain/scopes';
import { rememberConsent, rememberedScopes } from '../../storage/queries/oauth';
import { resourceUrl } from '../resource-metadata';

const OIDC_SCOPES = new Set(['openid', 'offline_access']);
const API_SCOPES = new Set<string>(SCOPES);

// Consent is remembered per (user, client), not per browser session (trap 7): the grant of this browser's
// session if it still exists, else a fresh grant holding what the user approved before. The provider then
// asks only for scopes missing from it.
export async function loadExistingGrant(ctx: KoaContextWithOIDC, deps: AuthDeps) {
  const { client, session } = ctx.oidc;
  if (!client || !session?.accountId) return undefined;
  const grantId = (ctx.oidc.result?.consent as { grantId?: string } | undefined)?.grantId ?? session.grantIdFor(client.clientId);
  if (grantId) {
    const grant = await ctx.oidc.provider.Grant.find(grantId);
    if (grant) return grant;
  }
  const remembered = await rememberedScopes(deps.db, Number(session.accountId), client.clientId);
  if (!remembered) return undefined;
  const grant = new ctx.oidc.provider.Grant({ accountId: session.accountId, clientId: client.clientId });
  const oidc = remembered.filter((s) => OIDC_SCOPES.has(s));
  const api = remembered.filter((s) => API_SCOPES.has(s));
  if (oidc.length) grant.addOIDCScope(oidc);
  // Approved scopes hold for both resources: consent is about what the app may do, not which door it uses.
  if (api.length) for (const key of ['mcp', 'api'] as const) grant.addResourceScope(resourceUrl(deps.config, key), api);
  await grant.save();
  return grant;
}

type PromptDetails = {
  missingOIDCScope?: string[];
  missingOIDCClaims?: string[];
  missingResourceScopes?: Record<string, string[]>;
};

// The user pressed Allow: add what the provider found missing to the interaction's grant and remember it.
export async function approveConsent(
  provider: Provider,
  deps: AuthDeps,
  interaction: { grantId?: string; params: Record<string, unknown>; prompt: { details: unknown }; session?: { accountId: string } },
  client: { clientId: string; clientName: string; redirectHost: string | null },
): Promise<string> {
  const accountId = interaction.session!.accountId;
  const details = interaction.prompt.details as PromptDetails;
  const grant = (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined)
    ?? new provider.Grant({ accountId, clientId: client.clientId });
  if (details.missingOIDCScope?.length) grant.addOIDCScope(details.missingOIDCScope);
  if (details.missingOIDCClaims?.length) grant.addOIDCClaims(details.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes);
  const grantId = await grant.save();
  const approved = [grant.getOIDCScope(), ...(['mcp', 'api'] as const).map((k) => grant.getResourceScope(resourceUrl(deps.config, k)))]
    .flatMap((s) => s.split(' ')).filter(Boolean);
  await rememberConsent(deps.db, {
    userId: Number(accountId), clientId: client.clientId, clientName: client.clientName, redirectHost: client.redirectHost,
    scopes: approved, at: deps.clock.now().toISOString(),
  });
  return grantId;
}
