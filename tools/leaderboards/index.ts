import type { AnyTool } from '../define';

// The leaderboards operations, in the spec's order.
export const leaderboardsTools: AnyTool[] = [];
