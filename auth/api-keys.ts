import { createHash, randomBytes } from 'node:crypto';

// Keys look like `dk_live_<43 base64url chars>` (32 random bytes). Only the SHA-256 is stored;
// the first PREFIX_LEN characters stay visible so people can tell their keys apart.
export const API_KEY_PREFIX = 'dk_live_';
const PREFIX_LEN = 12;

export const sha256Hex = (s: string) => createHash('sha256').update(s).digest('hex');

export function newApiKey(): { key: string; prefix: string; hash: string } {
  const key = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  return { key, prefix: key.slice(0, PREFIX_LEN), hash: sha256Hex(key) };
}

export const looksLikeApiKey = (token: string) => token.startsWith('dk_');
