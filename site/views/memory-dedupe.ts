import { randomBytes } from 'node:crypto';
import { visitorDigest, type ViewDedupe } from '../../domain/page-views';

// Page-view de-duplication for one process (LIMITS_STORE=memory): the day's salt and digests in memory only, both
// forgotten when the day changes. Processes sharing a database use storage/limits-db.ts sharedViewDedupe instead.
const MAX_DIGESTS = 1_000_000; // about 40 MB at worst; past it the day's further views are not counted

export function memoryViewDedupe(): ViewDedupe {
  let today = '';
  let salt = '';
  const seen = new Set<string>();
  return {
    firstView(day, address, userAgent, slug) {
      if (day !== today) {
        today = day;
        salt = randomBytes(16).toString('hex');
        seen.clear();
      }
      const digest = visitorDigest(salt, day, address, userAgent, slug);
      if (seen.has(digest) || seen.size >= MAX_DIGESTS) return false;
      seen.add(digest);
      return true;
    },
  };
}
