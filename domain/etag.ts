import { createHash } from 'node:crypto';

// A weak validator for a representation: the same text gives the same ETag on every node.
export const etagOf = (text: string | Uint8Array): string => `W/"${createHash('sha1').update(text).digest('base64url')}"`;
