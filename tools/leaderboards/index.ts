import type { AnyTool } from '../define';
import { get_leaderboard } from './get_leaderboard';

// The leaderboards operations, in the spec's order.
export const leaderboardsTools: AnyTool[] = [get_leaderboard];
