import type { ToolContext } from './context';
import { memoOn } from '../storage/queries/memo';

// A read whose answer lists listings, remembered until something it shows changes: the topics given (what decides
// which listings it lists) and each listing it shows ('listing:<id>': its row, votes, follows, reviews, awards).
// Lists ranked by votes are taken as of the minute the caller keys them by (as search results and leaderboards
// are), so a vote elsewhere does not throw the answer away; the counts shown are current. The same object comes
// back while it stands, so its JSON text and ETag are made once (tools/invoke.ts keptBeside).
export type Showing<T> = { value: T; listingIds: readonly number[] };

export const minuteOf = (now: Date): number => Math.floor(now.getTime() / 60_000);

// `kept`: answers kept at most for the scope (each minute makes new keys; the old ones wait for the LRU to drop them).
export async function rememberShowing<T>(
  ctx: ToolContext, scope: string, key: string, topics: readonly string[], compute: () => Promise<Showing<T>>, kept = 1000,
): Promise<T> {
  const made = await memoOn<Showing<T>>(ctx.db, scope, key, (s) => [...topics, ...s.listingIds.map((id) => `listing:${id}`)], compute, kept);
  return made.value;
}
