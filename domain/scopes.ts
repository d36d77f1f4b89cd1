export const SCOPES = ['account:read', 'listings:write', 'orders:write'] as const;
export type Scope = (typeof SCOPES)[number];
export type ToolScope = 'public' | Scope;

export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  'account:read': 'Read your account, drafts, listings, claims and orders',
  'listings:write': 'Submit and edit your listings, claims, interview answers and choose the free plan',
  'orders:write': 'Price orders and start checkouts (you still pay on the site yourself)',
};
