import type { Scope } from './scopes';

// Who is calling. Built by auth/ from the Authorization header; tools only read it.
export type Actor =
  | { kind: 'anonymous'; ip: string }
  | { kind: 'api_key'; userId: number; keyId: number; keyName: string; scopes: Scope[]; ip: string }
  | { kind: 'oauth'; userId: number; clientId: string; scopes: Scope[]; ip: string }
  // A person signed in on the website itself (the site's pages call the same tools on their behalf).
  | { kind: 'session'; userId: number; scopes: Scope[]; ip: string };

export const anonymous = (ip = 'unknown'): Actor => ({ kind: 'anonymous', ip });
