import type { Db } from '../storage/db';
import type { ToolContext } from './context';
import { memoOn, memoPeek } from '../storage/queries/memo';
export { keptBudget } from '../storage/queries/memo';
import { listingIdsOf } from '../storage/queries/listings';

// An answer that shows listings, remembered until something it shows changes: the topics given (what decides which
// listings it shows), any topics of its own, the category names and each listing it shows ('listing:<id>': its row,
// votes, follows, reviews, awards and approved alternatives all bump it: migration 0011). Lists ranked by votes are
// taken as of the minute the caller keys them by (as search results and leaderboards are), so a vote elsewhere does
// not throw the answer away; the counts shown are current. The same object comes back while it stands, so what is
// made from it once (tools/invoke.ts keptBeside) is made once. The API's lists of listings and the site's kept pages
// (site/kept-page.ts), which name listings by slug, are remembered this way.
export type Showing<T> = { value: T; topics?: readonly string[]; listingIds?: readonly number[]; listingSlugs?: readonly string[] };

export const minuteOf = (now: Date): number => Math.floor(now.getTime() / 60_000);

// `kept`: answers kept at most for the scope. `period`: the minute (or hour) a key names, when it names one: the
// scope's answers for earlier ones are dropped once one for a later period is kept (memo.ts MemoOptions).
export type Keeping = { kept?: number; period?: number };

export async function remember<T>(
  db: Db, scope: string, key: string, topics: readonly string[], compute: () => Promise<Showing<T>>, keeping: Keeping = {},
): Promise<T> {
  const made = await memoOn<{ value: T; topics: readonly string[] }>(db, scope, key, (m) => [...new Set([...topics, ...m.topics])], async () => {
    const s = await compute();
    const ids = [...(s.listingIds ?? []), ...(s.listingSlugs?.length ? await listingIdsOf(db, s.listingSlugs) : [])];
    // A listing shown carries its category's name (listing summaries, listing pages): a category renamed changes the
    // answer as much as a listing edited. list_awards once forgot to say so, and showed an old name until its next
    // award (tests/cache-differential.e2e.test.ts found it); here no answer that shows listings can forget.
    const shown = ids.length ? ['categories', ...ids.map((id) => `listing:${id}`)] : [];
    return { value: s.value, topics: [...(s.topics ?? []), ...shown] };
  }, keeping);
  return made.value;
}

export const rememberShowing = <T>(
  ctx: ToolContext, scope: string, key: string, topics: readonly string[], compute: () => Promise<Showing<T>>, keeping?: Keeping,
): Promise<T> => remember(ctx.db, scope, key, topics, compute, keeping);

// What remember() would return for this scope and key without making anything: the value while it is current, else
// undefined (storage/queries/memo.ts memoPeek).
export async function rememberedIfCurrent<T>(db: Db, scope: string, key: string): Promise<T | undefined> {
  return (await memoPeek<{ value: T }>(db, scope, key))?.value;
}
