import type { ToolContext } from '../context';
import type { ListingSummary } from '../listing-summary';
import { summariesByIds } from '../../storage/queries/summaries';

// Summaries keyed by listing id. summariesByIds keeps the given order but silently skips ids it no longer
// finds (a listing removed between two reads); only in that rare case fall back to one lookup per id.
export async function summaryMap(ctx: ToolContext, ids: number[]): Promise<Map<number, ListingSummary>> {
  const unique = [...new Set(ids)];
  const found = await summariesByIds(ctx.db, unique, ctx.config.siteUrl);
  const byId = new Map<number, ListingSummary>();
  if (found.length === unique.length) {
    unique.forEach((id, i) => byId.set(id, found[i]));
    return byId;
  }
  for (const id of unique) {
    const [s] = await summariesByIds(ctx.db, [id], ctx.config.siteUrl);
    if (s) byId.set(id, s);
  }
  return byId;
}
